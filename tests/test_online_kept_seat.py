"""A seat kept across restarts of the terminal program: Bruno's ``audiogame connect`` is killed
(SIGKILL, nothing cleaned up) in the middle of a game and started again; he is back at his seat
with his hand, within the grace period and after it (the computer player that kept his seat
hands it back). The token lives in a file of his data folder that only he may read."""

from __future__ import annotations

import asyncio
import json
import re
import stat
import sys
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from audiogame.online.kept_seats import FILE_NAME, KeptSeats
from tests.online_support import Recorder, ServerThread, presence

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")

KEPT = "Back to your table: your seat was kept."


def hand_line(said: list[str]) -> str:
    return next(text for text in reversed(said) if text.startswith("Your hand,"))


def hand_said_after(before: int, said: list[str]) -> bool:
    """Whether the hand ("Your hand, 14 cards: ...") was said after the first ``before`` lines."""
    return len(said) > before and any(line.startswith("Your hand,") for line in said[before:])


def kill_and_return(
    tmp_path: Path, grace: int, end: str = "kill"
) -> tuple[str, str, list[str], str, str]:
    """Bruno's first program is ended by ``end``: killed (SIGKILL), its window closed, or
    Control+C (the player quits)."""
    from tests.pty_program import Program

    def waiting(program: Program, test: Callable[[list[str]], bool]) -> Awaitable[list[str]]:
        """The program's words once ``test`` passes (generous: a loaded machine starts a
        program slowly)."""
        return asyncio.to_thread(program.wait_for, test, 90.0)

    server = ServerThread(tmp_path / "server")
    assert server.server is not None
    port = server.server.port
    args = ["connect", f"127.0.0.1:{port}", "--name", "Bruno"]
    result: dict[str, str] = {}

    async def main() -> list[str]:
        anna = Recorder(server.url, "Anna")
        await anna.open()
        await anna.send({"type": "create", "game": "scientific", "seats": ["person", "person"],
                         "options": {"players": 2}, "grace": grace})  # fmt: skip
        code = (await anna.expect("joined"))["table"]["id"]
        first = Program(args, tmp_path, name="first", window=end == "window")
        try:
            await waiting(first, lambda s: any("open." in t for t in s))
            first.press(["down", "enter", *code, "enter"])
            await presence(anna, "joined")
            await anna.send({"type": "start"})
            await waiting(first, lambda s: any("14 cards each" in t for t in s))  # the game
            first.press(["w"])
            said = await waiting(first, lambda s: any(
                t.startswith("Your hand,") for t in s))  # fmt: skip
            result["before"] = hand_line(said)
            if end == "kill":
                first.kill()
            else:
                if end == "window":
                    first.close_window()
                else:
                    first.press(["c-c"])
                await asyncio.to_thread(first.finish, 30.0)
                result["last words"] = "\n".join(first.said()[-2:])
        finally:
            first.close()
        await presence(anna, "dropped")
        if grace == 0:
            await presence(anna, "taken_over")
        second = Program(args, tmp_path, name="second")
        try:
            await waiting(
                second, lambda s: KEPT in s and any(t.startswith("Your hand: Left") for t in s)
            )
            await presence(anna, "returned")
            # W until the hand is said: under a heavy load the first W, pressed as the seat
            # comes back, was once not answered (pressed again, the hand is said).
            for attempt in range(3):
                before = second.say_count()
                second.press(["w"])
                try:
                    said = await asyncio.to_thread(
                        second.wait_for, partial(hand_said_after, before),
                        30.0 if attempt < 2 else 90.0,
                    )  # fmt: skip
                    break
                except AssertionError:
                    if attempt == 2:
                        raise
            result["after"] = hand_line(said)
            assert server.server is not None
            room = next(iter(server.server.rooms.values()))
            seat = room.seats[1]
            result["token"] = str(seat.token)
            assert seat.name == "Bruno" and seat.peer is not None
            assert room.table is not None and 1 not in room.table.stand_ins  # his, not a stand-in's
            return said
        finally:
            second.close()
            await anna.close()

    try:
        said = asyncio.run(main())
    finally:
        server.close()
    return result["before"], result["after"], said, result["token"], result.get("last words", "")


