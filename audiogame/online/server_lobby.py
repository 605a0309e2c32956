"""What a client asks of the server once greeted: the lobby's list, creating, joining and
watching a table, and every request at a table (each handler named by the message it takes,
:mod:`audiogame.online.messages`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, ClassVar

import msgspec

from audiogame.online import messages as m
from audiogame.online.connection import Connection
from audiogame.online.room import Room, RoomError, Seat, check_options
from audiogame.online.server_tables import TableKeeping
from audiogame.online.store import StoreFull
from audiogame.online.written import CHAT_PROBLEMS, chat_problem, tidy
from audiogame.table.codec import DecodeError


class Lobby(TableKeeping):
    """The server's answers to its clients' messages."""

    def dispatch(self, conn: Connection, raw: str | bytes) -> None:
        try:
            message = m.decode_client(raw)
        except (msgspec.DecodeError, msgspec.ValidationError) as error:
            conn.error("invalid", str(error))
            return
        if not isinstance(message, m.ListTables):
            conn.last_action = time.monotonic()  # someone is there (pings do not count)
            if conn.room is not None:
                conn.room.last_action = conn.last_action
        handler = self.handlers.get(type(message))
        if handler is None:
            conn.error("invalid", "not now")
            return
        try:
            handler(self, conn, message)
        except RoomError as error:
            conn.error(error.code, str(error))
        except DecodeError as error:
            conn.error("invalid", str(error))
        except StoreFull as error:  # a write no handler expected: the player is told
            self.log_line(f"{conn.address} {conn.name}: the store could not write ({error})")
            conn.error("disk_full", "the server cannot save now")

    def on_list(self, conn: Connection, message: m.ListTables) -> None:
        """The lobby: at most ``lobby_tables`` tables (those still to start first), built once
        a ``lobby_every`` for every asker."""
        now = time.monotonic()
        if self._lobby is None or now - self._lobby[0] >= self.limits.lobby_every:
            listed = [room for room in self.rooms.values() if not room.private and not room.over]
            listed.sort(key=lambda room: room.started)  # stable: the oldest first in each
            tables = [room.describe() for room in listed[: self.limits.lobby_tables]]
            answer = {"type": "lobby", "tables": tables}
            self._lobby = (now, m.encode(answer), answer)
        if conn.browser is not None:
            conn.send(self._lobby[2])
        else:
            conn.put_bytes(self._lobby[1])

    def on_create(self, conn: Connection, message: m.Create) -> None:
        if conn.room is not None:
            raise RoomError("at_table", "leave your table first")
        config = check_options(message.game, dict(message.options), len(message.seats))
        if "person" not in message.seats:
            raise RoomError("invalid", "a table needs a seat for a person")
        tables = [room for room in self.rooms.values() if not room.closed]
        if sum(room.address == conn.host for room in tables) >= self.limits.tables_per_address:
            raise RoomError(
                "too_many_tables", "you have opened as many tables as one may: leave one first"
            )
        if sum(room.network == conn.network for room in tables) >= self.limits.tables_per_network:
            raise RoomError("too_many_tables", "your network has opened as many tables as it may")
        waiting = [room for room in tables if not room.started and room.network == conn.network]
        if len(waiting) >= self.limits.unstarted_per_network:
            raise RoomError("too_many_tables", "your network has as many tables waiting as it may")
        if len(tables) >= self.limits.tables and not self.reclaim():
            raise RoomError("server_full", "the server is busy: try again in a minute")
        seats = [
            Seat("person") if spec == "person" else Seat("bot", level=spec[4:])
            for spec in message.seats
        ]
        room = Room(
            self,
            self.new_id(message.private),
            message.game,
            config,
            seats,
            private=message.private,
            grace=message.grace,
            turn_timer=message.turn_timer,
            creator=conn.name,
        )
        room.address = conn.host
        self.rooms[room.id] = room
        try:
            room.sit(conn)
        except RoomError:  # the store could not keep it: as if never made
            del self.rooms[room.id]
            room.close("refused")
            raise
        self.lobby_changed()
        self.log_line(f"table {room.id} created by {conn.name}: {message.game} {config}")
        conn.room = room

    def on_join(self, conn: Connection, message: m.Join) -> None:
        room = self.room_named(conn, message.table)
        room.sit(conn, message.seat)
        conn.room = room
        self._cancel_closer(room)

    def on_watch(self, conn: Connection, message: m.Watch) -> None:
        room = self.room_named(conn, message.table)
        if len(room.watchers) >= self.limits.watchers_per_table:
            raise RoomError("too_many_watchers", "this table has as many spectators as it may")
        if not self.arrivals.allow(room.id):
            raise RoomError("too_many_watchers", "too many spectators came: try in a minute")
        conn.room = room
        room.watch(conn)
        self._cancel_closer(room)

    def room_named(self, conn: Connection, table_id: str) -> Room:
        if conn.room is not None:
            raise RoomError("at_table", "leave your table first")
        if self.codes.full(conn.host):
            raise RoomError("too_many_attempts", "too many wrong codes: try again in a minute")
        room = self.rooms.get(table_id)
        if room is None or room.closed or room.over:
            self.codes.add(conn.host)
            raise RoomError("no_table", "there is no table with this code")
        return room

    def on_leave(self, conn: Connection, message: m.Leave) -> None:
        room, conn.room = conn.room, None
        if room is not None:
            room.leave(conn)
        conn.send({"type": "left"})

    def on_start(self, conn: Connection, message: m.Start) -> None:
        self.at_table(conn).start(conn)

    def on_act(self, conn: Connection, message: m.Act) -> None:
        self.at_table(conn).act(conn, message.action)

    def on_hurry(self, conn: Connection, message: m.Hurry) -> None:
        self.at_table(conn).hurry(conn)

    def on_next_deal(self, conn: Connection, message: m.NextDeal) -> None:
        self.at_table(conn).next_deal(conn)

    def on_chat(self, conn: Connection, message: m.Chat) -> None:
        room = self.at_table(conn)
        text = tidy(message.text)
        reason = chat_problem(text)
        if reason is not None:
            conn.send({"type": "error", "code": "bad_chat", "reason": reason,
                       "message": CHAT_PROBLEMS[reason]})  # fmt: skip
            return
        watching = room.seat_of(conn) is None
        if watching and not conn.chat.allow(room.id):
            raise RoomError("rate_limited", "a spectator's chat is slowed: wait a little")
        said: dict[str, Any] = {"type": "chat", "name": conn.name, "text": text}
        if watching:  # heard as a spectator's words, never a player's
            said["watching"] = True
        room.tell_all(said)

    def on_who(self, conn: Connection, message: m.Who) -> None:
        room = self.at_table(conn)
        me = room.seat_of(conn)
        info = room.describe(me)
        names = room.names(me) if me is not None else room.all_names()
        if me is not None:
            names = [conn.name, *names]
        for seat, name in zip(info["seats"], names, strict=True):
            seat.setdefault("name", name)
            if seat.get("name") is None:
                seat["name"] = None
        conn.send(
            {
                "type": "who",
                "seats": info["seats"],
                "watching": [peer.name for peer in room.watchers],
            }
        )

    def on_seat_option(self, conn: Connection, message: m.SeatOption) -> None:
        self.at_table(conn).set_option(conn, message.name, message.value)

    def on_key(self, conn: Connection, message: m.Key) -> None:
        self.on_intents(conn, conn.browser.key(message.key) if conn.browser else [])

    def on_pick(self, conn: Connection, message: m.Pick) -> None:
        self.on_intents(conn, conn.browser.pick(message.index) if conn.browser else [])

    def on_intents(self, conn: Connection, intents: list[tuple[str, Any]]) -> None:
        """What a browser seat's key asks of its table, once the key is handled."""
        for what, action in intents:
            if what == "act":
                self.at_table(conn).act(conn, str(action))
            elif what == "hurry":
                self.at_table(conn).hurry(conn)
            elif what == "next_deal":
                self.at_table(conn).next_deal(conn)
            elif what == "leave":
                self.on_leave(conn, m.Leave())

    def deliver(self, conn: Connection, intents: list[tuple[str, Any]]) -> None:
        """What a browser seat asks outside a key (automatic play's moves)."""
        try:
            self.on_intents(conn, intents)
        except RoomError as error:
            conn.error(error.code, str(error))

    def on_hello(self, conn: Connection, message: m.Hello) -> None:
        raise RoomError("invalid", "already greeted")

    def at_table(self, conn: Connection) -> Room:
        if conn.room is None:
            raise RoomError("not_playing", "you are at no table")
        return conn.room

    handlers: ClassVar[dict[type, Callable[..., None]]] = {
        m.Hello: on_hello,
        m.ListTables: on_list,
        m.Create: on_create,
        m.Join: on_join,
        m.Watch: on_watch,
        m.Leave: on_leave,
        m.Start: on_start,
        m.Act: on_act,
        m.Hurry: on_hurry,
        m.NextDeal: on_next_deal,
        m.Chat: on_chat,
        m.Who: on_who,
        m.Key: on_key,
        m.Pick: on_pick,
        m.SeatOption: on_seat_option,
    }
