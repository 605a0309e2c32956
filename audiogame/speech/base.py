"""The speaker interface every speech backend follows."""

from __future__ import annotations

from typing import Protocol


class SpeechError(RuntimeError):
    """A backend could not start or stopped speaking; the chain hands over to the next one."""


class Speaker(Protocol):
    """Something that says text aloud (or prints it, or records it)."""

    name: str

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Say ``text``; with ``interrupt`` first cut off whatever is being said."""
        ...

    def silence(self) -> None:
        """Stop speaking at once and drop what is queued."""
        ...

    def set_voice(self, rate: int, volume: int) -> None:
        """Rate and volume from 0 to 100, where the backend allows (otherwise ignored)."""
        ...

    def close(self) -> None: ...


class SilentSpeaker:
    """Says nothing: for players who only want sounds and the screen, and the last resort."""

    name = "silent"

    def speak(self, text: str, interrupt: bool = False) -> None:
        pass

    def silence(self) -> None:
        pass

    def set_voice(self, rate: int, volume: int) -> None:
        pass

    def close(self) -> None:
        pass


class RecordingSpeaker:
    """Keeps every utterance in :attr:`spoken` (for tests and the benchmark)."""

    name = "recording"

    def __init__(self) -> None:
        self.spoken: list[str] = []
        self.silenced = 0

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.spoken.append(text)

    def silence(self) -> None:
        self.silenced += 1

    def set_voice(self, rate: int, volume: int) -> None:
        pass

    def close(self) -> None:
        pass
