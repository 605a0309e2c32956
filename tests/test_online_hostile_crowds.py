"""A public server tried by an attacker with many addresses (issue 35): real connections from
several loopback addresses (each client's socket bound to its own 127.x.y.z, so that the
server sees as many machines), each test bounded in count and time, and the honest player's
outcome asserted: can create a table, is answered, is told "busy" politely.

Loopback addresses in other /24s (127.0.N.1) stand for other networks, 127.0.0.N for machines
of one network."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from audiogame.i18n import speaking
from audiogame.online.limits import Limits
from audiogame.online.table_words import refusal_text
from tests.online_support import LOOSE, hello, running_server

BUSY = {
    "en": "The server is busy: try again in a minute.",
    "it": "Il server è occupato: riprova tra un minuto.",
}


def limited(**changes: Any) -> Limits:
    return Limits.from_mapping({**LOOSE.__dict__, **changes})


async def client(port: int, address: str, name: str, **extra: Any) -> ClientConnection:
    """A connection from ``address`` (a loopback address of its own), greeted; the caller
    reads the answer to its hello."""
    ws = await connect(f"ws://127.0.0.1:{port}/", local_addr=(address, 0), open_timeout=10)
    await ws.send(hello(name, **extra))
    return ws


async def next_of(ws: ClientConnection, *kinds: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 20))
        if message["type"] in kinds:
            return message


async def create(ws: ClientConnection, start: bool = False) -> dict[str, Any]:
    """``joined`` (and ``started`` with ``start``) or the ``error`` that refused it."""
    seats = ["person", "bot:greedy"]
    await ws.send(json.dumps({"type": "create", "game": "battle", "seats": seats,
                              "options": {"players": 2}}))  # fmt: skip
    got = await next_of(ws, "joined", "error")
    if start and got["type"] == "joined":
        await ws.send(json.dumps({"type": "start"}))
        return await next_of(ws, "started", "error")
    return got


async def seen(condition: Any, within: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + within
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "the server never did it"
        await asyncio.sleep(0.02)


# ----- 1: tables from many addresses ------------------------------------------------------------
def test_unstarted_tables_of_many_addresses_close_within_seconds_and_the_honest_player_creates(
    tmp_path: Path,
) -> None:
    """Eight networks create three tables each (as many as the server holds) and go: the
    honest player is first told politely that the server is busy, and a few seconds later
    creates a table; none of the crowd's tables is left in the lobby."""

    async def go() -> tuple[str, str, dict[str, Any], int]:
        limits = limited(tables=24, tables_per_address=3, unstarted_close_after=1.0)
        async with running_server(tmp_path, limits=limits) as server:
            crowd = []
            for net in range(1, 9):
                for n in range(3):
                    ws = await client(server.port, f"127.0.{net}.1", f"Junk{net}x{n}")
                    await next_of(ws, "welcome")
                    assert (await create(ws))["type"] == "joined"
                    crowd.append(ws)
            honest = await client(server.port, "127.0.99.1", "Anna")
            await next_of(honest, "welcome")
            busy = await create(honest)
            for ws in crowd:
                await ws.close()
            await seen(lambda: not server.rooms, within=15)
            made = await create(honest)
            await honest.send(json.dumps({"type": "list"}))
            lobby = await next_of(honest, "lobby")
            return busy["code"], made["type"], lobby, len(server.rooms)

    code, made, lobby, tables = asyncio.run(go())
    assert code == "server_full"
    for language, words in BUSY.items():
        with speaking(language):
            assert refusal_text(code) == words
    assert made == "joined" and tables == 1
    assert [table["seats"][0].get("name") for table in lobby["tables"]] == ["Anna"]


def test_a_table_counts_against_its_network_and_another_network_still_creates(
    tmp_path: Path,
) -> None:
    """Five machines of one /24 with three tables each allowed: the network's fourth table
    is refused; a player on another network creates."""

    async def go() -> tuple[list[str], str]:
        limits = limited(tables_per_address=3, tables_per_network=4)
        async with running_server(tmp_path, limits=limits) as server:
            codes = []
            for n in range(2, 7):
                ws = await client(server.port, f"127.0.0.{n}", f"Near{n}")
                await next_of(ws, "welcome")
                got = await create(ws)
                codes.append(got.get("code", got["type"]))
            other = await client(server.port, "127.0.50.1", "Bruno")
            await next_of(other, "welcome")
            return codes, (await create(other))["type"]

    codes, other = asyncio.run(go())
    assert codes == ["joined"] * 4 + ["too_many_tables"]
    assert other == "joined"


