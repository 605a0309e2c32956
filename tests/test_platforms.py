"""What Windows and macOS do differently, proven here with their modules faked: the voice's
language, a voice that hangs, Control+C and the console window closing, a file held by an
antivirus, the process pool's limit, the console's descriptors. The workflow in
.github/workflows/desktops.yml runs the whole default test suite on those systems too."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import sys
import threading
import types
from pathlib import Path
from typing import Any

import pytest

from audiogame import persist
from audiogame.online import server, thinkers
from audiogame.signals import (
    CLOSE_GRACE,
    CTRL_BREAK_EVENT,
    CTRL_C_EVENT,
    CTRL_CLOSE_EVENT,
    CTRL_SHUTDOWN_EVENT,
    SIGBREAK,
    ConsoleClose,
)
from audiogame.speech import RecordingSpeaker, SpeechChain, SpeechError, screenreader

SAPI_VOICES = [
    types.SimpleNamespace(
        id=r"HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Speech\Voices\Tokens\TTS_MS_EN-US_ZIRA_11.0",
        name="Microsoft Zira Desktop - English (United States)",
        languages=[],
    ),
    types.SimpleNamespace(
        id=r"HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Speech\Voices\Tokens\TTS_MS_IT-IT_ELSA_11.0",
        name="Microsoft Elsa Desktop - Italian",
        languages=[],
    ),
]


class Engine:
    """pyttsx3's engine as SAPI gives it: voices to choose from, each message said at once,
    or held until the test lets it go (``hold``), as macOS's voice does when it hangs."""

    def __init__(self, voices: list[Any], hold: bool = False) -> None:
        self.voices = voices
        self.properties: dict[str, Any] = {}
        self.said: list[tuple[str, Any]] = []
        self.hold = hold
        self.speaking = threading.Event()
        self.release = threading.Event()
        self.text = ""

    def connect(self, name: str, callback: Any) -> None:
        pass

    def getProperty(self, name: str) -> Any:
        return self.voices if name == "voices" else self.properties.get(name)

    def setProperty(self, name: str, value: Any) -> None:
        self.properties[name] = value

    def say(self, text: str) -> None:
        self.text = text

    def runAndWait(self) -> None:
        self.speaking.set()
        if self.hold:
            self.release.wait(30)
        self.said.append((self.text, self.properties.get("voice")))
        self.speaking.clear()

    def stop(self) -> None:
        pass


def _tts(monkeypatch: pytest.MonkeyPatch, engine: Engine, **options: Any) -> Any:
    monkeypatch.setitem(sys.modules, "pyttsx3", types.SimpleNamespace(init=lambda: engine))
    from audiogame.speech.tts import TtsSpeaker

    return TtsSpeaker(own_player=False, **options)


def _said(engine: Engine, count: int) -> list[tuple[str, Any]]:
    for _ in range(500):
        if len(engine.said) >= count:
            break
        engine.speaking.wait(0.01)
    return engine.said


def test_windows_voice_speaks_italian_with_the_italian_voice_and_english_with_the_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine = Engine(SAPI_VOICES)
    language = ["it"]
    speaker = _tts(monkeypatch, engine, language=lambda: language[0])
    speaker.speak("Tocca a te.")
    assert _said(engine, 1)[0] == ("Tocca a te.", SAPI_VOICES[1].id)
    language[0] = "en"
    speaker.speak("Your turn.")
    assert _said(engine, 2)[1] == ("Your turn.", SAPI_VOICES[0].id)
    speaker.close()


def test_a_voice_of_another_language_only_keeps_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = Engine(SAPI_VOICES[:1])
    speaker = _tts(monkeypatch, engine, language=lambda: "it")
    speaker.speak("Tocca a te.")
    assert _said(engine, 1) == [("Tocca a te.", None)]  # the system's voice, not refused
    speaker.close()


def test_macos_voices_are_chosen_by_their_language_codes() -> None:
    from audiogame.speech.tts import pick_voice

    voices = [
        types.SimpleNamespace(id="com.apple.voice.compact.en-US.Samantha", name="Samantha",
                              languages=["en_US"]),
        types.SimpleNamespace(id="com.apple.voice.compact.it-IT.Alice", name="Alice",
                              languages=["it_IT"]),
    ]  # fmt: skip
    assert pick_voice(voices, "it") == "com.apple.voice.compact.it-IT.Alice"
    assert pick_voice(voices, "en") == "com.apple.voice.compact.en-US.Samantha"


