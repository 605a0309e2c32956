"""The terminal program at an online table, driven by keys: the same words and keys as offline,
plus who is here, chat, and what is said when others come and go."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import PipeInput, create_pipe_input

from audiogame.online.commands import connect_screens
from audiogame.settings import Settings
from audiogame.testing import Session, key_bytes, make_session, opening
from tests.menu_games import main_menu
from tests.online_support import (
    Recorder,
    Said,
    ServerThread,
    connect_args,
    more_than,
    play_out,
    until,
)

STOPPING = "The server is stopping; your table is saved. Trying to reconnect."


# The seats the program keeps go to the test's folder, not the user's.
pytestmark = pytest.mark.usefixtures("own_data_folder")


Checks = Callable[[PipeInput, Session, Recorder], Awaitable[None]]
"""What a test does at the table: Anna's keys, her program, Bruno."""


async def at_table(
    server: ServerThread, keys_and_checks: Checks, tmp_path: Path, **create: Any
) -> tuple[Session, Recorder]:
    """Anna in the terminal program, Bruno a protocol client; Bruno creates a table of
    Battaglia for two (``create``: more of the table's setup), Anna joins it by its code,
    Bruno starts."""
    bruno = Recorder(server.url, "Bruno")
    await bruno.open()
    await bruno.send(
        {
            "type": "create",
            "game": "battle",
            "seats": ["person", "person"],
            "options": {"players": 2, "deck": 32, "trick_limit": 100},
            **create,
        }
    )
    joined = await bruno.expect("joined")
    code = joined["table"]["id"]
    with create_pipe_input() as pipe:
        session = make_session(input=pipe, config_dir=tmp_path / "config")
        session.app.start(connect_screens(session.app, connect_args(server.server.port, "Anna")))
        task = asyncio.ensure_future(session.app.run_async())
        said = Said(session)
        await until(lambda: any("Online tables" in text for text in said), said=said)
        pipe.send_text(key_bytes(["down", "enter", *code, "enter"]))
        await until(lambda: any("Enter starts the game" in text for text in said), said=said)
        await bruno.expect("presence")
        await bruno.send({"type": "start"})
        await until(lambda: any(text.startswith("Battaglia online") for text in said), said=said)
        await keys_and_checks(pipe, session, bruno)
        pipe.send_text(key_bytes(["c-c"]))
        await task
    await bruno.close()
    return session, bruno


def test_a_player_at_an_online_table_hears_the_game_as_offline(tmp_path: Path) -> None:
    server = ServerThread(tmp_path / "server")

    async def play(pipe: PipeInput, session: Session, bruno: Recorder) -> None:
        said = Said(session)
        start = await bruno.expect("started")
        assert start["legal"] == ["flip"]
        pipe.send_text(key_bytes(["space"]))
        await bruno.expect("update")  # Anna has turned up her card: Bruno's turn
        await until(lambda: "Waiting for Bruno." in said, said=said)
        await bruno.send({"type": "act", "action": "flip"})
        await until(lambda: any(t.startswith("You: ") for t in said), said=said)
        await until(lambda: any(" take" in t for t in said), said=said)
        pipe.send_text(key_bytes(["e"]))
        await until(lambda: any(t.startswith("Cards owned: you") for t in said), said=said)
        pipe.send_text(key_bytes(["d"]))
        await until(lambda: "At an online table the deal stays secret." in said, said=said)
        await bruno.send({"type": "chat", "text": "well played"})
        await until(lambda: "Bruno says: well played" in said, said=said)
        pipe.send_text(key_bytes(["f5"]))
        await until(lambda: "At the table: Anna and Bruno." in said, said=said)
        pipe.send_text(key_bytes(["f6"]))
        await until(lambda: any(t.startswith("Message to the table.") for t in said), said=said)
        sent_from = len(session.spoken)
        pipe.send_text(key_bytes([*"hello", "enter"]))
        message = await bruno.expect("chat")
        if message["name"] == "Bruno":  # his own, sent back to everyone at the table
            message = await bruno.expect("chat")
        assert message == {"type": "chat", "name": "Anna", "text": "hello"}
        await until(lambda: "Anna says: hello" in said, said=said)
        # Her message sent, she hears it, and not the table told again before it.
        recorded = [t for t in session.spoken[sent_from:] if t not in "hello"]
        assert recorded[0] == "Anna says: hello", recorded

    try:
        session, _ = asyncio.run(at_table(server, play, tmp_path))
    finally:
        server.close()
    said = session.spoken
    opening = next(t for t in said if t.startswith("Battaglia online"))
    assert opening == "Battaglia online: you and Bruno. 16 cards each."
    assert not any("deal" in t.lower() and any(ch.isdigit() for ch in t) for t in said)