def test_a_full_server_sets_aside_an_abandoned_started_table_and_its_token_brings_it_back(
    tmp_path: Path,
) -> None:
    """Four networks start three tables each with a computer player and go (the tables wait
    for their tokens): the honest player still creates a table, one of theirs is set aside
    in the store, and its player, back with the token, sits at it again."""

    async def go() -> tuple[str, str, str, str, int]:
        limits = limited(tables=12, tables_per_address=3)
        async with running_server(tmp_path, limits=limits, close_empty_after=600) as server:
            tokens = []
            for net in range(1, 5):
                for n in range(3):
                    ws = await client(server.port, f"127.0.{net}.1", f"Gone{net}x{n}")
                    await next_of(ws, "welcome")
                    joined = await create(ws)
                    await ws.send(json.dumps({"type": "start"}))
                    await next_of(ws, "started")
                    tokens.append((f"Gone{net}x{n}", joined["token"], joined["table"]["id"]))
                    await ws.close()
            await seen(lambda: server.open_connections == 0)
            honest = await client(server.port, "127.0.99.1", "Anna")
            await next_of(honest, "welcome")
            made = await create(honest, start=True)
            aside = [entry for entry in tokens if entry[2] not in server.rooms]
            assert len(aside) == 1, aside
            name, token, table = aside[0]
            back = await client(server.port, "127.0.1.1", name, token=token)
            welcome = await next_of(back, "welcome", "error")
            again = await next_of(back, "joined")
            return made["type"], welcome["type"], again["table"]["id"], table, len(server.rooms)

    made, welcome, again, table, tables = asyncio.run(go())
    assert made == "started"
    assert welcome == "welcome" and again == table
    assert tables == 13  # a seat coming back is never refused for the cap


# ----- 10: connections in all ------------------------------------------------------------------
def test_connections_in_all_are_capped_politely_with_room_kept_for_a_seat_coming_back(
    tmp_path: Path,
) -> None:
    """Six connections in all, two kept for seats coming back, four people at their tables:
    the fifth newcomer hears that the server is busy (a browser in its own language), a
    player back with a seat's token is welcome, and past six even a browser is told at the
    door, in Italian if it asked so."""

    async def go() -> tuple[str, str, str, str, int | None]:
        limits = limited(connections=6, connections_kept=2)
        async with running_server(tmp_path, limits=limits) as server:
            port = server.port
            seated = await client(port, "127.0.0.2", "Carla")
            await next_of(seated, "welcome")
            token = (await create(seated))["token"]
            await seated.close()  # the seat is kept for its token
            await seen(lambda: server.open_connections == 0)
            crowd = []
            for n in range(3, 7):
                ws = await client(port, f"127.0.{n}.1", f"Idle{n}")
                await next_of(ws, "welcome")
                await create(ws)  # at a table: none of them makes room for a newcomer
                crowd.append(ws)
            newcomer = await client(port, "127.0.9.1", "Dario", client="browser", lang="it")
            refused = await next_of(newcomer, "error")
            back = await client(port, "127.0.0.2", "Carla", token=token)
            welcome = (await next_of(back, "welcome", "error"))["type"]
            crowd.append(await client(port, "127.0.7.1", "Idle7"))
            await seen(lambda: server.open_connections == 6)
            italian = {"Accept-Language": "it-IT,it;q=0.9"}
            door = await connect(
                f"ws://127.0.0.1:{port}/",
                local_addr=("127.0.8.1", 0),
                origin=f"http://127.0.0.1:{port}",  # type: ignore[arg-type]
                additional_headers=italian,
            )
            at_door = json.loads(await asyncio.wait_for(door.recv(), 20))
            with pytest.raises(ConnectionClosed) as closed:
                await asyncio.wait_for(door.recv(), 20)
            code = closed.value.rcvd.code if closed.value.rcvd else None
            return refused["code"], refused["message"], welcome, at_door["message"], code

    code, words, welcome, door_words, close_code = asyncio.run(go())
    assert code == "server_full" and words == BUSY["it"]
    assert welcome == "welcome"
    assert door_words == BUSY["it"]
    assert close_code == 1013  # try again later


