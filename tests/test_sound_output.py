"""The sound output watched: voices chosen only when they can be heard, one notice when the
sound server goes away and one when it comes back, speech handed to console lines meanwhile."""

from __future__ import annotations

import shutil
import socket
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from audiogame.i18n import set_language
from audiogame.narrator import Narrator
from audiogame.settings import SPEECH_CHOICES
from audiogame.sound.cue_players import RecordingCuePlayer
from audiogame.sound.output import OutputWatch, output_problem, pulse_socket
from audiogame.sound.watch import watch_output
from audiogame.speech import RecordingSpeaker, SilentSpeaker, SpeechChain, SpeechError
from audiogame.speech.chain import CHOICES


def named(name: str) -> Callable[[], RecordingSpeaker]:
    def make() -> RecordingSpeaker:
        speaker = RecordingSpeaker()
        speaker.name = name
        return speaker

    return make


class Switch:
    """A sound output that a test turns off and on."""

    def __init__(self) -> None:
        self.problem: str | None = None

    def __call__(self) -> str | None:
        return self.problem


def test_a_listening_socket_is_a_sound_server_and_a_dead_one_is_not(tmp_path: Path) -> None:
    path = tmp_path / "native"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(1)
    env = {"PULSE_SERVER": f"unix:{path}"}
    assert output_problem(env, cards=str(tmp_path), platform="linux") is None
    server.close()
    assert "does not answer" in str(output_problem(env, cards=str(tmp_path), platform="linux"))


def test_without_a_server_a_sound_card_will_do(tmp_path: Path) -> None:
    env = {"XDG_RUNTIME_DIR": str(tmp_path)}
    assert pulse_socket(env) is None
    assert output_problem(env, cards=str(tmp_path), platform="linux") is not None
    (tmp_path / "pcmC0D0p").touch()
    assert output_problem(env, cards=str(tmp_path), platform="linux") is None
    assert output_problem({}, cards="/nonexistent", platform="win32") is None


def test_the_watch_tells_each_change_once() -> None:
    switch = Switch()
    changes: list[str] = []
    watch = OutputWatch(changes.append, lambda: changes.append("back"), switch, recheck=0)
    watch.check()
    switch.problem = "gone"
    for _ in range(3):
        watch.check()
    switch.problem = None
    for _ in range(3):
        watch.check()
    assert changes == ["gone", "back"]


def test_lost_output_moves_speech_to_console_lines_and_back_to_the_voice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    set_language("en")
    switch = Switch()
    monkeypatch.setattr("audiogame.sound.watch.output_problem", switch)
    chain = SpeechChain(
        "auto",
        {"speechd": named("speechd"), "console": named("console"), "silent": SilentSpeaker},
        guarded=(),
    )
    cues = RecordingCuePlayer()
    narrator = Narrator(chain, cues=cues)
    watch = watch_output(narrator)
    watch._recheck = 0
    narrator.say("one")
    switch.problem = "the sound server does not answer"
    narrator.say("two")
    narrator.say("three")
    assert chain.active == "console"
    assert isinstance(chain.current, RecordingSpeaker)
    assert chain.current.spoken == [
        "The sound output stopped working: speech goes on in console lines, without sound cues.",
        "two",
        "three",
    ]
    switch.problem = None
    narrator.say("four")
    assert chain.active == "speechd"
    assert isinstance(chain.current, RecordingSpeaker)
    assert chain.current.spoken == [
        "The sound output is back: speech through the speech-dispatcher voice, and sound cues.",
        "four",
    ]


def test_a_screen_reader_is_kept_when_the_sound_output_goes() -> None:
    chain = SpeechChain(
        "auto",
        {"screenreader": named("screenreader"), "speechd": named("speechd"),
         "console": named("console"), "silent": SilentSpeaker},
        guarded=(),
    )  # fmt: skip
    assert not chain.output_lost()
    assert not chain.output_back()
    assert chain.active == "screenreader"


def test_pyttsx3_voice_is_not_chosen_without_aplay(monkeypatch: pytest.MonkeyPatch) -> None:
    from audiogame.speech import tts

    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(SpeechError, match="aplay"):
        tts.TtsSpeaker(own_player=True)


def test_voices_are_not_chosen_without_a_sound_output(monkeypatch: pytest.MonkeyPatch) -> None:
    from audiogame.speech import tts
    from audiogame.speech.dispatcher import DispatcherSpeaker

    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/aplay")
    with pytest.raises(SpeechError, match="no sound"):
        tts.TtsSpeaker(own_player=True, probe=lambda: "no sound server")
    if sys.platform.startswith("linux"):
        with pytest.raises(SpeechError, match="no sound"):
            DispatcherSpeaker(probe=lambda: "no sound server")


def test_a_settings_file_may_hold_every_speech_choice() -> None:
    assert SPEECH_CHOICES == CHOICES