async def alone_against_computers(
    server: ServerThread,
    tmp_path: Path,
    game_steps: int,
    turn_keys: list[str],
    settings: Settings | None = None,
) -> Said:
    """Anna creates a table by keys (the game ``game_steps`` to the right of Battaglia, the
    other seats computer players), starts it, and presses ``turn_keys`` until the end."""
    with create_pipe_input() as pipe:
        session = make_session(
            input=pipe,
            config_dir=tmp_path / "config",
            settings=settings or Settings(language="en", pace=0),
        )
        session.app.start(connect_screens(session.app, connect_args(server.server.port, "Anna")))
        task = asyncio.ensure_future(session.app.run_async())
        said = Said(session)
        await until(lambda: any("Online tables" in text for text in said), said=said)
        pipe.send_text(key_bytes(["enter", "down", *["right"] * game_steps, "home", "enter"]))
        await until(lambda: any("Enter starts" in text for text in said), said=said)
        pipe.send_text(key_bytes(["enter"]))
        end = "Press Enter to go back to the tables."
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 120
        while end not in said and loop.time() < deadline:
            pipe.send_text(key_bytes(turn_keys))
            await asyncio.sleep(0.02)
        pipe.send_text(key_bytes(["c-c"]))
        await task
    return said


def test_a_whole_online_deal_of_cardavia_by_keys(tmp_path: Path) -> None:
    server = ServerThread(tmp_path / "server")
    try:
        said = list(
            asyncio.run(alone_against_computers(server, tmp_path, 2, ["tab", "enter", "p"]))
        )
    finally:
        server.close()
    assert said[said.index(next(t for t in said if t.startswith("Cardavia online"))) :]
    # The player's own plays are said "You: pair of nines.", a pass "You pass."
    assert any(t.startswith(("You: ", "You pass")) for t in said), said[-20:]
    # The end of the deal: "Bruno goes out and wins the deal." or "You go out and win the deal!"
    over = next(i for i, t in enumerate(said) if "win the deal" in t or "wins the deal" in t)
    # Online, Enter after the deal leads back to the list of tables, and says so (a key of the
    # last burst may already have gone there: the list's own words may follow).
    assert "Press Enter to go back to the tables." in said[over:]
    assert "Press Enter to go back to the game setup." not in said


def test_a_whole_online_game_of_scientific_battle_by_keys(tmp_path: Path) -> None:
    server = ServerThread(tmp_path / "server")
    try:
        said = list(asyncio.run(alone_against_computers(server, tmp_path, 1, ["enter", "enter"])))
    finally:
        server.close()
    assert any(t.startswith("Battaglia scientifica: you and ") for t in said)
    assert any(t.startswith("You choose: ") for t in said)
    assert any(t.startswith("Game over") for t in said), said[-10:]


def test_a_server_that_cannot_be_reached_is_said_and_the_menu_comes_back(tmp_path: Path) -> None:
    import socket

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    async def go() -> Said:
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, config_dir=tmp_path / "config")
            session.app.start(connect_screens(session.app, connect_args(port, "Anna")))
            task = asyncio.ensure_future(session.app.run_async())
            said = Said(session)
            await until(lambda: any("cannot be reached" in text for text in said), said=said)
            pipe.send_text(key_bytes(["down"]))
            await until(lambda: any(t.startswith("Battaglia scientifica") for t in said), said=said)
            pipe.send_text(key_bytes(["c-c"]))
            await task
            return said

    said = list(asyncio.run(go()))
    assert "The server cannot be reached: check its address, or try again later." in said


