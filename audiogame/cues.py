"""Sound cues as the front end sees them: a player of named cues, placed left to right.

The real player (``audiogame.sound.make_cue_player``) plays short sounds with the mixer; when
it is missing or cannot start, :class:`NullCuePlayer` keeps the game going in silence. Which cue
an event plays, and from where, is :mod:`audiogame.sound`'s ``cue_for`` and ``seat_pan``.
"""

from __future__ import annotations

from typing import Protocol


class CuePlayer(Protocol):
    def play(self, name: str, pan: float = 0.0) -> None:
        """Start cue ``name`` at once; ``pan`` from -1 (left) to +1 (right)."""
        ...

    def close(self) -> None: ...


class NullCuePlayer:
    """Plays nothing."""

    def play(self, name: str, pan: float = 0.0) -> None:
        pass

    def close(self) -> None:
        pass


class RecordingCuePlayer:
    """Keeps every cue asked for in :attr:`played` as ``(name, pan)`` (for tests)."""

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []

    def play(self, name: str, pan: float = 0.0) -> None:
        self.played.append((name, pan))

    def close(self) -> None:
        pass
