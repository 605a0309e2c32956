"""Console speech: one plain line per utterance, for terminal screen readers and braille."""

from __future__ import annotations

import sys
from collections.abc import Callable


def _print_line(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class ConsoleSpeaker:
    """Writes each utterance as one line. The program points :attr:`write` at a function that
    prints above its own display, so lines never tear the screen."""

    name = "console"

    def __init__(self, write: Callable[[str], None] | None = None) -> None:
        self.write: Callable[[str], None] = write or _print_line

    def speak(self, text: str, interrupt: bool = False) -> None:
        # A line break inside a message would read as two messages.
        self.write(" ".join(text.split()))

    def silence(self) -> None:
        pass  # a printed line cannot be unsaid; the screen reader's own key silences it

    def set_voice(self, rate: int, volume: int) -> None:
        pass

    def close(self) -> None:
        pass
