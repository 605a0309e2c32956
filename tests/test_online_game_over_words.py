"""A finished online game: the others going their way one by one is not said to the player
still at the table ("Bruno leaves the table." after the verdict is noise); before the end it
is (he left a game under way)."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input

from audiogame.online.commands import connect_screens
from audiogame.testing import key_bytes, make_session
from tests.online_support import Recorder, ServerThread, until

LEFT = "Bruno leaves the table."
NO_WAR_FIRST = 0
"""A deal whose first trick is won outright (no war): with a limit of one trick, the game is
over after it."""


pytestmark = pytest.mark.usefixtures("own_data_folder")


def anna_and_bruno(tmp_path: Path, tricks: int) -> list[str]:
    """Anna in the terminal program, Bruno a protocol client, at Battaglia with a trick limit
    of ``tricks``; one trick played, then Bruno leaves; what Anna heard after the trick."""
    server = ServerThread(tmp_path / "server")
    assert server.server is not None
    port = server.server.port

    async def go() -> list[str]:
        bruno = Recorder(server.url, "Bruno")
        await bruno.open()
        await bruno.send({"type": "create", "game": "battle", "seats": ["person", "person"],
                          "options": {"players": 2, "deck": 32}})  # fmt: skip
        code = (await bruno.expect("joined"))["table"]["id"]
        assert server.server is not None  # a limit no setup offers: the game ends at once
        server.server.rooms[code].config["trick_limit"] = tricks
        server.server.rooms[code].seed = NO_WAR_FIRST
        args = argparse.Namespace(address=f"127.0.0.1:{port}", name="Anna", password_file=None,
                                  tls=False, insecure=False)  # fmt: skip
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, config_dir=tmp_path / "config")
            session.app.start(connect_screens(session.app, args))
            task = asyncio.ensure_future(session.app.run_async())

            def spoken() -> list[str]:
                return session.spoken

            await until(lambda: any("open." in t for t in spoken()), said=spoken())
            pipe.send_text(key_bytes(["down", "enter", *code, "enter"]))
            await until(lambda: any("Enter starts" in t for t in spoken()), said=spoken())
            await bruno.expect("presence")
            await bruno.send({"type": "start"})
            await bruno.expect("started")
            await until(lambda: any(t.startswith("Battaglia online") for t in spoken()))
            pipe.send_text(key_bytes(["space"]))
            await bruno.expect("update")
            await bruno.send({"type": "act", "action": "flip"})
            done = "trick limit" if tricks == 1 else "You: "  # the game over, or the trick
            await until(lambda: any(done in t for t in spoken()), said=spoken())
            after = len(spoken())
            await bruno.send({"type": "leave"})
            await bruno.expect("left")
            pipe.send_text(key_bytes(["f6", *"done", "enter"]))  # Anna's own line, heard back
            await until(lambda: "Anna says: done" in spoken()[after:], said=spoken())
            heard = list(spoken()[after:])
            pipe.send_text(key_bytes(["c-c"]))
            await task
        await bruno.close()
        return heard

    try:
        return asyncio.run(go())
    finally:
        server.close()


def test_the_others_leaving_a_finished_game_is_not_said(tmp_path: Path) -> None:
    heard = anna_and_bruno(tmp_path, tricks=1)
    assert LEFT not in heard, heard


def test_someone_leaving_a_game_under_way_is_said(tmp_path: Path) -> None:
    heard = anna_and_bruno(tmp_path, tricks=100)
    assert LEFT in heard, heard
