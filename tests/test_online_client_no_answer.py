"""A server that never answers: the terminal client gives up after a bound (15 s; a test's
client is given half a second) and says one sentence in the player's language, then the main
menu; and nothing but the program's sentences reaches the terminal (what the program logs goes
to its log file). Real connections to servers written here: one that opens the WebSocket and
never answers the hello, one that accepts the TCP connection and never says a word."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from websockets.asyncio.server import ServerConnection, serve

from audiogame.app.places import main_menu
from audiogame.online.client import ANSWER_WITHIN, Link, LinkError
from audiogame.online.screens import Connecting
from audiogame.online.terminal import OnlinePlay
from audiogame.testing import key_bytes, make_session
from tests.menu_games import main_menu_said
from tests.online_support import Said, until

pytestmark = pytest.mark.usefixtures("own_data_folder")

NO_ANSWER = {
    "en": "The server did not answer; disconnected.",
    "it": "Il server non ha risposto; disconnesso.",
}
CONNECTING = {"en": "Connecting to 127.0.0.1:{port}.", "it": "Connessione a 127.0.0.1:{port}."}


class Silent:
    """A WebSocket server that reads the hello and never answers; ``closed`` is set when the
    client has gone."""

    def __init__(self) -> None:
        self.hellos = 0
        self.closed = asyncio.Event()

    async def handler(self, ws: ServerConnection) -> None:
        await ws.recv()
        self.hellos += 1
        await ws.wait_closed()
        self.closed.set()


def test_the_default_bound_is_fifteen_seconds() -> None:
    assert ANSWER_WITHIN == 15.0


def test_the_link_gives_up_on_a_server_that_never_answers_the_hello() -> None:
    async def go() -> tuple[str, int, bool]:
        silent = Silent()
        async with serve(silent.handler, "127.0.0.1", 0) as listener:
            port = next(iter(listener.sockets)).getsockname()[1]
            link = Link(f"ws://127.0.0.1:{port}/", "Anna", answer_within=0.5)
            with pytest.raises(LinkError) as refused:
                await asyncio.wait_for(link.open(), 30)
            await asyncio.wait_for(silent.closed.wait(), 30)
            return refused.value.code, silent.hellos, silent.closed.is_set()

    assert asyncio.run(go()) == ("no_answer", 1, True)


def test_the_link_gives_up_on_a_port_that_accepts_and_never_says_a_word() -> None:
    async def go() -> tuple[str, bool]:
        gone = asyncio.Event()

        async def mute(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            while await reader.read(4096):  # what the client sends, never answered
                pass
            writer.close()
            gone.set()

        listener = await asyncio.start_server(mute, "127.0.0.1", 0)
        async with listener:
            port = listener.sockets[0].getsockname()[1]
            link = Link(f"ws://127.0.0.1:{port}/", "Anna", answer_within=0.5)
            with pytest.raises(LinkError) as refused:
                await asyncio.wait_for(link.open(), 30)
            await asyncio.wait_for(gone.wait(), 30)
            return refused.value.code, gone.is_set()

    assert asyncio.run(go()) == ("unreachable", True)


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_program_says_the_server_did_not_answer_then_the_main_menu(
    tmp_path: Path, language: str
) -> None:
    async def go() -> tuple[list[str], int]:
        silent = Silent()
        async with serve(silent.handler, "127.0.0.1", 0) as listener:
            port = next(iter(listener.sockets)).getsockname()[1]
            with create_pipe_input() as pipe:
                session = make_session(
                    input=pipe, language=language, config_dir=tmp_path / "config"
                )
                app = session.app
                play = OnlinePlay(app, f"127.0.0.1:{port}", "Anna", answer_within=0.5)
                app.application.pre_run_callables.append(play.start)
                app.start([main_menu()(app), Connecting(app, play)])
                task = asyncio.ensure_future(app.run_async())
                said = Said(session)
                menu = main_menu_said(language)
                await until(lambda: menu in said, said=said)
                await asyncio.wait_for(silent.closed.wait(), 30)
                pipe.send_text(key_bytes(["c-c"]))
                await asyncio.wait_for(task, 30)
            return list(said), port

    said, port = asyncio.run(go())
    after = said[said.index(CONNECTING[language].format(port=port)) :]
    assert after[:3] == [
        CONNECTING[language].format(port=port),
        NO_ANSWER[language],
        main_menu_said(language),
    ]


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_nothing_but_the_programs_sentence_reaches_the_terminal(tmp_path: Path) -> None:
    """A server that sends what the program does not understand: the program logs what it was
    to its log file, and the terminal (its standard error, where Python prints a warning nobody
    handles, and the screen) shows only the program's sentences."""
    from tests.pty_program import Program
    from tests.test_online_hostile_server import HOSTILE, NOT_UNDERSTOOD, HostileServer

    server = HostileServer(HOSTILE["not JSON"])
    program = Program(["connect", f"127.0.0.1:{server.port}", "--name", "Anna"], tmp_path)
    try:
        said = program.wait_for(lambda lines: main_menu_said("en") in lines, 90.0)
        screen = program.screen()
    finally:
        program.close()
        server.close()
    errors = program.process.stderr.read().decode() if program.process.stderr else ""
    assert said[-2:] == [NOT_UNDERSTOOD["en"], main_menu_said("en")]
    assert errors == ""
    assert "JSON" not in screen and "does not understand:" not in screen
    log = (tmp_path / "logs" / "audiogame.log").read_text(encoding="utf-8")
    assert "the server sent what this program does not understand: JSON is malformed" in log
