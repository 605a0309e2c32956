"""Spectators as players meet them: one who leaves a started game is no longer counted and can
join another table; a computer player never has the name of anyone at the table, spectators
included; a terminal spectator hears who has chosen."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input

from audiogame.online.commands import connect_screens
from audiogame.testing import key_bytes, make_session
from tests.online_support import Recorder, Said, ServerThread, connect_args, until

pytestmark = pytest.mark.usefixtures("own_data_folder")


def test_a_terminal_spectator_leaves_a_started_game_and_joins_another_table(
    tmp_path: Path,
) -> None:
    """Dario watches Anna's running game, presses Escape: the server no longer counts him as
    watching, and he sits at Carla's table by its code."""
    server = ServerThread(tmp_path / "server")
    assert server.server is not None

    async def go() -> list[str]:
        anna = Recorder(server.url, "Anna")
        await anna.open()
        await anna.send({"type": "create", "game": "battle", "seats": ["person", "bot:easy"],
                         "options": {"players": 2, "deck": 32, "trick_limit": 100}})  # fmt: skip
        await anna.expect("joined")
        await anna.send({"type": "start"})
        await anna.expect("started")
        carla = Recorder(server.url, "Carla")
        await carla.open()
        await carla.send({"type": "create", "game": "battle", "seats": ["person", "person"],
                          "options": {"players": 2, "deck": 32, "trick_limit": 100}})  # fmt: skip
        code = (await carla.expect("joined"))["table"]["id"]
        assert server.server is not None
        anna_room = next(room for room in server.server.rooms.values() if room.id != code)
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, config_dir=tmp_path / "config")
            session.app.start(connect_screens(session.app, connect_args(server.server.port, "D")))
            task = asyncio.ensure_future(session.app.run_async())
            said = Said(session)
            await until(lambda: "2 tables open." in said, said=said)
            # Anna's table is full (listed after the tables still to start): its only choice
            # is to watch.
            pipe.send_text(key_bytes(["down", "down", "down", "enter"]))
            await until(lambda: "Watch, 1 of 1" in " ".join(said), said=said)
            pipe.send_text(key_bytes(["enter"]))
            await until(lambda: any(t.startswith("Watching") for t in said), said=said)
            assert [peer.name for peer in anna_room.watchers] == ["D"]
            pipe.send_text(key_bytes(["escape"]))
            await until(lambda: not anna_room.watchers, said=said)
            await until(lambda: list(said).count("2 tables open.") == 2, said=said)
            pipe.send_text(key_bytes(["home", "down", "enter", *code, "enter"]))
            await until(lambda: any("Enter starts the game" in t for t in said), said=said)
            joined = await carla.expect("presence")
            pipe.send_text(key_bytes(["c-c"]))
            await task
        await anna.close()
        await carla.close()
        assert joined["what"] == "joined" and joined["name"] == "D"
        return list(said)

    try:
        said = asyncio.run(go())
    finally:
        server.close()
    assert "Leave your table first." not in said


def test_computer_players_never_take_the_name_of_someone_at_the_table(tmp_path: Path) -> None:
    """Bruno watches before the game starts: the computer players are not "Bruno". Once the
    game runs, someone named like one of them cannot watch or sit there, and is told why."""
    server = ServerThread(tmp_path / "server")

    async def go() -> None:
        anna = Recorder(server.url, "Anna")
        await anna.open()
        await anna.send({"type": "create", "game": "cardavia",
                         "seats": ["person", "bot:easy", "bot:easy"], "options": {}})  # fmt: skip
        code = (await anna.expect("joined"))["table"]["id"]
        bruno = Recorder(server.url, "Bruno")
        await bruno.open()
        await bruno.send({"type": "watch", "table": code})
        await bruno.expect("joined")
        carla = Recorder(server.url, "Carla")  # in the lobby: she may come to watch
        await carla.open()
        await anna.send({"type": "start"})
        names = (await anna.expect("started"))["names"]
        watched = (await bruno.expect("started"))["names"]
        assert not {"Anna", "Bruno", "Carla"} & set(names)
        assert watched == ["Anna", *names]
        assert len({name.casefold() for name in watched}) == 3
        namesake = Recorder(server.url, names[0])
        await namesake.open()
        await namesake.send({"type": "watch", "table": code})
        refused = await namesake.expect("error")
        assert refused["code"] == "bot_name"
        await bruno.send({"type": "who"})
        who = await bruno.expect("who")
        assert who["watching"] == ["Bruno"]  # the namesake is not there
        for client in (anna, bruno, carla, namesake):
            await client.close()

    try:
        asyncio.run(go())
    finally:
        server.close()


def test_the_bot_name_refusal_is_said_in_both_languages() -> None:
    from audiogame import i18n
    from audiogame.online.table_words import page_refusal_text, terminal_refusal_text

    i18n.set_language("en")
    english = terminal_refusal_text("bot_name")
    assert english == page_refusal_text("bot_name")
    assert "computer player" in english
    i18n.set_language("it")
    try:
        assert terminal_refusal_text("bot_name") != english
    finally:
        i18n.set_language("en")


