"""The people of a table of the server: sitting down, watching, leaving for good, dropped (the
seat waits for its token during the grace period, then a stand-in takes it) and back (said
only to those who were told the person was away)."""

from __future__ import annotations

import asyncio
import secrets

from audiogame.online import names as nicknames
from audiogame.online.room_state import Peer, RoomError
from audiogame.online.room_timers import RoomTimers


class RoomSeats(RoomTimers):
    """A table's people coming and going."""

    def sit(self, peer: Peer, wanted: int | None = None) -> int:
        free = [
            i for i, seat in enumerate(self.seats) if seat.kind == "person" and seat.token is None
        ]
        if wanted is not None:
            if not 0 <= wanted < self.players or wanted not in free:
                raise RoomError("seat_taken", "that seat is not free")
            index = wanted
        elif free:
            index = free[0]
        else:
            raise RoomError("table_full", "every seat is taken")
        self.check_name(peer)
        seat = self.seats[index]
        before = seat.name, seat.peer, seat.token
        seat.name, seat.peer, seat.token = peer.name, peer, secrets.token_urlsafe(24)
        try:
            self.server.remember(self, or_refuse=True)  # a full disk: refused, nothing changed
        except RoomError:
            seat.name, seat.peer, seat.token = before
            raise
        seat.told_away = set()
        if self.table is not None:
            self.table.give_back(index)
            self.server.remember(self)
        self.presence("joined", index, peer.name, but=peer)
        self.joined(peer, index)
        return index

    def joined(self, peer: Peer, index: int | None) -> None:
        seat = None if index is None else self.seats[index]
        peer.send(
            {
                "type": "joined",
                "table": self.describe(index),
                "seat": index,
                "token": None if seat is None else seat.token,
                "names": self.names(index or 0) if index is not None else self.all_names(),
            }
        )
        if seat is not None and seat.options:
            peer.send({"type": "seat_options", "options": dict(seat.options)})
        if self.table is not None:
            peer.send(
                self.stream(
                    index, self.table.opening_events() if not self.table.log else [], "started"
                )
            )
            self.kick()

    def check_name(self, peer: Peer) -> None:
        """A person comes to a started table: no computer player there may have their name,
        nor one that looks or sounds like it (:func:`audiogame.online.names.same`)."""
        if any(nicknames.same(peer.name, name) for name in self.bot_names.values()):
            raise RoomError("bot_name", "a computer player at that table has this name")

    def watch(self, peer: Peer) -> None:
        self.check_name(peer)
        self.watchers.append(peer)
        self.presence("watching", None, peer.name, but=peer)
        self.joined(peer, None)

    def leave(self, peer: Peer) -> None:
        """Leave for good: the seat is free again (a computer player keeps it in a game)."""
        if peer in self.watchers:
            self.watchers.remove(peer)
            self.presence("left", None, peer.name)
        index = self.seat_of(peer)
        if index is not None:
            seat = self.seats[index]
            seat.cancel()
            seat.peer = seat.token = None
            seat.options = {}
            seat.told_away = set()
            self.timed_out.discard(index)  # the stand-in keeps the seat now
            if self.table is not None:
                self.table.take_over(index)
            else:
                seat.name = None
                if peer.name == self.creator:  # the next person here may start the game
                    self.creator = next((s.name for s in self.seats if s.peer and s.name), "")
            self.presence("left", index, peer.name)
            self.server.remember(self)
            self.kick()
        self.server.maybe_close(self)

    def dropped(self, peer: Peer) -> None:
        """The connection is gone: the seat waits for its token during the grace period."""
        if peer in self.watchers:
            self.watchers.remove(peer)
        index = self.seat_of(peer)
        if index is None:
            self.server.maybe_close(self)
            return
        seat = self.seats[index]
        seat.peer = None
        seat.cancel()
        seat.told_away |= self.presence("dropped", index, peer.name)
        if self.table is not None:
            handle = asyncio.get_running_loop().call_later(self.grace, self.take_over, index)
            seat.timers.append(handle)
        self.server.maybe_close(self)

    def take_over(self, index: int) -> None:
        seat = self.seats[index]
        if self.table is None or seat.peer is not None:
            return
        self.timed_out.discard(index)  # the stand-in keeps the seat now
        self.table.take_over(index)
        seat.told_away |= self.presence("taken_over", index, seat.name or "")
        self.server.remember(self)
        self.kick()

    def back(self, peer: Peer, index: int) -> None:
        """A person back with the seat's token."""
        seat = self.seats[index]
        if seat.peer is not None and seat.peer is not peer:
            old = seat.peer
            seat.peer = None
            self.server.replaced(old)
        seat.cancel()
        seat.peer = peer
        peer.name = seat.name or peer.name
        self.timed_out.discard(index)
        if self.table is not None:
            self.table.give_back(index)
            self.server.remember(self)
        # "Back" only to those who heard the person was away: a seat taken back from another
        # window, or by a page opened again before its old connection was seen to close, was
        # never said to be away.
        self.presence("returned", index, peer.name, but=peer, only=seat.told_away)
        seat.told_away = set()
        self.joined(peer, index)