@pytest.mark.parametrize("grace", [60, 0], ids=["within the grace", "after the grace"])
def test_a_killed_terminal_started_again_is_back_at_its_seat_with_its_hand(
    tmp_path: Path, grace: int
) -> None:
    before, after, said, token, _last = kill_and_return(tmp_path, grace)
    assert after == before
    assert "Connected to" in " ".join(said) and KEPT in said
    assert "Online tables." not in said  # the lobby, opened under the table, says nothing
    # The token is in his data folder, for his eyes only.
    kept = tmp_path / "data" / FILE_NAME
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert token in json.dumps(json.loads(kept.read_text()))


@pytest.mark.parametrize("end", ["window", "control c"])
def test_a_terminal_ended_by_its_player_is_back_at_its_seat_when_started_again(
    tmp_path: Path, end: str
) -> None:
    """Ending the program is not leaving the table: with its window closed (SIGHUP, and a
    terminal gone), or Control+C, the seat is kept as when the program is killed. Control+C
    says so before "Goodbye."; a closed window has nobody to tell."""
    before, after, said, _token, last = kill_and_return(tmp_path, 60, end)
    assert after == before
    assert KEPT in said
    if end == "control c":
        assert last == ("Your seat at the table is kept: connect again to take it back.\nGoodbye.")
    else:
        assert "Goodbye." not in last


REPLACED = "Your seat is now played in another window with your name: this one leaves the server."


def test_a_second_window_with_the_same_name_takes_the_seat_and_the_first_stops(
    tmp_path: Path,
) -> None:
    """Bruno starts the program again while his first window still plays (its data folder, so
    his kept seat): the new window takes the seat. The first says why once, goes back to the
    main menu and stays off the server; it never takes the seat back, so that the two never
    pass it to and fro. Anna never heard him leave, so she does not hear him "back" either
    (issue 32: "Carla is back at the table." without having heard she left)."""
    from tests.pty_program import Program

    server = ServerThread(tmp_path / "server")
    assert server.server is not None
    args = ["connect", f"127.0.0.1:{server.server.port}", "--name", "Bruno"]

    def waiting(program: Program, test: Callable[[list[str]], bool]) -> Awaitable[list[str]]:
        return asyncio.to_thread(program.wait_for, test, 90.0)

    async def main() -> tuple[list[str], list[str], list[dict[str, Any]]]:
        anna = Recorder(server.url, "Anna")
        await anna.open()
        await anna.send({"type": "create", "game": "scientific", "seats": ["person", "person"],
                         "options": {"players": 2}, "grace": 60})  # fmt: skip
        code = (await anna.expect("joined"))["table"]["id"]
        first = Program(args, tmp_path, name="first")
        second = None
        try:
            await waiting(first, lambda s: any("open." in t for t in s))
            first.press(["down", "enter", *code, "enter"])
            await presence(anna, "joined")
            await anna.send({"type": "start"})
            await waiting(first, lambda s: any("14 cards each" in t for t in s))
            second = Program(args, tmp_path, name="second")
            await waiting(second, lambda s: KEPT in s)
            said = await waiting(first, lambda s: REPLACED in s and s[-1].startswith("Main menu"))
            second.press(["w"])
            heard = await waiting(second, lambda s: any(t.startswith("Your hand,") for t in s))
            assert server.server is not None
            room = next(iter(server.server.rooms.values()))
            assert room.seats[1].peer is not None and room.seats[1].name == "Bruno"
            # Everything the server told Anna until now, then her own question's answer.
            await anna.send({"type": "who"})
            await anna.expect("who")
            return said, heard, list(anna.messages)
        finally:
            first.close()
            if second is not None:
                second.close()
            await anna.close()

    try:
        said, heard, to_anna = asyncio.run(main())
    finally:
        server.close()
    assert said.count(REPLACED) == 1
    assert not any(t.startswith("The connection to the server was lost") for t in said)
    assert KEPT in heard
    away = [m for m in to_anna if m.get("type") == "presence"
            and m.get("what") in ("dropped", "taken_over", "returned")]  # fmt: skip
    assert away == [], away


