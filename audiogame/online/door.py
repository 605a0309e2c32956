"""Every connection counted from the moment its TCP connection is accepted, before a byte of
HTTP: in all, per address and per network.

The limits on connections (:class:`audiogame.online.limits.Limits`) were counted once a
WebSocket had opened: 1,100 connections from one address that never finished their handshake
held 1,100 of the server's files (a process may open 1,024 by default), the next ones waited
in the kernel's queue, an honest player 8 to 9 s, and each failed ``accept`` printed a
traceback. Here (:class:`Door`) a connection counts as soon as it is accepted, against its
address's share (``connections_per_address`` plus ``http_per_address``: its WebSockets and
the page's files being sent), its network's alike, and the server's (``connections`` plus
``http``, and never more than the files the process may open, kept for them). One past a share
is closed at once, before anything is read; one that has not sent its request
(an HTTP request, a WebSocket upgrade) within ``handshake_within`` seconds is closed
(:class:`Guarded`). The log says so in one line a minute at most, with the counts.

The WebSocket counts of :mod:`audiogame.online.server` stay as they were, with their words
in the player's language: these shares are wider, so that an honest player past the
WebSocket limits still hears why.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
import time
from collections.abc import Callable
from typing import Any

from audiogame.online.frames import CountedConnection
from audiogame.online.limits import Limits, address_key, network_key

KEPT_FILES = 64
"""Files the server keeps for itself (its store, its log, its worker processes' pipes)."""
SAY_EVERY = 60.0
"""Seconds between two lines of the log about connections closed at the door."""


def open_files(wanted: int = 65536) -> int:
    """The files this process may open: its soft limit raised to the hard one (up to
    ``wanted``) where the system lets it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
    return wanted if soft == resource.RLIM_INFINITY else soft


class Door:
    """Connections open, and HTTP answers being sent, in all, per address, per network.

    >>> door = Door(Limits(connections_per_address=1, http_per_address=1), files=10_000)
    >>> door.enter("203.0.113.5"), door.enter("203.0.113.5"), door.enter("203.0.113.5")
    (True, True, False)
    >>> door.leave("203.0.113.5"); door.enter("203.0.113.5")
    True
    >>> door.http_enter("203.0.113.5"), door.http_enter("203.0.113.5")
    (True, False)
    """

    def __init__(
        self,
        limits: Limits,
        files: int | None = None,
        say: Callable[[str], None] = lambda line: None,
    ) -> None:
        files = open_files() if files is None else files
        self.http_shares = (limits.http, limits.http_per_address, limits.http_per_network)
        self.shares = (
            min(limits.connections + limits.http, max(files - limits.http - KEPT_FILES, 16)),
            limits.connections_per_address + limits.http_per_address,
            limits.connections_per_network + limits.http_per_network,
        )
        self.within = limits.handshake_within
        self.say = say
        self.open: tuple[dict[str, int], dict[str, int], dict[str, int]] = ({}, {}, {})
        self.http: tuple[dict[str, int], dict[str, int], dict[str, int]] = ({}, {}, {})
        self.closed: dict[str, int] = {}
        """Connections closed at the door since the last line of the log, by why."""
        self.said = 0.0
        if self.shares[0] < limits.connections + limits.http:
            say(f"the process may open {files} files: at most {self.shares[0]} connections"
                " at once (raise it with ulimit -n)")  # fmt: skip

    @staticmethod
    def keys(peer: str) -> tuple[str, str, str]:
        return "", address_key(peer), network_key(peer)

    def enter(self, peer: str) -> bool:
        """A connection accepted: counted, if its shares have room."""
        return self._enter(self.open, self.shares, peer, ("in all", "address", "network"))

    def leave(self, peer: str) -> None:
        self._leave(self.open, peer)

    def http_enter(self, peer: str) -> bool:
        """An HTTP answer to send: counted, if its shares have room (else it is a 503)."""
        return self._enter(self.http, self.http_shares, peer, ("http", "http address", "http net"))

    def http_leave(self, peer: str) -> None:
        self._leave(self.http, peer)

    def _enter(
        self,
        counts: tuple[dict[str, int], ...],
        shares: tuple[int, ...],
        peer: str,
        names: tuple[str, ...],
    ) -> bool:
        keys = self.keys(peer)
        for count, key, share, name in zip(counts, keys, shares, names, strict=True):
            if count.get(key, 0) >= share:
                self.note(f"too many {name}")
                return False
        for count, key in zip(counts, keys, strict=True):
            count[key] = count.get(key, 0) + 1
        return True

    def _leave(self, counts: tuple[dict[str, int], ...], peer: str) -> None:
        for count, key in zip(counts, self.keys(peer), strict=True):
            left = count.get(key, 0) - 1
            if left > 0:
                count[key] = left
            else:
                count.pop(key, None)

    def note(self, why: str) -> None:
        """A connection closed at the door: the log says so once a minute at most."""
        self.closed[why] = self.closed.get(why, 0) + 1
        now = time.monotonic()
        if now - self.said >= SAY_EVERY:
            self.said = now
            counts = ", ".join(f"{count} {why}" for why, count in sorted(self.closed.items()))
            self.closed = {}
            self.say(f"closed at the door since the last such line: {counts}")


class Guarded(CountedConnection):
    """A connection counted by :attr:`door` from its acceptance: closed at once past its
    shares, and after ``handshake_within`` seconds without its request."""

    door: Door

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        self.peer = str(peer[0]) if peer else "?"
        self.inside = self.door.enter(self.peer)
        self.deadline: asyncio.TimerHandle | None = None
        if not self.inside:
            transport.abort()
            return
        self.deadline = self.loop.call_later(self.door.within, self.too_slow)

    def too_slow(self) -> None:
        self.deadline = None
        if self.request is None:
            self.door.note("handshakes not sent in time")
            self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        if self.inside:
            self.inside = False
            self.door.leave(self.peer)


def guarded(rate: float, burst: float, door: Door) -> type[Guarded]:
    """The connection class of a server whose clients have this budget, counted by ``door``."""
    return type("Guarded", (Guarded,), {"rate": rate, "burst": burst, "door": door})


def quiet_accepts(door: Door) -> Callable[[asyncio.AbstractEventLoop, dict[str, Any]], None]:
    """The event loop's exception handler: an ``accept`` that failed for want of files is a
    line of the door's count (no traceback each time); the rest as asyncio says it."""

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if context.get("message") == "socket.accept() out of system resource":
            door.note("accepts failed: no file left")
            return
        loop.default_exception_handler(context)

    return handle


class QuietSends(logging.Filter):
    """asyncio's "socket.send() raised exception." (a write to a connection already gone,
    logged at each write past the fifth) let through once a minute at most, with the count of
    those held back since: a client that resets its connection under a stream of answers
    wrote 5,000 lines of the log."""

    WORDS = "socket.send() raised exception."

    def __init__(self, every: float = SAY_EVERY) -> None:
        super().__init__()
        self.every = every
        self.held = 0
        self.said = -every

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg != self.WORDS:
            return True
        now = time.monotonic()
        if now - self.said < self.every:
            self.held += 1
            return False
        self.said = now
        if self.held:
            record.msg = f"{self.WORDS} ({self.held} more since the last such line)"
            self.held = 0
        return True


class QuietHandshakes(logging.Filter):
    """The library's own line, with its traceback, for each connection that never finished its
    opening handshake (older versions of websockets write one; the door already counts those
    connections and says so once a minute): left out of the log."""

    WORDS = "opening handshake failed"

    def filter(self, record: logging.LogRecord) -> bool:
        return record.msg != self.WORDS
