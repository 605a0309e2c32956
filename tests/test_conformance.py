"""Every game and variant under random legal play: conservation, termination, no leaks,
determinism, refusals that change nothing, zero-sum settlements (issue: conformance suite).

The default run plays a few seeds of every configuration; ``pytest -m slow`` plays 200
(``CONFORMANCE_SEEDS`` changes that number)."""

from __future__ import annotations

import itertools
import os
from typing import Any

import pytest

from engine import games
from tests.conformance import play_random_game, replay

QUICK_SEEDS = 3
SEEDS = int(os.environ.get("CONFORMANCE_SEEDS", "200"))

BATTLE = [
    {"players": p, "deck": d, "face_down": fd, "open": op, "trick_limit": 60}
    for p, d, fd, op in itertools.product((2, 3, 6), (52, 32), (True, False), (False, True))
]
SCIENTIFIC = [{"players": p, "trick_limit": 80} for p in range(2, 9)]
CARDAVIA: list[dict[str, Any]] = [{}]

CONFIGS = (
    [("battle", o) for o in BATTLE]
    + [("scientific", o) for o in SCIENTIFIC]
    + [("cardavia", o) for o in CARDAVIA]
)
IDS = [
    game + "-" + "-".join(f"{k}{v}" for k, v in options.items() if k != "trick_limit")
    for game, options in CONFIGS
]


def check_seeds(game: str, options: dict[str, Any], seeds: range) -> list[list[Any]]:
    """Plays one game per seed with every invariant checked; returns each game's events."""
    played = []
    for seed in seeds:
        # Every step of the first games is checked; later games at every fifth step and at
        # the end, which keeps 200 games per configuration affordable.
        check_every = 1 if seed < 20 else 5
        state, log, events = play_random_game(game, seed, check_every=check_every, **options)
        result = state.result()
        assert result.winners, "a finished game has at least one winner"
        if game == "cardavia":
            assert sum(result.scores) == 0, "CV-14: a settlement sums to zero"
        if seed < 5:
            assert replay(game, seed, log, **options) == events, "same seed and actions differ"
        played.append(events)
    return played


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_random_play_holds_every_invariant(config: tuple[str, dict[str, Any]]) -> None:
    """Also: determinism must not come from ignoring the seed, so each seed plays another
    game, and deals other cards (but in Scientific Battle, whose deal SB-1 fixes)."""
    game, options = config
    played = check_seeds(game, options, range(QUICK_SEEDS))
    for one, other in itertools.combinations(played, 2):
        assert one != other, "two seeds played the same game"
    if game != "scientific":
        deals = [games[game].new_state(seed=s, **options).zones() for s in range(QUICK_SEEDS)]
        for one, other in itertools.combinations(deals, 2):
            assert one != other, "two seeds dealt the same cards"


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_random_play_holds_every_invariant_over_many_seeds(
    config: tuple[str, dict[str, Any]],
) -> None:
    game, options = config
    check_seeds(game, options, range(QUICK_SEEDS, SEEDS))

