"""The terminal program as Orca reads it: the program (console lines, ``--speech console``) in
a VTE terminal (sakura) on the virtual display, Orca reading the terminal, keys pressed as X
keys (tests/screenreader_bed.py). Over a short Battaglia game (every trick turned up with
Space, a war among them): every line the program says is spoken by Orca once, in the order
said, and nothing else is read (the screen is never read twice)."""

from __future__ import annotations

import shlex
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.screenreader_bed import ROOT, WAIT, Bed, Utterance, bed

pytestmark = pytest.mark.screenreader

TRICKS = 8
"""Spaces pressed: seed 7 with two players and 32 cards has a war at the third trick."""


@pytest.fixture
def reader(tmp_path: Path) -> Iterator[Bed]:
    with bed(tmp_path / "screen-reader") as stack:
        yield stack


def lines_spoken(said: list[Utterance]) -> list[str]:
    """What Orca said, line by line (it says what one write put on the screen at once)."""
    return [line.strip() for u in said for line in u.text.splitlines() if line.strip()]


def program_lines(log: Path) -> list[str]:
    if not log.exists():
        return []
    return [line.strip() for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]


def wait_until(what: Callable[[], object], message: str) -> None:
    deadline = time.monotonic() + WAIT
    while not what():
        if time.monotonic() > deadline:
            raise AssertionError(message)
        time.sleep(0.05)


def test_battaglia_in_a_terminal_under_orca_each_line_spoken_once(
    tmp_path: Path, reader: Bed
) -> None:
    log = tmp_path / "program.log"
    program = [sys.executable, "-m", "audiogame", "--speech", "console", "--lang", "en",
               "--speech-log", str(log), "play", "battle", "--players", "2", "--deck", "32",
               "--trick-limit", "100", "--seed", "7"]  # fmt: skip
    env = {
        "PYTHONPATH": str(ROOT),
        "SDL_AUDIODRIVER": "dummy",
        "AUDIOGAME_CONFIG_DIR": str(tmp_path / "config"),
        "AUDIOGAME_DATA_DIR": str(tmp_path / "data"),
        "AUDIOGAME_LOG_DIR": str(tmp_path / "logs"),
        "TERM": "xterm-256color",
    }
    # The program starts on Enter, once Orca has the terminal (as a player starts it from
    # the terminal's shell): what it says first is said after a key, as Orca expects.
    command = ["sh", "-c", "read line; exec " + " ".join(shlex.quote(p) for p in program)]
    with reader.terminal(command, env):
        reader.wait_spoken(lambda t: t == "newline", "Orca did not say the terminal's focus")
        reader.wait_quiet(0.5)
        first = len(reader.utterances())
        for press in range(TRICKS + 1):
            reader.key("Return" if press == 0 else "space")
            wait_until(lambda: program_lines(log), "the program said nothing")

            # Until as many lines have been spoken, to their end, as the program has said.
            def spoken() -> bool:
                said = reader.utterances()[first:]
                done = bool(said) and said[-1].end is not None
                return done and len(lines_spoken(said)) >= len(program_lines(log))

            wait_until(spoken, f"not spoken: {program_lines(log)[-3:]}; "
                               f"said: {reader.texts()[-5:]}")  # fmt: skip
            reader.wait_quiet(0.5)
        said = reader.utterances()[first:]
    heard = lines_spoken(said)
    told = program_lines(log)
    assert heard == told, f"said by the program: {told}\nspoken by Orca: {heard}"
    assert any("War" in line for line in told), "no war in the game"