def test_a_dropped_connection_comes_back_to_the_table_on_its_own(tmp_path: Path) -> None:
    server = ServerThread(tmp_path / "server")

    async def drop_and_return(pipe: PipeInput, session: Session, bruno: Recorder) -> None:
        said = Said(session)
        await bruno.expect("started")
        conn = server.server.names["anna"]
        asyncio.run_coroutine_threadsafe(conn.ws.close(1011, "test"), server.loop)
        await until(lambda: "Back at the table." in said, said=said)
        what = [(await bruno.expect("presence"))["what"] for _ in range(2)]
        assert what == ["dropped", "returned"]
        pipe.send_text(key_bytes(["space"]))
        await bruno.expect("update")  # her key reaches the table again

    try:
        session, _ = asyncio.run(at_table(server, drop_and_return, tmp_path))
    finally:
        server.close()
    said = session.spoken
    lost = said.index("The connection to the server was lost: trying to reconnect.")
    assert said[lost + 1] == "Back at the table."


def test_a_stopping_server_is_said_once_and_the_seat_comes_back_when_it_returns(
    tmp_path: Path,
) -> None:
    """The server stops (as on SIGTERM) and starts again on the same port: Anna hears the
    page's sentence, not followed by "the connection was lost", and is back at her table."""
    first = ServerThread(tmp_path / "server")
    servers = [first]

    async def stop_and_return(pipe: PipeInput, session: Session, bruno: Recorder) -> None:
        said = Said(session)
        await bruno.expect("started")
        port = first.server.port
        first.stop()
        await until(lambda: STOPPING in said, said=said)
        first.thread.join(30)
        servers.append(ServerThread(tmp_path / "server", port=port))
        await until(lambda: "Back at the table." in said, said=said)

    try:
        session, _ = asyncio.run(at_table(first, stop_and_return, tmp_path))
    finally:
        for server in servers:
            server.close()
    said = session.spoken
    stopping = said.index(STOPPING)
    assert said[stopping + 1 :].count("Back at the table.") == 1
    assert not [text for text in said if "connection to the server was lost" in text]


def test_the_new_table_form_sets_each_seat_level_the_grace_and_the_turn_timer(
    tmp_path: Path,
) -> None:
    """Bruno's table lists its computer player's level; Anna's form, by keys, gives each
    computer seat its own level (expert too), a grace period and a turn timer, and the
    server keeps them."""
    server = ServerThread(tmp_path / "server")

    async def go() -> tuple[Said, dict[str, Any], dict[str, Any], Any]:
        bruno = Recorder(server.url, "Bruno")
        await bruno.open()
        await bruno.send({"type": "create", "game": "cardavia",
                          "seats": ["person", "bot:hard", "person"]})  # fmt: skip
        bruno_table = (await bruno.expect("joined"))["table"]["id"]
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, config_dir=tmp_path / "config")
            anna = connect_args(server.server.port, "Anna")
            session.app.start(connect_screens(session.app, anna))
            task = asyncio.ensure_future(session.app.run_async())
            said = Said(session)
            await until(lambda: any(t.startswith("1 table open.") for t in said), said=said)
            pipe.send_text(key_bytes(["down", "down"]))
            code = " ".join(bruno_table)
            listed = f"Cardavia, table {code}: Bruno and computer player (hard), 1 free seat"
            await until(lambda: any(t.startswith(listed) for t in said), said=said)
            pipe.send_text(key_bytes(["home", "enter", "down", "right", "right"]))
            await until(lambda: any(t.startswith("Game: Cardavia") for t in said), said=said)
            pipe.send_text(key_bytes(["down", "down", "right", "right", "down", "left"]))
            await until(lambda: any(t.startswith("Seat 3: computer player, easy") for t in said),
                        said=said)  # fmt: skip
            pipe.send_text(key_bytes(["down", "down", "right", "down", "right"]))
            await until(lambda: any(t.startswith("Turn timer: 30 seconds") for t in said),
                        said=said)  # fmt: skip
            pipe.send_text(key_bytes(["home", "enter"]))
            await until(lambda: any("Enter starts" in t for t in said), said=said)
            await bruno.send({"type": "list"})
            lobby = await bruno.expect("lobby")
            mine = next(t for t in lobby["tables"] if t["id"] != bruno_table)
            room = server.server.rooms[mine["id"]]  # gone once Anna's program ends
            pipe.send_text(key_bytes(["c-c"]))
            await task
        await bruno.close()
        theirs = next(t for t in lobby["tables"] if t["id"] == bruno_table)
        return said, mine, theirs, room

    try:
        said, mine, theirs, room = asyncio.run(go())
    finally:
        server.close()
    assert "Seat 2: computer player, expert (up to a second a move)" in said
    assert "Grace period after a drop: 120 seconds" in said
    assert [seat.get("level") for seat in theirs["seats"]] == [None, "hard", None]
    assert [seat["kind"] for seat in mine["seats"]] == ["person", "bot", "bot"]
    assert [seat.get("level") for seat in mine["seats"]] == [None, "expert", "easy"]
    assert (room.grace, room.turn_timer) == (120, 30)