def test_who_is_here_names_every_computer_player_in_the_same_words_on_both_clients() -> None:
    """Each computer player by its name and level; seats whose words hold a comma are set
    apart by semicolons; the page says exactly what the terminal says."""
    from audiogame import i18n
    from audiogame.online.table_words import who_text
    from audiogame.web.seat import BrowserSeat

    i18n.set_language("en")
    message = {
        "type": "who",
        "seats": [
            {"kind": "person", "name": "Anna", "connected": True},
            {"kind": "person", "name": "Carla", "connected": True},
            {"kind": "bot", "level": "easy", "name": "Bruno"},
            {"kind": "person", "name": "Dario", "connected": False},
        ],
        "watching": ["Elena"],
    }
    terminal = who_text(message)
    assert terminal == (
        "At the table: Anna; Carla; Bruno, computer player (easy); Dario, disconnected."
        " Watching: Elena."
    )
    sent: list[dict[str, object]] = []
    BrowserSeat(sent.append, "en").outgoing(message)
    assert [m["text"] for m in sent if m["type"] == "say"] == [terminal]
    people = {**message, "seats": message["seats"][:2], "watching": []}
    assert who_text(people) == "At the table: Anna and Carla."


def test_a_terminal_spectator_hears_who_has_chosen(tmp_path: Path) -> None:
    """Scientific Battle watched from the terminal: "Anna has chosen." as the page says it,
    never the card before it is shown."""
    server = ServerThread(tmp_path / "server")
    assert server.server is not None

    async def go() -> list[str]:
        anna = Recorder(server.url, "Anna")
        await anna.open()
        await anna.send({"type": "create", "game": "scientific", "seats": ["person", "bot:easy"],
                         "options": {"players": 2}})  # fmt: skip
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
            started = await anna.expect("started")
            first = started["legal"][0]
            await anna.send({"type": "act", "action": first})
            await until(lambda: "Anna has chosen." in said, said=said)
            pipe.send_text(key_bytes(["c-c"]))
            await task
        await anna.close()
        return list(said)

    try:
        said = asyncio.run(go())
    finally:
        server.close()
    chosen = said.index("Anna has chosen.")
    assert not any(text.startswith("Anna: ") for text in said[:chosen])


def test_a_private_table_is_watched_by_its_code_from_the_terminal(tmp_path: Path) -> None:
    """Carla's private table is not listed; Dario types its code under "Watch a table by its
    code" and watches it."""
    server = ServerThread(tmp_path / "server")
    assert server.server is not None

    async def go() -> list[str]:
        carla = Recorder(server.url, "Carla")
        await carla.open()
        await carla.send({"type": "create", "game": "battle", "seats": ["person", "bot:easy"],
                          "options": {"players": 2, "deck": 32, "trick_limit": 100},
                          "private": True})  # fmt: skip
        code = (await carla.expect("joined"))["table"]["id"]
        await carla.send({"type": "start"})
        assert server.server is not None
        room = server.server.rooms[code]
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, config_dir=tmp_path / "config")
            session.app.start(connect_screens(session.app, connect_args(server.server.port, "D")))
            task = asyncio.ensure_future(session.app.run_async())
            said = Said(session)
            await until(lambda: "0 tables open." in said, said=said)
            pipe.send_text(key_bytes(["down", "down"]))
            await until(lambda: any(t.startswith("Watch a table by its code") for t in said),
                        said=said)  # fmt: skip
            pipe.send_text(key_bytes(["enter", *code, "enter"]))
            await until(lambda: any(t.startswith("Watching") for t in said), said=said)
            assert [peer.name for peer in room.watchers] == ["D"]
            pipe.send_text(key_bytes(["c-c"]))
            await task
        await carla.close()
        return list(said)

    try:
        asyncio.run(go())
    finally:
        server.close()


