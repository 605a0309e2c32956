"""Whose message the server's loop handles next: the connection that asks the least of it.

Every message a client sends is handled on the server's one event loop, and some cost more
than others: a browser seat's key runs the game's presenter (:mod:`audiogame.web.seat`). When
the loop cannot keep up (many pages pressing keys at the rate limit, a core taken by other
work), handling messages in the order they were read would make an honest player's move wait
behind every key already read from a crowd. Here each connection's next message waits for
its turn (:meth:`Turns.turn`): a message read while no turn is under way is handled at once
(in the order read, as long as the loop keeps up); of those waiting, a few at a time
(:data:`BATCH`) each time the loop comes round, first the messages of the connections that
have sent the fewest messages lately (their ``demand``: the frames each sent, each counting half
after :data:`audiogame.online.frames.HALF_LIFE` seconds), in the order asked among equals.
Someone playing, who sends a message now and then, goes before a crowd at the rate limit, and
the crowd shares what is left of the loop; the loop reads the sockets and writes what waits
between two batches.

A connection reads its next message only once the last one is handled: what a client sends
faster than its turns come stays in its own socket (the library reads a few messages ahead,
then the network's window closes on the client), never in the server's memory, and nothing
is dropped; its own messages keep their order.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools

BATCH = 8
"""Turns given at once, when messages wait: the loop's own work (reading the sockets, waking
the connections) is shared by as many messages, and a message waits for at most one batch
before its place is weighed."""


class Turns:
    """The loop's turns, the least demanding connection first."""

    def __init__(self, batch: int = BATCH) -> None:
        self.batch = batch
        self.waiting: list[tuple[float, int, asyncio.Future[None]]] = []
        """The turns asked for: (the connection's demand then, order of asking, its turn)."""
        self.order = itertools.count()
        self.running = 0
        """Turns given and not yet over: none, and a message read is handled at once."""

    @property
    def busy(self) -> bool:
        return self.running > 0

    def turn(self, demand: float) -> Turn:
        """The turn of a message of a connection of this ``demand``: at once when no turn is
        under way (the messages are handled in the order read while the loop keeps up), else
        when it is among the least demanding of those waiting; held while the body runs
        (which waits for nothing: the loop is the body's until it ends)."""
        return Turn(self, demand)

    def ask(self, demand: float) -> asyncio.Future[None]:
        """A turn while others are under way, done when given."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self.waiting, (demand, next(self.order), future))
        return future

    def over(self) -> None:
        """A turn is over; after the last of those given, the next ones are given once the
        loop has run what was ready, so that every message read meanwhile is weighed with
        those waiting."""
        self.running -= 1
        if not self.running:
            self.running = 1  # until the next are given: a message read meanwhile waits
            asyncio.get_running_loop().call_soon(self.give)

    def give(self) -> None:
        """The next turns, to the least demanding of those waiting, a batch at most (they run
        when the loop comes round to them, after the sockets are read)."""
        self.running = 0
        while self.waiting and self.running < self.batch:
            future = heapq.heappop(self.waiting)[2]
            if not future.done():  # not cancelled: its connection is still there
                future.set_result(None)
                self.running += 1


class Turn:
    """One message's turn (``async with``): waited for, then held while its body runs."""

    def __init__(self, turns: Turns, demand: float) -> None:
        self.turns, self.demand = turns, demand

    async def __aenter__(self) -> None:
        turns = self.turns
        if not turns.running:
            turns.running = 1
            return
        future = turns.ask(self.demand)
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():  # given, and cancelled before it ran
                turns.over()
            future.cancel()  # passed over when its place comes
            raise

    async def __aexit__(self, *exc: object) -> None:
        self.turns.over()