@pytest.mark.parametrize("where", ["table", "waiting room"])
def test_leaving_by_the_pause_menu_or_control_c_says_what_becomes_of_the_seat(
    tmp_path: Path, where: str
) -> None:
    """At a game in play, the pause menu's Quit to the main menu gives the seat up, says so,
    and closes the connection with the lobby (the name is free again at once). In the
    waiting room, Control+C keeps the seat and says so before "Goodbye.", as at a table."""
    from tests.pty_program import Program

    server = ServerThread(tmp_path / "server")
    assert server.server is not None
    names = server.server.names
    args = ["connect", f"127.0.0.1:{server.server.port}", "--name", "Bruno"]

    def waiting(program: Program, test: Callable[[list[str]], bool]) -> Awaitable[list[str]]:
        return asyncio.to_thread(program.wait_for, test, 90.0)

    async def main() -> list[str]:
        anna = Recorder(server.url, "Anna")
        await anna.open()
        await anna.send({"type": "create", "game": "scientific", "seats": ["person", "person"],
                         "options": {"players": 2}, "grace": 60})  # fmt: skip
        code = (await anna.expect("joined"))["table"]["id"]
        bruno = Program(args, tmp_path, name="bruno")
        try:
            await waiting(bruno, lambda s: any("open." in t for t in s))
            bruno.press(["down", "enter", *code, "enter"])
            await presence(anna, "joined")
            if where == "waiting room":
                await waiting(bruno, lambda s: any("Escape leaves;" in t for t in s))
                bruno.press(["c-c"])
                await asyncio.to_thread(bruno.finish, 30.0)
                await presence(anna, "dropped")  # a lost connection: the seat is kept
                return bruno.said()
            await anna.send({"type": "start"})
            await waiting(bruno, lambda s: any("14 cards each" in t for t in s))
            bruno.press(["escape"])
            await waiting(bruno, lambda s: s[-1].startswith("Pause."))
            bruno.press(["end", "enter"])
            said = await waiting(bruno, lambda s: s[-1].startswith("Main menu."))
            await presence(anna, "left")
            await asyncio.to_thread(until_gone, names, "bruno")
            return said
        finally:
            bruno.close()
            await anna.close()

    try:
        said = asyncio.run(main())
    finally:
        server.close()
    if where == "waiting room":
        assert said[-2:] == [
            "Your seat at the table is kept: connect again to take it back.",
            "Goodbye.",
        ]
    else:
        assert said[-2] == "You left the table and the server."


def until_gone(names: dict[str, Any], name: str) -> None:
    """Until the server no longer knows a connection by ``name``."""
    import time

    deadline = time.monotonic() + 30
    while name in names:
        assert time.monotonic() < deadline, f"{name} is still connected"
        time.sleep(0.05)


def test_a_seat_the_server_no_longer_keeps_is_forgotten_and_the_lobby_comes(tmp_path: Path) -> None:
    """A kept token the server does not know (the table ended): the player comes in without
    it, hears the lobby, and the token is gone from the file."""
    import argparse

    from prompt_toolkit.input import create_pipe_input

    from audiogame.online.commands import connect_screens
    from audiogame.testing import make_session
    from tests.online_support import until

    server = ServerThread(tmp_path / "server")
    assert server.server is not None
    url = f"ws://127.0.0.1:{server.server.port}/"
    kept = KeptSeats(tmp_path / "data" / FILE_NAME)
    kept.keep(url, "Bruno", "n0SuchT0kenAtAllForThisServer12", "ZZZZ")
    args = argparse.Namespace(address=f"127.0.0.1:{server.server.port}", name="Bruno",
                              password_file=None, tls=False, insecure=False,
                              data_dir=str(tmp_path / "data"))  # fmt: skip

    async def main() -> list[str]:
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, config_dir=tmp_path / "config")
            session.app.start(connect_screens(session.app, args))
            task = asyncio.ensure_future(session.app.run_async())
            await until(lambda: any("open." in t for t in session.spoken),
                        said=session)  # fmt: skip
            pipe.send_text("\x03")
            await task
            return list(session.spoken)

    try:
        said = asyncio.run(main())
    finally:
        server.close()
    assert KEPT not in said
    assert any(text.startswith("Connected to") for text in said)
    assert kept.token(url, "Bruno") is None


