"""One client of the server: its name, its table, and the queue of what it has still to
receive. Each connection is read by its own task and written by another through a bounded
queue, so that a slow reader is dropped instead of holding anything up."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any, Protocol

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from audiogame.i18n import speaking
from audiogame.online import messages as m
from audiogame.online.frames import Bucket, CountedConnection
from audiogame.online.limits import Limits, Window, address_key, network_key
from audiogame.online.room import Room
from audiogame.online.table_words import page_refusal_text
from audiogame.online.tasks import Tasks
from audiogame.web.pages import language_of
from audiogame.web.seat import BrowserSeat

SEND_QUEUE = 2048
"""Messages kept for a slow reader before it is dropped (with at most ``Limits.send_bytes`` of
them): a burst of a table played out at pace 0 fits, a reader who does not read does not."""


class Owner(Protocol):
    """The server, as a connection sees it: its limits, its log, its background tasks."""

    rate: float
    burst: float
    limits: Limits
    tasks: Tasks

    def log_line(self, text: str) -> None: ...


class Connection:
    """One client: its name, its table, and the queue of what it has still to receive."""

    def __init__(self, ws: ServerConnection, server: Owner) -> None:
        self.ws = ws
        self.server = server
        self.name = ""
        self.room: Room | None = None
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(SEND_QUEUE)
        self.bucket = (
            ws.budget if isinstance(ws, CountedConnection) else Bucket(server.rate, server.burst)
        )
        """Every frame it sends is charged here (:mod:`audiogame.online.frames`)."""
        if isinstance(ws, CountedConnection):
            ws.on_slow_down = lambda: self.error("rate_limited", "too many messages: slow down")
            ws.on_flood = self.flood
        self.writer = asyncio.get_running_loop().create_task(self._write())
        self.browser: BrowserSeat | None = None
        """A browser's presenter: what this connection is sent goes through it."""
        self.address = "{}:{}".format(*ws.remote_address[:2]) if ws.remote_address else "?"
        self.host = address_key(str(ws.remote_address[0])) if ws.remote_address else "?"
        """What the limits count by (:func:`audiogame.online.limits.address_key`)."""
        self.network = network_key(str(ws.remote_address[0])) if ws.remote_address else "?"
        """The network they count by too (:func:`audiogame.online.limits.network_key`)."""
        self.pending = 0
        """Bytes queued for this client and not yet written: past the server's budget
        (``Limits.send_bytes``) a reader who does not read is dropped."""
        self.chat = Window(server.limits.watcher_chat_per_minute)
        self.last_action = time.monotonic()
        """When it last sent a message (pings and the lobby's list do not count)."""

    @property
    def demand(self) -> float:
        """How much it has sent lately (:attr:`CountedConnection.demand`; 0 for a connection
        not counted)."""
        return self.ws.demand if isinstance(self.ws, CountedConnection) else 0.0

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
        self.server.tasks.start(self.ws.close(1008, "too_slow"))

    def error(self, code: str, message: str) -> None:
        self.send({"type": "error", "code": code, "message": message})

    def flood(self) -> None:
        """It went on sending with no budget left: closed, and nothing more is read."""
        self.server.log_line(f"{self.address} {self.name} closed: flood")
        self.server.tasks.start(self.close(1008, "flood"))

    async def refuse_at_door(self, code: str, message: str, close: int = 1008) -> None:
        """A refusal before its hello, then the connection closed: a browser (whose upgrade
        has an ``Origin``) reads the sentence in the language it asked the page in."""
        request = getattr(self.ws, "request", None)
        if request is not None and request.headers.get("Origin"):
            with speaking(language_of("", request.headers)):
                message = page_refusal_text(code)
        self.error(code, message)
        await self.close(close, code)

    async def _write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                data = await self.queue.get()
                if data is None:
                    return
                await self.ws.send(data, text=True)  # JSON is UTF-8 already
                self.pending -= len(data)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(self.writer), 2)
        await self.ws.close(code, reason)