def test_sapi_voices_that_declare_their_language_or_an_unknown_one_are_found() -> None:
    """pyttsx3 2.99 reads SAPI's language id into ``languages`` ("it-IT"), or "Unknown
    Locale" for an id Python does not know: then the name still tells."""
    from audiogame.speech.tts import pick_voice

    declared = [
        types.SimpleNamespace(id="TTS_A", name="Voice A", languages=["en-US"]),
        types.SimpleNamespace(id="TTS_B", name="Voice B", languages=["it-IT"]),
    ]
    unknown = [types.SimpleNamespace(id="TTS_C", name="Microsoft Cosimo - Italian",
                                     languages=["Unknown Locale: 4096"])]  # fmt: skip
    assert pick_voice(declared, "it") == "TTS_B"
    assert pick_voice(declared, "en") == "TTS_A"
    assert pick_voice(unknown, "it") == "TTS_C"
    assert pick_voice(unknown, "en") is None


def test_a_hung_voice_hands_over_to_the_next_backend_with_the_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """macOS's voice from a worker thread can stop answering: the message after it goes to
    the next backend, and the player is told speech changed."""
    now = [1000.0]
    engine = Engine(SAPI_VOICES, hold=True)
    voice = _tts(monkeypatch, engine, language=lambda: "en", clock=lambda: now[0])
    console = RecordingSpeaker()
    console.name = "console"
    chain = SpeechChain("tts", {"tts": lambda: voice, "console": lambda: console}, guarded=())
    chain.speak("First message.")
    assert engine.speaking.wait(5)
    now[0] += 10  # still saying it: not hung yet
    chain.speak("Second message.")
    assert chain.active == "tts"
    chain.silence()  # told to stop, it does not
    now[0] += 5
    chain.speak("Third message.")
    assert chain.active == "console"
    assert console.spoken[-1] == "Third message."
    assert any("stopped working" in text for text in console.spoken)
    engine.release.set()
    chain.close()


def test_a_long_message_is_given_time_before_the_voice_counts_as_hung(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [0.0]
    engine = Engine(SAPI_VOICES, hold=True)
    voice = _tts(monkeypatch, engine, language=lambda: "en", clock=lambda: now[0])
    voice.speak("x" * 400)
    assert engine.speaking.wait(5)
    now[0] += 100  # 15 s plus a quarter of a second a character: 115 s
    voice.speak("next")
    now[0] += 20
    with pytest.raises(SpeechError, match="stopped answering"):
        voice.speak("after")
    engine.release.set()
    voice.close()


def test_server_stops_on_control_c_where_the_loop_has_no_signal_handlers() -> None:
    """Windows: ``add_signal_handler`` does not exist; Python's handler hands the stop to the
    loop, so that the server saves its tables and ends."""

    class WindowsLoop:
        def __init__(self) -> None:
            self.soon: list[Any] = []

        def add_signal_handler(self, signum: int, callback: Any) -> None:
            raise NotImplementedError

        def call_soon_threadsafe(self, callback: Any) -> None:
            self.soon.append(callback)

    loop = WindowsLoop()
    stop = asyncio.Event()
    installed: dict[int, Any] = {}
    server.stop_on_signals(loop, stop, install=installed.__setitem__, windows=False)  # type: ignore[arg-type]
    assert signal.SIGINT in installed and signal.SIGTERM in installed
    installed[signal.SIGINT](signal.SIGINT, None)
    assert not stop.is_set()  # set in the loop, not in the handler
    for callback in loop.soon:
        callback()
    assert stop.is_set()


def test_closing_the_console_window_becomes_sigbreak_and_waits_for_the_save() -> None:
    registered: list[tuple[Any, bool]] = []

    def set_console_ctrl_handler(handler: Any, add: bool) -> int:
        registered.append((handler, add))
        return 1

    kernel32 = types.SimpleNamespace(SetConsoleCtrlHandler=set_console_ctrl_handler)
    interrupted: list[int] = []
    waited: list[float] = []
    close = ConsoleClose(interrupt=interrupted.append, wait=waited.append)
    assert close.install(kernel32, callback_type=lambda function: function)
    handler, added = registered[0]
    assert added is True
    assert handler(CTRL_CLOSE_EVENT) is True
    assert interrupted == [getattr(signal, "SIGBREAK", SIGBREAK)]
    assert waited == [CLOSE_GRACE] and CLOSE_GRACE < 5  # Windows ends the program at 5 s
    assert handler(CTRL_SHUTDOWN_EVENT) is True
    # Control+C and Control+Break stay Python's own signals.
    assert handler(CTRL_C_EVENT) is False and handler(CTRL_BREAK_EVENT) is False
    assert len(interrupted) == 2


def test_no_console_handler_outside_windows() -> None:
    if sys.platform == "win32":
        pytest.skip("this is the check for the other systems")
    assert ConsoleClose().install() is False


def test_a_rename_refused_while_an_antivirus_holds_the_file_is_tried_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real = os.replace
    refusals = [2]
    waits: list[float] = []

    def held(source: Any, target: Any) -> None:
        if refusals[0]:
            refusals[0] -= 1
            raise PermissionError(13, "The process cannot access the file")
        real(source, target)

    monkeypatch.setattr(os, "replace", held)
    (tmp_path / "new").write_text("new", encoding="utf-8")
    persist.replace(tmp_path / "new", tmp_path / "save.json", windows=True, wait=waits.append)
    assert (tmp_path / "save.json").read_text(encoding="utf-8") == "new"
    assert waits == list(persist.REPLACE_WAITS[:2])


def test_a_rename_refused_for_good_is_an_error_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def refused(source: Any, target: Any) -> None:
        raise PermissionError(13, "Access is denied")

    monkeypatch.setattr(os, "replace", refused)
    (tmp_path / "save.json").write_text("old", encoding="utf-8")
    waits: list[float] = []
    with pytest.raises(PermissionError):
        persist.replace(tmp_path / "new", tmp_path / "save.json", windows=True, wait=waits.append)
    assert len(waits) == len(persist.REPLACE_WAITS)
    assert (tmp_path / "save.json").read_text(encoding="utf-8") == "old"
    with pytest.raises(PermissionError):  # elsewhere: at once
        persist.replace(tmp_path / "new", tmp_path / "x", windows=False, wait=waits.append)
    assert len(waits) == len(persist.REPLACE_WAITS)


def test_worker_pool_stays_within_windows_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinkers, "cores", lambda: 96)
    assert thinkers.pool_size(None, windows=True) == 61
    assert thinkers.pool_size(None, windows=False) == 96
    assert thinkers.pool_size(4, windows=True) == 4


