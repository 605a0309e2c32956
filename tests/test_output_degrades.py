"""Output that cannot be written never stops the program: a terminal that cannot show a
character gets a replacement, a full disk under the rules or the speech log is said in one
line and the program goes on or ends cleanly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.pty_program import Program

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(
    sys.platform == "win32" or not Path("/dev/full").exists(),
    reason="needs a POSIX pseudo-terminal and /dev/full",
)
LOG_STOPPED = (
    b"The speech log cannot be written any more (No space left on device): logging stopped."
)


def test_the_rules_into_a_full_disk_say_so_in_one_line_and_exit_1() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "audiogame", "rules", "cardavia"],
            stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=30,
        )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr == "audiogame: cannot write the rules: the disk is full\n"


def test_a_speech_log_on_a_full_disk_stops_logging_with_one_notice(tmp_path: Path) -> None:
    program = Program(["--speech-log", "/dev/full"], tmp_path)
    program.wait_for_screen(b"Main menu")
    program.press(["down", "down"])
    program.wait_for_screen(b"Cardavia, 3 of ")  # the program went on
    program.press(["c-c"])
    code, errors = program.finish()
    assert code == 0 and "Traceback" not in errors
    assert bytes(program.output).count(LOG_STOPPED) == 1


def test_a_terminal_that_cannot_show_accents_gets_replacements(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONIOENCODING", "ascii")
    program = Program(["--lang", "it"], tmp_path)
    program.wait_for(lambda said: any(line.startswith("Menu principale") for line in said))
    program.press(["f1"])  # the keys of the screen: lines with accents ("giù")
    before = len(program.wait_for(lambda said: any("giù" in line for line in said[2:])))
    program.press(["down", "down"])  # the program still answers keys after those lines
    program.wait_for(lambda said: len(said) >= before + 2)
    program.press(["c-c"])
    code, errors = program.finish()
    assert code == 0 and "Traceback" not in errors
    assert not (tmp_path / "logs").exists()
