"""``audiogame serve``: the online tables, one asyncio process over WebSockets.

Each connection is read by its own task and written by another through a bounded queue, so
that a slow reader is dropped instead of holding anything up. Computer players think in a
pool of worker processes (:mod:`audiogame.online.thinkers`). Every table is written to SQLite
at every move; a server started again (even after SIGKILL) resumes them all, and people take
their seats back with their tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import signal
import ssl
import string
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import msgspec
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from audiogame.online import messages as m
from audiogame.online import names as nicknames
from audiogame.online.limits import Limits, Window, address_key
from audiogame.online.room import Room, RoomError, Seat, check_options, find_token
from audiogame.online.store import TableStore
from audiogame.online.thinkers import Thinkers
from audiogame.table.codec import DecodeError
from audiogame.web.pages import process_request
from audiogame.web.seat import BrowserSeat

log = logging.getLogger("audiogame.server")

SEND_QUEUE = 256
"""Messages kept for a slow reader before it is dropped."""
RATE = 20.0
"""Messages a second a client may send on average..."""
BURST = 40.0
"""... with bursts of this many."""
HELLO_WITHIN = 10.0
CLOSE_EMPTY_AFTER = Limits.unattended_close_after
"""Seconds a table with nobody connected is kept (a started one stays saved)."""
TABLE_ID_LETTERS = string.ascii_uppercase.replace("O", "").replace("I", "")


class Bucket:
    """A token bucket: :meth:`take` is False while the client sends too fast."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Connection:
    """One client: its name, its table, and the queue of what it has still to receive."""

    def __init__(self, ws: ServerConnection, server: Server) -> None:
        self.ws = ws
        self.server = server
        self.name = ""
        self.room: Room | None = None
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(SEND_QUEUE)
        self.bucket = Bucket(server.rate, server.burst)
        self.floods = 0
        self.sent = 0
        self.writer = asyncio.get_running_loop().create_task(self._write())
        self.browser: BrowserSeat | None = None
        """A browser's presenter: what this connection is sent goes through it."""
        self.address = "{}:{}".format(*ws.remote_address[:2]) if ws.remote_address else "?"
        self.host = address_key(str(ws.remote_address[0])) if ws.remote_address else "?"
        """What the limits count by (:func:`audiogame.online.limits.address_key`)."""
        self.pending = 0
        """Bytes queued for this client and not yet written: past the server's budget
        (``Limits.send_bytes``) a reader who does not read is dropped."""
        self.chat = Window(server.limits.watcher_chat_per_minute)

    def send(self, message: dict[str, Any]) -> None:
        if self.browser is not None:
            self.browser.outgoing(message)
        else:
            self.put(message)

    def put(self, message: dict[str, Any]) -> None:
        self.put_bytes(m.encode(message))

    def put_bytes(self, data: bytes) -> None:
        """An encoded message (the lobby's answer is encoded once for every asker)."""
        if self.writer.done():
            return
        if self.pending + len(data) > self.server.limits.send_bytes:
            self.too_slow()
            return
        try:
            self.queue.put_nowait(data)
        except asyncio.QueueFull:
            self.too_slow()
            return
        self.pending += len(data)

    def too_slow(self) -> None:
        self.server.log_line(f"{self.address} {self.name} dropped: too slow")
        self.queue = asyncio.Queue(1)  # nothing more is queued for it
        self.pending = 0
        self.writer.cancel()
        asyncio.get_running_loop().create_task(self.ws.close(1008, "too_slow"))

    def error(self, code: str, message: str) -> None:
        self.send({"type": "error", "code": code, "message": message})

    async def _write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                data = await self.queue.get()
                if data is None:
                    return
                await self.ws.send(data, text=True)  # JSON is UTF-8 already
                self.pending -= len(data)
                self.sent += 1

    async def close(self, code: int = 1000, reason: str = "") -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(self.writer), 2)
        await self.ws.close(code, reason)


