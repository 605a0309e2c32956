"""A server on the public internet, tried as an attacker would: a real server on 127.0.0.1,
real connections, bounded loops. Each test names the finding it answers (1 to 7: the hand
read from the seed, computer players exhausted, tables and slow readers without bound, codes
swept, throwaway watchers and names, options of the wrong type, finished tables back as
ghosts)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from audiogame.online import room as rooms
from audiogame.online.client import Link, LinkError
from audiogame.online.commands import read_password
from audiogame.online.limits import Limits
from audiogame.online.messages import VERSION
from audiogame.online.server import Server
from audiogame.online.tasks import Tasks
from audiogame.table.seeds import deal_seed, player_seed
from audiogame.table.session import Table
from tests.online_support import LOOSE, Recorder, hello, play_out, player, running_server


async def refused(url: str, name: str, **extra: Any) -> dict[str, Any]:
    """The answer to a hello the server refuses (it then closes the connection)."""
    async with connect(url) as ws:
        await ws.send(hello(name, **extra))
        reply: dict[str, Any] = json.loads(await ws.recv())
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 20)
        return reply


async def create(link: Recorder, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    """``joined`` for a new table, or the ``error`` that refused it."""
    await link.send({"type": "create", "game": game, "seats": seats, **extra})
    while True:
        message = await asyncio.wait_for(link.receive(), 30)
        if message["type"] in ("joined", "error"):
            return message


async def answer(link: Recorder, message: dict[str, Any], *kinds: str) -> dict[str, Any]:
    await link.send(message)
    while True:
        got = await asyncio.wait_for(link.receive(), 30)
        if got["type"] in kinds:
            return got


async def seen(condition: Callable[[], bool], within: float = 20.0) -> None:
    """Until the server has handled what the client did (a close, a drop)."""
    deadline = asyncio.get_running_loop().time() + within
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "the server never saw it"
        await asyncio.sleep(0.01)


def limited(**changes: Any) -> Limits:
    """The tests' loose limits, but these."""
    return Limits.from_mapping({**LOOSE.__dict__, **changes})


# ----- 1: no hand readable from the seed ------------------------------------------------------
HIDDEN_DEALS = [
    ("cardavia", ["person", "bot:normal", "bot:normal"], {"pace": 0}),
    ("battle", ["person", "bot:normal"], {"players": 2, "deck": 32, "open": True}),
    ("scientific", ["person", "bot:normal"], {"players": 2}),
]