def test_a_choice_arriving_between_two_enters_does_not_undo_the_first(tmp_path: Path) -> None:
    """Battaglia scientifica online: Anna's first Enter says the card; Bruno's choice arrives;
    her second Enter chooses that card instead of saying it again."""
    server = ServerThread(tmp_path / "server")

    async def go() -> list[str]:
        bruno = Recorder(server.url, "Bruno")
        await bruno.open()
        await bruno.send({"type": "create", "game": "scientific", "seats": ["person", "person"],
                          "options": {"players": 2, "trick_limit": 100}})  # fmt: skip
        code = (await bruno.expect("joined"))["table"]["id"]
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, config_dir=tmp_path / "config")
            session.app.start(connect_screens(session.app, connect_args(server.server.port, "A")))
            task = asyncio.ensure_future(session.app.run_async())
            said = Said(session)
            await until(lambda: any("Online tables" in t for t in said), said=said)
            pipe.send_text(key_bytes(["down", "enter", *code, "enter"]))
            await bruno.expect("presence")
            await bruno.send({"type": "start"})
            stream = await bruno.expect("started")
            await until(lambda: any(t.startswith("Your hand") for t in said), said=said)
            told = 0
            for trick in range(3):
                pipe.send_text(key_bytes(["enter"]))
                await until(more_than(trick, said, lambda t: "Enter again" in t), said=said)
                await bruno.send({"type": "act", "action": stream["legal"][0]})
                mine = await bruno.expect("update")
                while mine["by"] != 0:  # his own choice, taken (Anna's stream has it before)
                    mine = await bruno.expect("update")
                for asked in range(1, 100):  # T, until Anna's program has Bruno's choice
                    pipe.send_text(key_bytes(["t"]))
                    trick_lines = more_than(
                        asked + told - 1, said, lambda t: t.startswith("Trick ")
                    )
                    await until(trick_lines, said=said)
                    if "Chosen: Bruno" in [t for t in said if t.startswith("Trick ")][-1]:
                        break
                told += asked
                pipe.send_text(key_bytes(["enter"]))
                await until(more_than(trick, said, lambda t: t.startswith("You choose")), said=said)
                stream = await bruno.expect("update")
                while not stream.get("legal") or (stream.get("view") or {}).get("my_choice"):
                    stream = await bruno.expect("update")
            pipe.send_text(key_bytes(["c-c"]))
            await task
        await bruno.close()
        return list(said)

    try:
        said = asyncio.run(go())
    finally:
        server.close()
    firsts = [i for i, t in enumerate(said) if t.endswith("Enter again chooses it.")]
    assert len(firsts) == 3, said
    for index in firsts:
        card = said[index].split(",")[0]
        answer = next(t for t in said[index + 1 :] if not t.startswith("Trick "))
        assert answer == f"You choose: {card}.", said


