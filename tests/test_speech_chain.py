"""The speech chain: the chosen backend, fallbacks that say so, console lines, the TTS worker."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import threading
import time
import types
from collections.abc import Callable
from pathlib import Path

import pytest

from audiogame.i18n import set_language
from audiogame.speech import RecordingSpeaker, SilentSpeaker, SpeechChain, SpeechError, screenreader
from audiogame.speech.console import ConsoleSpeaker
from audiogame.speech.screenreader import import_system_speechd


class BrokenSpeaker(RecordingSpeaker):
    name = "tts"

    def __init__(self, fail_after: int = 0) -> None:
        super().__init__()
        self.fail_after = fail_after

    def speak(self, text: str, interrupt: bool = False) -> None:
        if len(self.spoken) >= self.fail_after:
            raise SpeechError("the voice died")
        super().speak(text, interrupt)


def failing_start() -> RecordingSpeaker:
    raise SpeechError("no screen reader is running")


def console_recorder() -> RecordingSpeaker:
    speaker = RecordingSpeaker()
    speaker.name = "console"
    return speaker


def test_auto_skips_backends_that_fail_to_start() -> None:
    chain = SpeechChain(
        "auto",
        {"screenreader": failing_start, "tts": failing_start, "console": console_recorder,
         "silent": SilentSpeaker},
    )  # fmt: skip
    assert chain.active == "console"
    assert [name for name, _ in chain.failures] == ["screenreader", "tts"]


def test_backend_failing_mid_game_hands_over_and_says_so() -> None:
    set_language("en")
    console = console_recorder()
    chain = SpeechChain(
        "tts", {"tts": lambda: BrokenSpeaker(fail_after=2), "console": lambda: console,
                "silent": SilentSpeaker},
    )  # fmt: skip
    for text in ("one", "two", "three", "four"):
        chain.speak(text)
    assert chain.active == "console"
    assert console.spoken == [
        "Speech through the speech synthesizer stopped working; now using console lines.",
        "three",
        "four",
    ]


def test_every_backend_failing_ends_silent_not_crashing() -> None:
    chain = SpeechChain("tts", {"tts": BrokenSpeaker, "console": BrokenSpeaker,
                                "silent": SilentSpeaker})  # fmt: skip
    chain.speak("hello")
    assert chain.active == "silent"


def test_unknown_choice_is_refused() -> None:
    with pytest.raises(ValueError, match="no speech backend"):
        SpeechChain("loud", {})


def test_console_speaker_writes_one_line_per_message() -> None:
    lines: list[str] = []
    ConsoleSpeaker(lines.append).speak("War between you\nand Anna!")
    assert lines == ["War between you and Anna!"]


def test_quiet_stdout_silences_prints_at_the_descriptor_level() -> None:
    """What accessible_output2 (or a C library) prints while starting never reaches the screen."""
    code = (
        "import os\n"
        "from audiogame.speech.screenreader import quiet_stdout\n"
        "with quiet_stdout():\n"
        "    print('from python')\n"
        "    os.write(1, b'from C\\n')\n"
        "    os.write(2, b'error from C\\n')\n"
        "print('after')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "after\n"
    assert done.stderr == ""


def _no_speechd_on_the_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A Linux where ``import speechd`` fails on Python's own path: ``speechd`` is not
    imported, and no folder of the path holds it; the distribution's folder is under
    ``tmp_path`` (returned, still empty)."""
    monkeypatch.delitem(sys.modules, "speechd", raising=False)
    path = [entry for entry in sys.path if not os.path.isdir(os.path.join(entry, "speechd"))]
    monkeypatch.setattr(sys, "path", path)
    monkeypatch.setattr(sys, "platform", "linux")
    system = tmp_path / "usr" / "lib" / "python3" / "dist-packages"
    system.mkdir(parents=True)
    monkeypatch.setattr(screenreader, "_SYSTEM_FOLDERS", (str(system),))
    return system


