"""Every frame a client sends counts: a message, each fragment of one, a ping, a pong.

The ``websockets`` library answers a ping by itself, before the server's code sees anything,
and hands over a message only once its fragments are joined; a budget kept on messages alone
let a client send a million pings a second, each answered. Here each frame takes a token of
the connection's budget (:class:`Bucket`: ``rate`` a second, bursts of ``burst``) as it is
read. A message that finds the budget spent is dropped whole (the client is told once to slow
down); a client that goes on past a burst's worth of frames it had no budget for is closed
(1008, ``flood``) and nothing more it sends is read.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from websockets.asyncio.server import ServerConnection
from websockets.frames import Frame, Opcode
from websockets.protocol import Event

RATE = 20.0
"""Frames a second a client may send on average..."""
BURST = 40.0
"""... with bursts of this many."""
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
        self.frames_seen, self.seen_at = 0.0, time.monotonic()
        """The frames it sent, each counting half after ``HALF_LIFE`` seconds, as of
        ``seen_at``: :attr:`demand`."""

    @property
    def demand(self) -> float:
        """How much it has sent lately: the frames it sent, each counting half after
        :data:`HALF_LIFE` seconds (a connection at the rate limit, about 58; someone
        playing, a few)."""
        return self.frames_seen * float(0.5 ** ((time.monotonic() - self.seen_at) / HALF_LIFE))

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
