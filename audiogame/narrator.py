"""The one path from the game to the player: each message is spoken, kept in the history,
mirrored on screen (when that does not make a screen reader say it twice), written to the
speech log, and given its sound cue.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from audiogame.i18n import N_

if TYPE_CHECKING:
    from audiogame.sound.cue_players import CuePlayer
    from audiogame.speech.base import Speaker

LOG_STOPPED = N_("The speech log cannot be written any more ({reason}): logging stopped.")
HISTORY_LIMIT = 5000


class Narrator:
    def __init__(
        self,
        speaker: Speaker,
        cues: CuePlayer | None = None,
        log_path: str | Path | None = None,
    ) -> None:
        if cues is None:
            from audiogame.sound.player import NullCuePlayer

            cues = NullCuePlayer()
        self.speaker = speaker
        self.cues: CuePlayer = cues
        self.history: list[str] = []
        self._cursor: int | None = None
        self._interrupt_next = False
        self.on_message: Callable[[str], None] | None = None
        self.watch: Callable[[], None] | None = None
        """Checked before each message: tells the player once when the sound output goes away
        or comes back (:mod:`audiogame.sound.watch`)."""
        self._log: TextIO | None = None
        if log_path is not None:
            # Line buffered: a crash still leaves every line said so far.
            self._log = open(log_path, "a", encoding="utf-8", buffering=1)  # noqa: SIM115

    def new_turn(self) -> None:
        """A key was pressed: its first message cuts off whatever is still being said."""
        self._interrupt_next = True

    def say(self, text: str, cue: str | None = None, pan: float = 0.0, record: bool = True) -> None:
        """Speak ``text`` with its ``cue``; ``record`` keeps it in the history."""
        if self.watch is not None:
            self.watch()
        if cue is not None:
            self.cues.play(cue, pan)
        if not text:
            return
        if record:
            self.remember(text)
        self._speak(text)

    def remember(self, text: str) -> None:
        """Keep ``text`` in the history (the last :data:`HISTORY_LIMIT` messages)."""
        self.history.append(text)
        del self.history[:-HISTORY_LIMIT]
        self._cursor = None

    def cue(self, name: str, pan: float = 0.0) -> None:
        """A sound with no words (moving in a menu says the item, with this cue)."""
        if self.watch is not None:
            self.watch()
        self.cues.play(name, pan)

    def _speak(self, text: str) -> None:
        interrupt, self._interrupt_next = self._interrupt_next, False
        self.speaker.speak(text, interrupt=interrupt)
        if self._log is not None:
            try:
                self._log.write(" ".join(text.split()) + "\n")
            except (OSError, ValueError) as error:  # a full disk: stop logging, say it once
                self._stop_log(error)
        if self.on_message is not None:
            self.on_message(text)

    def silence(self) -> None:
        self.speaker.silence()

    def clear_history(self) -> None:
        """A new table starts: its history starts empty."""
        self.history.clear()
        self._cursor = None

    @property
    def last(self) -> str | None:
        return self.history[-1] if self.history else None

    def review(self, where: str) -> tuple[str, bool] | None:
        """Move through the history (``"previous"``, ``"next"``, ``"first"``, ``"last"``).

        Returns the message found and whether the cursor moved (``False`` at either end), or
        ``None`` when the history is empty. The first ``"previous"`` gives the message before
        the last one (the last one is what F2 repeats)."""
        if not self.history:
            return None
        end = len(self.history) - 1
        before = end if self._cursor is None else self._cursor
        moves = {"previous": before - 1, "next": before + 1, "first": 0, "last": end}
        cursor = max(0, min(end, moves[where]))
        moved = cursor != before or (self._cursor is None and where in ("first", "last"))
        self._cursor = cursor
        return self.history[cursor], moved

    @property
    def review_position(self) -> tuple[int, int]:
        """(1-based position of the history cursor, number of messages)."""
        total = len(self.history)
        return ((self._cursor if self._cursor is not None else total - 1) + 1, total)

    def speak_unrecorded(self, text: str) -> None:
        """Say ``text`` without keeping it (history review, key lists)."""
        self._speak(text)

    def _stop_log(self, error: BaseException) -> None:
        from audiogame.i18n import _

        log, self._log = self._log, None
        with contextlib.suppress(OSError, ValueError):
            if log is not None:
                log.close()
        reason = getattr(error, "strerror", None) or str(error)
        self.speaker.speak(_(LOG_STOPPED).format(reason=reason), interrupt=False)

    def close(self) -> None:
        if self._log is not None:
            with contextlib.suppress(OSError, ValueError):
                self._log.close()
            self._log = None
