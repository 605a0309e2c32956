"""One message of a seat's stream, built from a table: what the seat may know now.

The server sends it over the network; a table played in the program's own process hands it to
the seat directly. Either way the seat receives the events as anyone may know them, its own
view and its legal actions, all numbered from itself (:mod:`audiogame.table.frame`); a
spectator, the events and a view with no secret in it
(:func:`audiogame.table.redact.spectator_view`), numbered from the first seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from audiogame.table.codec import encode_framed
from audiogame.table.frame import Frame
from audiogame.table.redact import spectator_view
from audiogame.table.session import Table
from engine.events import Event


def seat_message(
    table: Table,
    seat: int | None,
    events: Sequence[Event],
    kind: str,
    by: int | None = None,
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Message ``kind`` (``started``, ``update``, ``dealt``) of seat ``seat``'s stream
    (``None``: a spectator's); ``by`` is the seat whose move it tells."""
    frame = Frame(seat or 0, table.players)
    message: dict[str, Any] = {
        "type": kind,
        "seq": len(table.log),
        "deal": table.deal_number,
        "deals": table.deals,
        "events": [encode_framed(event, frame) for event in events],
        "to_act": list(frame.seats(table.to_act())),
        "totals": list(frame.per_seat(table.totals)),
        "by": None if by is None else frame.seat(by),
    }
    if names is not None:
        message["names"] = list(names)
    if seat is not None:
        message["view"] = encode_framed(table.view(seat), frame)
        message["legal"] = [str(action) for action in table.legal(seat)]
    else:  # a spectator: the counts, the table, the turn, never a hand
        public = spectator_view(table.game, table.view(0))
        if public is not None:
            message["view"] = encode_framed(public, frame)
    return message
