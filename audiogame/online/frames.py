"""Every frame a client sends counts: a message, each fragment of one, a ping, a pong.

The ``websockets`` library answers a ping by itself, before the server's code sees anything,
and hands over a message only once its fragments are joined; a budget kept on messages alone
let a client send a million pings a second, each answered. Here each frame takes a token of
the connection's budget (:class:`Bucket`: ``rate`` a second, bursts of ``burst``) as it is
read. A message that finds the budget spent is dropped whole (the client is told once to slow
down); a client that goes on past a burst's worth of frames it had no budget for is closed
(1008, ``flood``) and nothing more it sends is read.

The library parses all a read brought before it hands over a single frame, and answers each
ping as it parses it: 5,000 empty pings in one write of 30 KB were 5,000 pongs written one by
one, before the count saw the first (and, to a client that had gone, 5,000 lines of asyncio's
log). Here what the library wants to write is written after the frames are counted, in one
write; a read in which the client ran out of budget gets no answer at all, and nothing is
written to a connection already closing.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

from websockets.asyncio.server import ServerConnection
from websockets.frames import Frame, Opcode
from websockets.protocol import Event

RATE = 20.0
"""Frames a second a client may send on average..."""
BURST = 40.0
"""... with bursts of this many."""
BROKE_PROTOCOL = (1002, 1007, 1009)
"""Closing codes of a client that broke the protocol: a frame out of place, text that is not
UTF-8, a message too big."""
HALF_LIFE = 2.0
"""Seconds after which a frame counts half in a connection's ``demand``."""


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


class CountedConnection(ServerConnection):
    """A server connection whose every incoming frame is charged to its budget."""

    rate = RATE
    burst = BURST

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.budget = Bucket(self.rate, self.burst)
        self.floods = 0
        """Frames in a row that found the budget spent."""
        self.flooded = False
        self.dropping = False
        """The fragments of a message being dropped (its first frame found no budget)."""
        self.on_slow_down: Callable[[], None] | None = None
        """Told once a flood begins (the server says "slow down" to the client)."""
        self.on_flood: Callable[[], None] | None = None
        """Told when the client floods on: the server closes it (1008); without it, the
        connection is failed here."""
        self.cut: asyncio.TimerHandle | None = None
        """The connection's end, once the client has broken the protocol."""
        self.frames_seen, self.seen_at = 0.0, time.monotonic()
        """The frames it sent, each counting half after ``HALF_LIFE`` seconds, as of
        ``seen_at``: :attr:`demand`."""

    @property
    def demand(self) -> float:
        """How much it has sent lately: the frames it sent, each counting half after
        :data:`HALF_LIFE` seconds (a connection at the rate limit, about 58; someone
        playing, a few)."""
        return self.frames_seen * float(0.5 ** ((time.monotonic() - self.seen_at) / HALF_LIFE))

    def data_received(self, data: bytes) -> None:
        if self.flooded:
            return  # nothing more is read, nothing answered
        if self.request is None:
            super().data_received(data)  # the handshake, as the library does it
            return
        self.protocol.receive_data(data)
        for event in self.protocol.events_received():
            self.process_event(event)  # each frame counted (its pong, if any, waits)
        if self.flooded:
            self.protocol.data_to_send()  # the pongs of a flood: never sent
            return
        try:
            self.send_data()
        except Exception as exc:  # as the library does: the reader sees the connection lost
            # (``set_connection_exc`` since websockets 15, ``set_recv_exc`` before)
            record = getattr(self, "set_connection_exc", None) or getattr(
                self, "set_recv_exc", None
            )
            if record is not None:
                record(exc)
        expected = self.protocol.close_expected() and self.close_deadline is None
        if expected and self.close_timeout is not None:
            self.close_deadline = self.loop.time() + self.close_timeout
        closing = self.protocol.close_sent
        if self.protocol.eof_sent and closing is not None and closing.code in BROKE_PROTOCOL:
            self.given_up()

    def given_up(self) -> None:
        """The client broke the protocol (the library has said why and closed its side):
        nothing more it sends is read, and it is cut off after the closing timeout (before,
        what it sent was read and thrown away until the server's code next looked: 816 MB in
        the 10 s a hello is waited for)."""
        self.transport.pause_reading()
        if self.cut is None:
            self.cut = self.loop.call_later(self.close_timeout or 0.0, self.transport.abort)

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if self.cut is not None:
            self.cut.cancel()
            self.cut = None

    def send_data(self) -> None:
        """What the library has to write, in one write (its pongs were one each); nothing to
        a connection already closing (asyncio would log every write to a closed socket)."""
        waiting: list[bytes] = []
        for data in self.protocol.data_to_send():
            if data:
                waiting.append(data)
                continue
            self._write(waiting)  # then the end of the stream, as the library does
            waiting = []
            if self.transport.is_closing():
                continue
            if self.transport.can_write_eof():
                with contextlib.suppress(Exception):
                    self.transport.write_eof()
            else:
                self.transport.close()
        self._write(waiting)

    def _write(self, chunks: list[bytes]) -> None:
        if chunks and not self.transport.is_closing():
            self.transport.write(b"".join(chunks))

    def process_event(self, event: Event) -> None:
        if self.request is None or not isinstance(event, Frame):
            super().process_event(event)  # the handshake
            return
        if self.flooded:
            return
        within = self.charge()
        opcode = event.opcode
        if opcode is Opcode.CONT:
            if not self.dropping:
                super().process_event(event)  # a message begun is joined whole
            self.dropping = self.dropping and not event.fin
        elif opcode in (Opcode.TEXT, Opcode.BINARY):
            if within:
                super().process_event(event)
            else:
                self.dropping = not event.fin
        else:
            super().process_event(event)  # a ping (the library has answered it), a pong, a close

    def charge(self) -> bool:
        self.frames_seen, self.seen_at = self.demand + 1, time.monotonic()
        if self.budget.take():
            if self.budget.tokens >= self.budget.burst - 1:
                self.floods = 0  # calm again: the next flood is told again
            return True
        self.floods += 1
        if self.floods == 1 and self.on_slow_down is not None:
            self.on_slow_down()
        if self.floods > self.budget.burst:
            self.flooded = True
            self.transport.pause_reading()  # nothing more is read, no ping answered
            if self.on_flood is not None:
                self.on_flood()
            else:
                self.protocol.fail(1008, "flood")
                self.send_data()
        return False


def counted(rate: float, burst: float) -> type[CountedConnection]:
    """The connection class of a server whose clients have this budget."""
    return type("Counted", (CountedConnection,), {"rate": rate, "burst": burst})
