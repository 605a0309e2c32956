"""Out of turn at an online Cardavia table: a person is never hurried, so the player hears
whose turn it is and nothing of the hurry key (which only makes computer players play)."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input

from audiogame.online.commands import connect_screens
from audiogame.testing import key_bytes, make_session
from tests.online_support import Recorder, ServerThread, until

LEADS_FIRST_SEAT = 0
"""A deal where the table's first seat (Bruno, its creator) leads (see the engine's deals)."""


pytestmark = pytest.mark.usefixtures("own_data_folder")


def test_a_key_out_of_turn_while_a_person_plays_names_no_hurry_key(tmp_path: Path) -> None:
    server = ServerThread(tmp_path / "server")
    assert server.server is not None

    async def go() -> tuple[list[str], list[int]]:
        bruno = Recorder(server.url, "Bruno")
        await bruno.open()
        await bruno.send({"type": "create", "game": "cardavia", "options": {"deals": 3},
                          "seats": ["person", "person", "bot:normal"]})  # fmt: skip
        code = (await bruno.expect("joined"))["table"]["id"]
        assert server.server is not None
        server.server.rooms[code].seed = LEADS_FIRST_SEAT
        args = argparse.Namespace(address=f"127.0.0.1:{server.server.port}", name="Anna",
                                  password_file=None, tls=False, insecure=False)  # fmt: skip
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, config_dir=tmp_path / "config")
            session.app.start(connect_screens(session.app, args))
            task = asyncio.ensure_future(session.app.run_async())
            await until(lambda: any("open." in t for t in session.spoken), said=session.spoken)
            pipe.send_text(key_bytes(["down", "enter", *code, "enter"]))
            await until(
                lambda: any("Enter starts" in t for t in session.spoken), said=session.spoken
            )
            waiting = len(session.spoken)
            await bruno.expect("presence")
            await bruno.send({"type": "start"})
            to_act = list((await bruno.expect("started")).get("to_act") or [])
            await until(
                lambda: any(t.startswith("Cardavia") for t in session.spoken[waiting:]),
                said=session.spoken,
            )
            before = len(session.spoken)
            pipe.send_text(key_bytes(["enter"]))  # Anna plays while Bruno is to lead
            await until(
                lambda: any("turn" in t for t in session.spoken[before:]), said=session.spoken
            )
            heard = list(session.spoken[before:])
            pipe.send_text(key_bytes(["c-c"]))
            await task
        await bruno.close()
        return heard, to_act

    try:
        heard, to_act = asyncio.run(go())
    finally:
        server.close()
    assert to_act == [0]  # Bruno's own seat: a person leads
    turn = next(t for t in heard if "turn" in t)
    assert turn == "It is Bruno's turn.", heard