class Server:
    def __init__(
        self,
        data_dir: Path,
        *,
        password: str | None = None,
        log_file: Path | None = None,
        workers: int | None = None,
        rate: float = RATE,
        burst: float = BURST,
        close_empty_after: float | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.data_dir = data_dir
        self.limits = limits = limits or Limits()
        if close_empty_after is None:
            close_empty_after = limits.unattended_close_after
        self.rate, self.burst = rate, burst
        self.close_empty_after = close_empty_after
        if password is not None and not password.strip():
            raise ValueError("a blank password would let everyone in")
        self.password = password
        self.rooms: dict[str, Room] = {}
        self.resumed = 0
        """Tables found in the store and resumed when the server started."""
        self.names: dict[str, Connection] = {}
        self.connections: dict[str, int] = {}
        """Open connections per address."""
        self.codes = Window(limits.codes_per_minute)
        """Codes that named no table, per address."""
        self.passwords = Window(limits.passwords_per_minute)
        """Wrong passwords, per address."""
        self.arrivals = Window(limits.arrivals_per_minute)
        """Spectators arriving, per table."""
        self._lobby: tuple[float, bytes, dict[str, Any]] | None = None
        """The last lobby answer: when it was built, encoded, as a message."""
        self._unsaved: dict[str, Room] = {}
        """Tables with moves to write at the end of this turn of the event loop."""
        self.port = 0
        self._closers: dict[str, asyncio.TimerHandle] = {}
        self.logger = logging.getLogger(f"audiogame.server.{id(self)}")
        self.logger.propagate = False
        self.logger.setLevel(logging.INFO)
        if log_file is not None:
            log_file.parent.mkdir(parents=True, exist_ok=True)
            handler = logging.FileHandler(log_file, encoding="utf-8")
            with contextlib.suppress(OSError):
                os.chmod(log_file, 0o600)  # addresses and names: the host's only
            handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
            self.logger.addHandler(handler)
        self.store = TableStore(data_dir / "tables.sqlite3", say=self.log_line)
        self.thinkers = Thinkers(workers, say=self.log_line)
        """Where computer players think: worker processes, one per core, each started when a
        decision first needs it."""

    def log_line(self, text: str) -> None:
        self.logger.info(text)

    # ----- tables --------------------------------------------------------------------------
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

    def lobby_changed(self) -> None:
        """A table came, went, started, or someone sat or left: the next ``list`` is built
        again (many ``list`` in between share one answer)."""
        self._lobby = None

    def new_id(self, private: bool = False) -> str:
        letters = self.limits.private_code_letters if private else 4
        while True:
            table_id = "".join(secrets.choice(TABLE_ID_LETTERS) for _ in range(letters))
            if table_id not in self.rooms:
                return table_id

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
            asyncio.get_running_loop().create_task(old.close(1000, "replaced"))

    # ----- connections ---------------------------------------------------------------------
    async def handle(self, ws: ServerConnection) -> None:
        conn = Connection(ws, self)
        self.log_line(f"{conn.address} connected")
        open_here = self.connections.get(conn.host, 0)
        if open_here >= self.limits.connections_per_address:
            self.log_line(f"{conn.address} refused: too many connections from the address")
            conn.error("too_many_connections", "too many connections from your address")
            await conn.close(1008, "too_many_connections")
            return
        self.connections[conn.host] = open_here + 1
        try:
            if await self.hello(conn):
                closing: asyncio.Task[None] | None = None
                async for raw in ws:
                    if closing is not None:
                        continue  # read on, so that the closing handshake gets through
                    if not self.within_rate(conn):
                        if conn.floods > self.burst:
                            self.log_line(f"{conn.address} {conn.name} closed: flood")
                            closing = asyncio.get_running_loop().create_task(
                                conn.close(1008, "flood")
                            )
                        continue
                    self.dispatch(conn, raw)
        except ConnectionClosed:
            pass
        finally:
            left = self.connections.get(conn.host, 1) - 1
            if left > 0:
                self.connections[conn.host] = left
            else:
                self.connections.pop(conn.host, None)
            self.gone(conn)

    def within_rate(self, conn: Connection) -> bool:
        if conn.bucket.take():
            if conn.bucket.tokens >= conn.bucket.burst - 1:
                conn.floods = 0  # calm again: the next flood is told again
            return True
        conn.floods += 1
        if conn.floods == 1:
            conn.error("rate_limited", "too many messages: slow down")
        return False

    async def hello(self, conn: Connection) -> bool:
        try:
            raw = await asyncio.wait_for(conn.ws.recv(), HELLO_WITHIN)
            message = m.decode_client(raw)
        except (TimeoutError, msgspec.DecodeError, msgspec.ValidationError) as error:
            conn.error("invalid", f"the first message must be a hello ({error})")
            await conn.close(1008, "no hello")
            return False
        if not isinstance(message, m.Hello):
            conn.error("invalid", "the first message must be a hello")
            await conn.close(1008, "no hello")
            return False
        if message.client == "browser":  # the page hears even a refusal in its own words
            conn.browser = BrowserSeat(
                conn.put, message.lang, lambda intents: self.deliver(conn, intents)
            )
        problem = self.check_hello(message, conn.host)
        if problem is not None:
            conn.send(
                {"type": "error", "code": problem[0], "message": problem[1], "version": m.VERSION}
            )
            await conn.close(1008, problem[0])
            return False
        seat = find_token(self.rooms, message.token) if message.token else None
        if message.token and seat is None:
            conn.error("bad_token", "this seat is no longer kept")
            await conn.close(1008, "bad_token")
            return False
        name = message.name
        if seat is not None:
            room, index = seat
            name = room.seats[index].name or name
            old = self.names.get(name.casefold())
            if old is not None and old is not room.seats[index].peer:
                conn.error("name_taken", "this name is in use")
                await conn.close(1008, "name_taken")
                return False
        elif self.name_in_use(name):
            conn.error("name_taken", "this name is in use on the server")
            await conn.close(1008, "name_taken")
            return False
        conn.name = name
        self.names[name.casefold()] = conn
        conn.send({"type": "welcome", "version": m.VERSION, "name": name})
        self.log_line(f"{conn.address} hello {name}")
        if seat is not None:
            room, index = seat
            room.seats[index].token = message.token  # kept as it came again (on disk: hashed)
            conn.room = room
            self._cancel_closer(room)
            room.back(conn, index)
        return True

    def check_hello(self, message: m.Hello, host: str = "?") -> tuple[str, str] | None:
        if message.version != m.VERSION:
            return "version", f"this server speaks version {m.VERSION}"
        if self.password is not None:
            if self.passwords.full(host):  # not even checked: no guess counts
                return "too_many_attempts", "too many wrong passwords: try again in a minute"
            if not message.password:
                return "password_needed", "this server needs a password"
            if not secrets.compare_digest(
                (message.password or "").encode(), self.password.encode()
            ):
                self.passwords.add(host)
                return "bad_password", "wrong password"
        problem = m.name_problem(message.name) or nicknames.problem(message.name)
        if problem is not None:
            return "bad_name", problem
        return None

    def name_in_use(self, name: str) -> bool:
        """Whether a person connected, or a seat kept for a dropped person, has this name or
        one taken for it (:func:`audiogame.online.names.same`)."""
        if name.casefold() in self.names:
            return True
        if any(nicknames.same(name, other.name) for other in self.names.values()):
            return True
        return any(
            seat.kind == "person" and seat.token and seat.peer is None and seat.name
            and nicknames.same(name, seat.name)
            for room in self.rooms.values() if not room.over for seat in room.seats
        )  # fmt: skip

    def gone(self, conn: Connection) -> None:
        if self.names.get(conn.name.casefold()) is conn:
            del self.names[conn.name.casefold()]
        conn.writer.cancel()
        if conn.browser is not None:
            conn.browser.stop()
        self.log_line(f"{conn.address} {conn.name} disconnected")
        room, conn.room = conn.room, None
        if room is not None:
            room.dropped(conn)

    def dispatch(self, conn: Connection, raw: str | bytes) -> None:
        try:
            message = m.decode_client(raw)
        except (msgspec.DecodeError, msgspec.ValidationError) as error:
            conn.error("invalid", str(error))
            return
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
        open_tables = [room for room in self.rooms.values() if not room.closed and not room.over]
        if len(open_tables) >= self.limits.tables:
            raise RoomError("server_full", "the server holds as many tables as it can: try later")
        mine = sum(room.address == conn.host for room in open_tables)
        if mine >= self.limits.tables_per_address:
            raise RoomError(
                "too_many_tables", "you have opened as many tables as one may: leave one first"
            )
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
        self.lobby_changed()
        self.log_line(f"table {room.id} created by {conn.name}: {message.game} {config}")
        conn.room = room
        room.sit(conn)

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

    def _cancel_closer(self, room: Room) -> None:
        closer = self._closers.pop(room.id, None)
        if closer is not None:
            closer.cancel()

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
        if m.bad_text(message.text):
            raise RoomError("invalid", "a message holds no control or direction characters")
        if not message.text.strip():
            raise RoomError("invalid", "a message says something: it is only blanks")
        if room.seat_of(conn) is None and not conn.chat.allow(room.id):
            raise RoomError("rate_limited", "a spectator's chat is slowed: wait a little")
        room.tell_all({"type": "chat", "name": conn.name, "text": message.text})

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

    # ----- stopping ------------------------------------------------------------------------
    async def shutdown(self) -> None:
        """Tell every client, save every table, close."""
        for room in list(self.rooms.values()):
            if not room.closed:
                self.remember(room)
                room.close("shutdown")
        closing = [
            asyncio.ensure_future(conn.close(1001, "shutdown"))
            for conn in list(self.names.values())
        ]
        if closing:  # all at once: a reader that does not read holds up nobody
            await asyncio.wait(closing, timeout=3)
        self.thinkers.shutdown()
        self.keep_unsaved()
        self.store.close()
        self.log_line("server stopped")


async def run(
    host: str,
    port: int,
    data_dir: Path,
    *,
    password: str | None = None,
    tls: ssl.SSLContext | None = None,
    log_file: Path | None = None,
    ready: Callable[[Server], None] | None = None,
    stop: asyncio.Event | None = None,
    rate: float = RATE,
    close_empty_after: float | None = None,
    workers: int | None = None,
    limits: Limits | None = None,
) -> None:
    """Serve until ``stop`` is set (or SIGTERM, SIGINT)."""
    server = Server(
        data_dir,
        password=password,
        log_file=log_file,
        rate=rate,
        burst=2 * rate,
        close_empty_after=close_empty_after,
        workers=workers,
        limits=limits,
    )
    server.resumed = server.resume_tables()
    stop = stop or asyncio.Event()
    stop_on_signals(asyncio.get_running_loop(), stop)
    async with serve(
        server.handle,
        host,
        port,
        max_size=m.MAX_MESSAGE,
        ssl=tls,
        max_queue=64,
        close_timeout=2,
        process_request=process_request,
        # Messages are small and many: compressing each one for each reader costs the server
        # more than it saves on the wire (measured with bench/server_load.py).
        compression=None,
    ) as listener:
        server.port = next(iter(listener.sockets)).getsockname()[1]
        server.log_line(f"listening on {host}:{server.port}")
        if ready is not None:
            ready(server)
        await stop.wait()
        await server.shutdown()


def stop_on_signals(
    loop: asyncio.AbstractEventLoop,
    stop: asyncio.Event,
    install: Callable[[int, Any], Any] = signal.signal,
    windows: bool = sys.platform == "win32",
) -> None:
    """SIGTERM, SIGINT (Control+C) and, on Windows, SIGBREAK (Control+Break, the console
    window closed: see :class:`audiogame.signals.ConsoleClose`) set ``stop``: the tables are
    saved and the server ends. Windows' event loop has no ``add_signal_handler``; there
    Python's own handlers hand the stop to the loop."""
    for name in ("SIGTERM", "SIGINT", "SIGBREAK"):
        signum = getattr(signal, name, None)
        if signum is None:
            continue
        try:
            loop.add_signal_handler(signum, stop.set)
        except (NotImplementedError, RuntimeError, ValueError):
            with contextlib.suppress(OSError, RuntimeError, ValueError):  # not the main thread
                install(signum, lambda number, frame: loop.call_soon_threadsafe(stop.set))
    if windows:
        from audiogame.signals import ConsoleClose

        ConsoleClose().install()


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context
