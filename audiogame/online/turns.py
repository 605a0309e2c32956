"""Whose message the server's loop handles next: the connection that asks the least of it.

Every message a client sends is handled on the server's one event loop, and some cost more
than others: a browser seat's key runs the game's presenter (:mod:`audiogame.web.seat`). When
the loop cannot keep up (many pages pressing keys at the rate limit, a core taken by other
work), handling messages in the order they were read would make an honest player's move wait
behind every key already read from a crowd. Here each connection's next message waits for
its turn (:meth:`Turns.turn`), one message a turn and a turn each time the loop comes round:
a message read while no turn is under way is handled at once (in the order read, as long as
the loop keeps up); of those waiting, first the message of the connection that has sent the
fewest messages lately (its ``demand``: the frames it sent, each counting half
after :data:`audiogame.online.frames.HALF_LIFE` seconds), in the order asked among equals.
Someone playing, who sends a message now and then, goes before a crowd at the rate limit, and
the crowd shares what is left of the loop; the loop reads the sockets and writes what waits
between two turns.

A connection reads its next message only once the last one is handled: what a client sends
faster than its turns come stays in its own socket (the library reads a few messages ahead,
then the network's window closes on the client), never in the server's memory, and nothing
is dropped; its own messages keep their order.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools


class Turns:
    """The loop's turns, one message at a time, the least demanding connection first."""

    def __init__(self) -> None:
        self.waiting: list[tuple[float, int, asyncio.Future[None]]] = []
        """The turns asked for: (the connection's demand then, order of asking, its turn)."""
        self.order = itertools.count()
        self.busy = False
        """A turn is given and the next not yet: the loop has not come round since."""

    def turn(self, demand: float) -> Turn:
        """The turn of a message of a connection of this ``demand``: at once when no turn is
        under way (the messages are handled in the order read while the loop keeps up), else
        when the least demanding of those waiting; held while the body runs (which waits for
        nothing: the loop is the body's until it ends)."""
        return Turn(self, demand)

    def ask(self, demand: float) -> asyncio.Future[None]:
        """A turn while another is under way, done when given."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self.waiting, (demand, next(self.order), future))
        return future

    def over(self) -> None:
        """A turn is over: the next is given once the loop has run what was ready, so that
        every message read meanwhile is weighed with those waiting."""
        asyncio.get_running_loop().call_soon(self.give)

    def give(self) -> None:
        """The next turn, to the least demanding of those waiting (it runs when the loop comes
        round to it, after the sockets are read)."""
        while self.waiting:
            future = heapq.heappop(self.waiting)[2]
            if not future.done():  # not cancelled: its connection is still there
                future.set_result(None)
                return
        self.busy = False


class Turn:
    """One message's turn (``async with``): waited for, then held while its body runs."""

    def __init__(self, turns: Turns, demand: float) -> None:
        self.turns, self.demand = turns, demand

    async def __aenter__(self) -> None:
        turns = self.turns
        if not turns.busy:
            turns.busy = True
            return
        future = turns.ask(self.demand)
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():  # given, and cancelled before it ran
                turns.give()
            future.cancel()  # passed over when its place comes
            raise

    async def __aexit__(self, *exc: object) -> None:
        self.turns.over()
