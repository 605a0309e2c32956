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
import secrets
import signal
import ssl
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import msgspec
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from audiogame.online import messages as m
from audiogame.online import names as nicknames
from audiogame.online.connection import SEND_QUEUE, Connection
from audiogame.online.door import Door, QuietHandshakes, QuietSends, guarded, quiet_accepts
from audiogame.online.frames import RATE
from audiogame.online.limits import Limits
from audiogame.online.room import find_token
from audiogame.online.server_lobby import Lobby
from audiogame.online.written import tidy
from audiogame.settings import DEFAULT_NAMES
from audiogame.web.page_host import stop_hint_thinking
from audiogame.web.pages import Hosts, requests_for
from audiogame.web.seat import BrowserSeat

__all__ = ["SEND_QUEUE", "Connection", "Server", "run", "stop_on_signals", "tls_context"]

HELLO_WITHIN = 10.0
LOBBY_IDLE = 60.0
"""Seconds a connection in the lobby has done nothing (pings and the lobby's list do not
count) before it is the first to make room for a newcomer when the server is full."""

NAME_PROBLEMS = {
    "invisible": "a name holds no invisible characters and no accents piled on a letter",
    "signs": "a name holds letters, digits, single spaces, hyphens and apostrophes only",
    "length": f"a name is at most {m.MAX_NAME} characters",
    "alphabet": "a name is written in one alphabet",
    "program": "a name holds none of the program's own words",
}
"""The server's own words for each reason a name is refused (its log, a client of another
program); the clients say theirs (:mod:`audiogame.online.table_words`)."""


