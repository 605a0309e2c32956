"""Whose message the server's loop handles next: each address in turn.

Every message a client sends is handled on the server's one event loop, and some cost more
than others: a browser seat's key runs the game's presenter (:mod:`audiogame.web.seat`). When
the loop cannot keep up (many pages pressing keys at the rate limit, a core taken by other
work), handling messages in the order they were read would make an honest player's move wait
behind every key already read from a crowd. Here each connection's next message waits for
its turn (:meth:`Turns.turn`): one message a turn, the addresses with a message waiting taken
in a round, so that a message waits for at most one message of each other address (an
address's connections share its place in the round); the loop reads the sockets and writes
what waits between two turns.

A connection reads its next message only once the last one is handled: what a client sends
faster than its turns come stays in its own socket (the library reads a few messages ahead,
then the network's window closes on the client), never in the server's memory, and nothing
is dropped; its own messages keep their order.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator


class Turns:
    """The loop's turns, one message at a time, each address with a message waiting in its
    turn."""

    def __init__(self) -> None:
        self.waiting: dict[str, deque[asyncio.Future[None]]] = {}
        """Each address with a message waiting (in the order of the round), its messages'
        turns in the order they were asked for."""
        self.busy = False
        """A turn is given and not yet over."""

    @contextlib.asynccontextmanager
    async def turn(self, who: str) -> AsyncIterator[None]:
        """Wait for the turn of address ``who``, then hold it while the body runs (which
        waits for nothing: the loop is the body's until it ends). A turn asked for while none
        is given is given once the loop has run what was ready with it, so that every
        message read in the meantime takes its place in the round."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self.waiting.setdefault(who, deque()).append(future)
        if not self.busy:
            self.busy = True
            loop.call_soon(self.give)
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():  # given, and cancelled before it ran
                self.give()
            future.cancel()  # passed over when its place comes
            raise
        try:
            yield
        finally:
            self.give()

    def give(self) -> None:
        """The next turn: the first message of the first address of the round, which goes to
        the round's end if it has more waiting (the turn runs when the loop comes round to
        it, after the sockets are read)."""
        while self.waiting:
            who = next(iter(self.waiting))
            queue = self.waiting.pop(who)
            future = queue.popleft()
            if queue:
                self.waiting[who] = queue
            if not future.done():
                future.set_result(None)
                return
        self.busy = False
