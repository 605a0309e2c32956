"""Computer players of every game and level: they only ever choose legal actions, they see
only their seat's view, a seed replays them, bad input is refused clearly, the time budget is
kept, and a hint names a legal action with a reason."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import games
from engine.actions import Action
from engine.bots import GAMES, LEVELS, Bot, hint, make
from engine.bots.cardavia.players import HardCardavia
from engine.registry import registration
from tests.levels import LEVEL_PARAMS, play_checked

OPTIONS: dict[str, dict[str, Any]] = {
    "battle": {"players": 2, "open": True, "trick_limit": 150},
    "scientific": {"players": 2, "trick_limit": 150},
    "cardavia": {},
}
"""Options that keep the games of the three that ship short; any other game plays its own
defaults."""


def options_of(game: str) -> dict[str, Any]:
    return OPTIONS.get(game, {})


def quick(game: str, level: str, seed: int) -> Bot:
    """A bot as ``make`` builds it; the hard Cardavia player searches fewer deals, to keep
    the suite fast (the same code, less work)."""
    if game == "cardavia" and level in ("hard", "expert"):
        return HardCardavia(seed, budget=None, deals=8 if level == "hard" else 16)
    return make(game, level, seed, budget=None)


def play_out(game: str, bots: list[Bot], seed: int, **options: Any) -> list[tuple[int, Action]]:
    """One whole game; every choice is checked to be one of the legal actions (the very
    object handed over) and the bot is handed nothing but the view and the actions."""
    state = games[game].new_state(seed=seed, **{**options_of(game), **options})
    return play_checked(state, bots, random.Random(seed))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", LEVEL_PARAMS)
def test_every_level_plays_only_legal_actions(game: str, level: str) -> None:
    players = registration(game).min_players  # Cardavia 3, the others 2
    for seed in range(3 if level in ("hard", "expert") else 6):
        bots = [quick(game, level, seed * 10 + s) for s in range(players)]
        assert play_out(game, bots, seed)


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_replays_the_same_choices(game: str) -> None:
    players = registration(game).min_players  # Cardavia 3, the others 2

    def game_with(seed: int) -> list[tuple[int, Action]]:
        bots = [quick(game, ("easy", "hard", "normal")[s], seed + s) for s in range(players)]
        return play_out(game, bots, 5)

    assert game_with(11) == game_with(11)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_no_legal_action_is_a_clear_error(game: str, level: str) -> None:
    state = games[game].new_state(seed=1, **options_of(game))
    seat = state.to_act()[0]
    with pytest.raises(ValueError, match="no legal action"):
        make(game, level, 1).choose(state.view(seat), [])


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_is_a_clear_error(game: str) -> None:
    bots = [make(game, "normal", s) for s in range(3)]
    state = games[game].new_state(seed=2, **options_of(game))
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    for level in LEVELS:
        try:
            make(game, level, 1).choose(state.view(0), [Action("pass")])
        except ValueError as refused:
            assert "game is over" in str(refused), (game, level, str(refused))
        else:
            pytest.fail(f"{game}'s {level} player chose in a finished game: its choose must "
                        f"raise ValueError('the game is over') (see engine/bots/)")  # fmt: skip


def test_unknown_game_or_level_is_refused() -> None:
    with pytest.raises(ValueError, match="no game"):
        make("chess", "easy")
    with pytest.raises(ValueError, match="no level"):
        make("cardavia", "grandmaster")


def test_hard_with_its_budget_spent_still_answers_with_a_legal_play() -> None:
    """With no time at all, the search stops at once and answers with its best so far (the
    normal player's play)."""
    state = games["cardavia"].new_state(seed=4)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    spent = make("cardavia", "hard", 1, budget=0.0).advise(state.view(seat), legal)
    normal = make("cardavia", "normal", 1).advise(state.view(seat), legal)
    assert spent.action is normal.action
    for game in ("scientific", "battle"):
        other = games[game].new_state(seed=4, **options_of(game))
        legal = other.legal_actions(0)
        assert make(game, "hard", 1, budget=0.0).choose(other.view(0), legal) in legal


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_names_a_legal_action_and_a_reason(game: str) -> None:
    state = games[game].new_state(seed=3, **options_of(game))
    bots = [make(game, "normal", s) for s in range(3)]
    for _ in range(12):
        if state.is_over:
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        player = make(game, "hard", 1)
        assert hasattr(player, "advise"), (
            f"{game}'s computer players give no hint: the hard player needs "
            f"advise(view, legal_actions) returning an engine.bots.Hint (the H key asks it)"
        )
        advice = hint(game, state.view(seat), legal, seed=1)
        assert any(advice.action is action for action in legal)
        assert advice.code and advice.code.replace("_", "").isalpha()
        state.apply(seat, bots[seat].choose(state.view(seat), legal))
