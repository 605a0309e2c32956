"""Sound cues as the front end sees them: a player of named cues, placed left to right.

The real player (``audiogame.sound.make_cue_player``) plays short sounds with the mixer; when
the mixer or the device is missing, the silent :class:`NullCuePlayer` keeps the game going.
Which cue an event plays, and from where, is :mod:`audiogame.sound`'s ``cue_for`` and
``seat_pan``.
"""

from __future__ import annotations

from typing import Protocol

from audiogame.sound.player import NullCuePlayer


class CuePlayer(Protocol):
    def play(self, name: str, pan: float = 0.0) -> None:
        """Start cue ``name`` at once; ``pan`` from -1 (left) to +1 (right)."""
        ...

    def set_volume(self, volume: float) -> None:
        """Cue volume from 0 to 1 (out of range: clamped)."""
        ...

    def set_enabled(self, enabled: bool) -> None: ...

    def close(self) -> None: ...


class RecordingCuePlayer:
    """Keeps every cue asked for in :attr:`played` as ``(name, pan)`` (for tests)."""

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []
        self.enabled = True
        self.volume = 1.0

    def play(self, name: str, pan: float = 0.0) -> None:
        if self.enabled:
            self.played.append((name, pan))

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = enabled

    def close(self) -> None:
        pass


__all__ = ["CuePlayer", "NullCuePlayer", "RecordingCuePlayer"]
