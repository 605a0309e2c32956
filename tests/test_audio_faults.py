"""Sound that fails for real: the sound server killed mid-game and started again, no sound
server at all, no voice at all, a voice that dies mid-message. Each time the player is told
once, in the fallback that still works, and plays on."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from audiogame.sound.output import RECHECK
from tests.audio_bed import heard_after, start, wait_quiet
from tests.pty_program import Program, turned_up
from tests.sound_server import Recording, SoundServer

pytestmark = pytest.mark.audio


def at_the_table(program: Program) -> Program:
    """Wait until the table is there to take Space (``start`` waits for the first two lines
    only: a key typed before the table is shown is answered "No action on this key.")."""
    program.wait_for(lambda said: any("Turn up your card" in line for line in said))
    return program


def wait_gone(pid: int, timeout: float = 10.0) -> None:
    """Wait until process ``pid`` has ended (gone, or a zombie nobody has reaped yet)."""
    end = time.monotonic() + timeout
    while True:
        try:
            status = open(f"/proc/{pid}/stat", encoding="ascii").read()  # noqa: SIM115
        except OSError:
            return
        if status.rsplit(")", 1)[1].split()[0] in ("Z", "X"):
            return
        assert time.monotonic() < end, f"process {pid} still runs"
        time.sleep(0.02)


LOST = "The sound output stopped working: speech goes on in console lines, without sound cues."
BACK = "The sound output is back: speech through the speech-dispatcher voice, and sound cues."


def screen(program: Program) -> str:
    return bytes(program.output).decode("utf-8", "replace")


def test_sound_server_killed_mid_game_then_back(
    sound: SoundServer, recording: Recording, tmp_path: Path
) -> None:
    program = at_the_table(start(sound, tmp_path, ["play", "battle", "--seed", "3"], speech="auto"))
    assert program.said()[0] == "Audiogame. Speech: speech-dispatcher voice."
    recording.stop()
    sound.kill()
    # The program looks at the sound output at most every RECHECK seconds: once that long has
    # passed since the kill, the next message finds it gone (a minimum, never a hope: a slower
    # machine only waits longer). Before that, the voice may fail first and say so instead.
    time.sleep(RECHECK)
    for _ in range(3):
        program.press(["space"], until=turned_up)
    said = program.wait_for(lambda said: LOST in said)
    assert said.count(LOST) == 1
    assert said[-1].startswith(("You take", "Anna takes", "Your war", "You:"))  # play goes on
    assert "The sound output stopped working" in screen(program)  # shown on the screen
    sound.start()
    record = sound.record()
    try:
        time.sleep(RECHECK)  # as above: the next message finds the output back
        moment = time.monotonic()
        record.wait_until(moment)  # the recording runs
        program.press(["space"], until=turned_up)
        program.press(["space"], until=turned_up)
        said = program.wait_for(lambda said: BACK in said)
        assert said.count(BACK) == 1 and said.count(LOST) == 1
        assert heard_after(record, moment), "nothing heard once the sound server was back"
    finally:
        record.stop()
    program.press(["c-c"])
    code, errors = program.finish()
    assert code == 0
    assert "Traceback" not in errors and "Traceback" not in screen(program)


def test_no_sound_server_at_start(sound: SoundServer, tmp_path: Path) -> None:
    env = {**sound.env, "PULSE_SERVER": f"unix:{tmp_path}/nobody-here"}
    program = start(sound, tmp_path, ["play", "battle", "--seed", "3"], speech="auto", env=env)
    at_the_table(program)
    said = program.said()
    assert said[0] == "Audiogame. Speech: console lines."
    notice = "No sound device was found: the game goes on without sound cues."
    program.press(["space"], until=turned_up)
    said = program.said()
    assert said.count(notice) == 1
    assert said[-1].startswith(("You take", "Anna takes"))
    program.press(["c-c"])
    code, errors = program.finish()
    assert code == 0 and errors == ""


def test_no_voice_at_all_says_so_on_console_lines_and_prints_nothing_else(
    sound: SoundServer, tmp_path: Path
) -> None:
    """No speech-dispatcher (it cannot be started) and no aplay for pyttsx3: console lines,
    and not a word of the voices' own on the screen."""
    bare = tmp_path / "bin"
    bare.mkdir()
    env = {**sound.env, "PATH": str(bare), "SPEECHD_CMD": str(bare / "speech-dispatcher")}
    program = start(sound, tmp_path, ["play", "battle", "--seed", "3"], speech="speechd", env=env)
    at_the_table(program)
    said = program.said()
    assert said[:2] == [
        "Audiogame. Speech: console lines.",
        "The speech-dispatcher voice could not start: using console lines.",
    ]
    program.press(["space"], until=turned_up)
    program.press(["c-c"])
    code, errors = program.finish()
    assert code == 0 and errors == ""
    shown = screen(program)
    assert "not found" not in shown and "aplay" not in shown


def test_a_voice_that_dies_mid_message_hands_over_once(
    sound: SoundServer, recording: Recording, tmp_path: Path
) -> None:
    program = start(
        sound, tmp_path, ["play", "battle", "--seed", "3"], speech="speechd",
        settings={"sound": False},
    )  # fmt: skip
    at_the_table(program)
    moment = wait_quiet(recording)
    program.press(["f1"])
    assert heard_after(recording, moment), "the key list was not being spoken"
    for pid in sound.speech_dispatcher_pids():  # mid-message
        os.kill(pid, signal.SIGKILL)
        wait_gone(pid)
    moment = wait_quiet(recording)
    refused = "No action on this key."  # F1's list is still open: Space is refused, aloud
    program.press(["space"], until=lambda new: refused in new)
    program.press(["space"], until=lambda new: refused in new)
    notice = (
        "Speech through the speech-dispatcher voice stopped working; now using speech synthesizer."
    )
    said = program.wait_for(lambda said: notice in said)
    assert said.count(notice) == 1
    assert heard_after(recording, moment), "the next voice was not heard"
    program.press(["c-c"])
    code, errors = program.finish()
    assert code == 0 and "Traceback" not in errors