@pytest.mark.parametrize(("game", "seats", "options"), HIDDEN_DEALS)
def test_1_a_seats_view_does_not_give_the_seed_by_search(
    tmp_path: Path, game: str, seats: list[str], options: dict[str, Any]
) -> None:
    """The old attack: the seed among a million, found by dealing each one and comparing with
    the cards a seat holds. Now each table's key is 256 bits from the system's cryptographic
    source; the whole old space and the arithmetic neighbours give another deal; and neither
    the next deal's seed nor the computer players' follow from the deal's."""

    async def go() -> list[tuple[int, Any, dict[int, str], dict[str, Any]]]:
        found = []
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            for n in range(4):
                link = await player(url, f"Seer{n}")
                await create(link, game, seats, options=options)
                await link.send({"type": "start"})
                await link.expect("started")
                room = next(r for r in server.rooms.values() if r.creator == f"Seer{n}")
                assert room.table is not None
                found.append((room.seed, room.table.view(0), room.table.levels, room.config))
                await link.close()
        return found

    tables = asyncio.run(go())
    keys = [key for key, *_ in tables]
    assert len(set(keys)) == len(keys)
    assert all(key.bit_length() > 128 for key in keys), keys  # a search space of 2**256
    key, seen, levels, config = tables[0]
    # the old space (every seed below a million is searched in steps) and the neighbours
    candidates = [*range(1, 1_000_001, 997), key - 1, key + 1, key * 10, key // 10]
    for seed in candidates:
        if game != "scientific":  # its deal is fixed by SB-1: its view holds no seed
            assert Table(game, config, seed, levels).view(0) != seen, seed
    assert deal_seed(key, 2) not in (deal_seed(key, 1) + 1, key + 1)
    players = {player_seed(key, seat) for seat in range(4)}
    assert len(players) == 4 and not players & {key * 10 + s for s in range(4)}
    assert all(seed.bit_length() > 128 for seed in players)


def test_1_tests_fix_the_seed_only_in_their_own_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """A known deal is a test's own (it replaces the function in its process): a server has
    no option, message or file that chooses a seed."""
    import inspect

    from audiogame.online.server import run

    assert "seed" not in inspect.signature(run).parameters
    assert "seed" not in Limits.__dataclass_fields__
    assert rooms.new_seed().bit_length() > 128
    monkeypatch.setattr(rooms, "new_seed", lambda: 7)
    assert Table("cardavia", {}, 7, {}).view(0) == Table("cardavia", {}, 7, {}).view(0)


# ----- 2: computer players playing for nobody -------------------------------------------------
def test_2_a_table_left_to_its_computer_players_waits_and_closes(tmp_path: Path) -> None:
    """Create with two expert players at pace 0 over 20 deals, start, leave: the players wait
    from the moment the person goes, and the table closes; after a restart it comes back
    waiting, with its close timer."""

    async def go() -> tuple[int, int, bool, bool, list[str]]:
        async with running_server(tmp_path, close_empty_after=600) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            link = await player(url, "Rogue")
            joined = await create(
                link, "cardavia", ["person", "bot:expert", "bot:expert"],
                options={"pace": 0, "deals": 20},
            )  # fmt: skip
            await link.send({"type": "start"})
            await link.expect("started")
            await answer(link, {"type": "leave"}, "left")
            room = server.rooms[joined["table"]["id"]]
            assert room.table is not None and room.driver is not None
            moves_then = len(room.table.log)
            honest = await player(url, "Honest")
            for _ in range(20):  # the loop turns: a computer player that moved would show it
                await answer(honest, {"type": "list"}, "lobby")
            moves_now = len(room.table.log)
            held, paused = room.driver.held, room.paused
            await honest.close()
            await link.close()
        async with running_server(tmp_path, close_empty_after=600) as again:
            resumed = again.rooms.get(joined["table"]["id"])
            closers = list(again._closers)
            assert resumed is not None and resumed.driver is not None
            return moves_then, moves_now, held and paused, resumed.paused, closers

    then, now, held, paused_again, closers = asyncio.run(go())
    assert now == then
    assert held and paused_again
    assert closers  # a resumed table has its close timer


# ----- 3: tables without bound, lobby answers, slow readers -----------------------------------
def test_3_tables_are_limited_per_address_and_in_all(tmp_path: Path) -> None:
    async def go() -> tuple[list[str], list[str]]:
        codes = []
        async with running_server(tmp_path, limits=limited(tables_per_address=2)) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            for n in range(3):
                link = await player(url, f"Maker{n}")
                got = await create(link, "battle", ["person", "person"])
                codes.append(got.get("code", got["type"]))
        totals = []
        async with running_server(tmp_path / "two", limits=limited(tables=1)) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            for n in range(2):
                link = await player(url, f"Maker{n}")
                got = await create(link, "battle", ["person", "person"])
                totals.append(got.get("code", got["type"]))
        return codes, totals

    per_address, in_all = asyncio.run(go())
    assert per_address == ["joined", "joined", "too_many_tables"]
    assert in_all == ["joined", "server_full"]


def test_3_the_lobby_lists_a_bounded_answer_built_once(tmp_path: Path) -> None:
    async def go() -> tuple[int, int, bool]:
        async with running_server(tmp_path, limits=limited(lobby_tables=5)) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            for n in range(8):
                link = await player(url, f"Maker{n}")
                await create(link, "battle", ["person", "person"])
            asker = await player(url, "Asker")
            first = await answer(asker, {"type": "list"}, "lobby")
            built = server._lobby
            await answer(asker, {"type": "list"}, "lobby")
            return len(first["tables"]), len(server.rooms), built is server._lobby

    listed, tables, reused = asyncio.run(go())
    assert (listed, tables) == (5, 8)
    assert reused


def test_3_a_reader_that_never_reads_is_dropped_by_bytes_not_only_messages() -> None:
    """A few large answers (far fewer than the 256 messages of the queue) past the byte
    budget: the reader is dropped, and holds no more than the budget."""
    from audiogame.online.server import Connection

    class StuckSocket:
        remote_address = ("203.0.113.9", 1)
        closed_with: tuple[int, str] | None = None

        async def send(self, data: str, text: bool = True) -> None:
            await asyncio.Event().wait()  # the reader never reads

        async def close(self, code: int = 1000, reason: str = "") -> None:
            self.closed_with = (code, reason)

    class Quiet:
        rate = burst = 10.0
        limits = Limits(send_bytes=64 * 1024)
        tasks = Tasks(logging.getLogger("test"))

        def log_line(self, text: str) -> None:
            pass

    async def go() -> tuple[tuple[int, str] | None, int]:
        ws = StuckSocket()
        conn = Connection(ws, Quiet())  # type: ignore[arg-type]
        big = "x" * 20_000
        for _ in range(6):
            conn.send({"type": "chat", "name": "Bruno", "text": big})
        await asyncio.sleep(0)  # the close is a task of the loop
        await asyncio.sleep(0)
        return ws.closed_with, conn.queue.qsize()

    closed, kept = asyncio.run(go())
    assert closed == (1008, "too_slow")
    assert kept <= 4  # what was queued under 64 KB, then nothing


# ----- 4: codes swept -------------------------------------------------------------------------
def test_4_private_codes_are_long_and_wrong_codes_are_limited_per_address(tmp_path: Path) -> None:
    async def go() -> tuple[str, list[str]]:
        limits = limited(codes_per_minute=5)
        async with running_server(tmp_path, limits=limits) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            host = await player(url, "Vera")
            code = (await create(host, "battle", ["person", "person"], private=True))["table"]
            answers = []
            for n in range(6):  # each guess from a new connection, as a sweep would
                guesser = await player(url, f"Guess{n}")
                got = await answer(guesser, {"type": "join", "table": "ABCDEFGH"}, "error")
                answers.append(got["code"])
                await guesser.close()
            late = await player(url, "Late")
            right = await answer(late, {"type": "join", "table": code["id"]}, "error", "joined")
            answers.append(right.get("code", right["type"]))
            return code["id"], answers

    code, answers = asyncio.run(go())
    assert len(code) == 8  # 24**8 codes: at 5 a minute, 21,000 years for one address
    assert answers == ["no_table"] * 5 + ["too_many_attempts"] * 2


def test_4_connections_are_limited_per_address(tmp_path: Path) -> None:
    async def go() -> tuple[str, str]:
        async with running_server(tmp_path, limits=limited(connections_per_address=3)) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            links = [await player(url, f"Many{n}") for n in range(3)]
            with pytest.raises(LinkError) as error:
                await player(url, "Many3")
            await links[0].close()
            await seen(lambda: server.connections.get("127.0.0.1") == 2)
            fourth = await player(url, "Many4")
            return error.value.code, fourth.name

    code, name = asyncio.run(go())
    assert code == "too_many_connections" and name == "Many4"


# ----- 5: watchers, names, damaged store, hostile server's text, passwords --------------------
def test_5_watchers_and_their_arrivals_and_chat_are_limited_per_table(tmp_path: Path) -> None:
    async def go() -> tuple[list[str], list[str], list[str]]:
        limits = limited(watchers_per_table=2, arrivals_per_minute=2, watcher_chat_per_minute=2)
        async with running_server(tmp_path, limits=limits) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            host = await player(url, "Nadia")
            table = (await create(host, "battle", ["person", "person"]))["table"]["id"]
            watching = []
            for n in range(3):
                link = await player(url, f"Eye{n}")
                got = await answer(link, {"type": "watch", "table": table}, "joined", "error")
                watching.append(got.get("code", got["type"]))
            eye = server.names["eye0"]
            watcher = next(p for p in server.rooms[table].watchers if p is eye)
            server.rooms[table].leave(watcher)  # a place is free, but the arrivals are spent
            late = await player(url, "Eye5")
            got = await answer(late, {"type": "watch", "table": table}, "joined", "error")
            arrivals = [got.get("code", got["type"])]
            chats = []
            chatter_link = await player(url, "Eye6")
            server.arrivals.seen.clear()  # a minute later
            await answer(chatter_link, {"type": "watch", "table": table}, "joined")
            for n in range(3):
                await chatter_link.send({"type": "chat", "text": f"line {n}"})
                got = await asyncio.wait_for(chatter_link.receive(), 10)
                while got["type"] not in ("chat", "error"):
                    got = await asyncio.wait_for(chatter_link.receive(), 10)
                chats.append(got.get("code", got["type"]))
            return watching, arrivals, chats

    watching, arrivals, chats = asyncio.run(go())
    assert watching == ["joined", "joined", "too_many_watchers"]
    assert arrivals == ["too_many_watchers"]
    assert chats == ["chat", "chat", "rate_limited"]


@pytest.mark.parametrize(
    "name",
    [
        "Your turn123", "\u3164", "Ann\u3164a", "\u0410nna", "Server", "Tocca a te",
        "Anna:", "Anna (bot)", "[server]", "Bruno: pair of nines", "Hint: pass", "Round 1",
        "You", "Everyone", "Game over", "Narrator", "Tutti",
    ],
)  # fmt: skip
def test_5_names_that_pass_for_another_or_for_the_program_are_refused(
    tmp_path: Path, name: str
) -> None:
    async def go() -> dict[str, Any]:
        async with running_server(tmp_path) as server:
            return await refused(f"ws://127.0.0.1:{server.port}/", name)

    reply = asyncio.run(go())
    assert reply["code"] == "bad_name" and reply["message"].startswith("a name")


@pytest.mark.parametrize("name", ["O'Brien", "Jean-Luc", "Youssef", "Roundtree", "Anna Maria"])
def test_5_names_of_people_are_welcome(tmp_path: Path, name: str) -> None:
    async def go() -> str:
        async with running_server(tmp_path) as server:
            link = await player(f"ws://127.0.0.1:{server.port}/", name)
            return str(link.name)

    assert asyncio.run(go()) == name


def test_5_a_chat_line_of_blanks_reaches_nobody(tmp_path: Path) -> None:
    async def go() -> tuple[dict[str, Any], list[dict[str, Any]]]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna, bruno = await player(url, "Anna"), await player(url, "Bruno")
            table = (await create(anna, "battle", ["person", "person"]))["table"]["id"]
            await answer(bruno, {"type": "join", "table": table, "seat": 1}, "joined")
            got = await answer(anna, {"type": "chat", "text": "   "}, "chat", "error")
            await answer(anna, {"type": "chat", "text": "hello"}, "chat")
            heard: list[dict[str, Any]] = []
            while not heard or heard[-1].get("text") != "hello":
                message = await asyncio.wait_for(bruno.receive(), 10)
                if message["type"] == "chat":
                    heard.append(message)
            return got, heard

    refusal, heard = asyncio.run(go())
    assert refusal["type"] == "error" and refusal["code"] == "bad_chat"
    assert refusal["reason"] == "blank"
    assert [line["text"] for line in heard] == ["hello"]


def test_5_a_look_alike_of_a_connected_name_is_taken(tmp_path: Path) -> None:
    async def go() -> dict[str, Any]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            await player(url, "Anna")
            return await refused(url, "ANNA_")  # "anna " once the look-alikes are folded

    assert asyncio.run(go())["code"] in ("name_taken", "bad_name")


def test_5_a_dropped_persons_name_is_kept_for_their_token(tmp_path: Path) -> None:
    """Anna drops during a game: 'anna' is refused to a newcomer, and Anna's token seats
    her again (it was refused with name_taken until the grace ran out)."""

    async def go() -> tuple[str, str, int | None]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna = await player(url, "Anna")
            joined = await create(anna, "battle", ["person", "bot:normal"], grace=300)
            await anna.send({"type": "start"})
            await anna.expect("started")
            await anna.close()
            await seen(lambda: server.rooms[joined["table"]["id"]].seats[0].peer is None)
            thief = await refused(url, "anna")
            back = Recorder(url, "Zed")
            welcome = await back.open(joined["token"])
            seated = await back.expect("joined")
            return thief["code"], welcome["name"], seated["seat"]

    code, name, seat = asyncio.run(go())
    assert code == "name_taken" and name == "Anna" and seat == 0


@pytest.mark.parametrize("damage", ["truncated", "junk_header", "junk_page", "empty"])
def test_5_a_damaged_store_is_set_aside_byte_for_byte_and_the_server_starts(
    tmp_path: Path, damage: str
) -> None:
    async def first() -> None:
        async with running_server(tmp_path) as server:
            link = await player(f"ws://127.0.0.1:{server.port}/", "Anna")
            for _ in range(2):
                await create(link, "battle", ["person", "person"])
                await answer(link, {"type": "leave"}, "left")

    asyncio.run(first())
    store = tmp_path / "tables.sqlite3"
    with sqlite3.connect(store) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.executemany(
            "INSERT INTO tables VALUES (?, ?)", [(f"T{n}", "x" * 3000) for n in range(40)]
        )
    for suffix in ("-wal", "-shm"):
        Path(f"{store}{suffix}").unlink(missing_ok=True)
    data = store.read_bytes()
    if damage == "truncated":
        data = data[: len(data) // 2]
    elif damage == "junk_header":
        data = b"\x00junk" * 20 + data[100:]
    elif damage == "junk_page":
        data = data[:4096] + os.urandom(4096) + data[8192:]
    else:
        data = b""
    store.write_bytes(data)

    async def second() -> tuple[int, str]:
        async with running_server(tmp_path) as server:
            link = await player(f"ws://127.0.0.1:{server.port}/", "Bea")
            got = await create(link, "battle", ["person", "person"])
            return len(server.rooms), got["type"]

    rooms_then, created = asyncio.run(second())
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("tables.sqlite3.bad-")]
    assert len(aside) == 1 and aside[0].read_bytes() == data
    assert created == "joined" and rooms_then == 1
    log = (tmp_path / "server.log").read_text(encoding="utf-8")
    assert "the table store was damaged" in log and aside[0].name in log


def test_5_the_terminal_client_drops_what_would_move_the_terminal(tmp_path: Path) -> None:
    """A hostile server's title (OSC 0), clear screen (CSI 2J) and clipboard (OSC 52)."""
    hostile = "hi\x1b]0;owned\x07\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07\r\nthere\u202e"

    async def go() -> dict[str, Any]:
        async def handler(ws: Any) -> None:
            await ws.recv()
            await ws.send(json.dumps({"type": "welcome", "version": VERSION, "name": "A\x1b[2J"}))
            await ws.send(json.dumps({"type": "chat", "name": "x\x1b]0;t\x07", "text": hostile}))
            await ws.wait_closed()  # until the client has read it and left

        async with serve(handler, "127.0.0.1", 0) as listener:
            port = next(iter(listener.sockets)).getsockname()[1]
            link = Link(f"ws://127.0.0.1:{port}/", "Anna")
            await link.open()
            message = await link.receive()
            await link.close()
            return {"name": link.name, **message}

    got = asyncio.run(go())
    text = json.dumps(got, ensure_ascii=False)
    assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    assert "\\r" not in text and "\\n" not in text
    assert got["text"].startswith("hi") and got["text"].endswith("there")


def test_5_password_guesses_are_slowed_per_address_and_a_blank_password_refused(
    tmp_path: Path,
) -> None:
    async def go() -> list[str]:
        limits = limited(passwords_per_minute=3)
        async with running_server(tmp_path, password="s3cret", limits=limits) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            codes = [(await refused(url, "Guess", password=f"g{n}"))["code"] for n in range(4)]
            codes.append((await refused(url, "Guess", password="s3cret"))["code"])
            return codes

    assert asyncio.run(go()) == ["bad_password"] * 3 + ["too_many_attempts"] * 2
    blank = tmp_path / "password"
    blank.write_text("\nsecond line\n", encoding="utf-8")
    with pytest.raises(ValueError, match="blank"):
        read_password(str(blank))
    with pytest.raises(ValueError, match="blank"):
        Server(tmp_path / "other", password="  ")


# ----- 6: options of the wrong type, damaged records, files ------------------------------------
@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [
        ("battle", ["person", "person"], {"players": 2.0}),
        ("battle", ["person", "person"], {"face_down": 0}),
        ("battle", ["person", "person"], {"trick_limit": 100.0}),
        ("scientific", ["person", "person"], {"players": True}),
    ],
)
def test_6_options_of_the_wrong_type_are_refused_at_create(
    tmp_path: Path, game: str, seats: list[str], options: dict[str, Any]
) -> None:
    async def go() -> tuple[dict[str, Any], int]:
        async with running_server(tmp_path) as server:
            link = await player(f"ws://127.0.0.1:{server.port}/", "Anna")
            got = await create(link, game, seats, options=options)
            return got, len(server.rooms)

    got, tables = asyncio.run(go())
    assert got["type"] == "error" and got["code"] == "invalid" and "cannot be" in got["message"]
    assert tables == 0


