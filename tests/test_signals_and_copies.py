"""The real program in a pseudo-terminal, stopped by a signal (SIGTERM, SIGHUP, a SIGINT from
outside) with the sound mixer running: the game is saved, the terminal is given back in its
normal state, and the exit status is the usual one. A second copy on the same data folder
never offers the first one's game, never saves over it, and says why."""

from __future__ import annotations

import json
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.pty_program import Program, turned_up

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="needs a POSIX pseudo-terminal and signals"
)
SEED = 4242
SHARED = (
    "Another copy of Audiogame is running with the same saved games: this copy does not offer "
    "that game for resuming, and does not save the games played here."
)


def saved(folder: Path) -> dict[str, Any]:
    """The save file as JSON gives it."""
    data: dict[str, Any] = json.loads(
        (folder / "data" / "autosave.json").read_text(encoding="utf-8")
    )
    return data


def started_battle(folder: Path, name: str, presses: int) -> Program:
    program = Program(["play", "battle", "--seed", str(SEED)], folder, name=name)
    program.wait_for(lambda said: any("Turn up your card" in line for line in said))
    for _ in range(presses):
        program.press([" "], until=turned_up)
    # Each key's trick ends with who takes the cards ("Anna takes 2 cards."): the program has
    # said all it had to say for the keys, and a slow machine cannot add a line later.
    program.wait_for(lambda said: sum(" take" in line for line in said) >= presses)
    return program


@pytest.mark.parametrize(
    "name", ["SIGTERM", pytest.param("SIGHUP", marks=pytest.mark.slow), "SIGINT"]
)  # SIGHUP takes the same way out as SIGTERM: the slow run checks it
def test_a_signal_saves_restores_the_terminal_and_exits_with_the_usual_status(
    tmp_path: Path, name: str
) -> None:
    import termios

    number = getattr(signal, name)
    program = started_battle(tmp_path, "first", 3)
    assert program.said()[0].startswith("Audiogame. Speech: ")
    moves_before = len(program.said())
    program.process.send_signal(number)
    code, errors = program.finish(timeout=10)
    assert code == 128 + number, errors
    assert "Traceback" not in errors
    settings = program.closed_settings
    assert settings is not None
    local_modes = settings[3]
    assert local_modes & termios.ICANON and local_modes & termios.ECHO
    moves = saved(tmp_path)["moves"]
    assert isinstance(moves, list) and len(moves) >= 7  # Anna's first card, three keys' worth
    assert len(program.said()) == moves_before  # nothing more said: it stopped at once
    again = Program([], tmp_path, name="again")
    said = again.wait_for(lambda said: any("Resume the game" in line for line in said))
    assert any(line.startswith("An interrupted game can be resumed: Battaglia") for line in said)
    again.press(["c-c"])
    assert again.finish()[0] == 0


def test_closing_the_terminal_window_saves_and_ends_without_an_error(tmp_path: Path) -> None:
    """The window closed mid-game: SIGHUP, and a terminal that can no longer be written. The
    game is kept, and the program ends as a closed window ends it, not as a crash: no "an
    unexpected error" said to the player through the screen reader, no crash log."""
    program = Program(["play", "battle", "--seed", str(SEED)], tmp_path, window=True)
    program.wait_for(lambda said: any("Turn up your card" in line for line in said))
    program.press([" "], until=turned_up)
    program.wait_for(lambda said: any(" take" in line for line in said))
    moves_before = len(program.said())
    program.close_window()
    code, errors = program.finish(timeout=10)
    assert code == 128 + signal.SIGHUP, errors
    assert "Traceback" not in errors
    assert len(program.said()) == moves_before, program.said()[moves_before:]
    assert not (tmp_path / "logs").exists() or list((tmp_path / "logs").iterdir()) == []
    assert len(saved(tmp_path)["moves"]) >= 3  # Anna's first card, then the trick


def test_a_second_copy_neither_offers_nor_overwrites_the_first_ones_game(tmp_path: Path) -> None:
    first = started_battle(tmp_path, "first", 3)
    first_moves = saved(tmp_path)["moves"]
    second = Program(["play", "battle", "--seed", "7"], tmp_path, name="second")
    said = second.wait_for(lambda said: any("Turn up your card" in line for line in said))
    assert SHARED in said
    assert not any("Resume the game" in line or "interrupted game" in line for line in said)
    second.press([" "], until=turned_up)
    second.press(["c-c"])
    assert second.finish()[0] == 0
    data = saved(tmp_path)
    assert data["config"]["seed"] == SEED and data["moves"] == first_moves
    first.press([" "], until=turned_up)  # a move is saved before it is said
    after = saved(tmp_path)["moves"]
    assert isinstance(after, list) and after[: len(first_moves)] == first_moves
    assert len(after) > len(first_moves)
    first.press(["c-c"])
    assert first.finish()[0] == 0
    third = Program([], tmp_path, name="third")  # the first copy is gone: its game is offered
    said = third.wait_for(lambda said: any("Resume the game" in line for line in said))
    assert SHARED not in said
    third.press(["c-c"])
    assert third.finish()[0] == 0
