"""Whose message the server's loop handles next (:mod:`audiogame.online.turns`): each address
with a message waiting in its turn, so that a crowd's backlog holds another address's message
up by at most one message of each address; an address's own messages keep their order, and a
connection that goes while it waits (or fails in its turn) holds nobody up."""

from __future__ import annotations

import asyncio

import pytest

from audiogame.online.turns import Turns


async def connection(
    turns: Turns, address: str, messages: list[str], handled: list[str], start: asyncio.Event
) -> None:
    """One connection: its messages one after the other, each handled in its turn (the
    next one read only once the last is handled, as the server reads them)."""
    await start.wait()
    for message in messages:
        async with turns.turn(address):
            handled.append(message)
        await asyncio.sleep(0)  # the socket read again


async def crowd_and_one(order_of_arrival: list[tuple[str, list[str]]]) -> list[str]:
    turns, handled, start = Turns(), list[str](), asyncio.Event()
    tasks = [
        asyncio.ensure_future(connection(turns, address, messages, handled, start))
        for address, messages in order_of_arrival
    ]
    start.set()
    await asyncio.wait_for(asyncio.gather(*tasks), 10)
    return handled


def test_an_honest_message_waits_for_one_message_of_each_crowding_address_at_most() -> None:
    crowd = [
        (f"10.0.0.{n}", [f"crowd {n}.{c} key {k}" for k in range(4)])
        for n in range(1, 4)
        for c in range(3)  # three connections an address, four keys each: a backlog
    ]
    handled = asyncio.run(crowd_and_one([*crowd, ("192.0.2.7", ["honest move"])]))
    sent = [*(m for _, messages in crowd for m in messages), "honest move"]
    assert sorted(handled) == sorted(sent)  # every message handled, once
    # Read last of ten connections, handled fourth: after one key of each crowding address
    # (in the order they were read, its nine connections' first keys would all come first).
    assert handled.index("honest move") == 3
    assert {message.split(".")[0] for message in handled[:3]} == {
        "crowd 1",
        "crowd 2",
        "crowd 3",
    }


def test_each_connection_s_messages_keep_their_order() -> None:
    crowd = [(f"10.0.0.{n}", [f"{n} key {k}" for k in range(5)]) for n in range(1, 4)]
    handled = asyncio.run(crowd_and_one([*crowd, ("10.0.0.1", ["1 again 0", "1 again 1"])]))
    for n in range(1, 4):
        assert [m for m in handled if m.startswith(f"{n} key")] == [f"{n} key {k}" for k in
                                                                     range(5)]  # fmt: skip
    assert [m for m in handled if "again" in m] == ["1 again 0", "1 again 1"]


def test_a_connection_gone_while_it_waits_or_failing_in_its_turn_holds_nobody_up() -> None:
    async def run() -> list[str]:
        turns, handled = Turns(), list[str]()
        given = asyncio.Event()
        release = asyncio.Event()

        async def holder() -> None:
            async with turns.turn("10.0.0.1"):
                handled.append("first")
                given.set()
            await release.wait()

        async def failing() -> None:
            async with turns.turn("10.0.0.2"):
                handled.append("failing")
                raise ValueError("a handler failed")

        async def waiter(address: str, name: str) -> None:
            async with turns.turn(address):
                handled.append(name)

        first = asyncio.ensure_future(holder())
        gone = asyncio.ensure_future(waiter("10.0.0.3", "gone"))
        broken = asyncio.ensure_future(failing())
        last = asyncio.ensure_future(waiter("10.0.0.4", "last"))
        await asyncio.sleep(0)  # every one has asked for its turn
        gone.cancel()  # the connection closed while it waited
        await given.wait()
        with pytest.raises(ValueError, match="a handler failed"):
            await asyncio.wait_for(broken, 5)
        await asyncio.wait_for(last, 5)
        release.set()
        await first
        assert gone.cancelled()
        # and the turns go on: a new message is handled
        await asyncio.wait_for(waiter("10.0.0.3", "back"), 5)
        assert not turns.waiting and not turns.busy
        return handled

    assert asyncio.run(run()) == ["first", "failing", "last", "back"]


def test_a_turn_given_to_a_connection_cancelled_before_it_ran_goes_to_the_next() -> None:
    async def run() -> list[str]:
        turns, handled = Turns(), list[str]()

        async def waiter(address: str, name: str) -> None:
            async with turns.turn(address):
                handled.append(name)

        first = asyncio.ensure_future(waiter("10.0.0.1", "first"))
        second = asyncio.ensure_future(waiter("10.0.0.2", "second"))
        await asyncio.sleep(0)  # both asked; the first is given its turn on the next round
        await asyncio.sleep(0)
        assert turns.busy and not first.done()
        first.cancel()  # its turn given, not yet run
        await asyncio.wait_for(second, 5)
        assert first.cancelled()
        assert not turns.waiting and not turns.busy
        return handled

    assert asyncio.run(run()) == ["second"]