def test_6_a_damaged_move_line_sets_the_table_aside_untouched(tmp_path: Path) -> None:
    async def first() -> tuple[str, str]:
        async with running_server(tmp_path) as server:
            link = await player(f"ws://127.0.0.1:{server.port}/", "Anna")
            joined = await create(link, "battle", ["person", "bot:normal"])
            await link.send({"type": "start"})
            await link.expect("started")
            await answer(link, {"type": "act", "action": "flip"}, "update")
            return joined["table"]["id"], joined["token"]

    table, token = asyncio.run(first())
    with sqlite3.connect(tmp_path / "tables.sqlite3") as db:
        db.execute("UPDATE moves SET line = '0 fly away' WHERE id = ? AND n = 0", (table,))
        before = db.execute(
            "SELECT n, line FROM moves WHERE id = ? ORDER BY n", (table,)
        ).fetchall()

    async def second() -> tuple[bool, str]:
        async with running_server(tmp_path) as server:
            link = Recorder(f"ws://127.0.0.1:{server.port}/", "Anna")
            try:
                await link.open(token)
                code = "seated"
            except LinkError as error:
                code = error.code
            return table in server.rooms, code

    listed, code = asyncio.run(second())
    assert not listed and code == "bad_token"
    with sqlite3.connect(tmp_path / "tables.sqlite3") as db:
        kept = db.execute(
            "SELECT n, line FROM moves_aside WHERE id = ? ORDER BY n", (table,)
        ).fetchall()
        served = db.execute("SELECT count(*) FROM tables WHERE id = ?", (table,)).fetchone()
    assert kept == before and served == (0,)
    assert "set aside" in (tmp_path / "server.log").read_text(encoding="utf-8")


