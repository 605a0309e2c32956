"""Every level of every game at every table size: only legal actions, the same choices for
the same seed, and nothing known but the seat's view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import games
from engine.bots import LEVELS, Bot, make
from engine.bots.cardavia.players import HardCardavia
from engine.cardavia.deck import deal as deal_masks
from engine.cardavia.state import CardaviaState
from tests.levels import LEVEL_PARAMS, play_checked

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


def _cardavia_twin(seed: int) -> tuple[CardaviaState, CardaviaState]:
    """Two deals where seat 0 holds the same hand, and seats 1 and 2 hold different cards
    (the same numbers of them): what seat 0 may know is the same in both."""
    hands = list(deal_masks(seed))
    rng = random.Random(seed)
    pool = hands[1] | hands[2]
    bits = [b for b in range(64) if pool >> b & 1]
    rng.shuffle(bits)
    size = hands[1].bit_count()
    swapped = [hands[0], sum(1 << b for b in bits[:size]), sum(1 << b for b in bits[size:])]
    return CardaviaState(hands), CardaviaState(swapped)


@pytest.mark.parametrize("level", LEVEL_PARAMS)
def test_cardavia_levels_see_only_their_view(level: str) -> None:
    """The other hands dealt otherwise, the view the same: the same choice, seed for seed,
    at the first play and after a few plays each."""
    compared = 0
    for seed in range(6):
        twins = _cardavia_twin(seed)
        if twins[0].to_act() != (0,) or twins[1].to_act() != (0,):
            continue
        assert twins[0].view(0) == twins[1].view(0)
        choices = [make("cardavia", level, 3).choose(s.view(0), s.legal_actions(0)) for s in twins]
        assert choices[0] == choices[1]
        compared += 1
    assert compared >= 1


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
