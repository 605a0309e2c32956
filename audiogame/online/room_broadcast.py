"""What a table of the server sends to whom: a message to everyone there, a person coming
or going, each seat's own stream (numbered from itself, :mod:`audiogame.table.frame`: the
events as anyone may know them, its own view and its legal actions, nothing else)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from audiogame.online.room_state import Peer, RoomState
from audiogame.table.frame import Frame
from audiogame.table.stream import seat_message
from engine.events import Event


class RoomBroadcast(RoomState):
    """A table's messages to the people there and the spectators."""

    def tell_all(self, message: dict[str, Any], but: Peer | None = None) -> None:
        for peer in [*self.people_here(), *self.watchers]:
            if peer is not but:
                peer.send(message)

    def presence(
        self,
        what: str,
        seat: int | None,
        name: str,
        but: Peer | None = None,
        only: Collection[str] | None = None,
    ) -> set[str]:
        """Tell everyone here (but ``but``; only the people named in ``only``, when given)
        that ``name`` came, went, dropped or is back; the names of those told."""
        told: set[str] = set()
        for index, other in enumerate(self.seats):
            peer = other.peer
            if peer is not None and peer is not but and (only is None or peer.name in only):
                framed = None if seat is None else Frame(index, self.players).seat(seat)
                peer.send({"type": "presence", "what": what, "name": name, "seat": framed})
                told.add(peer.name)
        for peer in self.watchers:
            if peer is not but and (only is None or peer.name in only):
                peer.send({"type": "presence", "what": what, "name": name, "seat": seat})
                told.add(peer.name)
        self.server.log_line(f"table {self.id} {what} {name}")
        self.server.lobby_changed()
        self.attend()
        return told

    def attend(self) -> None:
        """With no person connected the computer players wait, from that moment (a table
        left to them plays for nobody); they go on when a person is back."""
        if self.driver is None:
            return
        alone = not self.people_here() and not self.closed and not self.over
        if alone and not self.paused:
            self.paused = True
            self.driver.hold()
        elif not alone and self.paused:
            self.paused = False
            self.driver.release()

    def stream(
        self, seat: int | None, events: list[Event], kind: str, by: int | None = None
    ) -> dict[str, Any]:
        """One message of seat ``seat``'s stream (``None``: a spectator's); ``by`` is the seat
        whose move it tells."""
        table = self.table
        assert table is not None
        names = None
        if kind == "started":
            names = self.names(seat) if seat is not None else self.all_names()
        return seat_message(table, seat, events, kind, by, names)

    def broadcast(self, events: list[Event], kind: str = "update", by: int | None = None) -> None:
        for index, seat in enumerate(self.seats):
            if seat.peer is not None:
                seat.peer.send(self.stream(index, events, kind, by))
        for peer in self.watchers:
            peer.send(self.stream(None, events, kind, by))