def test_6_the_servers_files_are_readable_by_their_owner_only(tmp_path: Path) -> None:
    folder = tmp_path / "server"

    async def go() -> None:
        async with running_server(folder) as server:
            link = await player(f"ws://127.0.0.1:{server.port}/", "Anna")
            await create(link, "battle", ["person", "person"])

    asyncio.run(go())
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for path in [*folder.glob("tables.sqlite3*"), folder / "server.log"]:
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, path


# ----- 7: finished tables never come back -----------------------------------------------------
def test_7_a_finished_table_leaves_at_once_never_comes_back_and_its_token_is_void(
    tmp_path: Path,
) -> None:
    async def first() -> tuple[str, str, list[str], bool]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna = await player(url, "Anna")
            joined = await create(
                anna, "battle", ["person", "bot:greedy"],
                options={"players": 2, "deck": 32, "trick_limit": 100},
            )  # fmt: skip
            await anna.send({"type": "start"})
            await play_out(anna, 3, await anna.expect("started"))
            table = joined["table"]["id"]
            lobby = await answer(await player(url, "Looker"), {"type": "list"}, "lobby")
            await answer(anna, {"type": "leave"}, "left")  # the save that wrote the ghost
            with sqlite3.connect(tmp_path / "tables.sqlite3") as db:
                rows = db.execute("SELECT id FROM tables").fetchall()
            return table, joined["token"], [t["id"] for t in lobby["tables"]], bool(rows)

    table, token, listed, stored = asyncio.run(first())
    assert table not in listed and not stored

    async def second() -> tuple[bool, str]:
        async with running_server(tmp_path) as server:
            link = Recorder(f"ws://127.0.0.1:{server.port}/", "Anna")
            try:
                await link.open(token)
                code = "seated"
            except LinkError as error:
                code = error.code
            return table in server.rooms, code

    back, code = asyncio.run(second())
    assert not back and code == "bad_token"
    log = (tmp_path / "server.log").read_text(encoding="utf-8")
    assert "could not be resumed" not in log


