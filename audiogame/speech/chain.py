"""The chain of speech backends: the chosen one first, then the next ones as fallbacks.

``auto`` tries the screen reader, then the speech-dispatcher voice (Linux), then a pyttsx3 voice,
then console lines, then silence. A backend
that fails to start, raises while speaking, or hangs (see :mod:`.guard`), hands over to the next
one; the program says so and goes on.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence

from audiogame.i18n import N_, _
from audiogame.speech.base import SilentSpeaker, Speaker, SpeechError
from audiogame.speech.console import ConsoleSpeaker
from audiogame.speech.guard import CALL_TIMEOUT, GuardedSpeaker

BACKENDS: tuple[str, ...] = ("screenreader", "speechd", "tts", "console", "silent")
CHOICES: tuple[str, ...] = ("auto", *BACKENDS)
GUARDED: tuple[str, ...] = ("screenreader", "speechd", "tts")
VOICES: tuple[str, ...] = ("speechd", "tts")
"""Backends heard through the sound output: they go quiet when it does."""
"""Backends that talk to other software, which may hang: each runs with a time limit."""

BACKEND_LABELS: dict[str, str] = {
    "auto": N_("automatic"),
    "screenreader": N_("screen reader"),
    "speechd": N_("speech-dispatcher voice"),
    "tts": N_("speech synthesizer"),
    "console": N_("console lines"),
    "silent": N_("silent"),
}

Factory = Callable[[], Speaker]


def default_factories(rate: int = 50, volume: int = 100) -> dict[str, Factory]:
    """How to build each backend (imports stay lazy: a missing library is a failed start)."""

    def screenreader() -> Speaker:
        from audiogame.speech.screenreader import ScreenReaderSpeaker

        return ScreenReaderSpeaker()

    def speechd() -> Speaker:
        from audiogame.speech.dispatcher import DispatcherSpeaker

        return DispatcherSpeaker(rate, volume)

    def tts() -> Speaker:
        from audiogame.speech.tts import TtsSpeaker

        return TtsSpeaker(rate, volume)

    return {
        "screenreader": screenreader,
        "speechd": speechd,
        "tts": tts,
        "console": ConsoleSpeaker,
        "silent": SilentSpeaker,
    }


def backend_label(name: str) -> str:
    """The backend's name in the player's language."""
    return _(BACKEND_LABELS.get(name, name))


class SpeechChain:
    """A :class:`Speaker` that delegates to the first backend that works."""

    name = "chain"

    def __init__(
        self,
        choice: str,
        factories: dict[str, Factory],
        guarded: tuple[str, ...] = GUARDED,
        timeout: float = CALL_TIMEOUT,
    ) -> None:
        if choice not in CHOICES:
            raise ValueError(f"no speech backend {choice!r}; choose from {', '.join(CHOICES)}")
        order: Sequence[str] = BACKENDS if choice == "auto" else BACKENDS[BACKENDS.index(choice) :]
        self.choice = choice
        self._factories = factories
        self._full_order = list(order)
        self._order = list(order)
        self._guarded = guarded
        self._timeout = timeout
        self.failures: list[tuple[str, str]] = []
        self.on_change: Callable[[str], None] | None = None
        self.notify: Callable[[str], None] | None = None
        """Says the hand-over notice as a message of the program (kept in the history, the log
        and on the screen); without it the notice goes straight to the new backend."""
        self.current: Speaker = self._start_next()

    @property
    def active(self) -> str:
        """Name of the backend in use (``"screenreader"``, ``"tts"``, ...)."""
        return self.current.name

    def _start_next(self) -> Speaker:
        while self._order:
            name = self._order.pop(0)
            factory = self._factories.get(name)
            if factory is None:
                continue  # a backend this program was not given (a test's own set)
            try:
                if name in self._guarded:
                    return GuardedSpeaker(factory, self._timeout)
                return factory()
            except Exception as error:  # any failure to start means: try the next one
                self.failures.append((name, str(error)))
        return SilentSpeaker()

    def _hand_over(self, error: Exception) -> None:
        failed = self.current.name
        self.failures.append((failed, str(error)))
        with contextlib.suppress(Exception):  # a broken backend may fail to close too
            self.current.close()
        self.current = self._start_next()
        if self.on_change is not None:
            self.on_change(self.current.name)
        notice = _("Speech through the {failed} stopped working; now using {backend}.").format(
            failed=backend_label(failed), backend=backend_label(self.current.name)
        )
        if self.notify is not None:
            self.notify(notice)
        else:
            self._say(notice, interrupt=False)

    def output_lost(self) -> bool:
        """The sound output stopped: a voice in use gives way to the next backend that is not a
        voice, without a word (the caller tells the player once). True when speech changed."""
        if self.current.name not in VOICES:
            return False
        with contextlib.suppress(Exception):
            self.current.close()
        self._order = [name for name in self._order if name not in VOICES]
        self.current = self._start_next()
        if self.on_change is not None:
            self.on_change(self.current.name)
        return True

    def output_back(self) -> bool:
        """The sound output answers again: start over from the chosen backend, so that a voice
        given up for lack of sound is heard again. True when speech changed."""
        order = list(self._full_order)
        if self.current.name in order and order.index(self.current.name) == 0:
            return False
        for name in order:
            if name == self.current.name:
                return False  # the backend in use comes before any voice: keep it
            if name not in VOICES:
                continue
            self._order = order[order.index(name) :]
            self.failures.clear()
            candidate = self._start_next()
            if candidate.name in VOICES:
                with contextlib.suppress(Exception):
                    self.current.close()
                self.current = candidate
                if self.on_change is not None:
                    self.on_change(self.current.name)
                return True
            with contextlib.suppress(Exception):
                candidate.close()
            return False
        return False

    def _say(self, text: str, interrupt: bool) -> None:
        while True:
            try:
                self.current.speak(text, interrupt=interrupt)
                return
            except Exception as error:
                if isinstance(self.current, SilentSpeaker):
                    return
                self._hand_over(error if isinstance(error, SpeechError) else SpeechError(error))

    def speak(self, text: str, interrupt: bool = False) -> None:
        self._say(text, interrupt)

    def silence(self) -> None:
        try:
            self.current.silence()
        except Exception as error:
            self._hand_over(error)

    def set_voice(self, rate: int, volume: int) -> None:
        try:
            self.current.set_voice(rate, volume)
        except Exception as error:
            self._hand_over(error)

    def close(self) -> None:
        with contextlib.suppress(Exception):  # closing at exit: nothing more to say
            self.current.close()
