"""The speech-dispatcher voice (Linux): the voice the desktop is set up with, through the
``speechd`` module of the distribution (python3-speechd), found even from a virtual environment.

speech-dispatcher queues the messages and speaks them on its own, so a key is never held up;
:meth:`DispatcherSpeaker.silence` cancels what it is saying and everything queued. The voice is
chosen only when it can be heard: a sound output answers, and speech-dispatcher has a real
output module (not only its "dummy" one, which can only say that it is not set up).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from typing import Any

from audiogame import i18n
from audiogame.sound.output import output_problem
from audiogame.speech.base import SpeechError
from audiogame.speech.screenreader import import_system_speechd, quiet_stdout

CLIENT_NAME = "audiogame"


def scale(value: int) -> int:
    """0..100 (the program's options) to speech-dispatcher's -100..100, 50 being its default.

    >>> [scale(v) for v in (0, 50, 100, 250, -3)]
    [-100, 0, 100, 100, -100]
    """
    return max(-100, min(100, value * 2 - 100))


class DispatcherSpeaker:
    """Speech through speech-dispatcher; raises :class:`SpeechError` when it cannot be heard."""

    name = "speechd"

    def __init__(
        self,
        rate: int = 50,
        volume: int = 100,
        language: Callable[[], str] = i18n.language,
        probe: Callable[[], str | None] = output_problem,
    ) -> None:
        if not sys.platform.startswith("linux"):
            raise SpeechError("speech-dispatcher is a Linux voice")
        problem = probe()
        if problem is not None:
            raise SpeechError(problem)
        if not import_system_speechd():
            raise SpeechError("the speechd module is missing (python3-speechd)")
        import speechd

        self._speechd: Any = speechd
        try:
            # Starting the server may print; the screen belongs to the game.
            with quiet_stdout():
                self._client: Any = speechd.SSIPClient(CLIENT_NAME, autospawn=True)
        except Exception as error:
            raise SpeechError(f"speech-dispatcher did not start: {error}") from error
        try:
            modules = [m for m in self._client.list_output_modules() if m != "dummy"]
            if not modules:
                raise SpeechError("speech-dispatcher has no voice installed")
            self._client.set_priority(speechd.Priority.MESSAGE)
            self._language = ""
            self._current_language = language
            self._set_language()
            self.set_voice(rate, volume)
        except Exception as error:
            self.close()
            if isinstance(error, SpeechError):
                raise
            raise SpeechError(f"speech-dispatcher failed: {error}") from error
        self.detail = modules[0]

    def _set_language(self) -> None:
        language = self._current_language()
        if language != self._language:
            self._client.set_language(language)
            self._language = language

    def _command(self, function: Callable[..., Any], *args: Any) -> None:
        try:
            function(*args)
        except Exception as error:  # the connection is gone (server killed) or refused
            raise SpeechError(f"speech-dispatcher failed: {error}") from error

    def speak(self, text: str, interrupt: bool = False) -> None:
        if interrupt:
            self._command(self._client.cancel)
        self._command(self._set_language)
        self._command(self._client.speak, text)

    def silence(self) -> None:
        self._command(self._client.cancel)

    def set_voice(self, rate: int, volume: int) -> None:
        self._command(self._client.set_rate, scale(rate))
        self._command(self._client.set_volume, scale(volume))

    def close(self) -> None:
        # Nothing of ours may go on speaking after the program ends.
        with contextlib.suppress(Exception):
            self._client.cancel()
        with contextlib.suppress(Exception):
            self._client.close()
