"""A Battaglia view counts the cards where they are (BT-1 to BT-10): the state keeps the sizes
of stocks and won piles as cards move, and every view must show what the zones hold."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from engine.baseline import make_baseline
from engine.battle import GAME as BATTLE

CONFIGS = [
    {"players": p, "deck": d, "face_down": fd, "open": op, "trick_limit": 150}
    for p, d, fd, op in itertools.product((2, 3, 5), (52, 32), (True, False), (False, True))
]


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(map(str, o.values())))
def test_every_view_counts_the_cards_of_the_zones(options: dict[str, Any]) -> None:
    for seed in range(2):
        state = BATTLE.new_state(seed=seed, **options)
        kind = "greedy" if options["open"] else "random"
        players = [make_baseline("battle", kind, seed + s) for s in range(state.players)]
        while True:
            zones = state.zones()
            stock = tuple(len(zones[f"stock{s}"]) for s in range(state.players))
            won = tuple(len(zones[f"won{s}"]) for s in range(state.players))
            for seat in range(state.players):
                view = state.view(seat)
                assert (view.stock, view.won, view.pot) == (stock, won, len(zones["table"]))
                assert view.owned == tuple(map(sum, zip(stock, won, strict=True)))
            if state.is_over:
                break
            seat = state.to_act()[0]
            choice = players[seat].choose(state.view(seat), state.legal_actions(seat))
            state.apply(seat, choice)
            if seed == 1 and state.players > 2:
                state = state.clone()  # a clone carries the counts on
