"""Leaving an online table from the terminal is said: Escape in the waiting room says "You left
the table." before the lobby, and the waiting room's opening stays within 30 words."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from tests.pty_program import Program

from tests.online_support import Recorder, ServerThread, presence


async def bruno_joins_annas_table(server: ServerThread, folder: Path) -> tuple[Recorder, Program]:
    """Anna (a client of the test's) creates a Scientific Battle table for two; Bruno, the
    terminal program in a pseudo-terminal, joins it by its code from the lobby."""
    from tests.pty_program import Program

    assert server.server is not None
    anna = Recorder(server.url, "Anna")
    await anna.open()
    await anna.send({"type": "create", "game": "scientific", "seats": ["person", "person"],
                     "options": {"players": 2}, "grace": 60})  # fmt: skip
    code = (await anna.expect("joined"))["table"]["id"]
    args = ["connect", f"127.0.0.1:{server.server.port}", "--name", "Bruno"]
    bruno = Program(args, folder, name="bruno")
    await asyncio.to_thread(bruno.wait_for, lambda s: any("open." in t for t in s), 90)
    bruno.press(["down", "enter", *code, "enter"])
    await presence(anna, "joined")
    return anna, bruno


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_escape_in_the_waiting_room_says_the_table_was_left_then_the_lobby(
    tmp_path: Path,
) -> None:
    server = ServerThread(tmp_path / "server")
    assert server.server is not None

    async def main() -> list[str]:
        anna, bruno = await bruno_joins_annas_table(server, tmp_path)
        try:
            await asyncio.to_thread(
                bruno.wait_for, lambda s: any("Escape leaves;" in t for t in s), 90
            )
            bruno.press(["escape"])
            await presence(anna, "left")
            return await asyncio.to_thread(
                bruno.wait_for, lambda s: s[-1].startswith("Create a table"), 90
            )
        finally:
            bruno.close()
            await anna.close()

    try:
        said = asyncio.run(main())
    finally:
        server.close()
    opening = next(line for line in said if "Escape leaves;" in line)
    assert len(opening.split()) <= 30, opening
    left = said.index("You left the table.")
    assert said[left + 1].startswith("Online tables"), said[left:]


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_a_game_closed_to_make_room_says_why_and_the_terminal_is_back_in_the_lobby(
    tmp_path: Path,
) -> None:
    """A full server closes a game in play that nobody plays when someone creates a table: the
    terminal at it says why and is back in the lobby, where its keys work."""
    from audiogame.online.limits import Limits
    from tests.online_support import LOOSE

    limits = Limits.from_mapping({**LOOSE.__dict__, "tables": 1, "started_idle_after": 0.2})
    server = ServerThread(tmp_path / "server", limits=limits)
    assert server.server is not None

    async def main() -> list[str]:
        anna, bruno = await bruno_joins_annas_table(server, tmp_path)
        try:
            await anna.send({"type": "start"})
            await asyncio.to_thread(
                bruno.wait_for, lambda s: any("14 cards each" in t for t in s), 90
            )
            carla = Recorder(server.url, "Carla")
            await carla.open()
            answers: list[str] = []
            while "joined" not in answers:  # refused while the game is not yet idle long
                assert len(answers) < 100, answers
                await carla.send({"type": "create", "game": "battle", "seats": ["person",
                                  "bot:greedy"], "options": {"players": 2}})  # fmt: skip
                message = await asyncio.wait_for(carla.receive(), 30)
                while message["type"] not in ("joined", "error"):
                    message = await asyncio.wait_for(carla.receive(), 30)
                answers.append(message.get("code", message["type"]))
                if message["type"] == "error":
                    await asyncio.sleep(0.05)
            assert set(answers[:-1]) <= {"server_full"}, answers
            said = await asyncio.to_thread(
                bruno.wait_for, lambda s: s[-1].startswith("Create a table"), 90
            )
            await carla.close()
            return said
        finally:
            bruno.close()
            await anna.close()

    try:
        said = asyncio.run(main())
    finally:
        server.close()
    closed = said.index(
        "The table closed to make room on a full server: nobody played at it for 1 minute."
    )
    assert said[closed + 1].startswith("Online tables"), said[closed:]