def test_the_new_table_form_keeps_the_last_choices_and_sets_the_pace(tmp_path: Path) -> None:
    """Anna makes a Cardavia table with its computer players at 2 seconds a move, leaves it,
    and opens the form again: Cardavia and the same pace are offered."""
    server = ServerThread(tmp_path / "server")
    assert server.server is not None

    async def go() -> tuple[list[str], float]:
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, config_dir=tmp_path / "config")
            session.app.start(connect_screens(session.app, connect_args(server.server.port, "A")))
            task = asyncio.ensure_future(session.app.run_async())
            said = Said(session)
            await until(lambda: "0 tables open." in said, said=said)
            pipe.send_text(key_bytes(["enter", "down", "right", "right"]))
            await until(lambda: any(t.startswith("Game: Cardavia") for t in said), said=said)
            pipe.send_text(key_bytes(["end"]))
            await until(lambda: any(t.startswith("Computer players' pace: 1.5 seconds")
                                    for t in said), said=said)  # fmt: skip
            pipe.send_text(key_bytes(["right"]))
            await until(lambda: any(t.startswith("Computer players' pace: 2 seconds")
                                    for t in said), said=said)  # fmt: skip
            pipe.send_text(key_bytes(["home", "enter"]))
            await until(lambda: any("Enter starts" in t for t in said), said=said)
            assert server.server is not None
            pace = float(next(iter(server.server.rooms.values())).config["pace"])
            before = len(list(said))
            pipe.send_text(key_bytes(["escape"]))
            # The table, left before its start, is gone: "0 tables open."
            await until(lambda: "0 tables open." in list(said)[before:], said=said)
            pipe.send_text(key_bytes(["home", "enter", "down"]))
            await until(lambda: any(t.startswith("Game: ") for t in list(said)[before:]),
                        said=said)  # fmt: skip
            pipe.send_text(key_bytes(["end"]))
            await until(lambda: any(t.startswith("Computer players' pace")
                                    for t in list(said)[before:]), said=said)  # fmt: skip
            pipe.send_text(key_bytes(["c-c"]))
            await task
            return list(said)[before:], pace

    try:
        again, pace = asyncio.run(go())
    finally:
        server.close()
    assert pace == 2
    assert next(t for t in again if t.startswith("Game: ")).startswith("Game: Cardavia")
    assert next(t for t in again if t.startswith("Computer players' pace")).startswith(
        "Computer players' pace: 2 seconds"
    )


def test_a_lost_connection_in_the_lobby_comes_back_to_the_lobby_and_play_online_remembers(
    tmp_path: Path,
) -> None:
    """The server goes away while Dario is in the lobby and comes back on the same port: he is
    connected again and hears the list, never sent to the main menu. The main menu's Play
    online then offers the server and name he connected with, and a password item."""
    from audiogame.online.connect_menu import ConnectMenu

    first = ServerThread(tmp_path / "server")
    assert first.server is not None
    port = first.server.port
    servers = [first]

    async def go() -> tuple[list[str], list[str]]:
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, config_dir=tmp_path / "config")
            session.app.start(connect_screens(session.app, connect_args(port, "D")))
            task = asyncio.ensure_future(session.app.run_async())
            said = Said(session)
            await until(lambda: "0 tables open." in said, said=said)
            first.stop()
            first.thread.join(30)
            servers.append(ServerThread(tmp_path / "server", port=port))
            await until(lambda: "Connected again." in said, said=said)
            await until(lambda: list(said).count("0 tables open.") == 2, said=said)
            menu = ConnectMenu(session.app)
            labels = [item.label() for item in menu.items()]
            pipe.send_text(key_bytes(["c-c"]))
            await task
            return list(said), labels

    try:
        said, labels = asyncio.run(go())
    finally:
        for server in servers:
            server.close()
    assert "The connection to the server was lost." not in said
    assert not any(t.startswith("Main menu") for t in said[1:])
    assert labels[:3] == [f"Server: 127.0.0.1:{port}", "Your name: D", "Password: none"]


def test_a_seat_taken_meanwhile_is_refused_and_the_list_comes_back_as_it_is(
    tmp_path: Path,
) -> None:
    """Dario's list still shows a free seat that Carla has just taken: "Every seat of that
    table is taken.", and the lobby hears the list again, where the table now offers only
    Watch."""
    server = ServerThread(tmp_path / "server")
    assert server.server is not None

    async def go() -> list[str]:
        anna = Recorder(server.url, "Anna")
        await anna.open()
        await anna.send({"type": "create", "game": "battle", "seats": ["person", "person"],
                         "options": {"players": 2, "deck": 32, "trick_limit": 100}})  # fmt: skip
        code = (await anna.expect("joined"))["table"]["id"]
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, config_dir=tmp_path / "config")
            session.app.start(connect_screens(session.app, connect_args(server.server.port, "D")))
            task = asyncio.ensure_future(session.app.run_async())
            said = Said(session)
            await until(lambda: any(t.startswith("1 table open.") for t in said), said=said)
            carla = Recorder(server.url, "Carla")
            await carla.open()
            await carla.send({"type": "join", "table": code})
            await carla.expect("joined")
            pipe.send_text(key_bytes(["down", "down", "enter"]))
            await until(lambda: "Sit at a free seat, 1 of 2" in " ".join(said), said=said)
            pipe.send_text(key_bytes(["enter"]))
            await until(lambda: "Every seat of that table is taken." in said, said=said)
            await until(lambda: list(said).count("1 table open.") == 2, said=said)
            pipe.send_text(key_bytes(["home", "down", "down", "enter"]))
            await until(lambda: "Watch, 1 of 1" in " ".join(said), said=said)
            pipe.send_text(key_bytes(["c-c"]))
            await task
        await anna.close()
        await carla.close()
        return list(said)

    try:
        asyncio.run(go())
    finally:
        server.close()