# ----- 2: every frame counts -------------------------------------------------------------------
@pytest.mark.parametrize("frames", ["pings", "pongs", "fragments"])
def test_a_flood_of_pings_pongs_or_fragments_is_closed_and_the_honest_player_is_answered(
    tmp_path: Path, frames: str
) -> None:
    """Up to 20,000 frames sent as fast as they go, from one address: the flooder is told
    to slow down and closed (1008) long before the end; another player, from another
    address, is answered."""

    async def go() -> tuple[int | None, int, list[str], str]:
        async with running_server(tmp_path, rate=20.0) as server:
            port = server.port
            honest = await client(port, "127.0.0.2", "Anna")
            await next_of(honest, "welcome")
            flooder = await client(port, "127.0.0.3", "Mallory")
            await next_of(flooder, "welcome")
            told: list[str] = []

            async def read() -> None:
                with contextlib.suppress(ConnectionClosed):
                    async for raw in flooder:
                        told.append(json.loads(raw).get("code", ""))

            reading = asyncio.ensure_future(read())
            sent = 0
            with contextlib.suppress(ConnectionClosed):
                for sent in range(20_000):
                    if frames == "pings":
                        await flooder.ping(str(sent))
                    elif frames == "pongs":
                        await flooder.pong(str(sent))
                    else:
                        await flooder.send(iter(['{"type":', '"list"', "}", *[" "] * 30]))
                    if sent % 50 == 0:
                        await asyncio.sleep(0.001)  # the client reads what came meanwhile
            await asyncio.wait_for(reading, 20)  # until the server closes the connection
            closed = flooder.protocol.close_rcvd
            await honest.send(json.dumps({"type": "list"}))
            answered = await next_of(honest, "lobby")
            return (closed.code if closed else None), sent, told, answered["type"]

    code, sent, told, answered = asyncio.run(go())
    assert code == 1008 and sent < 19_999
    assert "rate_limited" in told or frames != "fragments"  # the pings had no message to say
    assert answered == "lobby"


# ----- 7: DNS rebinding -------------------------------------------------------------------------
def test_only_the_servers_own_names_are_answered(tmp_path: Path) -> None:
    """An upgrade (or a page) asked for under another name that resolves here (a DNS
    rebinding page's) is refused with a sentence; the server's addresses, localhost and the
    public name it was started with are answered."""

    async def go() -> dict[str, tuple[int, bytes]]:
        async with running_server(tmp_path, names=["cards.example.org"]) as server:
            port = server.port

            def ask(host: str, upgrade: bool, origin: str | None = None) -> tuple[int, bytes]:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                headers = {"Host": f"{host}:{port}"}
                if origin:
                    headers["Origin"] = origin
                if upgrade:
                    headers |= {"Upgrade": "websocket", "Connection": "Upgrade",
                                "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
                                "Sec-WebSocket-Version": "13"}  # fmt: skip
                conn.request("GET", "/", headers=headers)
                response = conn.getresponse()
                answer = response.status, response.read() if response.status != 101 else b""
                conn.close()
                return answer

            found = {}
            for host, upgrade, origin in [
                ("evil.example", True, f"http://evil.example:{port}"),
                ("evil.example", False, None),
                ("127.0.0.1", True, f"http://evil.example:{port}"),
                ("127.0.0.1", True, f"http://127.0.0.1:{port}"),
                ("localhost", False, None),
                ("cards.example.org", True, f"https://cards.example.org:{port}"),
            ]:
                found[f"{host} {upgrade} {origin}"] = await asyncio.to_thread(
                    ask, host, upgrade, origin
                )
            return found

    found = asyncio.run(go())
    statuses = [status for status, _ in found.values()]
    assert statuses == [403, 403, 403, 101, 200, 101]
    refusal = next(iter(found.values()))[1]
    assert refusal == (
        b"This server answers only to the names it was started for "
        b"(audiogame serve --public-name).\n"
    )


# ----- 9: /alone/ ------------------------------------------------------------------------------
def test_the_page_alone_serves_only_regular_files_inside_its_folder(tmp_path: Path) -> None:
    from audiogame.web import pages

    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "index.html").write_text("<html>alone</html>", encoding="utf-8")
    (folder / "app.zip").write_bytes(b"PK")
    secret = tmp_path / "secret.json"
    secret.write_text('{"token": "x"}', encoding="utf-8")
    (folder / "leak.json").symlink_to(secret)
    (folder / "inner").mkdir()
    (folder / "inner" / "ok.json").write_text("{}", encoding="utf-8")
    (folder / "linked").symlink_to(tmp_path)
    os.mkfifo(folder / "pipe.json")  # opened to read, it would wait for a writer
    saved = list(pages._ALONE)
    try:
        assert pages.serve_alone(folder) is None
        got = {path: pages.answer(path, {})[0] for path in (
            "/alone/index.html", "/alone/inner/ok.json", "/alone/leak.json",
            "/alone/linked/secret.json", "/alone/inner", "/alone/../secret.json",
            "/alone/pipe.json")}  # fmt: skip
    finally:
        pages._ALONE[:] = saved
        pages.page.cache_clear()
    assert got == {
        "/alone/index.html": 200, "/alone/inner/ok.json": 200, "/alone/leak.json": 404,
        "/alone/linked/secret.json": 404, "/alone/inner": 404, "/alone/../secret.json": 404,
        "/alone/pipe.json": 404,
    }  # fmt: skip


