"""Cue playback with pygame-ce's mixer: preloaded sounds, many channels, stereo panning.

Nothing here may stop the game. Without pygame or without an audio device the player is
silent and keeps one :attr:`~MixerCuePlayer.notice` for the front end to speak (and passes it
to ``on_notice`` once); a missing or corrupt cue file silences that cue only, with a log entry.
Nothing is printed: the program owns the terminal.
"""

from __future__ import annotations

import contextlib
import importlib.resources
import logging
import math
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from audiogame.i18n import N_
from audiogame.sound.cues import all_cue_names
from audiogame.sound.pan import pan_gains

log = logging.getLogger(__name__)
# Without this, a warning with no logging set up would be printed over the full-screen game.
log.addHandler(logging.NullHandler())

NO_PYGAME = N_("Sound cues are off: the pygame-ce package could not be loaded.")
NO_DEVICE = N_("No sound device was found: the game goes on without sound cues.")
DEVICE_LOST = N_("The sound device stopped working: the game goes on without sound cues.")

FREQUENCY = 44_100
BUFFER = 512
"""Mixer buffer in sample frames: 512 at 44.1 kHz is 11.6 ms, the main part of the delay from
event to sound. Smaller buffers risk crackling on slow machines."""
CHANNELS = 16
"""Cues that can sound at once (a reveal, a war and a power can pile up in one trick)."""


def default_cue_dir() -> Path:
    """The folder of the installed cue files (the ``sounds`` package)."""
    try:
        return Path(str(importlib.resources.files("sounds")))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "sounds"


def _clamp_volume(volume: float, current: float) -> float:
    if isinstance(volume, bool) or not isinstance(volume, int | float):
        return current
    if not math.isfinite(volume):
        return current
    return max(0.0, min(1.0, float(volume)))


class NullCuePlayer:
    """Plays nothing, with the same methods as the real player."""

    def __init__(self, notice: str | None = None, enabled: bool = True, volume: float = 1.0):
        self.notice = notice
        self.enabled = enabled
        self.volume = _clamp_volume(volume, 1.0)
        self.available = False

    def play(self, name: str, pan: float = 0.0) -> None:
        """Nothing to play."""

    def set_volume(self, volume: float) -> None:
        self.volume = _clamp_volume(volume, self.volume)

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = bool(enabled)

    def output_lost(self) -> None:
        """Nothing is playing."""

    def output_back(self) -> None:
        """Nothing to reopen."""

    def close(self) -> None:
        """Nothing to release."""


