"""Whose message the server's loop handles next (:mod:`audiogame.online.turns`): the message of
the connection that has sent the least lately, so that a crowd's backlog at the rate limit
never holds up someone playing by more than the message being handled; each connection's
messages keep their order, and a connection that goes while it waits (or fails in its turn)
holds nobody up."""

from __future__ import annotations

import asyncio

import pytest

from audiogame.online.turns import BATCH, Turns

CROWD = 57.0
"""The demand of a connection at the rate limit (20 frames a second, half-life 2 s)."""


async def connection(
    turns: Turns, demand: float, messages: list[str], handled: list[str], start: asyncio.Event
) -> None:
    """One connection: its messages one after the other, each handled in its turn (the
    next one read only once the last is handled, as the server reads them)."""
    await start.wait()
    for message in messages:
        async with turns.turn(demand):
            handled.append(message)
        await asyncio.sleep(0)  # the socket read again


async def handle(connections: list[tuple[float, list[str]]]) -> list[str]:
    turns, handled, start = Turns(), list[str](), asyncio.Event()
    tasks = [
        asyncio.ensure_future(connection(turns, demand, messages, handled, start))
        for demand, messages in connections
    ]
    start.set()
    await asyncio.wait_for(asyncio.gather(*tasks), 10)
    await asyncio.sleep(0)  # the loop comes round after the last turn
    assert not turns.waiting and not turns.busy
    return handled


def test_someone_playing_goes_before_a_crowd_s_backlog_and_every_message_is_handled() -> None:
    crowd = [(CROWD, [f"crowd {n} key {k}" for k in range(4)]) for n in range(9)]
    handled = asyncio.run(handle([*crowd, (3.0, ["honest move", "honest chat"])]))
    sent = [*(m for _, messages in crowd for m in messages), "honest move", "honest chat"]
    assert sorted(handled) == sorted(sent)  # every message handled, once
    # Read last of ten connections, handled as soon as the turn under way (the first read)
    # is over; its next message in the next batch given after it is read, where in the
    # order read the nine connections' first keys would all come first.
    assert handled[:2] == ["crowd 0 key 0", "honest move"]
    assert handled.index("honest chat") <= 2 + BATCH
    # the crowd shares the rest: each connection's first key before any one's second
    firsts = [handled.index(f"crowd {n} key 0") for n in range(9)]
    seconds = [handled.index(f"crowd {n} key 1") for n in range(9)]
    assert max(firsts) < min(seconds)


def test_each_connection_s_messages_keep_their_order() -> None:
    crowd = [(CROWD, [f"{n} key {k}" for k in range(5)]) for n in range(3)]
    handled = asyncio.run(handle([*crowd, (2.0, ["light 0", "light 1", "light 2"])]))
    for n in range(3):
        assert [m for m in handled if m.startswith(f"{n} key")] == [f"{n} key {k}" for k in
                                                                     range(5)]  # fmt: skip
    assert [m for m in handled if m.startswith("light")] == ["light 0", "light 1", "light 2"]


def test_a_connection_gone_while_it_waits_or_failing_in_its_turn_holds_nobody_up() -> None:
    async def run() -> list[str]:
        turns, handled = Turns(), list[str]()
        given = asyncio.Event()

        async def failing() -> None:
            async with turns.turn(2.0):
                handled.append("failing")
                raise ValueError("a handler failed")

        async def waiter(demand: float, name: str) -> None:
            async with turns.turn(demand):
                handled.append(name)
                given.set()

        first = asyncio.ensure_future(waiter(1.0, "first"))
        gone = asyncio.ensure_future(waiter(1.5, "gone"))
        broken = asyncio.ensure_future(failing())
        last = asyncio.ensure_future(waiter(CROWD, "last"))
        await asyncio.sleep(0)  # every one has asked for its turn
        gone.cancel()  # the connection closed while it waited
        await given.wait()
        with pytest.raises(ValueError, match="a handler failed"):
            await asyncio.wait_for(broken, 5)
        await asyncio.wait_for(asyncio.gather(first, last), 5)
        assert gone.cancelled()
        await asyncio.wait_for(waiter(1.5, "back"), 5)  # and the turns go on
        await asyncio.sleep(0)
        assert not turns.waiting and not turns.busy
        return handled

    assert asyncio.run(run()) == ["first", "failing", "last", "back"]


def test_a_turn_given_to_a_connection_gone_before_it_ran_goes_to_the_next() -> None:
    async def run() -> list[str]:
        turns, handled = Turns(), list[str]()

        async def waiter(demand: float, name: str) -> None:
            async with turns.turn(demand):
                handled.append(name)

        holder = asyncio.ensure_future(waiter(1.0, "at once"))  # no turn under way
        first = asyncio.ensure_future(waiter(1.0, "first"))
        second = asyncio.ensure_future(waiter(CROWD, "second"))
        await asyncio.sleep(0)  # the three asked; the first waiting is given its turn next
        await asyncio.sleep(0)
        assert holder.done() and turns.busy and not first.done()
        first.cancel()  # its turn given, not yet run
        await asyncio.wait_for(second, 5)
        assert first.cancelled()
        await asyncio.sleep(0)
        assert not turns.waiting and not turns.busy
        return handled

    assert asyncio.run(run()) == ["at once", "second"]
