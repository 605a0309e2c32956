"""Hostile and mistaken input to a real server: each refused with a clear reason, changing
nothing, never crashing the server or holding up another table."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from audiogame.online.client import LinkError
from audiogame.online.limits import Limits
from audiogame.online.messages import MAX_MESSAGE, VERSION
from audiogame.online.tasks import Tasks
from tests.online_support import Recorder, hello, player, running_server


async def refused_hello(tmp: Path, message: str, **options: Any) -> dict[str, Any]:
    async with running_server(tmp, **options) as server:  # noqa: SIM117 (the port is known inside)
        async with connect(f"ws://127.0.0.1:{server.port}/") as ws:
            await ws.send(message)
            reply: dict[str, Any] = json.loads(await ws.recv())
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 20)
            return reply


@pytest.mark.parametrize(
    ("message", "code"),
    [
        (hello("Anna\u202e"), "bad_name"),  # a right-to-left override: names are spoken
        (hello("An\x07na"), "bad_name"),
        (hello("Anna."), "bad_name"),
        (json.dumps({"type": "hello", "version": VERSION + 1, "name": "Anna"}), "version"),
        (json.dumps({"type": "list"}), "invalid"),  # no hello first
        (hello("x" * 21), "bad_name"),  # too long a name: said so
        (hello("x" * 65), "invalid"),  # far too long: no hello at all
        ("not json", "invalid"),
    ],
)
def test_a_bad_hello_is_answered_with_its_reason_then_closed(
    tmp_path: Path, message: str, code: str
) -> None:
    reply = asyncio.run(refused_hello(tmp_path, message))
    assert reply["type"] == "error" and reply["code"] == code


def test_the_server_password_is_required(tmp_path: Path) -> None:
    wrong = asyncio.run(refused_hello(tmp_path, hello("Anna", password="guess"), password="s3"))
    assert wrong["code"] == "bad_password"

    async def right() -> dict[str, Any]:
        async with running_server(tmp_path, password="s3") as server:
            link = Recorder(f"ws://127.0.0.1:{server.port}/", "Anna", password="s3")
            return await link.open()

    assert asyncio.run(right())["type"] == "welcome"


def test_a_name_in_use_is_refused_whatever_its_case(tmp_path: Path) -> None:
    async def go() -> str:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            await player(url, "Anna")
            with pytest.raises(LinkError) as error:
                await player(url, "ANNA")
            return error.value.code

    assert asyncio.run(go()) == "name_taken"


def test_wrong_messages_are_refused_and_change_nothing(tmp_path: Path) -> None:
    async def go() -> list[dict[str, Any]]:
        async with running_server(tmp_path) as server:
            anna = await player(f"ws://127.0.0.1:{server.port}/", "Anna")
            replies = []
            for message in (
                {"type": "teleport"},
                {"type": "chat", "text": "hi", "admin": True},
                {"type": "chat", "text": "x" * 301},
                {"type": "create", "game": "chess", "seats": ["person", "person"]},
                {"type": "create", "game": "battle", "seats": ["person", "person", "person"]},
                {
                    "type": "create",
                    "game": "battle",
                    "seats": ["person", "bot:normal"],
                    "options": {"deck": 40},
                },
                {"type": "join", "table": "ZZZZ"},
                {"type": "act", "action": "flip"},
                {"type": "chat", "text": "hi"},
            ):
                await anna.send(message)
                replies.append(await anna.expect("error"))
            await anna.send({"type": "list"})
            replies.append(await anna.expect("lobby"))
            return replies

    replies = asyncio.run(go())
    codes = [reply.get("code") for reply in replies[:-1]]
    assert codes == ["invalid"] * 6 + ["no_table", "not_playing", "not_playing"]
    assert replies[-1]["tables"] == []  # nothing was created


def test_a_message_over_16_kilobytes_closes_the_connection(tmp_path: Path) -> None:
    async def go() -> int:
        async with running_server(tmp_path) as server:  # noqa: SIM117
            async with connect(f"ws://127.0.0.1:{server.port}/") as ws:
                await ws.send(hello("Anna"))
                await ws.recv()
                await ws.send(json.dumps({"type": "chat", "text": "x" * MAX_MESSAGE}))
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        await asyncio.wait_for(ws.recv(), 20)
                assert closed.value.rcvd is not None
                return closed.value.rcvd.code

    assert asyncio.run(go()) == 1009


def test_a_flood_is_told_to_slow_down_then_closed_and_other_tables_play_on(
    tmp_path: Path,
) -> None:
    async def go() -> tuple[list[str], int, bool]:
        async with running_server(tmp_path, rate=20.0) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            other = await player(url, "Bruno")
            await other.send(
                {
                    "type": "create",
                    "game": "battle",
                    "seats": ["person", "bot:greedy"],
                    "options": {"players": 2},
                }
            )
            await other.expect("joined")
            await other.send({"type": "start"})
            await other.expect("started")
            async with connect(url) as ws:
                await ws.send(hello("Mallory"))
                await ws.recv()
                for _ in range(300):
                    await ws.send(json.dumps({"type": "chat", "text": "spam"}))
                codes = []
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        reply = json.loads(await asyncio.wait_for(ws.recv(), 20))
                        codes.append(reply.get("code", reply["type"]))
                assert closed.value.rcvd is not None
            await other.send({"type": "act", "action": "flip"})
            update = await other.expect("update")
            while update["by"] != 0:  # the computer player's own move came first
                update = await other.expect("update")
            return codes, closed.value.rcvd.code, update["by"] == 0

    codes, close_code, played = asyncio.run(go())
    assert "rate_limited" in codes
    assert close_code == 1008
    assert played


def test_a_slow_reader_is_dropped_once_its_queue_is_full() -> None:
    from audiogame.online.server import SEND_QUEUE, Connection

    class StuckSocket:
        remote_address = ("127.0.0.1", 1)
        closed_with: tuple[int, str] | None = None

        def __init__(self) -> None:
            self.closed = asyncio.Event()

        async def send(self, data: str) -> None:
            await asyncio.Event().wait()  # the reader never reads

        async def close(self, code: int = 1000, reason: str = "") -> None:
            self.closed_with = (code, reason)
            self.closed.set()

    class Quiet:
        rate = burst = 10.0
        limits = Limits()
        tasks = Tasks(logging.getLogger("test"))

        def log_line(self, text: str) -> None:
            pass

    async def go() -> tuple[int, str] | None:
        ws = StuckSocket()
        conn = Connection(ws, Quiet())  # type: ignore[arg-type]
        for _ in range(SEND_QUEUE + 2):
            conn.send({"type": "chat", "name": "Bruno", "text": "hi"})
        with contextlib.suppress(TimeoutError):  # never closed: None, and the test says so
            await asyncio.wait_for(ws.closed.wait(), 10)
        return ws.closed_with

    assert asyncio.run(go()) == (1008, "too_slow")


def test_a_refusal_goes_to_that_seat_only(tmp_path: Path) -> None:
    async def go() -> tuple[dict[str, Any], list[str]]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna, bruno = await player(url, "Anna"), await player(url, "Bruno")
            await anna.send(
                {
                    "type": "create",
                    "game": "cardavia",
                    "seats": ["person"] * 2 + ["bot:normal"],
                    "options": {"pace": 0},
                }
            )
            table = (await anna.expect("joined"))["table"]["id"]
            await bruno.send({"type": "join", "table": table})
            await bruno.expect("joined")
            await anna.send({"type": "start"})
            start = await anna.expect("started")
            await bruno.expect("started")
            # Whoever is not to lead plays out of turn.
            wrong = anna if start["to_act"] != [0] else bruno
            await wrong.send({"type": "act", "action": "pass"})
            refused = await wrong.expect("refused")
            await wrong.send({"type": "who"})
            await wrong.expect("who")
            other = bruno if wrong is anna else anna
            await other.send({"type": "who"})
            await other.expect("who")
            return refused, [m["type"] for m in other.messages]

    refused, other_got = asyncio.run(go())
    assert refused["refusal"]["code"] == "not_your_turn"
    assert "refused" not in other_got
