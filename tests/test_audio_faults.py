"""Sound that fails for real: the sound server killed mid-game and started again, no sound
server at all, no voice at all, a voice that dies mid-message. Each time the player is told
once, in the fallback that still works, and plays on."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from tests.audio_bed import heard_after, start, wait_quiet
from tests.pty_program import Program
from tests.sound_server import Recording, SoundServer

pytestmark = pytest.mark.audio

LOST = "The sound output stopped working: speech goes on in console lines, without sound cues."
BACK = "The sound output is back: speech through the speech-dispatcher voice, and sound cues."


def screen(program: Program) -> str:
    return bytes(program.output).decode("utf-8", "replace")


def test_sound_server_killed_mid_game_then_back(
    sound: SoundServer, recording: Recording, tmp_path: Path
) -> None:
    program = start(sound, tmp_path, ["play", "battle", "--seed", "3"], speech="auto")
    assert program.said()[0] == "Audiogame. Speech: speech-dispatcher voice."
    recording.stop()
    sound.kill()
    time.sleep(0.3)
    for _ in range(3):
        program.press(["space"], settle=5)
    said = program.said()
    assert said.count(LOST) == 1
    assert said[-1].startswith(("You take", "Anna takes", "Your war", "You:"))  # play goes on
    assert "The sound output stopped working" in screen(program)  # shown on the screen
    sound.start()
    record = sound.record()
    try:
        time.sleep(0.3)
        moment = time.monotonic()
        program.press(["space"], settle=5)
        program.press(["space"], settle=5)
        said = program.said()
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
    said = program.said()
    assert said[0] == "Audiogame. Speech: console lines."
    notice = "No sound device was found: the game goes on without sound cues."
    program.press(["space"], settle=5)
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
    said = program.said()
    assert said[:2] == [
        "Audiogame. Speech: console lines.",
        "The speech-dispatcher voice could not start: using console lines.",
    ]
    program.press(["space"], settle=5)
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
    program.press(["f1"])
    time.sleep(1.0)
    for pid in sound.speech_dispatcher_pids():
        os.kill(pid, signal.SIGKILL)
    time.sleep(0.3)
    moment = wait_quiet(recording)
    program.press(["space"], settle=5)
    program.press(["space"], settle=5)
    said = program.said()
    notice = (
        "Speech through the speech-dispatcher voice stopped working; now using speech synthesizer."
    )
    assert said.count(notice) == 1
    assert heard_after(recording, moment), "the next voice was not heard"
    program.press(["c-c"])
    code, errors = program.finish()
    assert code == 0 and "Traceback" not in errors
