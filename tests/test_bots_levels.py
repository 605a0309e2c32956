"""Every level of every game at every table size: only legal actions, the same choices for
the same seed, and nothing known but the seat's view."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest

from engine import games
from engine.bots import LEVELS, Bot, make
from engine.bots.cardavia.players import HardCardavia
from engine.cardavia.state import CardaviaState
from tests.levels import LEVEL_PARAMS, play_checked, same_choice_whatever_the_hidden_hands

SIZES = {"battle": range(2, 7), "scientific": range(2, 9), "cardavia": range(3, 4)}
TRICKS = {"battle": {"open": True, "trick_limit": 20}, "scientific": {"trick_limit": 20}}


def bot(game: str, level: str, seed: int) -> Bot:
    """As ``make`` builds it; the Cardavia searches with fewer play-outs, to keep the suite
    quick (the same code, less work)."""
    if game == "cardavia" and level in ("hard", "expert"):
        return HardCardavia(seed, deals=6 if level == "hard" else 10, candidates=4)
    return make(game, level, seed)


def play(game: str, players: int, levels: list[str], seed: int, bot_seed: int) -> list[Any]:
    """One game (Scientific and open Battaglia: at most 20 tricks); each choice is checked
    to be one of the legal actions, the very object handed over."""
    options: dict[str, Any] = {} if game == "cardavia" else {"players": players, **TRICKS[game]}
    state = games[game].new_state(seed=seed, **options)
    bots = [bot(game, levels[s % len(levels)], bot_seed * 10 + s) for s in range(players)]
    return play_checked(state, bots, random.Random(seed))


def _size(game: str, players: int) -> Any:
    """Scientific tables of 4 to 7 in the slow run (the default run: 2, 3 and 8)."""
    slow = game == "scientific" and 4 <= players <= 7
    return pytest.param(game, players, marks=pytest.mark.slow) if slow else (game, players)


@pytest.mark.parametrize(
    ("game", "players"), [_size(game, n) for game, sizes in SIZES.items() for n in sizes]
)
def test_every_level_plays_only_legal_actions_at_every_table_size(game: str, players: int) -> None:
    """Every level at one table (a level a seat, in turn), and each level alone at the
    smallest and largest tables (the Scientific expert alone: in the slow run, below; here it
    still plays a seat at the table of 8 players; tables of 4 to 7: in the slow run)."""
    assert play(game, players, list(LEVELS), seed=players, bot_seed=1)
    if game != "cardavia" and players in (2, max(SIZES[game])):
        for level in LEVELS:
            if (game, level) != ("scientific", "expert"):
                assert play(game, players, [level], seed=players + 10, bot_seed=2)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, max(SIZES["scientific"])])
def test_the_scientific_expert_alone_plays_only_legal_actions(players: int) -> None:
    """The expert in every seat of the smallest and largest Scientific tables (about 3.5 s
    of thinking, the slow run's)."""
    assert play("scientific", players, ["expert"], seed=players + 10, bot_seed=2)


@pytest.mark.parametrize("game", list(SIZES))
@pytest.mark.parametrize("level", LEVEL_PARAMS)
def test_each_level_replays_the_same_choices_for_the_same_seed(game: str, level: str) -> None:
    players = 3 if game == "cardavia" else 2
    first = play(game, players, [level], seed=4, bot_seed=7)
    assert play(game, players, [level], seed=4, bot_seed=7) == first
    if (game, level) != ("cardavia", "normal"):
        # Another seed, another game somewhere: the seed is what makes it repeat (the normal
        # Cardavia player has no chance in it: its hand is its own).
        others = [play(game, players, [level], seed=4, bot_seed=b) for b in (8, 9, 10)]
        assert any(moves != first for moves in others), level


@pytest.mark.parametrize("level", LEVEL_PARAMS)
def test_cardavia_levels_see_only_their_view(level: str) -> None:
    """Every decision of every seat, in six games played to their end: a deal of the same
    story whose hidden cards are dealt otherwise gives the same view, and so the same choice.
    A decision is skipped only when no other dealing fits the story (the hidden cards are
    forced), which happens near a deal's end only."""
    rng = random.Random(0)
    compared = decisions = 0
    for seed in range(6):
        state = games["cardavia"].new_state(seed=seed)
        assert isinstance(state, CardaviaState)
        while not state.is_over:
            seat = state.to_act()[0]
            decisions += 1
            compared += any(
                same_choice_whatever_the_hidden_hands(
                    state, seat, rng, partial(bot, "cardavia", level, seed)
                )
                for _ in range(3)
            )
            player = bot("cardavia", level, seed)
            state.apply(seat, player.choose(state.view(seat), state.legal_actions(seat)))
    assert compared >= decisions * 9 // 10, (compared, decisions)


@pytest.mark.parametrize("game", ["battle", "scientific"])
@pytest.mark.parametrize("level", LEVELS)
def test_battle_levels_see_only_their_view(game: str, level: str) -> None:
    """Whatever the others chose in secret for this trick, the view and the choice are the
    same (BT-10, SB-2), at 2 and at 5 players."""
    for players in (2, 5):
        choices = set()
        for theirs in range(4):
            options: dict[str, Any] = {
                "players": players,
                **({"open": True} if game == "battle" else {}),
            }
            state = games[game].new_state(seed=9, **options)
            for seat in range(1, players):
                legal = state.legal_actions(seat)
                state.apply(seat, legal[(theirs * 5 + seat) % len(legal)])
            view = state.view(0)
            choices.add(make(game, level, 3).choose(view, state.legal_actions(0)))
        assert len(choices) == 1, (game, level, players)
