"""Sound cues heard for real (speech on console lines, so that whatever is heard is a cue): each
cue of the practice lists, a seat on the left heard on the left, cue volume, cues off."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from audiogame.practice.model import GROUPS, cues_in
from tests.audio_bed import heard_after, start, wait_quiet
from tests.pty_program import Program, back_in_the_practice_menu, opened_list
from tests.sound_server import Level, Recording, SoundServer

pytestmark = pytest.mark.audio


def practice(server: SoundServer, folder: Path, **settings: object) -> Program:
    return start(server, folder, ["practice"], settings=settings)


def said_at_least(count: int) -> Callable[[list[str]], bool]:
    """A test for :meth:`Program.wait_for`: ``count`` lines said, or more."""
    return lambda said: len(said) >= count


def cue_after_key(program: Program, record: Recording, key: str) -> tuple[float, float]:
    """Press ``key`` once all is quiet; when it was pressed and when all was quiet again."""
    moment = wait_quiet(record, quiet=0.1)
    program.press([key])
    if heard_after(record, moment, within=3.0):
        return moment, wait_quiet(record, quiet=0.1)
    return moment, moment


def test_every_cue_of_the_listen_lists_is_heard(
    sound: SoundServer, recording: Recording, tmp_path: Path
) -> None:
    program = practice(sound, tmp_path)
    silent = []
    for index, group in enumerate(GROUPS):
        program.press(["home", *["down"] * index, "enter"], until=opened_list)
        cues = cues_in(group)
        for number in range(len(cues)):
            start_, end = cue_after_key(program, recording, "home" if number == 0 else "down")
            if start_ == end:
                silent.append(cues[number].cue)
        program.press(["escape"], until=back_in_the_practice_menu)
    assert silent == []
    program.press(["c-c"])
    assert program.finish()[0] == 0


def test_a_cue_from_the_seat_on_the_left_is_louder_on_the_left(
    sound: SoundServer, recording: Recording, tmp_path: Path
) -> None:
    """Battaglia, 2 players, deal 3: Anna (on your left) takes the first two tricks, you the
    next two; your own cues sound in the middle."""
    program = start(sound, tmp_path, ["play", "battle", "--seed", "3", "--players", "2"])
    levels: dict[str, Level] = {}
    for _ in range(4):
        moment = wait_quiet(recording, quiet=0.3)
        before = len(program.said())
        program.press(["space"])
        program.wait_for(said_at_least(before + 2))
        assert heard_after(recording, moment)
        end = wait_quiet(recording, quiet=0.3)  # the trick's cues, whole, and nothing else
        taker = program.said()[-1].split(" ")[0]
        levels.setdefault(taker, recording.level(moment, end))
    anna, you = levels["Anna"], levels["You"]
    assert anna.left > anna.right + 3, anna
    assert abs(you.left - you.right) < 1, you
    program.press(["c-c"])
    assert program.finish()[0] == 0


def first_cue_level(
    server: SoundServer, record: Recording, folder: Path, **settings: object
) -> Level:
    program = practice(server, folder, **settings)
    program.press(["enter"], until=opened_list)
    moment, end = cue_after_key(program, record, "home")
    level = record.level(moment, end)
    program.press(["c-c"])
    assert program.finish()[0] == 0
    return level


def test_cue_volume_changes_the_level(
    sound: SoundServer, recording: Recording, tmp_path: Path
) -> None:
    loud = first_cue_level(sound, recording, tmp_path / "loud", cue_volume=100)
    soft = first_cue_level(sound, recording, tmp_path / "soft", cue_volume=25)
    assert soft.heard
    assert loud.loudest - soft.loudest > 6, (loud, soft)


def test_cues_off_means_no_cue_sound(
    sound: SoundServer, recording: Recording, tmp_path: Path
) -> None:
    program = practice(sound, tmp_path, sound=False)
    program.press(["enter"], until=opened_list)
    moment = time.monotonic()
    for key in ("home", "down", "down"):
        program.press([key], until=lambda new: any(line.endswith(" of 9") for line in new))
    program.press(["enter"])  # plays the cue again: a sound, no words
    assert not recording.heard(moment, time.monotonic() + 0.8)
    assert any(line.startswith("Listen: ") for line in program.said())
    program.press(["c-c"])
    assert program.finish()[0] == 0
