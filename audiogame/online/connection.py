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

from audiogame.online import messages as m
from audiogame.online.limits import Limits, Window, address_key
from audiogame.online.room import Room
from audiogame.online.tasks import Tasks
from audiogame.web.seat import BrowserSeat

SEND_QUEUE = 2048
"""Messages kept for a slow reader before it is dropped (with at most ``Limits.send_bytes`` of
them): a burst of a table played out at pace 0 fits, a reader who does not read does not."""
RATE = 20.0
"""Messages a second a client may send on average..."""
BURST = 40.0
"""... with bursts of this many."""


class Owner(Protocol):
    """The server, as a connection sees it: its limits, its log, its background tasks."""

    rate: float
    burst: float
    limits: Limits
    tasks: Tasks

    def log_line(self, text: str) -> None: ...


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

    def __init__(self, ws: ServerConnection, server: Owner) -> None:
        self.ws = ws
        self.server = server
        self.name = ""
        self.room: Room | None = None
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(SEND_QUEUE)
        self.bucket = Bucket(server.rate, server.burst)
        self.floods = 0
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
        self.server.tasks.start(self.ws.close(1008, "too_slow"))

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

    async def close(self, code: int = 1000, reason: str = "") -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(self.writer), 2)
        await self.ws.close(code, reason)