class MixerCuePlayer:
    """Plays named cues from ``cue_dir`` (``<name>.ogg``) through the pygame mixer.

    The audio device opens on the first need: at once when enabled, or when cues are
    switched on later; it closes with :meth:`close`."""

    def __init__(
        self,
        pygame: ModuleType,
        cue_dir: Path,
        names: Iterable[str],
        *,
        enabled: bool = True,
        volume: float = 1.0,
        on_notice: Callable[[str], None] | None = None,
        frequency: int = FREQUENCY,
        buffer: int = BUFFER,
        channels: int = CHANNELS,
    ) -> None:
        self._pygame = pygame
        self.cue_dir = cue_dir
        self._names = tuple(names)
        self._on_notice = on_notice
        self._settings = (frequency, buffer, channels)
        self._sounds: dict[str, Any] = {}
        self._opened = False
        self._failed = False
        self._unknown_logged: set[str] = set()
        self.notice: str | None = None
        self.enabled = bool(enabled)
        self.volume = _clamp_volume(volume, 1.0)
        if self.enabled:
            self._open()

    @property
    def available(self) -> bool:
        """Whether the audio device is open (cues can be heard)."""
        return self._opened

    def _open(self, quiet: bool = False) -> None:
        if self._opened or self._failed:
            return
        mixer = self._pygame.mixer
        frequency, buffer, channels = self._settings
        try:
            # Keep stereo (panning needs it) but accept the device's own rate.
            mixer.init(
                frequency=frequency,
                size=-16,
                channels=2,
                buffer=buffer,
                allowedchanges=self._pygame.AUDIO_ALLOW_FREQUENCY_CHANGE,
            )
            mixer.set_num_channels(channels)
        except Exception as error:  # pygame.error, or an OS error from the audio backend
            self._failed = True
            log.warning("no audio device, sound cues are off: %s", error)
            if not quiet:
                self._tell(NO_DEVICE)
            return
        self._opened = True
        for name in self._names:
            self._load(name)

    def _load(self, name: str) -> None:
        path = self.cue_dir / f"{name}.ogg"
        try:
            self._sounds[name] = self._pygame.mixer.Sound(str(path))
        except Exception as error:  # missing file (FileNotFoundError) or corrupt (pygame.error)
            log.warning("cue %r is silent: cannot load %s: %s", name, path, error)

    def _tell(self, notice: str) -> None:
        if self.notice is None:
            self.notice = notice
            if self._on_notice is not None:
                self._on_notice(notice)

    def loaded(self) -> tuple[str, ...]:
        """The cues that will sound (the others are missing or corrupt)."""
        return tuple(self._sounds)

    def play(self, name: str, pan: float = 0.0) -> None:
        """Start cue ``name`` now, placed at ``pan`` (-1 left .. +1 right), over any other
        cue still sounding. An unknown or silent cue plays nothing."""
        if not (self.enabled and self._opened) or self.volume <= 0.0:
            return
        sound = self._sounds.get(name)
        if sound is None:
            if name not in self._names and name not in self._unknown_logged:
                self._unknown_logged.add(name)
                log.warning("no cue named %r", name)
            return
        try:
            # force=True takes over the oldest cue when every channel is busy.
            channel = self._pygame.mixer.find_channel(True)
            if channel is None:
                return
            left, right = pan_gains(pan)
            # Set before play: the panning stays with the channel, so no sample escapes unpanned.
            channel.set_volume(left * self.volume, right * self.volume)
            channel.play(sound)
        except Exception as error:  # the device went away mid-game: silence, said once
            log.warning("the sound device failed, sound cues are off: %s", error)
            self._opened = False
            self._failed = True
            self._sounds.clear()
            self._tell(DEVICE_LOST)

    def set_volume(self, volume: float) -> None:
        """Cue volume from 0 to 1; values out of range are clamped, non-numbers ignored."""
        self.volume = _clamp_volume(volume, self.volume)

    def set_enabled(self, enabled: bool) -> None:
        """Cues on or off; off stops whatever is sounding."""
        self.enabled = bool(enabled)
        if self.enabled:
            self._open()
        elif self._opened:
            self._pygame.mixer.stop()

    def output_lost(self) -> None:
        """The sound server went away: release the device, silently (the program tells the
        player once, for speech and cues together), and stay ready to open it again."""
        if self._opened:
            self._sounds.clear()
            with contextlib.suppress(Exception):
                self._pygame.mixer.quit()
            self._opened = False
        self._failed = False

    def output_back(self) -> None:
        """The sound server answers again: open the device again if cues are on."""
        self._failed = False
        self.notice = None
        if self.enabled:
            self._open(quiet=True)

    def close(self) -> None:
        """Release the audio device; later plays are silent."""
        if self._opened:
            self._sounds.clear()
            self._pygame.mixer.quit()
            self._opened = False
        self._failed = True


def _import_pygame() -> ModuleType:
    # pygame prints a banner on import unless told not to; the terminal belongs to the game.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    import pygame.mixer

    return pygame


def make_cue_player(
    enabled: bool = True,
    volume: float = 1.0,
    *,
    cue_dir: Path | None = None,
    on_notice: Callable[[str], None] | None = None,
    frequency: int = FREQUENCY,
    buffer: int = BUFFER,
    channels: int = CHANNELS,
) -> MixerCuePlayer | NullCuePlayer:
    """The cue player of the program: the mixer when pygame loads, else a silent player.

    Either way the game goes on; a reason for silence is in ``.notice`` (an English message
    marked for translation) and is passed once to ``on_notice``."""
    try:
        pygame = _import_pygame()
    except Exception as error:  # not installed, or a broken binary wheel
        log.warning("pygame could not be loaded, sound cues are off: %s", error)
        if on_notice is not None:
            on_notice(NO_PYGAME)
        return NullCuePlayer(NO_PYGAME, enabled, volume)
    return MixerCuePlayer(
        pygame,
        cue_dir or default_cue_dir(),
        all_cue_names(),
        enabled=enabled,
        volume=volume,
        on_notice=on_notice,
        frequency=frequency,
        buffer=buffer,
        channels=channels,
    )
