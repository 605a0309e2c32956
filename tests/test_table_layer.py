"""The table layer: every seat-bearing field is renumbered for the seat that receives it, every
engine value survives the wire, and a seat's stream answers for that seat only."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from audiogame.table.codec import decode, decode_event, encode, encode_event
from audiogame.table.frame import Frame, unknown_fields
from audiogame.table.seat import NotYourSeat, SeatState, view_class
from audiogame.table.session import Table
from engine import Action, Event, event_kinds
from engine.battle.parts import Counts, Step
from engine.protocol import SettlementLine

CONFIGS = [
    ("battle", {"players": 3, "deck": 32, "trick_limit": 100}),
    ("battle", {"players": 2, "deck": 32, "open": True, "trick_limit": 100}),
    ("scientific", {"players": 4, "trick_limit": 100}),
    ("cardavia", {"deals": 1}),
]


def test_every_field_of_every_event_and_view_says_how_it_names_seats() -> None:
    classes = [*event_kinds().values(), *(view_class(g) for g in ("battle", "scientific",
               "cardavia")), Counts, Step, SettlementLine]  # fmt: skip
    unknown = {cls.__name__: unknown_fields(cls) for cls in classes if unknown_fields(cls)}
    assert unknown == {}


def test_a_count_under_a_per_seat_name_is_left_as_it_is() -> None:
    from engine.scientific.events import Exchanged

    assert Frame(1, 3).value(Exchanged(2, hand=5, won=7)) == Exchanged(1, hand=5, won=7)


def games_played(
    game: str, config: dict[str, Any], seed: int
) -> tuple[Table, list[Event], list[Any]]:
    """Every event and every seat's view of a game of random legal moves."""
    table = Table(game, config, seed, bots={})
    rng = random.Random(seed)
    events = list(table.opening_events())
    views = []
    while not table.is_over and len(table.log) < 400:
        seat = rng.choice(table.to_act())
        events += table.apply(seat, rng.choice(table.legal(seat)))
        views += [table.view(s) for s in range(table.players)]
    return table, events, views


@pytest.mark.parametrize(("game", "config"), CONFIGS)
def test_events_and_views_come_back_from_the_wire_unchanged(
    game: str, config: dict[str, Any]
) -> None:
    _, events, views = games_played(game, config, 3)
    for event in events:
        assert decode_event(json.loads(json.dumps(encode_event(event)))) == event
    cls = view_class(game)
    for view in views[::7]:
        assert decode(cls, json.loads(json.dumps(encode(view)))) == view


@pytest.mark.parametrize(("game", "config"), CONFIGS)
def test_each_seat_sees_itself_as_seat_0_and_the_others_in_order(
    game: str, config: dict[str, Any]
) -> None:
    table, _, _ = games_played(game, config, 5)
    players = table.players
    for me in range(players):
        view = Frame(me, players).value(table.view(me))
        raw = table.view(me)
        assert view.seat == 0
        assert view.hand == raw.hand
        # Seat k of the frame is seat me + k of the table.
        assert list(view.owned) == [raw.owned[(k + me) % players] for k in range(players)]
    assert Frame(0, players).value(table.view(0)) == table.view(0)


def test_a_seat_stream_answers_for_its_own_seat_only() -> None:
    table = Table("battle", {"players": 2}, 1, bots={})
    sent: list[Action] = []
    seat = SeatState("battle", 2, sent.append)
    message = {"type": "started", "seq": 0, "events": [], "to_act": [0, 1],
               "view": encode(table.view(0)), "legal": ["flip"]}  # fmt: skip
    seat.feed(message)
    assert seat.view(0) == table.view(0)
    assert [str(a) for a in seat.legal_actions(0)] == ["flip"]
    with pytest.raises(NotYourSeat):
        seat.view(1)
    assert seat.apply(0, seat.legal_actions(0)[0]) == []
    assert [str(a) for a in sent] == ["flip"]


@pytest.mark.parametrize("game", ["battle", "scientific", "cardavia"])
def test_each_game_names_the_secret_fields_of_its_views_and_a_spectator_gets_none(
    game: str,
) -> None:
    """Issue 32: a spectator's view is a seat's with its private fields blanked. A name that
    is no field of the view (a typing slip) would blank nothing and leak the hand."""
    from audiogame.table.frame import field_names
    from audiogame.table.redact import spectator_view
    from engine.registry import registration

    private = registration(game).private
    assert private is not None and "hand" in dict(private)
    assert set(dict(private)) <= set(field_names(view_class(game)))
    # Battaglia open: its seat holds a hand it sees (classic War's stock is face down).
    config = next(c for name, c in CONFIGS if name == game and c.get("open", game != "battle"))
    table = Table(game, dict(config), 3, bots={})
    watched = spectator_view(game, table.view(0))
    assert watched is not None
    assert watched.hand == () and table.view(0).hand  # the seat's hand, not the spectator's
    assert getattr(watched, "my_choice", None) is None
