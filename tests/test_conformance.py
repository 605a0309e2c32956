"""Every game and variant under random legal play: conservation, termination, no leaks,
determinism, refusals that change nothing, zero-sum settlements (issue: conformance suite)."""

from __future__ import annotations

import itertools
import os
from typing import Any

import pytest

from tests.conformance import play_random_game, replay

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


def _name(config: tuple[str, dict[str, Any]]) -> str:
    game, options = config
    return game + "-" + "-".join(f"{k}{v}" for k, v in options.items() if k != "trick_limit")


@pytest.mark.parametrize("config", CONFIGS, ids=[_name(c) for c in CONFIGS])
def test_random_play_holds_every_invariant(config: tuple[str, dict[str, Any]]) -> None:
    game, options = config
    for seed in range(SEEDS):
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