# ----- 8: a full disk ---------------------------------------------------------------------------
class FullDisk:
    """The store's SQLite connection on a full disk: every write raises what SQLite raises
    then; reads work."""

    def __init__(self, db: Any) -> None:
        self.db = db

    def execute(self, sql: str, *args: Any) -> Any:
        if sql.split()[0].upper() in ("INSERT", "DELETE", "COMMIT"):
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> Any:
        raise sqlite3.OperationalError("database or disk is full")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


def test_a_full_disk_refuses_the_start_with_a_sentence_and_loses_no_move(tmp_path: Path) -> None:
    """The disk fills before ``start``: the player is told so in a sentence (not closed),
    the table is as it was; the disk has room again: the game starts, and a move made
    while the disk was full again is written once it has room."""

    async def go() -> tuple[dict[str, Any], bool, str, int, int]:
        async with running_server(tmp_path) as server:
            anna = await client(server.port, "127.0.0.2", "Anna")
            await next_of(anna, "welcome")
            table = (await create(anna))["table"]["id"]
            room = server.rooms[table]
            real = server.store.db
            server.store.db = FullDisk(real)  # type: ignore[assignment]
            await anna.send(json.dumps({"type": "start"}))
            refused = await next_of(anna, "error", "started")
            unstarted = room.table is None
            server.store.db = real
            await anna.send(json.dumps({"type": "start"}))
            started = (await next_of(anna, "started", "error"))["type"]
            server.store.db = FullDisk(real)  # type: ignore[assignment]
            await anna.send(json.dumps({"type": "act", "action": "flip"}))
            await next_of(anna, "update")
            assert room.table is not None
            moves = len(room.table.log)
            server.store.db = real
            await seen(lambda: room.kept_moves >= moves, within=15)  # written again in 5 s
            kept = len(next(r for r in server.store.load_all() if r["id"] == table)["log"])
            return refused, unstarted, started, moves, kept

    refused, unstarted, started, moves, kept = asyncio.run(go())
    assert refused["code"] == "disk_full" and unstarted
    assert started == "started"
    assert moves >= 1 and kept >= moves
    with speaking("en"):
        assert refusal_text("disk_full") == (
            "The server cannot save anything now (its disk is full): nothing changed; try "
            "again later."
        )
    with speaking("it"):
        assert refusal_text("disk_full") == (
            "Il server ora non può salvare nulla (il suo disco è pieno): non è cambiato "
            "niente; riprova più tardi."
        )


def test_sigterm_on_a_full_disk_stops_the_server_without_a_traceback(tmp_path: Path) -> None:
    """``audiogame serve`` at a table being played, its files then allowed to grow no more
    (the process's file size limit: every write that needs room fails, as on a full disk):
    a move is still answered, and SIGTERM ends the server cleanly, with no traceback."""
    import os
    import re
    import resource
    import signal
    import subprocess
    import sys

    server = subprocess.Popen(
        [sys.executable, "-m", "audiogame", "serve", "--port", "0", "--data-dir", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)},
    )  # fmt: skip
    try:
        assert server.stdout is not None
        found = re.search(r":(\d+)/", server.stdout.readline())
        assert found is not None
        port = int(found.group(1))

        async def play() -> str:
            anna = await client(port, "127.0.0.2", "Anna")
            await next_of(anna, "welcome")
            assert (await create(anna, start=True))["type"] == "started"
            resource.prlimit(server.pid, resource.RLIMIT_FSIZE, (1, 1))
            for _ in range(3):
                await anna.send(json.dumps({"type": "act", "action": "flip"}))
                await next_of(anna, "update")
            await anna.send(json.dumps({"type": "list"}))
            return str((await next_of(anna, "lobby"))["type"])

        assert asyncio.run(play()) == "lobby"
        server.send_signal(signal.SIGTERM)
        _, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(30)
    assert server.returncode == 0, err
    assert "Traceback" not in err, err