class Server(Lobby):
    """The server: its connections' handshakes and reading (the layers below:
    :mod:`audiogame.online.server_state`, :mod:`audiogame.online.server_tables`,
    :mod:`audiogame.online.server_lobby`)."""

    # ----- connections ---------------------------------------------------------------------
    async def handle(self, ws: ServerConnection) -> None:
        conn = Connection(ws, self)
        self.log_line(f"{conn.address} connected")
        refusal = self.door(conn)
        if refusal is not None:
            self.log_line(f"{conn.address} refused: {refusal[1]}")
            busy = refusal[0] == "server_full"
            await conn.refuse_at_door(*refusal, close=1013 if busy else 1008)
            return
        self.counted(conn, 1)
        try:
            if await self.hello(conn):
                async for raw in ws:
                    if getattr(ws, "flooded", False):
                        continue  # read on, for the closing handshake
                    async with self.turns.turn(conn.demand):  # the least demanding first
                        self.dispatch(conn, raw)
        except ConnectionClosed:
            pass
        finally:
            self.counted(conn, -1)
            self.gone(conn)

    def door(self, conn: Connection) -> tuple[str, str] | None:
        """Why a new connection is refused before its hello, if it is: the server's
        connections in all, its address's, its network's."""
        limits = self.limits
        if self.open_connections >= limits.connections:
            return "server_full", "the server is busy: try again in a minute"
        if self.connections.get(conn.host, 0) >= limits.connections_per_address:
            return "too_many_connections", "too many connections from your address"
        if self.networks.get(conn.network, 0) >= limits.connections_per_network:
            return "too_many_connections", "too many connections from your network"
        return None

    def counted(self, conn: Connection, step: int) -> None:
        """A connection open (+1) or gone (-1), in all, for its address and its network."""
        self.open_connections += step
        for counts, key in ((self.connections, conn.host), (self.networks, conn.network)):
            left = counts.get(key, 0) + step
            if left > 0:
                counts[key] = left
            else:
                counts.pop(key, None)

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
            code, words, reason = problem
            refusal = {"type": "error", "code": code, "message": words, "version": m.VERSION}
            conn.send({**refusal, "reason": reason} if reason else refusal)
            await conn.close(1008, code)
            return False
        seat = find_token(self.rooms, message.token) if message.token else None
        if message.token and seat is None:
            seat = self.unpark(message.token)  # a table set aside while nobody was at it
        kept_for_seats = self.limits.connections - self.limits.connections_kept
        if seat is None and self.open_connections > kept_for_seats and not self.make_room(conn):
            conn.error("server_full", "the server is busy: try again in a minute")
            await conn.close(1013, "server_full")  # the rest is kept for seats coming back
            return False
        if message.token and seat is None:
            conn.error("bad_token", "this seat is no longer kept")
            await conn.close(1008, "bad_token")
            return False
        name = tidy(message.name)
        if seat is not None:
            room, index = seat
            name = room.seats[index].name or name
            old = self.names.get(name.casefold())
            if old is not None and old is not room.seats[index].peer:
                conn.error("name_taken", "this name is in use")
                await conn.close(1008, "name_taken")
                return False
        elif (taken := self.name_in_use(name)) is not None:
            if taken == "exact":
                conn.error("name_taken", "this name is in use on the server")
            else:  # said as such: the player sees no reason why their own name is taken
                words = f"a name that {taken.split('_')[0]}s like this one is in use on the server"
                conn.send({"type": "error", "code": "name_taken", "message": words,
                           "reason": taken})  # fmt: skip
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

    def make_room(self, newcomer: Connection) -> bool:
        """The server is full: the connection in the lobby (at no table, watching none) that
        has done nothing for longest makes room for a newcomer, those that have done nothing
        for :data:`LOBBY_IDLE` seconds first, then those of the network holding the most
        connections; it hears why (``error`` ``made_room``) and is closed. False when
        every connection is at a table."""
        now = time.monotonic()
        idle = [conn for conn in self.names.values() if conn.room is None and conn is not newcomer]
        if not idle:
            return False
        networks = self.networks
        chosen = max(idle, key=lambda conn: (now - conn.last_action >= LOBBY_IDLE,
                                             networks.get(conn.network, 0),
                                             now - conn.last_action))  # fmt: skip
        del self.names[chosen.name.casefold()]  # not chosen twice while it closes
        self.log_line(f"{chosen.address} {chosen.name} closed to make room: the server is full")
        chosen.error("made_room", "the server is full: you did nothing for a while, so your"
                     " connection was closed to make room for someone new")  # fmt: skip
        self.tasks.start(chosen.close(1013, "made_room"))
        return True

    def check_hello(self, message: m.Hello, host: str = "?") -> tuple[str, str, str] | None:
        """Why a hello is refused: its code, its words (the clients say their own, in the
        player's language) and, for a name, the reason (:func:`audiogame.online.names.problem`)."""
        if message.version != m.VERSION:
            return "version", f"this server speaks version {m.VERSION}", ""
        if self.password is not None:
            if self.passwords.full(host):  # not even checked: no guess counts
                return "too_many_attempts", "too many wrong passwords: try again in a minute", ""
            if not message.password:
                return "password_needed", "this server needs a password", ""
            if not secrets.compare_digest(
                (message.password or "").encode(), self.password.encode()
            ):
                self.passwords.add(host)
                return "bad_password", "wrong password", ""
        reason = nicknames.problem(message.name)
        if reason is not None:
            return "bad_name", NAME_PROBLEMS[reason], reason
        return None

    def name_in_use(self, name: str) -> str | None:
        """Whether a person connected, or a seat kept for a dropped person, has this name
        (``exact``, in any case) or one taken for it (``look_alike``, ``sound_alike``:
        :func:`audiogame.online.names.likeness`); the computer players' names count as kept
        for the look-alike letters ("Brun0": :func:`audiogame.online.names.dressed_as`), not
        for the name itself ("Bruno" is welcome, and the computer players take other names:
        :meth:`audiogame.online.room_state.RoomState.all_names`)."""
        kept = self.kept_names()
        if name.casefold() in self.names or name.casefold() in {n.casefold() for n in kept}:
            return "exact"
        if nicknames.dressed_as(name, DEFAULT_NAMES):
            return "look_alike"
        return nicknames.likeness(name, [*(conn.name for conn in self.names.values()), *kept])

    def kept_names(self) -> list[str]:
        """The names of the seats kept for dropped people (for their tokens)."""
        return [
            seat.name
            for room in self.rooms.values() if not room.over for seat in room.seats
            if seat.kind == "person" and seat.token and seat.peer is None and seat.name
        ]  # fmt: skip

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

    # ----- stopping ------------------------------------------------------------------------
    async def shutdown(self) -> None:
        """Tell every client, save every table, close."""
        if self._idle_sweep is not None:
            self._idle_sweep.cancel()
        for room in list(self.rooms.values()):
            if not room.closed:
                self.remember(room)  # a full disk is logged: the tables written before stay
                room.close("shutdown")
        for conn in list(self.names.values()):
            self.tasks.start(conn.close(1001, "shutdown"))
        await self.tasks.wait(3)  # all at once: a reader that does not read holds up nobody
        self.thinkers.shutdown()
        stop_hint_thinking()
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
    names: Iterable[str] = (),
) -> None:
    """Serve until ``stop`` is set (or SIGTERM, SIGINT); ``names``: the public names the
    server answers to besides its addresses, ``localhost`` and ``host`` (:class:`Hosts`)."""
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
    loop = asyncio.get_running_loop()
    stop_on_signals(loop, stop)
    door = Door(server.limits, say=server.log_line)
    before = loop.get_exception_handler()
    loop.set_exception_handler(quiet_accepts(door))
    quiet, handshakes = QuietSends(), QuietHandshakes()
    logging.getLogger("asyncio").addFilter(quiet)
    logging.getLogger("websockets.server").addFilter(handshakes)
    server.watch_idle_tables()
    try:
        await serve_until(server, host, port, tls, names, door, stop, ready)
    finally:
        loop.set_exception_handler(before)
        logging.getLogger("asyncio").removeFilter(quiet)
        logging.getLogger("websockets.server").removeFilter(handshakes)


async def serve_until(
    server: Server,
    host: str,
    port: int,
    tls: ssl.SSLContext | None,
    names: Iterable[str],
    door: Door,
    stop: asyncio.Event,
    ready: Callable[[Server], None] | None,
) -> None:
    rate, within = server.rate, server.limits.handshake_within
    async with serve(
        server.handle,
        host,
        port,
        max_size=m.MAX_MESSAGE,
        ssl=tls,
        max_queue=64,
        close_timeout=2,
        process_request=requests_for(Hosts(host, names), door),
        # Counted from the TCP accept, every frame counts (pings too); the request is awaited
        # ``handshake_within`` (Guarded), not the library's open_timeout: a large file is sent
        # for as long as the client takes it (audiogame/web/files.py).
        create_connection=guarded(rate, 2 * rate, door),
        open_timeout=None,
        ssl_handshake_timeout=within if tls is not None else None,
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