def test_speechd_import_looks_in_the_system_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The distribution's speechd (python3-speechd, outside any virtual environment) is found
    in its folder, and that folder is on the path only for that import."""
    system = _no_speechd_on_the_path(monkeypatch, tmp_path)
    (system / "speechd").mkdir()
    (system / "speechd" / "__init__.py").write_text("FROM = 'the system folder'\n")
    (system / "other_package.py").write_text("")
    path = list(sys.path)
    assert import_system_speechd() is True
    assert sys.modules["speechd"].FROM == "the system folder"
    assert sys.path == path  # only for that import: the system's other packages stay out
    with pytest.raises(ImportError):
        importlib.import_module("other_package")


def test_no_speechd_anywhere_is_false_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _no_speechd_on_the_path(monkeypatch, tmp_path)
    path = list(sys.path)
    assert import_system_speechd() is False
    assert "speechd" not in sys.modules and sys.path == path


class FakeEngine:
    """A pyttsx3 engine that takes 50 ms a message and calls the word callback."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.stopped = 0
        self.callback: Callable[..., object] | None = None
        self.properties: dict[str, float] = {}

    def connect(self, topic: str, callback: Callable[..., object]) -> None:
        self.callback = callback

    def setProperty(self, name: str, value: float) -> None:
        self.properties[name] = value

    def say(self, text: str) -> None:
        self.text = text

    def runAndWait(self) -> None:
        for _ in range(5):
            time.sleep(0.01)
            assert self.callback is not None
            self.callback()
            if self.stopped:
                self.stopped = 0
                return
        self.said.append(self.text)

    def stop(self) -> None:
        self.stopped += 1


class HeldEngine(FakeEngine):
    """A pyttsx3 engine that holds each message until the test lets it go, and notes the
    thread that speaks."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.speaking = threading.Event()
        self.threads: set[threading.Thread] = set()

    def runAndWait(self) -> None:
        self.threads.add(threading.current_thread())
        self.speaking.set()
        self.release.wait(5)
        assert self.callback is not None
        self.callback()
        if self.stopped:
            self.stopped = 0
            return
        self.said.append(self.text)


def test_tts_speaks_on_its_own_thread_and_silence_empties_the_queue(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine = HeldEngine()
    monkeypatch.setitem(sys.modules, "pyttsx3", types.SimpleNamespace(init=lambda: engine))
    from audiogame.speech.tts import TtsSpeaker

    speaker = TtsSpeaker(rate=50, volume=80, own_player=False)
    for number in range(10):
        speaker.speak(f"message {number}")
    # Every call returned while the voice still holds the first message: a key never waits.
    assert engine.speaking.wait(5)
    assert engine.said == []
    assert threading.current_thread() not in engine.threads
    speaker.silence()
    speaker.speak("after silence")
    engine.release.set()
    deadline = time.monotonic() + 5
    while not engine.said and time.monotonic() < deadline:
        time.sleep(0.01)
    # The message being said was stopped, the nine queued were dropped.
    assert engine.said == ["after silence"]
    assert engine.properties["volume"] == 0.8
    speaker.close()
    for thread in engine.threads:
        thread.join(5)
    with pytest.raises(SpeechError, match="stopped"):
        speaker.speak("after close")


def test_tts_that_cannot_start_raises_speech_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> None:
        raise RuntimeError("no voice")

    monkeypatch.setitem(sys.modules, "pyttsx3", types.SimpleNamespace(init=broken))
    from audiogame.speech.tts import TtsSpeaker

    with pytest.raises(SpeechError, match="no voice"):
        TtsSpeaker(own_player=False)


def test_orca_is_found_among_the_processes(tmp_path: Path) -> None:
    """On Linux speech-dispatcher alone is a voice: the screen-reader backend needs Orca."""
    from audiogame.speech.screenreader import orca_running

    (tmp_path / "12").mkdir()
    (tmp_path / "12" / "comm").write_text("bash\n", encoding="utf-8")
    (tmp_path / "self").mkdir()
    assert not orca_running(str(tmp_path))
    (tmp_path / "40").mkdir()
    (tmp_path / "40" / "comm").write_text("orca\n", encoding="utf-8")
    assert orca_running(str(tmp_path))
    assert not orca_running(str(tmp_path / "missing"))


def test_screen_reader_backend_refuses_to_start_without_orca_on_linux(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import audiogame.speech.screenreader as screenreader
    from audiogame.speech.base import SpeechError

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(screenreader, "orca_running", lambda: False)
    with pytest.raises(SpeechError, match="Orca"):
        screenreader.ScreenReaderSpeaker()
