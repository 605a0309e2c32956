"""A seat taken through the main menu's Play online is kept in the folder the program was
started with (``--data-dir``), as one taken straight after ``audiogame connect``: Bruno
disconnects, connects again through Play online, joins Anna's table by its code, is killed with
SIGKILL mid-game, and the same command brings him back to his seat (never "This name is
already in use")."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from audiogame.online.kept_seats import FILE_NAME
from tests.menu_games import main_menu
from tests.online_support import Recorder, ServerThread, presence

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")

KEPT = "Back to your table: your seat was kept."
IN_USE = "This name is already in use on the server: choose another one."


def test_a_seat_joined_after_play_online_comes_back_after_sigkill(tmp_path: Path) -> None:
    from tests.pty_program import Program

    def waiting(program: Program, test: Any) -> Any:
        return asyncio.to_thread(program.wait_for, test, 90.0)

    server = ServerThread(tmp_path / "server")
    assert server.server is not None
    bruno_data = tmp_path / "bruno"  # not the $AUDIOGAME_DATA_DIR the program also has
    args = ["connect", f"127.0.0.1:{server.server.port}", "--name", "Bruno",
            "--data-dir", str(bruno_data)]  # fmt: skip

    async def main() -> tuple[list[str], str]:
        anna = Recorder(server.url, "Anna")
        await anna.open()
        await anna.send({"type": "create", "game": "scientific", "seats": ["person", "person",
                         "bot:normal"], "options": {"players": 3}, "grace": 30})  # fmt: skip
        code = (await anna.expect("joined"))["table"]["id"]
        first = Program(args, tmp_path, name="first")
        try:
            await waiting(first, lambda s: any("open." in t for t in s))
            first.press(["end", "enter", "enter"])  # Disconnect: the main menu
            await waiting(first, lambda s: any(t.startswith("Main menu.") for t in s[3:]))
            first.press(
                [*["down"] * main_menu().index("Play online"), "enter", "end", "enter"]
            )  # Play online, Connect
            await waiting(first, lambda s: sum("open." in t for t in s) >= 2)
            first.press(["down", "enter", *code, "enter"])  # Join a table by its code
            await presence(anna, "joined")
            await anna.send({"type": "start"})
            await waiting(first, lambda s: any("cards each" in t for t in s))
            first.kill()
        finally:
            first.close()
        await presence(anna, "dropped")
        second = Program(args, tmp_path, name="second")
        try:
            said = await waiting(second, lambda s: KEPT in s or IN_USE in s)
        finally:
            second.close()
            await anna.close()
        return said, str(server.server.rooms[code].seats[1].token if server.server else "")

    try:
        said, token = asyncio.run(main())
    finally:
        server.close()
    assert IN_USE not in said and KEPT in said, said
    kept = json.loads((bruno_data / FILE_NAME).read_text())
    assert token in json.dumps(kept)
    assert not (tmp_path / "data" / FILE_NAME).exists()  # nowhere else
