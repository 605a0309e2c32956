"""Seats that never stall: a dropped person keeps the seat for the grace period, a computer
player takes it over and gives it back; the turn timer; spectators; a server killed with
SIGKILL and started again resumes its tables, and people take their seats back."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.online_support import Recorder, play_out, player, running_server, until

ROOT = Path(__file__).resolve().parent.parent


async def two_at_battle(url: str, **create: Any) -> tuple[Recorder, Recorder, str]:
    anna, bruno = await player(url, "Anna"), await player(url, "Bruno")
    await anna.send(
        {
            "type": "create",
            "game": "battle",
            "seats": ["person", "person"],
            "options": {"players": 2, "deck": 32, "trick_limit": 100},
            **create,
        }
    )
    table = (await anna.expect("joined"))["table"]["id"]
    await bruno.send({"type": "join", "table": table})
    await bruno.expect("joined")
    await anna.send({"type": "start"})
    await anna.expect("started")
    await bruno.expect("started")
    return anna, bruno, table


def presences(link: Recorder) -> list[tuple[str, str]]:
    return [(m["what"], m["name"]) for m in link.messages if m["type"] == "presence"]


def test_a_dropped_player_is_taken_over_after_the_grace_period_and_comes_back(
    tmp_path: Path,
) -> None:
    async def go() -> tuple[list[tuple[str, str]], dict[str, Any], dict[str, Any], bool]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna, bruno, table = await two_at_battle(url, grace=1)
            token = next(m["token"] for m in anna.messages if m["type"] == "joined")
            await anna.close()
            await bruno.expect("presence")  # dropped
            await bruno.expect("presence")  # taken over, a second later
            # Bruno plays on: Anna's computer player answers every move.
            await bruno.send({"type": "act", "action": "flip"})
            moved = await bruno.expect("update")
            while moved["by"] != 1:
                moved = await bruno.expect("update")
            back = Recorder(url, "Zed")
            await back.open(token)
            joined = await back.expect("joined")
            started = await back.expect("started")
            await bruno.expect("presence")  # returned
            room_table = server.rooms[table].table
            assert room_table is not None
            played_for = room_table.thinker(0) is not None
            return presences(bruno), joined, started, played_for

    said, joined, started, played_for = asyncio.run(go())
    assert said[-3:] == [("dropped", "Anna"), ("taken_over", "Anna"), ("returned", "Anna")]
    assert joined["seat"] == 0 and joined["names"] == ["Bruno"]
    assert started["seq"] >= 2 and started["view"]["seat"] == 0
    assert not played_for  # the seat is hers again


def test_the_turn_timer_warns_then_moves_for_a_person_who_waits(tmp_path: Path) -> None:
    async def go() -> tuple[dict[str, Any], dict[str, Any]]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna, _, _ = await two_at_battle(url, turn_timer=1)
            warning = await anna.expect("timer")
            moved = await anna.expect("update")
            while moved["by"] != 0:
                moved = await anna.expect("update")
            return warning, moved

    warning, moved = asyncio.run(go())
    assert warning["seconds"] == 1
    assert moved["by"] == 0  # Anna never pressed a key


def test_a_spectator_hears_the_public_events_only(tmp_path: Path) -> None:
    async def go() -> Recorder:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna = await player(url, "Anna")
            await anna.send(
                {
                    "type": "create",
                    "game": "scientific",
                    "seats": ["person", "bot:normal", "bot:normal"],
                    "options": {"players": 3, "trick_limit": 100},
                }
            )
            table = (await anna.expect("joined"))["table"]["id"]
            carla = await player(url, "Carla")
            await carla.send({"type": "watch", "table": table})
            await carla.expect("joined")
            await anna.send({"type": "start"})
            start = await anna.expect("started")
            await play_out(anna, 1, start)
            while not any(over_for_all(m) for m in carla.messages):
                await carla.receive()
            return carla

    carla = asyncio.run(go())
    streams = [m for m in carla.messages if m["type"] in ("started", "update")]
    # A spectator's view holds nothing private: no hand, no won pile, no choice, nothing a
    # power shows its holder; and it is never offered a move.
    assert streams and all("legal" not in m for m in streams)
    views = [m["view"] for m in streams]
    assert all(v["hand"] == [] and v["won_pile"] == [] and v["my_choice"] is None
               and v["seen_choices"] == [] and v["hand_counts"] is None
               and v["exchange_offered"] is False for v in views), [
        {k: v[k] for k in ("hand", "won_pile", "my_choice", "seen_choices", "hand_counts")}
        for v in views[:3]]  # fmt: skip
    kinds = {event["kind"] for m in streams for event in m["events"]}
    assert "reveal" in kinds and "game_over" in kinds


async def flips(anna: Recorder, bruno: Recorder, tricks: int) -> dict[str, Any]:
    """Both turn up a card, ``tricks`` times; the update of the last reveal."""
    for _ in range(tricks):
        await anna.send({"type": "act", "action": "flip"})
        await bruno.send({"type": "act", "action": "flip"})
        reveal = await anna.expect("update")
        while not any(e["kind"] == "reveal" for e in reveal["events"]):
            reveal = await anna.expect("update")
    return reveal


def over_for_all(message: dict[str, Any]) -> bool:
    return any(event["kind"] == "game_over" for event in message.get("events", []))


def kept_moves(data: Path) -> int:
    """How many moves the server has written to its store so far (read as another process
    would: only what is committed)."""
    path = data / "server" / "tables.sqlite3"
    if not path.exists():
        return 0
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        try:
            return int(db.execute("SELECT count(*) FROM moves").fetchone()[0])
        except sqlite3.OperationalError:  # the store is still being made
            return 0


def start_server(data: Path) -> tuple[subprocess.Popen[str], int]:
    process = subprocess.Popen(
        [sys.executable, "-m", "audiogame", "serve", "--port", "0", "--data-dir", str(data)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r":(\d+)/", line)
    assert found, line
    return process, int(found.group(1))


def test_a_server_killed_mid_game_resumes_every_table(tmp_path: Path) -> None:
    first, port = start_server(tmp_path)

    async def before() -> tuple[str, str, dict[str, Any]]:
        url = f"ws://127.0.0.1:{port}/"
        anna, bruno, _ = await two_at_battle(url, grace=60)
        reveal = await flips(anna, bruno, 5)
        tokens = [
            next(m["token"] for m in link.messages if m["type"] == "joined")
            for link in (anna, bruno)
        ]
        await until(lambda: kept_moves(tmp_path) == 10, said=kept_moves(tmp_path))  # 5 x 2 flips
        return tokens[0], tokens[1], reveal

    try:
        anna_token, bruno_token, last = asyncio.run(before())
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(30)
    second, port = start_server(tmp_path)
    try:

        async def after() -> tuple[dict[str, Any], dict[str, Any]]:
            url = f"ws://127.0.0.1:{port}/"
            anna, bruno = Recorder(url, "Anna"), Recorder(url, "Bruno")
            await anna.open(anna_token)
            await bruno.open(bruno_token)
            resumed = await anna.expect("started")
            await bruno.expect("started")
            reveal = await flips(anna, bruno, 3)
            await anna.close()  # as their programs would on leaving: the server waits for none
            await bruno.close()
            return resumed, reveal

        resumed, reveal = asyncio.run(after())
    finally:
        second.terminate()
        second.wait(30)
    assert resumed["seq"] == last["seq"]
    assert resumed["view"] == last["view"]
    assert reveal["seq"] == last["seq"] + 6  # the table plays on from there


def test_sigterm_tells_the_clients_keeps_the_tables_and_ends_cleanly(tmp_path: Path) -> None:
    server, port = start_server(tmp_path)

    async def go() -> dict[str, Any]:
        anna, bruno, _ = await two_at_battle(f"ws://127.0.0.1:{port}/", grace=60)
        server.send_signal(signal.SIGTERM)
        closing = await anna.expect("closing")
        await anna.close()  # as their programs would: the server does not wait out its timeout
        await bruno.close()
        return closing

    try:
        closing = asyncio.run(go())
        assert server.wait(30) == 0
    finally:
        server.kill()
    assert closing["reason"] == "shutdown"
    again, port = start_server(tmp_path)  # the table is there again, waiting for its people
    try:

        async def lobby() -> dict[str, Any]:
            link = await player(f"ws://127.0.0.1:{port}/", "Carla")
            await link.send({"type": "list"})
            lobby = await link.expect("lobby")
            await link.close()
            return lobby

        tables = asyncio.run(lobby())["tables"]
    finally:
        again.terminate()
        again.wait(30)
    assert [table["started"] for table in tables] == [True]


def test_a_started_table_nobody_sits_at_any_more_closes_after_a_while(tmp_path: Path) -> None:
    """Left to its computer players, a started table is listed until its close timer runs;
    then it is gone."""

    async def go() -> tuple[list[Any], list[Any]]:
        async with running_server(tmp_path, close_empty_after=0.2) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna, bruno = await player(url, "Anna"), await player(url, "Bruno")
            await anna.send({"type": "create", "game": "battle", "seats": ["person", "bot:easy"],
                             "options": {"players": 2, "deck": 32}})  # fmt: skip
            table = (await anna.expect("joined"))["table"]["id"]
            await anna.send({"type": "start"})
            await anna.expect("started")
            await anna.send({"type": "leave"})
            await anna.expect("left")
            await bruno.send({"type": "list"})
            before = (await bruno.expect("lobby"))["tables"]
            await until(lambda: table not in server.rooms, 20, "the table never closed")
            await bruno.send({"type": "list"})
            return before, (await bruno.expect("lobby"))["tables"]

    before, after = asyncio.run(go())
    assert [t["started"] for t in before] == [True] and after == []


def test_when_the_creator_leaves_before_the_start_the_next_person_may_start(
    tmp_path: Path,
) -> None:
    async def go() -> dict[str, Any]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna, bruno, carla = [await player(url, name) for name in ("Anna", "Bruno", "Carla")]
            await anna.send({"type": "create", "game": "battle", "seats": ["person", "person"]})
            table = (await anna.expect("joined"))["table"]["id"]
            await bruno.send({"type": "join", "table": table})
            await bruno.expect("joined")
            await anna.send({"type": "leave"})
            await carla.send({"type": "join", "table": table})
            await carla.expect("joined")
            await bruno.send({"type": "start"})
            return await bruno.expect("started")

    assert asyncio.run(go())["names"] == ["Carla"]
