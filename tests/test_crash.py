"""Crash handling: an unexpected error restores the terminal, logs the traceback in the log
folder, tells the player in plain words that the game was saved, exits non-zero, and the next
start offers to resume."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input

from audiogame.crash import crash_message, report
from audiogame.saves.screens import ResumeMenu
from audiogame.testing import key_bytes, make_session, opening
from tests.pty_program import Program, turned_up

BREAK_E = (
    "import sys\n"
    "from audiogame.presenters import battle\n"
    "def broken(self, key=''):\n"
    "    raise ZeroDivisionError('a bug in the E key')\n"
    "battle.BattleTable.say_owned = broken\n"
    "from audiogame.__main__ import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


def broken_owned(self: object, key: str = "") -> None:
    raise ZeroDivisionError("a bug in the E key")


def test_an_error_in_a_key_stops_the_program_and_is_reported_with_the_game_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from audiogame.presenters.battle import BattleTable

    monkeypatch.setattr(BattleTable, "say_owned", broken_owned)
    with create_pipe_input() as pipe:
        session = make_session(input=pipe, data_dir=tmp_path)
        session.app.start(opening(session.app, "battle", {"seed": 3}))
        pipe.send_text(key_bytes([" ", " ", "e", " ", "c-c"]))
        with pytest.raises(ZeroDivisionError) as caught:
            session.app.run()
    stream = io.StringIO()
    status = report(caught.value, app=session.app, log_folder=tmp_path / "logs", stream=stream)
    assert status != 0
    logs = list((tmp_path / "logs").glob("crash-*.log"))
    assert len(logs) == 1
    assert "ZeroDivisionError: a bug in the E key" in logs[0].read_text(encoding="utf-8")
    words = stream.getvalue()
    assert "An unexpected error stopped the program." in words
    assert "Your game was saved: start the program again to resume it." in words
    assert str(logs[0]) in words
    assert session.spoken[-1] == words.removeprefix("audiogame: ").strip()
    after = make_session(data_dir=tmp_path)
    after.app.start(opening(after.app, None, {}))
    assert isinstance(after.app.top, ResumeMenu)
    assert after.app.top.saved.move_count == 5  # Anna's first card, then two tricks


def test_the_crash_words_say_whether_a_game_was_saved() -> None:
    assert crash_message(None, None) == ["An unexpected error stopped the program."]
    assert crash_message(False, Path("x.log"))[1:] == [
        "Your game could not be saved after its last move.",
        "The details are in the file x.log.",
    ]


def test_a_log_folder_that_cannot_be_written_still_gives_the_words(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    stream = io.StringIO()
    assert report(RuntimeError("x"), log_folder=blocked / "logs", stream=stream) != 0
    assert stream.getvalue() == "audiogame: An unexpected error stopped the program.\n"


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_the_real_program_crashes_cleanly_and_offers_to_resume(tmp_path: Path) -> None:
    import termios

    program = Program(["play", "battle", "--seed", "12"], tmp_path, script=BREAK_E, name="first")
    program.wait_for(lambda said: any("Turn up your card" in line for line in said))
    program.press([" "], until=turned_up)
    program.press([" "], until=turned_up)
    running = program.settings()
    assert running is not None and not running[3] & termios.ICANON  # keys one by one
    program.press(["e"])
    code, stderr = program.finish()
    assert code == 1
    assert "An unexpected error stopped the program." in stderr
    assert "Your game was saved: start the program again to resume it." in stderr
    assert "Traceback" not in stderr  # the details are in the log, not thrown at the player
    logs = list((tmp_path / "logs").glob("crash-*.log"))
    assert len(logs) == 1 and "ZeroDivisionError" in logs[0].read_text(encoding="utf-8")
    assert str(logs[0]) in stderr
    restored = program.closed_settings
    assert restored is not None and restored[3] & termios.ICANON and restored[3] & termios.ECHO
    again = Program([], tmp_path, name="second")
    said = again.wait_for(lambda said: any("Resume the game" in line for line in said))
    assert any("Battaglia (War), deal number 12, after 5 moves" in line for line in said)
    again.press(["c-c"])
    assert again.finish()[0] == 0