def test_console_descriptors_are_left_alone_on_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    moved: list[tuple[int, int]] = []
    monkeypatch.setattr(os, "dup2", lambda old, new: moved.append((old, new)))
    with screenreader.quiet_stdout(windows=True):
        pass
    assert moved == []


def test_macos_python_without_its_certificates_is_told_how_to_install_them() -> None:
    from audiogame.online.client import missing_certificates

    none = types.SimpleNamespace(cafile=None, capath=None)
    found = types.SimpleNamespace(cafile="/etc/ssl/cert.pem", capath=None)
    assert missing_certificates("darwin", none) is True
    assert missing_certificates("darwin", found) is False
    assert missing_certificates("win32", none) is False  # Windows' own certificates are used


def test_a_server_that_cannot_be_verified_for_want_of_certificates_says_what_to_do(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    if shutil.which("openssl") is None:
        pytest.skip("needs openssl")
    from audiogame.i18n import set_language
    from audiogame.online import client
    from audiogame.online.table_words import terminal_refusal_text
    from tests.online_support import running_server
    from tests.test_online_tls import self_signed

    cert, key = self_signed(tmp_path)
    monkeypatch.setattr(client, "missing_certificates", lambda: True)

    async def go() -> str:
        tls = server.tls_context(str(cert), str(key))
        async with running_server(tmp_path / "data", tls=tls) as running:
            link = client.Link(f"wss://127.0.0.1:{running.port}/", "Anna", tls=client.client_tls())
            with pytest.raises(client.LinkError) as refused:
                await link.open()
            return refused.value.code

    code = asyncio.run(go())
    assert code == "tls_certificates"
    assert "Install Certificates" in terminal_refusal_text(code)
    set_language("it")
    assert "Install Certificates" in terminal_refusal_text(code)
    assert "certificati" in terminal_refusal_text(code)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGUSR2 stands in for SIGBREAK elsewhere")
def test_closing_the_console_window_stops_the_program_as_sigbreak_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The whole way but Windows' own call: the console handler, on a thread of its own as
    Windows calls it, raises SIGBREAK in the main thread, whose handler stops the program
    (before its loop runs: at once, with 128 plus the signal's number). SIGUSR2 stands in for
    SIGBREAK, which only Windows has."""
    from audiogame.signals import SignalStop, Stopped

    monkeypatch.setattr(signal, "SIGBREAK", signal.SIGUSR2, raising=False)
    numbers = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGUSR2)
    before = {number: signal.getsignal(number) for number in numbers}
    stop = SignalStop()
    stop.install()
    released = threading.Event()
    close = ConsoleClose(wait=lambda seconds: released.wait(seconds))
    answers: list[bool] = []
    windows_thread = threading.Thread(target=lambda: answers.append(close.handle(2)))
    try:
        with pytest.raises(Stopped) as stopped:
            windows_thread.start()
            for _ in range(500):  # the main thread runs the handler between two of these
                released.wait(0.01)
        assert stopped.value.signum == signal.SIGUSR2
        assert stop.exit_code == 128 + signal.SIGUSR2
    finally:
        released.set()
        windows_thread.join(5)
        for number, handler in before.items():
            signal.signal(number, handler)
    assert answers == [True]