def test_6_a_long_static_name_is_not_found_and_another_sites_page_is_refused(
    tmp_path: Path,
) -> None:
    import http.client

    from websockets.exceptions import InvalidStatus

    async def go() -> tuple[int, int, str]:
        async with running_server(tmp_path) as server:
            port = server.port

            def get(path: str) -> int:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                conn.request("GET", path)
                status = conn.getresponse().status
                conn.close()
                return status

            long_name = await asyncio.to_thread(get, "/static/" + "a" * 5000 + ".js")
            page = await asyncio.to_thread(get, "/")
            with pytest.raises(InvalidStatus) as refused_origin:
                await connect(f"ws://127.0.0.1:{port}/", origin="https://evil.example")  # type: ignore[arg-type]
            ours = Recorder(f"ws://127.0.0.1:{port}/", "Anna")
            welcome = await ours.open()
            assert refused_origin.value.response.status_code == 403
            return long_name, page, welcome["type"]

    assert asyncio.run(go()) == (404, 200, "welcome")


def test_6_pages_under_tls_ask_browsers_to_keep_to_tls() -> None:
    from websockets.datastructures import Headers
    from websockets.http11 import Request

    from audiogame.web.pages import process_request

    class Transport:
        def __init__(self, tls: bool) -> None:
            self.tls = tls

        def get_extra_info(self, name: str) -> object:
            return object() if name == "ssl_object" and self.tls else None

    class Connection:
        def __init__(self, tls: bool) -> None:
            self.transport = Transport(tls)

    request = Request("/", Headers({"Host": "cards.example"}))
    secure = process_request(Connection(True), request)  # type: ignore[arg-type]
    plain = process_request(Connection(False), request)  # type: ignore[arg-type]
    assert secure is not None and plain is not None
    assert secure.headers["Strict-Transport-Security"].startswith("max-age=")
    assert "Strict-Transport-Security" not in plain.headers