def test_the_terminal_program_watching_hears_every_seat_by_its_name(tmp_path: Path) -> None:
    """Dario watches Anna's game of Battaglia from the terminal program: Anna is "Anna" to him,
    never "you"."""
    server = ServerThread(tmp_path / "server")

    async def go() -> list[str]:
        anna = Recorder(server.url, "Anna")
        await anna.open()
        await anna.send({"type": "create", "game": "battle", "seats": ["person", "bot:greedy"],
                         "options": {"players": 2, "deck": 32, "trick_limit": 100}})  # fmt: skip
        await anna.expect("joined")
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, config_dir=tmp_path / "config")
            session.app.start(connect_screens(session.app, connect_args(server.server.port, "D")))
            task = asyncio.ensure_future(session.app.run_async())
            said = Said(session)
            await until(lambda: any(t.startswith("1 table open.") for t in said), said=said)
            pipe.send_text(key_bytes(["down", "down", "enter", "down", "enter"]))  # Watch
            await anna.expect("presence")
            await anna.send({"type": "start"})
            await play_out(anna, 3, await anna.expect("started"))
            await until(lambda: any(t.startswith("Game over") for t in said), said=said)
            pipe.send_text(key_bytes(["c-c"]))
            await task
        await anna.close()
        return list(said)

    try:
        said = asyncio.run(go())
    finally:
        server.close()
    watched = said[next(i for i, t in enumerate(said) if t.startswith("Watching")) :]
    assert any(t.startswith("Anna: ") for t in watched), watched
    assert not [t for t in watched if re.search(r"\byou(r)?\b", t, re.IGNORECASE)], watched


def test_the_turn_timer_moving_for_the_player_is_said(tmp_path: Path) -> None:
    """Anna presses nothing: the turn timer warns her, then a computer player turns up her card,
    and she hears that it did, then her card."""
    server = ServerThread(tmp_path / "server")
    timed_out = "Your time ran out: a computer player moved for you."

    async def wait(pipe: PipeInput, session: Session, bruno: Recorder) -> None:
        said = Said(session)
        await until(lambda: timed_out in said, said=said)
        await until(lambda: any(t.startswith("You: ") for t in said), said=said)

    try:
        session, _ = asyncio.run(at_table(server, wait, tmp_path, turn_timer=1))
    finally:
        server.close()
    said = session.spoken
    told = said.index(timed_out)
    assert said.count(timed_out) == 1
    # One second of warning for a one-second timer: "second", not "seconds".
    assert "Your time is running out: in 1 second a computer player moves for you." in said[:told]
    assert said[told + 1].startswith("You: "), said[told:]


def test_disconnect_comes_back_to_the_main_menu_which_says_its_name(tmp_path: Path) -> None:
    server = ServerThread(tmp_path / "server")

    async def go() -> list[str]:
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, config_dir=tmp_path / "config")
            port = server.server.port
            session.app.start(connect_screens(session.app, connect_args(port, "Anna")))
            task = asyncio.ensure_future(session.app.run_async())
            said = Said(session)
            await until(lambda: any("Online tables" in text for text in said), said=said)
            pipe.send_text(key_bytes(["end", "enter", "enter"]))  # Disconnect, the last item
            await until(lambda: "Disconnected." in said, said=said)
            pipe.send_text(key_bytes(["c-c"]))
            await task
            return list(session.spoken)

    try:
        said = asyncio.run(go())
    finally:
        server.close()
    after = said[said.index("Disconnected.") + 1]
    assert after.startswith("Main menu. "), said


def test_disconnect_from_play_online_comes_back_to_its_menu_by_name(tmp_path: Path) -> None:
    server = ServerThread(tmp_path / "server")

    async def go() -> list[str]:
        online = {"online": {"server": f"127.0.0.1:{server.server.port}", "name": "Anna"}}
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, settings=Settings(extra=online))
            session.app.start(opening(session.app, None, None))
            task = asyncio.ensure_future(session.app.run_async())
            said = Said(session)
            pipe.send_text(
                key_bytes([*["down"] * main_menu().index("Play online"), "enter", "end", "enter"])
            )
            await until(lambda: any("Online tables" in text for text in said), said=said)
            pipe.send_text(key_bytes(["end", "enter", "enter"]))
            await until(lambda: "Disconnected." in said, said=said)
            pipe.send_text(key_bytes(["c-c"]))
            await task
            return list(session.spoken)

    try:
        said = asyncio.run(go())
    finally:
        server.close()
    assert said[said.index("Disconnected.") + 1] == "Play online. Connect, 4 of 4", said
