"""A hostile server against the terminal client (issue 35, finding 6): a real WebSocket server
in this test greets ``audiogame connect`` (the real program, in a pseudo-terminal) and then
sends what no server of the protocol sends. The program says one sentence, in the player's
language, and is back at its main menu: no crash log, never silent."""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve

from audiogame.online.client import Link, LinkError
from audiogame.online.messages import VERSION
from tests.menu_games import main_menu_said

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")

NOT_UNDERSTOOD = {
    "en": "The server sent something this program does not understand; disconnected.",
    "it": "Il server ha mandato qualcosa che questo programma non capisce; disconnesso.",
}

DEEP = "[" * 100_000 + "]" * 100_000

TABLE = {"id": "K7QX", "game": "battle", "options": {}, "started": True,
         "seats": [{"kind": "person"}, {"kind": "person"}]}  # fmt: skip
JOINED = {"type": "joined", "table": TABLE, "seat": 0, "token": None, "names": ["Bruno"]}
NO_KIND = {"type": "started", "seq": 0, "events": [{"kind": "no_such_event"}], "view": {},
           "legal": []}  # fmt: skip
"""A table joined, then a game started whose event is of no kind: the shape is right, the
engine's value is not."""

HOSTILE: dict[str, str] = {
    "tables of the wrong type": json.dumps({"type": "lobby", "tables": "x"}),
    "100,000 deep": json.dumps({"type": "lobby", "tables": []})[:-1] + ', "x": ' + DEEP + "}",
    "a deep array alone": DEEP,
    "huge": json.dumps({"type": "chat", "name": "Bruno", "text": "a" * (2 * 1024 * 1024)}),
    "an unknown type": json.dumps({"type": "root_shell", "command": "rm"}),
    "no type": json.dumps({"tables": []}),
    "not an object": json.dumps(["lobby"]),
    "not JSON": "{'type': 'lobby'",
    "a seat of the wrong type": json.dumps(
        {"type": "presence", "what": "joined", "name": "Bruno", "seat": "zero"}
    ),
    "an event of no kind": json.dumps(JOINED) + "\n" + json.dumps(NO_KIND),
}
"""What the hostile server sends once the client has greeted it and asked for the list
(several messages on several lines)."""


class HostileServer:
    """A WebSocket server in a thread of its own: it welcomes a hello as a server of the
    protocol does, answers the client's next message with ``payload`` (each line one message),
    then waits for the client to go."""

    def __init__(self, payload: str) -> None:
        self.payload = payload
        self.port = 0
        self.closed_by_client = threading.Event()
        ready = threading.Event()
        self.stop: asyncio.Event | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

        async def handler(ws: ServerConnection) -> None:
            hello = json.loads(await ws.recv())
            welcome = {"type": "welcome", "version": VERSION, "name": hello["name"]}
            await ws.send(json.dumps(welcome))
            await ws.recv()  # the lobby asks for the list
            for line in payload.split("\n"):
                await ws.send(line)
            await ws.wait_closed()
            self.closed_by_client.set()

        async def main() -> None:
            self.loop = asyncio.get_running_loop()
            self.stop = asyncio.Event()
            async with serve(handler, "127.0.0.1", 0, max_size=None) as listener:
                self.port = next(iter(listener.sockets)).getsockname()[1]
                ready.set()
                await self.stop.wait()

        self.thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
        self.thread.start()
        if not ready.wait(30):
            raise RuntimeError("the hostile server did not start")

    def close(self) -> None:
        if self.loop is not None and self.stop is not None:
            self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(10)


def said_against(payload: str, folder: Path, language: str = "en") -> tuple[list[str], Any]:
    """What ``audiogame connect`` says against a server that sends ``payload``, until its
    main menu; and the program, still running."""
    from tests.pty_program import Program

    server = HostileServer(payload)
    args = ["connect", f"127.0.0.1:{server.port}", "--name", "Anna", "--lang", language]
    program = Program(args, folder)
    try:
        said = program.wait_for(lambda lines: main_menu_said(language) in lines, 90.0)
        closed = server.closed_by_client.wait(30)
        return said, (program.process.poll(), closed)
    finally:
        program.close()
        server.close()


@pytest.mark.parametrize("attack", list(HOSTILE))
def test_6_a_hostile_message_is_said_in_one_sentence_then_the_main_menu(
    tmp_path: Path, attack: str
) -> None:
    said, (ended, closed) = said_against(HOSTILE[attack], tmp_path)
    connected = [line.startswith("Connected to 127.0.0.1:") for line in said].index(True)
    after = said[connected + 1 :]
    assert NOT_UNDERSTOOD["en"] in after, said
    assert after[after.index(NOT_UNDERSTOOD["en"]) + 1 :] == [main_menu_said("en")], said
    assert said.count(NOT_UNDERSTOOD["en"]) == 1
    assert not any("unexpected" in line.lower() for line in said), said
    assert ended is None and closed  # the program runs on; it closed the connection
    assert not list(tmp_path.rglob("crash-*.log"))


def test_6_the_sentence_is_said_in_italian(tmp_path: Path) -> None:
    said, (ended, _closed) = said_against(HOSTILE["tables of the wrong type"], tmp_path, "it")
    assert said[-2:] == [NOT_UNDERSTOOD["it"], main_menu_said("it")], said
    assert ended is None


def test_6_the_link_refuses_each_hostile_message_and_closes(tmp_path: Path) -> None:
    """The protocol's client itself (what the program, the tests and the bench use): each
    message that is none of the protocol's is ``not_understood``, and the link is closed."""

    async def go(payload: str) -> tuple[str, bool]:
        closed = asyncio.Event()

        async def handler(ws: ServerConnection) -> None:
            await ws.recv()
            await ws.send(json.dumps({"type": "welcome", "version": VERSION, "name": "Anna"}))
            await ws.send(payload.split("\n")[0])
            await ws.wait_closed()
            closed.set()

        async with serve(handler, "127.0.0.1", 0, max_size=None) as listener:
            port = next(iter(listener.sockets)).getsockname()[1]
            link = Link(f"ws://127.0.0.1:{port}/", "Anna")
            await link.open()
            with pytest.raises(LinkError) as error:
                await asyncio.wait_for(link.receive(), 30)
            await asyncio.wait_for(closed.wait(), 30)
            return error.value.code, closed.is_set()

    shapes = [payload for attack, payload in HOSTILE.items() if attack != "an event of no kind"]
    codes = [asyncio.run(go(payload)) for payload in shapes]
    assert codes == [("not_understood", True)] * len(shapes)