def test_6_a_table_left_before_its_first_move_resumes_with_its_empty_seat_played(
    tmp_path: Path,
) -> None:
    """Started, then Bruno leaves for good before anyone moved; after a restart Anna comes
    back with her token and a computer player moves for Bruno's empty seat."""

    async def first() -> str:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna, bruno = await player(url, "Anna"), await player(url, "Bruno")
            joined = await create(  # the stand-in waits 5 s before its move: stopped first
                anna, "battle", ["person", "person"], options={"deck": 32, "pace": 5}
            )
            await answer(bruno, {"type": "join", "table": joined["table"]["id"]}, "joined")
            await anna.send({"type": "start"})
            await anna.expect("started")
            await answer(bruno, {"type": "leave"}, "left")
            return str(joined["token"])

    token = asyncio.run(first())

    async def second() -> dict[str, Any]:
        async with running_server(tmp_path) as server:
            anna = Recorder(f"ws://127.0.0.1:{server.port}/", "Anna")
            await anna.open(token)
            await anna.expect("joined")
            await anna.send({"type": "act", "action": "flip"})
            while True:
                message = await asyncio.wait_for(anna.receive(), 30)
                if message["type"] == "update" and message.get("by") == 1:
                    return message

    assert asyncio.run(second())["by"] == 1


def test_6_the_store_keeps_no_seat_token_only_its_hash_and_the_token_still_seats(
    tmp_path: Path,
) -> None:
    async def first() -> str:
        async with running_server(tmp_path) as server:
            anna = await player(f"ws://127.0.0.1:{server.port}/", "Anna")
            joined = await create(anna, "battle", ["person", "bot:normal"], options={"pace": 5})
            await anna.send({"type": "start"})
            await anna.expect("started")
            return str(joined["token"])

    token = asyncio.run(first())
    with sqlite3.connect(tmp_path / "tables.sqlite3") as db:
        stored = " ".join(text for (text,) in db.execute("SELECT record FROM tables"))
    assert token not in stored and "sha256:" in stored

    async def second() -> tuple[int | None, str]:
        async with running_server(tmp_path) as server:
            anna = Recorder(f"ws://127.0.0.1:{server.port}/", "Anna")
            await anna.open(token)
            joined = await anna.expect("joined")
            return joined["seat"], joined["token"]

    seat, again = asyncio.run(second())
    assert seat == 0 and again == token  # the same token as the client keeps