def test_a_page_back_at_a_cardavia_deal_under_way_says_the_cards_each_holds(
    tmp_path: Path,
) -> None:
    """Anna plays a few turns from a terminal's end, then takes her seat back from a page:
    its opening says how many cards each holds now, not the 16 of a new deal (where the deal
    stands, issue 32: the line after the opening)."""
    from websockets.asyncio.client import connect

    server = ServerThread(tmp_path / "server")

    async def main() -> tuple[list[str], list[int]]:
        anna = Recorder(server.url, "Anna")
        await anna.open()
        await anna.send({"type": "create", "game": "cardavia",
                         "seats": ["person", "bot:easy", "bot:easy"],
                         "options": {"pace": 0}})  # fmt: skip
        token = (await anna.expect("joined"))["token"]
        await anna.send({"type": "start"})
        message = await anna.expect("started")
        for _ in range(500):  # until Anna has played a card, and her turn has passed
            view = message.get("view") or {}
            if view.get("hand_counts", [16])[0] < 16 and view.get("awaiting") != 0:
                break
            if message.get("legal") and view.get("awaiting") == 0:
                plays = [action for action in message["legal"] if action != "pass"]
                await anna.send({"type": "act", "action": (plays or message["legal"])[0]})
            message = await anna.expect("update")
        counts = list(message["view"]["hand_counts"])
        await anna.close()
        said: list[str] = []
        async with connect(server.url) as page:
            await page.send(json.dumps({"type": "hello", "version": 1, "name": "Anna",
                                        "password": None, "token": token,
                                        "client": "browser", "lang": "en"}))  # fmt: skip
            while not any(text.startswith("Round ") for text in said):
                sent = json.loads(await asyncio.wait_for(page.recv(), 30))
                if sent.get("type") == "say" and sent.get("text"):
                    said.append(str(sent["text"]))
        return said, counts

    try:
        said, counts = asyncio.run(main())
    finally:
        server.close()
    opening = next(text for text in said if text.startswith("Cardavia online"))
    assert "16 cards each" not in opening
    standing = said[said.index(opening) + 1]
    assert standing.startswith("Round "), said
    assert f"Cards left: you {counts[0]}, " in standing, standing
    assert counts[0] < 16


def test_the_page_state_lines_say_the_table_once_on_your_turn(tmp_path: Path) -> None:
    """A page at Cardavia: when it is the player's turn with a play to beat, the state lines
    say what is on the table once ("Round 1. Your turn. On the table, from ..."), not again on
    a line of its own."""
    from websockets.asyncio.client import connect

    server = ServerThread(tmp_path / "server")

    async def main() -> list[str]:
        async with connect(server.url) as page:

            async def send(message: dict[str, object]) -> None:
                await page.send(json.dumps(message))

            await send({"type": "hello", "version": 1, "name": "Anna", "password": None,
                        "token": None, "client": "browser", "lang": "en"})  # fmt: skip
            await send({"type": "create", "game": "cardavia", "options": {"pace": 0},
                        "seats": ["person", "bot:easy", "bot:easy"]})  # fmt: skip
            await send({"type": "start"})
            for _ in range(500):
                message = json.loads(await asyncio.wait_for(page.recv(), 30))
                if message.get("type") != "show":
                    continue
                lines = [str(line) for line in message["lines"]]
                if lines and lines[0].startswith("Round") and "Your turn." in lines[0]:
                    return lines
                if lines and "you lead" in lines[0]:  # Anna leads: Tab, Enter plays
                    await send({"type": "key", "key": "tab"})
                    await send({"type": "key", "key": "enter"})
        raise AssertionError("never Anna's turn with a play to beat")

    try:
        lines = asyncio.run(main())
    finally:
        server.close()
    assert "On the table" in lines[0]
    assert not [line for line in lines[1:] if line in lines[0]], lines


