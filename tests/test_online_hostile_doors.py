"""A public server tried at its doors from many loopback addresses (each client's socket bound to
its own 127.x.y.z, so that the server sees as many machines; 127.0.N.1 in other networks):
the page's files asked for by clients that never read them, connections that never send
their request, headers given twice, a hard link in the exported folder, tables held open by
people who do nothing. Real connections, bounded in count and time; each test asserts what
the honest player gets: the page, a welcome, a table."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from audiogame.i18n import speaking
from audiogame.online.door import Door
from audiogame.online.limits import Limits
from audiogame.online.table_words import idle_closing_text
from audiogame.web import pages
from tests.online_support import LOOSE, hello, running_server

BUSY_EN = b"The server is busy: try again in a minute.\n"
BUSY_IT = "Il server è occupato: riprova tra un minuto.\n".encode()
BIG = 64 * 1024 * 1024


def limited(**changes: Any) -> Limits:
    return Limits.from_mapping({**LOOSE.__dict__, **changes})


async def client(port: int, address: str, name: str, **extra: Any) -> ClientConnection:
    ws = await connect(f"ws://127.0.0.1:{port}/", local_addr=(address, 0), open_timeout=10)
    await ws.send(hello(name, **extra))
    return ws


async def next_of(ws: ClientConnection, *kinds: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 20))
        if message["type"] in kinds:
            return message


async def create(ws: ClientConnection, start: bool = False) -> dict[str, Any]:
    await ws.send(json.dumps({"type": "create", "game": "battle", "seats": ["person", "bot:greedy"],
                              "options": {"players": 2}}))  # fmt: skip
    got = await next_of(ws, "joined", "error")
    if start and got["type"] == "joined":
        await ws.send(json.dumps({"type": "start"}))
        return await next_of(ws, "started", "error")
    return got


async def ask(
    port: int, address: str, lines: list[str]
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """An HTTP request of these header lines, sent from ``address``; the answer unread."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    await writer.drain()
    return reader, writer


async def get(port: int, address: str, path: str, *more: str) -> tuple[int, bytes]:
    """GET ``path`` from ``address``, read whole: the status and the body."""
    reader, writer = await ask(port, address, [f"GET {path} HTTP/1.1", "Host: 127.0.0.1", *more])
    try:
        raw = await asyncio.wait_for(reader.read(), 30)
    finally:
        writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


@pytest.fixture
def alone(tmp_path: Path) -> Any:
    """An exported folder offered at /alone/, with a file of 64 MB (sparse: no disk used)."""
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "index.html").write_text("<html>alone</html>", encoding="utf-8")
    (folder / "app.zip").write_bytes(b"PK")
    with open(folder / "big.wasm", "wb") as big:
        big.truncate(BIG)
    secret = tmp_path / "secret.json"
    secret.write_text('{"token": "x"}', encoding="utf-8")
    os.link(secret, folder / "hard.json")
    saved = list(pages._ALONE)
    assert pages.serve_alone(folder) is None
    yield folder
    pages._ALONE[:] = saved
    pages.page.cache_clear()


# ----- 1: a large file to clients that never read it ------------------------------------------
def test_a_large_file_to_clients_that_never_read_it_leaves_room_and_the_honest_page_loads(
    tmp_path: Path, alone: Path
) -> None:
    """Three machines of one network each ask for the 64 MB file three times and never read:
    past their network's share (four answers at once) they are told politely that the server
    is busy (503, in Italian for an Italian browser); an honest player of another network
    gets the page and the whole file, and enters and creates a table meanwhile."""

    Found = tuple[list[int], tuple[int, bytes], tuple[int, bytes], int, tuple[int, int], str]

    async def go() -> Found:
        limits = limited(http_per_address=2, http_per_network=4, http=10)
        async with running_server(tmp_path / "data", limits=limits) as server:
            port = server.port
            hoarders = []
            for n in range(1, 4):
                for _ in range(2):
                    request = ["GET /alone/big.wasm HTTP/1.1", "Host: 127.0.0.1"]
                    hoarders.append(await ask(port, f"127.0.1.{n}", request))
            statuses = []  # the answers' first lines, read by the hoarders that read at all
            for reader, _ in hoarders:
                line = await asyncio.wait_for(reader.readline(), 20)
                statuses.append(int(line.split()[1]))
            english = await get(port, "127.0.1.9", "/alone/big.wasm")
            italian = await get(port, "127.0.1.9", "/alone/big.wasm", "Accept-Language: it")
            page_status, page = await get(port, "127.0.50.1", "/alone/index.html")
            whole_status, whole = await get(port, "127.0.50.1", "/alone/big.wasm")
            anna = await client(port, "127.0.50.2", "Anna")
            await next_of(anna, "welcome")
            made = await create(anna)
            for _, writer in hoarders:
                writer.close()
            assert page == b"<html>alone</html>"
            return statuses, english, italian, page_status, (whole_status, len(whole)), made["type"]

    statuses, english, italian, page, whole, made = asyncio.run(go())
    assert sorted(statuses) == [200, 200, 200, 200, 503, 503]
    assert english == (503, BUSY_EN) and italian == (503, BUSY_IT)
    assert page == 200 and whole == (200, BIG)
    assert made == "joined"


