"""The server's tables kept in step with the store: resumed when it starts, written at every
move (every table's moves of one turn of the event loop in one transaction), closed when
nobody is left, removed when their game is over."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from typing import Any

from audiogame.online.connection import Connection
from audiogame.online.room import Room, RoomError, find_token
from audiogame.online.server_state import ServerState
from audiogame.online.store import StoreFull

WRITE_AGAIN = 5.0
"""Seconds before a table the store could not write (a full disk) is written again."""


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
                try:
                    self.store.set_aside(table_id)
                except StoreFull as full:  # left where it is, and not served
                    self.log_line(f"table {table_id} could not be set aside ({full})")
                self.log_line(f"table {table_id} could not be resumed ({error}): set aside")
                continue
            if room.table is not None and room.table.match_over:  # a game over: it is gone
                self.forget(room)
                room.close("over")
                self.log_line(f"table {room.id} was over: removed")
                continue
            self.rooms[room.id] = room
            self.log_line(f"table {room.id} resumed")
            resumed += 1
            self.maybe_close(room)  # nobody is connected yet: its close timer runs
        return resumed

    def remember(self, room: Room, *, or_refuse: bool = False) -> None:
        """Keep the table's setup and seats (and any move not kept yet); a table whose game
        is over is never written again. When the disk is full, it is written again a little
        later (what was kept before stays whole); ``or_refuse``: the action that asked for
        it is refused (:class:`RoomError` ``disk_full``) and undone by its caller."""
        if room.closed or room.over:
            return
        moves = len(room.table.log) if room.table is not None else 0
        try:
            with self.store.together():
                self.store.save(room.record())
                self._keep_moves(room)
            room.kept_moves = max(room.kept_moves, moves)
        except StoreFull as error:
            self.cannot_write(room, error)
            if or_refuse:
                why = "the server cannot save now: nothing changed"
                raise RoomError("disk_full", why) from None

    def cannot_write(self, room: Room, error: StoreFull) -> None:
        """The store is full: the table is written again in a while (its moves stay in
        memory meanwhile, the game goes on)."""
        self.log_line(f"table {room.id} could not be saved ({error}): trying again in 5 s")
        self._unwritten[room.id] = room
        if self._retry is None:
            self._retry = asyncio.get_running_loop().call_later(WRITE_AGAIN, self.write_again)

    def write_again(self) -> None:
        self._retry = None
        rooms, self._unwritten = list(self._unwritten.values()), {}
        for room in rooms:
            if self.rooms.get(room.id) is room:
                self.remember(room)

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
        kept = [(room, len(room.table.log)) for room in rooms if room.table is not None]
        try:
            with self.store.together():
                for room in rooms:
                    self._keep_moves(room)
        except StoreFull as error:  # none of them was kept: all are written again later
            for room in rooms:
                self.cannot_write(room, error)
            return
        for room, moves in kept:
            room.kept_moves = max(room.kept_moves, moves)

    def _keep_moves(self, room: Room) -> None:
        """Write the moves the store does not have yet, in the caller's transaction (which
        counts them as kept once it is committed)."""
        table = room.table
        if table is None or room.closed or room.over or room.kept_moves >= len(table.log):
            return
        self.store.append(room.id, room.kept_moves, table.log[room.kept_moves :])

    def finished(self, room: Room) -> None:
        """The game is over: the table leaves the lobby and the store at once, and its seats'
        tokens are void; those still at it hear the end and may chat until they leave, and
        the last one gone takes it away."""
        room.over = True
        self._unsaved.pop(room.id, None)
        self._unwritten.pop(room.id, None)
        self.forget(room)
        self._lobby = None
        self.maybe_close(room)

    def forget(self, room: Room) -> None:
        """The table's rows leave the store (on a full disk they stay, and a restart finds
        the game over or the table unstarted and nobody's: it is removed then)."""
        try:
            self.store.delete(room.id)
        except StoreFull as error:
            self.log_line(f"table {room.id} could not be removed from the store ({error})")

    def maybe_close(self, room: Room) -> None:
        """A table where nobody is connected closes after a while; a finished one, and one
        still to start that nobody holds a seat of, at once; one still to start whose people
        hold seats, after ``unstarted_close_after`` seconds (a few: time to come back after
        a lost connection, too little to fill the server with tables nobody is at)."""
        if room.people_here() or room.watchers:
            room.unattended_since = None
            return
        if room.unattended_since is None:
            room.unattended_since = asyncio.get_running_loop().time()
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
            wait = self.close_empty_after if room.started else self.limits.unstarted_close_after
            self._closers[room.id] = loop.call_later(wait, self.close_room, room)

    def close_room(self, room: Room) -> None:
        """Close a table nobody is at. A started one a seat's token may come back to stays
        in the store, set aside: the token brings it back (:meth:`unpark`)."""
        self._closers.pop(room.id, None)
        if room.people_here() or room.watchers or room.closed:
            return
        kept = room.started and any(seat.token for seat in room.seats)
        if kept:
            self.remember(room)  # its last moves (on a full disk: as far as they were kept)
        self._unsaved.pop(room.id, None)
        self._unwritten.pop(room.id, None)
        room.close("empty")
        self.rooms.pop(room.id, None)
        if not kept:
            self.forget(room)  # nobody may come back to it
        self._lobby = None
        self.log_line(f"table {room.id} closed" + (", kept for its tokens" if kept else ""))

    def watch_idle_tables(self) -> None:
        """Every little while (a quarter of ``unstarted_idle_after``, at most 30 s), each
        table still to start where nobody has done anything for ``unstarted_idle_after``
        seconds closes (:meth:`close_idle`): a connection kept open and silent holds no table."""
        idle = self.limits.unstarted_idle_after
        every = min(30.0, max(0.2, idle / 4))
        loop = asyncio.get_running_loop()

        def sweep() -> None:
            now = time.monotonic()
            for room in list(self.rooms.values()):
                if not room.started and not room.closed and now - room.last_action >= idle:
                    self.close_idle(room)
            self._idle_sweep = loop.call_later(every, sweep)

        self._idle_sweep = loop.call_later(every, sweep)

    def close_idle(self, room: Room) -> None:
        """A table where nobody did anything for ``unstarted_idle_after`` seconds before the
        game began, or for ``started_idle_after`` in play (closed to make room: :meth:`reclaim`):
        its people are told why (``closing`` ``idle``, with the minutes and whether the game
        had begun: the clients say it in the player's language) and are back in the lobby; the
        table is gone, from the store too."""
        started = room.started
        idle = self.limits.started_idle_after if started else self.limits.unstarted_idle_after
        minutes = max(1, round(idle / 60))
        people = [*room.people_here(), *room.watchers]
        self._cancel_closer(room)
        room.close("idle", minutes=minutes, **({"started": True} if started else {}))
        for peer in people:
            if isinstance(peer, Connection) and peer.room is room:
                peer.room = None
        self.rooms.pop(room.id, None)
        self._unsaved.pop(room.id, None)
        self._unwritten.pop(room.id, None)
        self.forget(room)
        self.lobby_changed()
        self.log_line(f"table {room.id} closed: nothing done at it for {minutes} minutes")

    def reclaim(self) -> bool:
        """The server holds as many tables as it may: the started table nobody has been at
        for longest, among those of the network that holds most, is set aside in the store
        before its time (its seats' tokens bring it back). False if every table has someone
        at it."""
        waiting = [room for room in self.rooms.values()
                   if room.started and room.id in self._closers and not room.closed]  # fmt: skip
        held: dict[str, int] = {}
        for room in self.rooms.values():
            held[room.network] = held.get(room.network, 0) + 1
        if not waiting:
            return self.close_idle_game(held)
        room = max(waiting, key=lambda r: (held[r.network], -(r.unattended_since or 0.0)))
        self._cancel_closer(room)
        self.log_line(f"table {room.id} set aside early: the server is full")
        self.close_room(room)
        return room.id not in self.rooms

    def close_idle_game(self, held: dict[str, int]) -> bool:
        """The server is full and every table has someone at it: a game in play where no
        person has done anything for ``started_idle_after`` seconds, of the network that holds
        most tables, is closed to make room, its people told why (:meth:`close_idle`). False
        if there is none: every game is being played."""
        now = time.monotonic()
        idle = self.limits.started_idle_after
        stale = [
            room
            for room in self.rooms.values()
            if room.started and not room.closed and now - room.last_action >= idle
        ]
        if not stale:
            return False
        room = max(stale, key=lambda r: (held[r.network], now - r.last_action))
        self.close_idle(room)
        return room.id not in self.rooms

    def unpark(self, token: str) -> tuple[Room, int] | None:
        """A table set aside in the store, brought back for a seat's token; its seat."""
        try:
            record = self.store.holding(token)
        except sqlite3.Error as error:
            self.log_line(f"the store could not be read ({error})")
            return None
        if record is None or record.get("id") in self.rooms or not record.get("started"):
            return None
        try:
            room = Room.from_record(self, record)
            room.begin(list(record.get("log", [])))
        except (KeyError, ValueError, TypeError, AttributeError) as error:
            self.log_line(f"table {record.get('id')} could not be brought back ({error})")
            return None
        if room.table is not None and room.table.match_over:
            return None
        self.rooms[room.id] = room
        self.lobby_changed()
        self.log_line(f"table {room.id} brought back for a seat's token")
        return find_token({room.id: room}, token)

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
