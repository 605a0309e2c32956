"""A text-to-speech voice through pyttsx3 (SAPI5, NSSpeechSynthesizer, eSpeak).

The voice runs on its own worker thread with a queue, so that a key is never blocked by speech:
:meth:`TtsSpeaker.speak` only enqueues. :meth:`silence` drops the queue and stops the voice at
the next word (the stop is done on the worker thread, which is the thread that owns the engine
on every platform).
"""

from __future__ import annotations

import contextlib
import queue
import threading
from typing import Any

from audiogame.speech.base import SpeechError

_START_TIMEOUT = 5.0


class TtsSpeaker:
    name = "tts"

    def __init__(self, rate: int = 50, volume: int = 100) -> None:
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._error: str | None = None
        self._engine: Any = None
        self._voice = (rate, volume)
        self._thread = threading.Thread(target=self._run, name="tts-voice", daemon=True)
        self._thread.start()
        if not self._ready.wait(_START_TIMEOUT):
            raise SpeechError("the voice did not start in time")
        if self._error is not None:
            raise SpeechError(self._error)

    def _run(self) -> None:
        try:
            with contextlib.suppress(Exception):  # Windows: the voice is a COM object
                import comtypes  # type: ignore[import-not-found]

                comtypes.CoInitialize()
            import pyttsx3

            engine = pyttsx3.init()
            engine.connect("started-word", self._on_word)
            self._engine = engine
            self._apply_voice()
        except Exception as error:
            self._error = f"pyttsx3 failed: {error}"
            self._ready.set()
            return
        self._ready.set()
        while True:
            text = self._queue.get()
            if text is None:
                break
            self._stop.clear()
            try:
                self._apply_voice()
                engine.say(text)
                engine.runAndWait()
            except Exception as error:
                self._error = f"pyttsx3 failed: {error}"
                break

    def _on_word(self, name: object = None, location: int = 0, length: int = 0) -> None:
        if self._stop.is_set():
            self._engine.stop()

    def _apply_voice(self) -> None:
        rate, volume = self._voice
        # 0..100 maps to about 100..350 words a minute around the usual 200.
        self._engine.setProperty("rate", 100 + rate * 5 // 2)
        self._engine.setProperty("volume", max(0, min(100, volume)) / 100)

    def speak(self, text: str, interrupt: bool = False) -> None:
        if self._error is not None or not self._thread.is_alive():
            raise SpeechError(self._error or "the voice stopped")
        if interrupt:
            self.silence()
        self._queue.put(text)

    def silence(self) -> None:
        with contextlib.suppress(queue.Empty):
            while True:
                self._queue.get_nowait()
        self._stop.set()

    def set_voice(self, rate: int, volume: int) -> None:
        self._voice = (rate, volume)

    def close(self) -> None:
        self.silence()
        self._queue.put(None)
