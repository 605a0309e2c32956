"""The server's tables kept in step with the store: resumed when it starts, written at every
move (every table's moves of one turn of the event loop in one transaction), closed when
nobody is left, removed when their game is over."""

from __future__ import annotations

import asyncio
from typing import Any

from audiogame.online.connection import Connection
from audiogame.online.room import Room
from audiogame.online.server_state import ServerState


class TableKeeping(ServerState):
    """The server's tables: resumed, kept, closed."""

    def resume_tables(self) -> int:
        """Every table of the store, as it was left; how many were resumed."""
        resumed = 0
        for record in self.store.load_all():
            try:
                room = Room.from_record(self, record)
                if record.get("started"):
                    room.begin(list(record.get("log", [])))
            except (KeyError, ValueError, TypeError, AttributeError) as error:
                # never served half-replayed, never written over: kept aside as it was
                table_id = str(record.get("id"))
                self.store.set_aside(table_id)
                self.log_line(f"table {table_id} could not be resumed ({error}): set aside")
                continue
            if room.table is not None and room.table.match_over:  # a game over: it is gone
                self.store.delete(room.id)
                room.close("over")
                self.log_line(f"table {room.id} was over: removed")
                continue
            self.rooms[room.id] = room
            self.log_line(f"table {room.id} resumed")
            resumed += 1
            self.maybe_close(room)  # nobody is connected yet: its close timer runs
        return resumed

    def remember(self, room: Room) -> None:
        """Keep the table's setup and seats (and any move not kept yet); a table whose game
        is over is never written again."""
        if not room.closed and not room.over:
            self.store.save(room.record())
            self._keep_moves(room)

    def remember_moves(self, room: Room) -> None:
        """Keep the table's new moves: every table's moves of one turn of the event loop are
        written together, in one transaction, once the turn's callbacks have run (one commit
        for many moves instead of one a move)."""
        if room.closed or room.over or room.table is None or room.kept_moves >= len(room.table.log):
            return
        if not self._unsaved:
            asyncio.get_running_loop().call_soon(self.keep_unsaved)
        self._unsaved[room.id] = room

    def keep_unsaved(self) -> None:
        rooms, self._unsaved = list(self._unsaved.values()), {}
        with self.store.together():
            for room in rooms:
                self._keep_moves(room)

    def _keep_moves(self, room: Room) -> None:
        table = room.table
        if table is None or room.closed or room.over or room.kept_moves >= len(table.log):
            return
        self.store.append(room.id, room.kept_moves, table.log[room.kept_moves :])
        room.kept_moves = len(table.log)

    def finished(self, room: Room) -> None:
        """The game is over: the table leaves the lobby and the store at once, and its seats'
        tokens are void; those still at it hear the end and may chat until they leave, and
        the last one gone takes it away."""
        room.over = True
        self._unsaved.pop(room.id, None)
        self.store.delete(room.id)
        self._lobby = None
        self.maybe_close(room)

    def maybe_close(self, room: Room) -> None:
        """A table where nobody is connected closes after a while; a finished one, and one
        still to start that nobody holds a seat of, at once."""
        if room.people_here() or room.watchers:
            return
        if room.over:
            self._cancel_closer(room)
            if self.rooms.get(room.id) is room:
                del self.rooms[room.id]
            return
        if not room.started and not any(seat.token for seat in room.seats):
            self._cancel_closer(room)  # still to start, and nobody to come back: gone at once
            self.close_room(room)
            return
        loop = asyncio.get_running_loop()
        if room.id not in self._closers:
            self._closers[room.id] = loop.call_later(self.close_empty_after, self.close_room, room)

    def close_room(self, room: Room) -> None:
        self._closers.pop(room.id, None)
        if room.people_here() or room.watchers or room.closed:
            return
        self._unsaved.pop(room.id, None)
        room.close("empty")
        self.rooms.pop(room.id, None)
        if not room.started or not any(seat.token for seat in room.seats):
            self.store.delete(room.id)  # nobody may come back to it
        self._lobby = None
        self.log_line(f"table {room.id} closed")

    def replaced(self, old: Any) -> None:
        """A connection whose seat was taken back with its token by another one."""
        if isinstance(old, Connection):
            old.room = None
            old.send({"type": "closing", "reason": "replaced"})
            self.tasks.start(old.close(1000, "replaced"))

    def _cancel_closer(self, room: Room) -> None:
        closer = self._closers.pop(room.id, None)
        if closer is not None:
            closer.cancel()
