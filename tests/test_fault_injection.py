"""Faults injected mid-game: a speech backend that raises or hangs, a sound device that fails,
settings and save files that are damaged, unreadable or from a newer version, a full disk.
Each time the game goes on and the player is told once, in words."""

from __future__ import annotations

import errno
import json
import os
import sys
import threading
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from audiogame.app.menus import MainMenu
from audiogame.i18n import _
from audiogame.presenters.table_screen import TableScreen
from audiogame.sound.player import DEVICE_LOST, MixerCuePlayer
from audiogame.speech import RecordingSpeaker, SilentSpeaker, Speaker, SpeechChain, SpeechError
from audiogame.testing import Session, local_table, make_session, opening, top_screen
from tests.menu_games import main_menu_said
from tests.pty_program import Program
from tests.session_support import press

SPACE, ENTER = " ", "c-m"


def battle(data_dir: Path | None = None, seed: int = 3, **settings: Any) -> Session:
    session = make_session(data_dir=data_dir, **settings)
    session.app.start(opening(session.app, "battle", {"seed": seed}))
    return session


class FlakyReader(RecordingSpeaker):
    """A screen reader that works for ``good`` messages, then raises or hangs."""

    name = "screenreader"

    def __init__(self, good: int, hang: threading.Event | None = None) -> None:
        super().__init__()
        self.good = good
        self.hang = hang
        self.calls = 0

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.calls += 1
        if len(self.spoken) >= self.good:
            if self.hang is None:
                raise OSError("the screen reader went away")
            self.hang.wait()  # never answers (until the test ends)
        super().speak(text, interrupt)


def chain_with(reader: FlakyReader, timeout: float = 0.5) -> tuple[SpeechChain, RecordingSpeaker]:
    console = RecordingSpeaker()
    console.name = "console"

    def no_voice() -> RecordingSpeaker:
        raise SpeechError("no voice installed")

    factories: dict[str, Callable[[], Speaker]] = {
        "screenreader": lambda: reader, "tts": no_voice, "console": lambda: console,
        "silent": SilentSpeaker,
    }  # fmt: skip
    return SpeechChain("auto", factories, timeout=timeout), console


def test_a_screen_reader_that_fails_mid_game_hands_over_and_says_so() -> None:
    session = battle()
    reader = FlakyReader(good=3)
    session.app.narrator.speaker, console = chain_with(reader)
    press(session, [SPACE] * 4 + ["e"])
    assert len(reader.spoken) == 3
    assert console.spoken[0] == (
        "Speech through the screen reader stopped working; now using console lines."
    )
    assert console.spoken[-1].startswith("Cards owned: ")  # the game goes on, spoken
    assert top_screen(session, TableScreen).state.view(0).tricks == 4


def test_a_screen_reader_that_hangs_mid_game_is_left_after_one_message() -> None:
    session = battle()
    stuck = threading.Event()
    reader = FlakyReader(good=2, hang=stuck)
    session.app.narrator.speaker, console = chain_with(reader, timeout=0.3)
    try:
        press(session, [SPACE] * 5 + ["e"])
    finally:
        stuck.set()
    # The hung reader was waited for once, then never asked again: later keys go on at once.
    assert reader.calls == 3 and len(reader.spoken) == 2
    assert console.spoken[0] == (
        "Speech through the screen reader stopped working; now using console lines."
    )
    assert console.spoken[-1].startswith("Cards owned: ")


class FailingChannel:
    def __init__(self, device: dict[str, int]) -> None:
        self.device = device

    def set_volume(self, left: float, right: float) -> None:
        pass

    def play(self, sound: object) -> None:
        self.device["plays"] += 1
        if self.device["plays"] > self.device["good"]:
            raise RuntimeError("audio device disconnected")


def fake_pygame(good: int) -> tuple[types.SimpleNamespace, dict[str, int]]:
    device = {"plays": 0, "good": good}
    mixer = types.SimpleNamespace(
        init=lambda **kw: None,
        set_num_channels=lambda n: None,
        Sound=lambda path: object(),
        find_channel=lambda force: FailingChannel(device),
        stop=lambda: None,
        quit=lambda: None,
    )
    return types.SimpleNamespace(mixer=mixer, AUDIO_ALLOW_FREQUENCY_CHANGE=1), device


def test_a_sound_device_that_fails_mid_game_goes_silent_and_says_so_once() -> None:
    session = battle()
    pygame, device = fake_pygame(good=3)
    cues = MixerCuePlayer(
        pygame, Path("sounds"), ["reveal", "trick_won", "your_turn", "not_allowed"],  # type: ignore[arg-type]
        on_notice=lambda notice: session.app.say(_(notice)),
    )  # fmt: skip
    session.app.narrator.cues = cues
    press(session, [SPACE] * 6 + ["e"])
    assert device["plays"] == 4  # three cues, then the one that failed; none after
    assert not cues.available
    assert session.spoken.count(DEVICE_LOST) == 1
    assert session.spoken[-1].startswith("Cards owned: ")