# ----- 2: connections that never send their request -------------------------------------------
def test_connections_that_never_send_their_request_count_from_the_accept_and_are_closed(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """One address opens 30 connections and sends nothing, another 10: past each address's
    share (three) they are closed at once, the others after ``handshake_within``; the honest
    player of another network enters and creates a table; the log says it in a line, and no
    traceback is written."""

    async def go() -> tuple[list[float], str, str, str]:
        limits = limited(connections_per_address=2, http_per_address=1, handshake_within=1.0)
        async with running_server(tmp_path, limits=limits) as server:
            loop = asyncio.get_running_loop()
            silent = []
            for address, count in (("127.0.2.1", 30), ("127.0.2.2", 10)):
                for _ in range(count):
                    silent.append(await asyncio.open_connection(
                        "127.0.0.1", server.port, local_addr=(address, 0)))  # fmt: skip
            anna = await client(server.port, "127.0.3.1", "Anna")
            welcome = (await next_of(anna, "welcome"))["type"]
            made = (await create(anna))["type"]
            start = loop.time()
            closed_after = []
            for reader, writer in silent:  # each one ends: read nothing, then the end
                with contextlib.suppress(ConnectionError):
                    assert await asyncio.wait_for(reader.read(), 10) == b""
                closed_after.append(loop.time() - start)
                writer.close()
            await anna.close()
            log = (tmp_path / "server.log").read_text(encoding="utf-8")
            return closed_after, welcome, made, log

    with caplog.at_level(logging.INFO):
        closed, welcome, made, log = asyncio.run(go())
    assert len(closed) == 40
    assert welcome == "welcome" and made == "joined"
    assert "closed at the door since the last such line: " in log
    assert "Traceback" not in log
    assert not [record for record in caplog.records if record.exc_info], caplog.text


def test_the_door_keeps_files_for_the_server_under_the_processes_file_limit() -> None:
    """Under 1,024 open files, the server takes at most 448 connections at once (512 kept
    for the page's files being sent, 64 for itself), and the log says so."""
    said: list[str] = []
    door = Door(Limits(), files=1024, say=said.append)
    assert [door.enter(f"10.{n // 250}.{n % 250}.1") for n in range(449)].count(False) == 1
    assert said[0] == (
        "the process may open 1024 files: at most 448 connections at once (raise it with ulimit -n)"
    )


# ----- 4: headers given twice ------------------------------------------------------------------
def test_a_header_given_twice_is_a_400_with_its_reason_and_no_traceback(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """An upgrade with two Host headers, or two Origin headers, gets 400 and a sentence
    naming the header; nothing is logged as an error; an honest upgrade still opens."""

    async def go() -> list[bytes]:
        async with running_server(tmp_path) as server:
            upgrade = ["GET / HTTP/1.1", "Upgrade: websocket", "Connection: Upgrade",
                       "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
                       "Sec-WebSocket-Version: 13"]  # fmt: skip
            answers = []
            host = "Host: 127.0.0.1"
            twice = [[host, "Host: evil.example"], [host, "Origin: http://a", "Origin: http://b"]]
            for more in twice:
                reader, writer = await ask(server.port, "127.0.4.1", [*upgrade, *more])
                answers.append(await asyncio.wait_for(reader.read(), 10))
                writer.close()
            anna = await client(server.port, "127.0.4.2", "Anna")
            answers.append(json.dumps(await next_of(anna, "welcome")).encode())
            return answers

    with caplog.at_level(logging.INFO):
        host, origin, welcome = asyncio.run(go())
    assert host.startswith(b"HTTP/1.1 400 Bad Request\r\n")
    assert host.endswith(b"\r\n\r\nBad request: the Host header is given more than once.\n")
    assert origin.endswith(b"\r\n\r\nBad request: the Origin header is given more than once.\n")
    assert b'"welcome"' in welcome
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


# ----- 5: a hard link in the exported folder ---------------------------------------------------
def test_a_hard_link_in_the_exported_folder_is_not_served(tmp_path: Path, alone: Path) -> None:
    """A second name of a file outside the folder, put inside it: not found (404), as a
    symbolic link; the folder's own files are served."""

    async def go() -> tuple[tuple[int, bytes], tuple[int, bytes]]:
        async with running_server(tmp_path / "data") as server:
            linked = await get(server.port, "127.0.5.1", "/alone/hard.json")
            own = await get(server.port, "127.0.5.1", "/alone/index.html")
            return linked, own

    linked, own = asyncio.run(go())
    assert linked == (404, b"Not found.\n")
    assert own == (200, b"<html>alone</html>")


# ----- 3: tables held open by people who do nothing ---------------------------------------------
def test_a_table_still_to_start_where_nobody_does_anything_closes_saying_why(
    tmp_path: Path,
) -> None:
    """Two idle creators (sending pings only; one a browser in Italian) lose their tables
    after ``unstarted_idle_after`` and hear why, in their language, back in the lobby; a
    player who chats keeps the table, a started game is never closed for it, and each
    network may have only so many tables waiting; the honest player creates one."""

    async def go() -> dict[str, Any]:
        limits = limited(unstarted_idle_after=1.0, unstarted_per_network=2)
        async with running_server(tmp_path, limits=limits) as server:
            port = server.port
            idle = await client(port, "127.0.6.1", "Bruno")
            page = await client(port, "127.0.6.2", "Carla", client="browser", lang="it")
            talker = await client(port, "127.0.7.1", "Dario")
            player = await client(port, "127.0.8.1", "Elena")
            for ws in (idle, page, talker, player):
                await next_of(ws, "welcome")
            third = await client(port, "127.0.6.3", "Franco")
            await next_of(third, "welcome")
            found: dict[str, Any] = {}
            found["made"] = [(await create(ws))["type"] for ws in (idle, page, talker)]
            found["third"] = (await create(third)).get("code")  # two waiting in 127.0.6.0/24
            found["started"] = (await create(player, start=True))["type"]
            talked = asyncio.get_running_loop().time()
            closing = {}
            for name, ws in (("idle", idle), ("page", page)):
                waiting = asyncio.ensure_future(next_of(ws, "closing"))
                while not waiting.done():
                    await ws.ping()
                    if asyncio.get_running_loop().time() - talked > 0.3:
                        await talker.send(json.dumps({"type": "chat", "text": "still here"}))
                        talked = asyncio.get_running_loop().time()
                    await asyncio.wait([waiting], timeout=0.2)
                closing[name] = await waiting
            found["closing"] = closing
            found["rooms"] = sorted(room.creator for room in server.rooms.values())
            found["again"] = (await create(idle))["type"]
            return found

    found = asyncio.run(go())
    assert found["made"] == ["joined"] * 3
    assert found["third"] == "too_many_tables"
    assert found["started"] == "started"
    assert found["closing"]["idle"] == {"type": "closing", "reason": "idle", "minutes": 1}
    assert found["closing"]["page"]["message"] == (
        "Il tavolo è stato chiuso: per 1 minuto nessuno ha fatto nulla prima dell'inizio della"
        " partita."
    )
    assert found["rooms"] == ["Dario", "Elena"]
    assert found["again"] == "joined"
    with speaking("en"):
        assert idle_closing_text(10) == (
            "The table closed: nobody did anything at it for 10 minutes before the game began."
        )
    with speaking("it"):
        assert idle_closing_text(10) == (
            "Il tavolo è stato chiuso: per 10 minuti nessuno ha fatto nulla prima dell'inizio"
            " della partita."
        )
