"""The terminal lobby follows the server's list: a table created meanwhile is said without
Refresh, the counts said agree with the list, the cursor stays on the item it was on, and
Disconnect asks for a second Enter."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input

from audiogame.online.commands import connect_screens
from audiogame.online.lobby_menu import LobbyMenu
from audiogame.testing import key_bytes, make_session
from tests.online_support import Recorder, ServerThread, until

pytestmark = pytest.mark.usefixtures("own_data_folder")


@pytest.fixture(autouse=True)
def lobby_looked_at_often(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(LobbyMenu, "every", 0.2)  # the list looked at again often


def test_a_table_created_meanwhile_is_said_and_the_cursor_stays_on_its_item(
    tmp_path: Path,
) -> None:
    server = ServerThread(tmp_path / "server")
    assert server.server is not None
    args = argparse.Namespace(address=f"127.0.0.1:{server.server.port}", name="Bruno",
                              password_file=None, tls=False, insecure=False)  # fmt: skip

    async def go() -> list[str]:
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, config_dir=tmp_path / "config")
            session.app.start(connect_screens(session.app, args))
            task = asyncio.ensure_future(session.app.run_async())

            def spoken() -> list[str]:
                return session.spoken

            await until(lambda: "Create a table, 1 of 5" in spoken(), said=spoken())
            pipe.send_text(key_bytes(["end", "up"]))
            await until(lambda: "Refresh the list, 4 of 5" in spoken(), said=spoken())
            anna = Recorder(server.url, "Anna")
            await anna.open()
            await anna.send({"type": "create", "game": "battle", "seats": ["person", "person"],
                             "options": {"players": 2}})  # fmt: skip
            await anna.expect("joined")
            await until(lambda: "1 table open." in spoken(), said=spoken())  # no key pressed
            pipe.send_text(key_bytes(["up"]))
            await until(lambda: any(t.startswith("Watch a table") for t in spoken()))
            pipe.send_text(key_bytes(["end", "enter"]))
            await until(lambda: any(t.startswith("Disconnect from") for t in spoken()))
            # A key in between, even one that does nothing, and Enter asks again.
            pipe.send_text(key_bytes(["q", "enter"]))
            await until(lambda: sum(t.startswith("Disconnect from") for t in spoken()) == 2)
            assert "Disconnected." not in spoken()
            asked = len(spoken())
            pipe.send_text(key_bytes(["enter"]))
            await until(lambda: "Disconnected." in spoken(), said=spoken())
            assert "Disconnected." not in spoken()[:asked]
            heard = list(spoken())
            pipe.send_text(key_bytes(["c-c"]))
            await task
            await anna.close()
        return heard

    try:
        said = asyncio.run(go())
    finally:
        server.close()
    assert said[said.index("Online tables.") + 1 :][:2] == ["0 tables open.",
                                                            "Create a table, 1 of 5"]  # fmt: skip
    after = said[said.index("1 table open.") :]
    assert after[1] == "Watch a table by its code, 4 of 6", said  # from Refresh, 5 of 6
    assert after[2] == "Disconnect, 6 of 6"
    assert after[3] == "Disconnect from the server? Enter again to disconnect."
    assert after[4] == "No item starts with q."
    assert after[5] == "Disconnect from the server? Enter again to disconnect."
    assert after[6] == "Disconnected."