@pytest.mark.parametrize("problem", ["corrupt", "unreadable", "newer"])
def test_a_bad_save_is_announced_kept_aside_and_the_main_menu_opens(
    tmp_path: Path, problem: str
) -> None:
    path = tmp_path / "autosave.json"
    if problem == "corrupt":
        path.write_text('{"format": "audiogame-save", "version": 1, "moves": [', encoding="utf-8")
    elif problem == "unreadable":
        path.write_bytes(b"\xff\xfe\x00 not text")
    else:
        path.write_text(json.dumps({"format": "audiogame-save", "version": 99}), encoding="utf-8")
    original = path.read_bytes()
    session = make_session(data_dir=tmp_path)
    session.app.start(opening(session.app, None, {}))
    expected = {
        "corrupt": "The saved game was damaged and cannot be resumed; the file was kept aside.",
        "unreadable": "The saved game could not be read and cannot be resumed; the file was "
        "kept aside.",
        "newer": "The saved game comes from a newer version and cannot be resumed here; the "
        "file was kept aside.",
    }[problem]
    assert session.spoken == [expected, main_menu_said()]
    assert isinstance(session.app.top, MainMenu)
    assert not path.exists()
    aside = list(tmp_path.glob("autosave.json.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == original


def test_a_save_whose_moves_break_the_rules_is_kept_aside_when_resumed(tmp_path: Path) -> None:
    session = battle(tmp_path, seed=5)
    press(session, [SPACE] * 3)
    path = tmp_path / "autosave.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["moves"].append("0 play 5h#7")  # a card no deck has
    path.write_text(json.dumps(data), encoding="utf-8")
    again = make_session(data_dir=tmp_path)
    again.app.start(opening(again.app, None, {}))
    press(again, [ENTER])
    assert again.spoken[-2:] == [
        "The saved game was damaged and cannot be resumed; the file was kept aside.",
        main_menu_said(),
    ]
    assert not path.exists() and len(list(tmp_path.glob("autosave.json.bad-*"))) == 1


def test_a_full_disk_is_said_once_the_game_goes_on_and_saving_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = battle(tmp_path)
    press(session, [SPACE])
    real_fsync = os.fsync
    full = True

    def fsync(fd: int) -> None:
        if full:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    press(session, [SPACE] * 4)
    warning = (
        "The game could not be saved: the disk is full. Play goes on; saving is tried again "
        "after every move."
    )
    assert session.spoken.count(warning) == 1
    assert session.played.count("not_allowed") == 1
    record = local_table(session.app.top).record
    assert len(record.moves) == 11  # Anna's first card, then five tricks: the game went on
    assert not list(tmp_path.glob("*.tmp")), "no half-written file is left"
    # Each move is written whole under its name before it is said; only the flush to the disk
    # failed: the file is always a complete save of the moves said so far.
    on_disk = json.loads((tmp_path / "autosave.json").read_text())["moves"]
    assert len(on_disk) >= 3 and on_disk == record.moves[: len(on_disk)]
    full = False
    press(session, [SPACE])
    assert session.spoken.count("The game is saved again.") == 1
    assert json.loads((tmp_path / "autosave.json").read_text())["moves"] == record.moves


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
@pytest.mark.parametrize("problem", ["corrupt", "unreadable", "newer"])
def test_bad_settings_give_defaults_a_spoken_notice_and_are_kept_aside(
    tmp_path: Path, problem: str
) -> None:
    folder = tmp_path / "config"
    folder.mkdir()
    settings = folder / "settings.json"
    content = {
        "corrupt": b'{"version": 1, "rate": ',
        "unreadable": b"\xff\xfe\xfa",
        "newer": b'{"version": 7, "language": "it"}',
    }[problem]
    settings.write_bytes(content)
    program = Program([], tmp_path)
    said = program.wait_for(lambda said: any(line.startswith("Main menu") for line in said))
    program.press(["c-c"])
    assert program.finish()[0] == 0
    notice = {
        "corrupt": "The options file was damaged: default options are in use; the old file "
        "was kept aside.",
        "unreadable": "The options file could not be read: default options are in use; the "
        "old file was kept aside.",
        "newer": "The options file comes from a newer version: default options are in use; "
        "the old file was kept aside.",
    }[problem]
    assert notice in said
    assert said[-1] == main_menu_said()  # defaults: English
    aside = list(folder.glob("settings.json.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content
