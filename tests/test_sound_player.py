"""The cue player on SDL's dummy and disk audio drivers: cues overlap, sit where their seat is,
and nothing (no device, a missing or corrupt file, a silly volume) stops the game."""

from __future__ import annotations

import logging
import math
import shutil
import subprocess
import sys
import time
from array import array
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from audiogame.sound import play_event, player
from audiogame.sound.cues import all_cue_names
from audiogame.sound.player import (
    NO_DEVICE,
    NO_PYGAME,
    MixerCuePlayer,
    NullCuePlayer,
    make_cue_player,
)
from engine.cardavia.events import Passed

ROOT = Path(__file__).resolve().parent.parent
CUE_DIR = ROOT / "sounds"


@pytest.fixture
def dummy_audio(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def cues(dummy_audio: None) -> Iterator[MixerCuePlayer]:
    made = make_cue_player(cue_dir=CUE_DIR)
    assert isinstance(made, MixerCuePlayer)
    yield made
    made.close()


def busy_channels() -> int:
    import pygame

    return sum(pygame.mixer.Channel(i).get_busy() for i in range(pygame.mixer.get_num_channels()))


def test_every_cue_loads_and_plays(cues: MixerCuePlayer) -> None:
    assert cues.available and cues.notice is None
    assert set(cues.loaded()) == set(all_cue_names())
    for name in all_cue_names():
        cues.play(name, pan=-1.0)


def test_several_cues_sound_at_once(cues: MixerCuePlayer) -> None:
    # Long cues (0.5 s and more), so that all three are still sounding when counted.
    for name in ("war", "revolution", "bomb"):
        cues.play(name)
    assert busy_channels() == 3


def test_a_missing_and_a_corrupt_cue_are_silent_and_logged_the_rest_plays(
    dummy_audio: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    for path in CUE_DIR.glob("*.ogg"):
        shutil.copy(path, tmp_path)
    (tmp_path / "war.ogg").unlink()
    (tmp_path / "bomb.ogg").write_bytes(b"OggS but not really a sound file" * 10)
    with caplog.at_level(logging.WARNING, logger="audiogame.sound"):
        cues = make_cue_player(cue_dir=tmp_path)
    try:
        assert isinstance(cues, MixerCuePlayer), "the dummy audio driver plays cues"
        assert set(all_cue_names()) - set(cues.loaded()) == {"war", "bomb"}
        logged = " ".join(record.getMessage() for record in caplog.records)
        assert "'war'" in logged and "'bomb'" in logged
        cues.play("war")
        cues.play("bomb")
        assert busy_channels() == 0
        cues.play("revolution")
        assert busy_channels() == 1
    finally:
        cues.close()


def test_no_audio_device_is_silent_and_said_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    notices: list[str] = []
    cues = make_cue_player(cue_dir=CUE_DIR, on_notice=notices.append)
    cues.play("war", pan=0.5)
    cues.set_enabled(False)
    cues.set_enabled(True)
    cues.play("war")
    cues.close()
    assert not cues.available
    assert cues.notice == NO_DEVICE
    assert notices == [NO_DEVICE]


def test_without_pygame_the_player_is_silent_with_a_notice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken() -> None:
        raise ImportError("no pygame here")

    monkeypatch.setattr(player, "_import_pygame", broken)
    notices: list[str] = []
    cues = make_cue_player(on_notice=notices.append)
    assert isinstance(cues, NullCuePlayer)
    cues.play("war")
    assert notices == [NO_PYGAME] and cues.notice == NO_PYGAME


def test_volume_out_of_range_is_clamped(cues: MixerCuePlayer) -> None:
    cues.set_volume(3)
    assert cues.volume == 1.0
    cues.set_volume(-0.5)
    assert cues.volume == 0.0
    cues.set_volume(0.4)
    cues.set_volume(math.nan)
    assert cues.volume == 0.4
    assert NullCuePlayer(volume=9).volume == 1.0


def test_volume_zero_and_cues_off_play_nothing(cues: MixerCuePlayer) -> None:
    cues.set_volume(0)
    cues.play("war")
    assert busy_channels() == 0
    cues.set_volume(1)
    cues.play("war")
    cues.set_enabled(False)
    assert busy_channels() == 0, "switching cues off stops them"
    cues.play("war")
    assert busy_channels() == 0


def test_cues_off_at_start_open_no_device_until_switched_on(dummy_audio: None) -> None:
    cues = make_cue_player(enabled=False, cue_dir=CUE_DIR)
    try:
        assert not cues.available
        cues.set_enabled(True)
        assert cues.available
        cues.play("war")
        assert busy_channels() == 1
    finally:
        cues.close()
    cues.play("select")
    assert not cues.available


def test_the_null_player_has_every_method_of_the_real_one() -> None:
    public = {name for name in dir(MixerCuePlayer) if not name.startswith("_")}
    for name in ("play", "set_volume", "set_enabled", "close", "available"):
        assert name in public and hasattr(NullCuePlayer(), name)


def test_importing_the_sound_module_loads_no_pygame_and_prints_no_banner() -> None:
    code = (
        "import sys, audiogame.sound as s\n"
        "assert 'pygame' not in sys.modules\n"
        "p = s.make_cue_player()\n"
        "p.play('war'); p.close()\n"
    )
    env = {"SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == "" and run.stderr == ""


def _wait_until_written(cues: Any, output: Path, timeout: float = 10.0) -> None:
    """Wait until the mixer has finished the cues it plays and SDL's disk writer (it runs in
    real time) has written every sample of the longest of them to ``output``."""
    mixer = cues._pygame.mixer
    frequency, size, channels = mixer.get_init()
    longest = max(cues._sounds[name].get_length() for name in cues.loaded())
    needed = int(longest * frequency) * abs(size) // 8 * channels
    end = time.monotonic() + timeout
    while mixer.get_busy() or not output.exists() or output.stat().st_size < needed:
        written = output.stat().st_size if output.exists() else 0
        assert time.monotonic() < end, f"{written} of {needed} bytes written"
        time.sleep(0.01)


def _stereo_energy(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, seat: int
) -> tuple[float, float]:
    """Play a Cardavia pass by ``seat`` (3 players) through SDL's disk writer; the left and
    right energy of what reached the 'speakers'."""
    output = tmp_path / f"seat{seat}.raw"
    monkeypatch.setenv("SDL_AUDIODRIVER", "disk")
    monkeypatch.setenv("SDL_DISKAUDIOFILE", str(output))
    cues = make_cue_player(cue_dir=CUE_DIR)
    try:
        play_event(cues, Passed(seat=seat), players=3)
        _wait_until_written(cues, output)
    finally:
        cues.close()
    samples = array("h", output.read_bytes())
    left = sum(s * s for s in samples[0::2])
    right = sum(s * s for s in samples[1::2])
    return float(left), float(right)


def test_a_seat_is_heard_from_its_place_at_the_table(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    left, right = _stereo_energy(monkeypatch, tmp_path, seat=1)
    assert left > 100 * right, "seat 1 sits on your left"
    left, right = _stereo_energy(monkeypatch, tmp_path, seat=2)
    assert right > 100 * left, "seat 2 sits on your right"
    left, right = _stereo_energy(monkeypatch, tmp_path, seat=0)
    assert left > 0 and 0.9 < left / right < 1.1, "you are in the middle"
