"""What the server sends each seat, encoded in one pass, is what renumbering the event or view
for the seat and then encoding it gives: over whole games of each kind, for every seat."""

from __future__ import annotations

import random
from typing import Any

import pytest

from audiogame.table.codec import encode, encode_framed
from audiogame.table.frame import Frame
from audiogame.table.session import Table

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("battle", {"players": 3, "deck": 32, "trick_limit": 200}),
    ("battle", {"players": 2, "deck": 32, "open": True, "trick_limit": 200}),
    ("scientific", {"players": 4, "trick_limit": 200}),
    ("cardavia", {"deals": 1}),
]


@pytest.mark.parametrize(("game", "config"), GAMES, ids=[f"{g}-{i}" for i, (g, _) in
                                                          enumerate(GAMES)])  # fmt: skip
def test_one_pass_encoding_equals_renumbering_then_encoding(
    game: str, config: dict[str, Any]
) -> None:
    rng = random.Random(3)
    table = Table(game, config, seed=11, bots={})
    checked = 0
    events = table.opening_events()
    while True:
        for me in range(table.players):
            frame = Frame(me, table.players)
            for value in [*events, table.view(me)]:
                assert encode_framed(value, frame) == encode(frame.value(value))
                checked += 1
        if table.is_over:
            break
        seat = rng.choice(table.to_act())
        events = table.apply(seat, rng.choice(table.legal(seat)))
    assert checked > 100