def test_no_password_and_a_plain_connection_to_a_secure_server_are_told_as_such(
    tmp_path: Path,
) -> None:
    """No password to a server that asks for one: "needs a password", not "wrong password";
    a plain client at a server with a certificate: "connect with --tls", not "cannot be
    reached". Nothing is seated either way."""
    import shutil

    from audiogame.i18n import set_language
    from audiogame.online.client import Link, LinkError
    from audiogame.online.server import tls_context
    from audiogame.online.table_words import page_refusal_text, terminal_refusal_text
    from tests.online_support import running_server

    if shutil.which("openssl") is None:
        pytest.skip("needs openssl")
    from tests.test_online_tls import self_signed

    cert, key = self_signed(tmp_path)

    async def go() -> tuple[str, str, str]:
        async with running_server(tmp_path / "a", password="s3") as server:
            with pytest.raises(LinkError) as none:
                await Link(f"ws://127.0.0.1:{server.port}/", "Anna").open()
            with pytest.raises(LinkError) as wrong:
                await Link(f"ws://127.0.0.1:{server.port}/", "Anna", password="x").open()
        secure = tls_context(str(cert), str(key))
        async with running_server(tmp_path / "b", tls=secure) as server:
            with pytest.raises(LinkError) as plain:
                await Link(f"ws://127.0.0.1:{server.port}/", "Anna").open()
            assert not server.names
        return none.value.code, wrong.value.code, plain.value.code

    assert asyncio.run(go()) == ("password_needed", "bad_password", "needs_tls")
    set_language("en")
    assert terminal_refusal_text("needs_tls") == (
        "This server uses a secure connection: connect with --tls."
    )
    assert "password field" in page_refusal_text("password_needed")
    assert "--password-file" in terminal_refusal_text("password_needed")


def test_a_page_in_a_cardavia_match_hears_each_deal_number_and_gets_it_back(
    tmp_path: Path,
) -> None:
    """A page plays the first deal of a three-deal match by keys: the next deal is "Deal 2 of
    3.", and a page that takes the seat back then opens with deal 2 and the match totals."""
    from websockets.asyncio.client import connect

    from audiogame.presenters.table_screen import SETTLING

    server = ServerThread(tmp_path / "server")

    async def main() -> tuple[list[str], list[str]]:
        said: list[str] = []
        async with connect(server.url) as page:

            async def send(message: dict[str, object]) -> None:
                await page.send(json.dumps(message))

            async def next_message() -> dict[str, Any]:
                try:
                    message = json.loads(await asyncio.wait_for(page.recv(), 30))
                except TimeoutError:
                    raise AssertionError(f"nothing more; said last: {said[-6:]}") from None
                if message.get("type") == "say" and message.get("text"):
                    said.append(str(message["text"]))
                return dict(message)

            await send({"type": "hello", "version": 1, "name": "Anna", "password": None,
                        "token": None, "client": "browser", "lang": "en"})  # fmt: skip
            await send({"type": "create", "game": "cardavia", "options": {"pace": 0, "deals": 3},
                        "seats": ["person", "bot:easy", "bot:easy"]})  # fmt: skip
            token = None
            await send({"type": "start"})
            for _ in range(5000):
                message = await next_message()
                if message.get("type") == "joined":
                    token = message["token"]
                if message.get("type") == "say" and (
                    "Press Enter for deal 2 of 3." in said[-1:] or "has just ended" in said[-1]
                ):  # the next deal, once the end is no longer that recent (SETTLING)
                    await asyncio.sleep(SETTLING)
                    await send({"type": "key", "key": "enter"})
                if said and said[-1] == "Deal 2 of 3.":
                    break
                if message.get("type") != "show" or "Your turn" not in message["lines"][0]:
                    continue
                await send({"type": "key", "key": "tab"})
                while True:
                    answer = await next_message()
                    if answer.get("type") == "say" and answer.get("text"):
                        break
                key = "p" if "P passes" in str(answer["text"]) else "enter"
                await send({"type": "key", "key": key})
        back: list[str] = []
        async with connect(server.url) as page:
            await page.send(json.dumps({"type": "hello", "version": 1, "name": "Anna",
                                        "password": None, "token": token,
                                        "client": "browser", "lang": "en"}))  # fmt: skip
            while not any(text.startswith("Deal ") for text in back):
                message = json.loads(await asyncio.wait_for(page.recv(), 30))
                if message.get("type") == "say" and message.get("text"):
                    back.append(str(message["text"]))
        return said, back

    try:
        said, back = asyncio.run(main())
    finally:
        server.close()
    # The first deal is told by the opening ("a match of 3 deals"), the next ones by number.
    assert said[0].startswith("Cardavia online, a match of 3 deals. Order of play: you, ")
    assert said.count("Deal 1 of 3.") == 0 and said[-1] == "Deal 2 of 3."
    totals = next(text for text in said if text.startswith("Match totals: "))
    assert next(text for text in back if text.startswith("Deal ")) == "Deal 2 of 3."
    assert totals


@pytest.mark.parametrize("game", ["battle", "scientific"])
def test_a_page_back_at_a_battaglia_game_under_way_says_the_cards_each_owns(
    tmp_path: Path, game: str
) -> None:
    """Anna plays a few tricks of Battaglia (or Scientific Battle) from a terminal's end, then
    takes her seat back from a page: its opening says the cards each owns now ("Cards owned:
    you 30, Dario 22."), not the count of a new deal."""
    from websockets.asyncio.client import connect

    server = ServerThread(tmp_path / "server")
    opening_of = {"battle": "Battaglia online", "scientific": "Battaglia scientifica"}[game]

    async def main() -> tuple[list[str], list[int], int]:
        anna = Recorder(server.url, "Anna")
        await anna.open()
        await anna.send({"type": "create", "game": game, "seats": ["person", "bot:easy"],
                         "options": {"players": 2, "pace": 0}, "grace": 600})  # fmt: skip
        token = (await anna.expect("joined"))["token"]
        await anna.send({"type": "start"})
        message = await anna.expect("started")
        played = 0
        owned: list[int] = []
        total = 0  # every card of the game, all in the hands at the start
        for _ in range(500):  # until Anna has played three tricks and the counts differ
            view = message.get("view") or {}
            if "owned" in view:
                owned = list(view["owned"])
            else:
                counts = view["counts"]
                owned = [a + b for a, b in zip(counts["stock"], counts["won"], strict=True)]
            total = total or sum(owned)
            mine = message.get("legal") and 0 in (message.get("to_act") or [])
            if mine and played >= 3 and len(set(owned)) > 1:
                break
            if mine:
                await anna.send({"type": "act", "action": message["legal"][0]})
                played += 1
            message = await anna.expect("update")
        await anna.close()
        said: list[str] = []
        async with connect(server.url) as page:
            await page.send(json.dumps({"type": "hello", "version": 1, "name": "Anna",
                                        "password": None, "token": token,
                                        "client": "browser", "lang": "en"}))  # fmt: skip
            while not any(text.startswith(opening_of) for text in said):
                sent = json.loads(await asyncio.wait_for(page.recv(), 30))
                if sent.get("type") == "say" and sent.get("text"):
                    said.append(str(sent["text"]))
        return said, owned, total

    try:
        said, owned, total = asyncio.run(main())
    finally:
        server.close()
    opening = next(text for text in said if text.startswith(opening_of))
    assert "cards each" not in opening, opening
    # The counts as they stand when the page comes back: the computer player may have moved
    # since the terminal's last update (its card on the table), so the cards said add up to
    # the deck, less those on the table, rather than to one earlier snapshot.
    found = re.search(r"Cards owned: you (\d+), Bruno (\d+)\.(?: (\d+) cards? on the table)?",
                      opening)  # fmt: skip
    assert found is not None, opening
    you, bruno, table = (int(group or 0) for group in found.groups())
    assert you + bruno + table == total, opening
    assert len(set(owned)) > 1, owned
