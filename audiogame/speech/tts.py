"""A text-to-speech voice through pyttsx3 (SAPI5, NSSpeechSynthesizer, eSpeak).

The voice runs on its own worker thread with a queue, so that a key is never blocked by speech:
:meth:`TtsSpeaker.speak` only enqueues. :meth:`silence` drops the queue and stops the voice.

On Linux pyttsx3's eSpeak driver plays what it made with ``aplay`` through ``os.system``, which
prints over the screen when ``aplay`` is missing and cannot be stopped. So there the voice
makes a WAV file with pyttsx3 and plays it with an ``aplay`` process of its own, silent on the
screen and stopped at once by :meth:`silence`; without ``aplay`` (or without a sound output)
the voice is not chosen at all.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import wave
from collections.abc import Callable
from typing import Any

from audiogame import i18n
from audiogame.sound.output import output_problem
from audiogame.speech.base import SpeechError

_START_TIMEOUT = 5.0
HANG_AFTER_SILENCE = 3.0
"""Seconds a voice told to stop may take before it is given up as hung."""
HANG_BASE, HANG_PER_CHARACTER = 15.0, 0.25
"""A message longer than this to say (at the slowest rate) means the voice hung: macOS's
voice run from a worker thread is known to stop answering."""
_POLL = 0.005
"""Seconds between two looks at a playing ``aplay`` for a silence request."""


def _mute_driver_prints() -> None:
    """pyttsx3's eSpeak driver prints "Audio saved to ..." for each file: not on our screen."""
    with contextlib.suppress(Exception):
        from pyttsx3.drivers import espeak

        espeak.print = lambda *args, **kwargs: None


_LANGUAGE_NAMES = {"en": ("english",), "it": ("italian", "italiano")}


def _codes(voice: Any) -> list[str]:
    codes = []
    for code in getattr(voice, "languages", None) or []:
        if isinstance(code, bytes):  # eSpeak's: a priority byte, then the code
            code = code[1:].decode("ascii", "replace")
        codes.append(str(code).lower().replace("_", "-"))
    return codes


def pick_voice(voices: Any, language: str) -> str | None:
    """The id of the first voice that speaks ``language`` ("en", "it"), else None.

    Voices tell their language in their ``languages`` (macOS: ``it_IT``; SAPI with pyttsx3
    2.99: ``it-IT``), else in their name or registry id (``TTS_MS_IT-IT_ELSA``, "Microsoft
    Elsa Desktop - Italian").

    >>> from types import SimpleNamespace as Voice
    >>> voices = [Voice(id="TTS_MS_EN-US_ZIRA_11.0", name="Microsoft Zira Desktop - English",
    ...                 languages=[]),
    ...           Voice(id="TTS_MS_IT-IT_ELSA_11.0", name="Microsoft Elsa Desktop - Italian",
    ...                 languages=[])]
    >>> pick_voice(voices, "it"), pick_voice(voices, "en"), pick_voice(voices, "de")
    ('TTS_MS_IT-IT_ELSA_11.0', 'TTS_MS_EN-US_ZIRA_11.0', None)
    >>> pick_voice([Voice(id="com.apple.voice.compact.it-IT.Alice", name="Alice",
    ...                   languages=["it_IT"])], "it")
    'com.apple.voice.compact.it-IT.Alice'
    """
    language = language.lower()
    names = _LANGUAGE_NAMES.get(language, ())
    voices = list(voices or [])
    for voice in voices:  # first by the language the voice declares
        if any(code == language or code.startswith(language + "-") for code in _codes(voice)):
            return str(voice.id)
    for voice in voices:  # then by its name or id
        said = f"{getattr(voice, 'id', '')} {getattr(voice, 'name', '')}".lower()
        if f"_{language}-" in said or any(name in said for name in names):
            return str(voice.id)
    return None


class TtsSpeaker:
    name = "tts"

    def __init__(
        self,
        rate: int = 50,
        volume: int = 100,
        language: Callable[[], str] = i18n.language,
        probe: Callable[[], str | None] = output_problem,
        own_player: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``own_player``: play through ``aplay`` here (default: on Linux)."""
        self._clock = clock
        self._deadline: float | None = None
        """When the message being said must be over: past it, the voice has hung."""
        self._player: str | None = None
        if sys.platform.startswith("linux") if own_player is None else own_player:
            self._player = shutil.which("aplay")
            if self._player is None:
                raise SpeechError("pyttsx3's eSpeak voice needs aplay (alsa-utils)")
            problem = probe()
            if problem is not None:
                raise SpeechError(problem)
        self._queue: queue.Queue[tuple[int, str] | None] = queue.Queue()
        self._stop = threading.Event()
        self._generation = 0
        """Raised by each silence: a message queued before it is never played."""
        self._ready = threading.Event()
        self._error: str | None = None
        self._engine: Any = None
        self._voice = (rate, volume)
        self._language = language
        self._spoken_language = ""
        self._folder = tempfile.mkdtemp(prefix="audiogame-voice-") if self._player else ""
        self._thread = threading.Thread(target=self._run, name="tts-voice", daemon=True)
        self._thread.start()
        if not self._ready.wait(_START_TIMEOUT):
            raise SpeechError("the voice did not start in time")
        if self._error is not None:
            raise SpeechError(self._error)

    def _run(self) -> None:
        try:
            with contextlib.suppress(Exception):  # Windows: the voice is a COM object
                import comtypes

                comtypes.CoInitialize()
            import pyttsx3

            engine = pyttsx3.init()
            _mute_driver_prints()
            engine.connect("started-word", self._on_word)
            self._engine = engine
            self._apply_voice()
        except Exception as error:
            self._error = f"pyttsx3 failed: {error}"
            self._ready.set()
            return
        self._ready.set()
        while True:
            item = self._queue.get()
            if item is None:
                break
            generation, text = item
            if generation != self._generation:
                continue
            self._stop.clear()
            if generation != self._generation:  # silenced meanwhile
                continue
            self._deadline = self._clock() + HANG_BASE + HANG_PER_CHARACTER * len(text)
            try:
                self._apply_voice()
                if self._player:
                    self._play_file(text)
                else:
                    engine.say(text)
                    engine.runAndWait()
            except Exception as error:
                self._error = f"pyttsx3 failed: {error}"
                break
            finally:
                self._deadline = None

    def _make_file(self, text: str, path: str) -> bool:
        """Synthesize ``text`` into ``path``; False when nothing came out. pyttsx3's eSpeak
        driver now and then writes a file with no sound in it (about 1 message in 40 here):
        it is made again, at most twice."""
        for _attempt in range(3):
            with contextlib.suppress(FileNotFoundError):
                os.remove(path)
            self._engine.save_to_file(text, path)
            self._engine.runAndWait()
            if self._stop.is_set():
                return False
            try:
                with wave.open(path, "rb") as made:
                    if made.getnframes() > 0:
                        return True
            except (OSError, EOFError, wave.Error):
                pass
        return False

    def _play_file(self, text: str) -> None:
        path = os.path.join(self._folder, "message.wav")
        if not self._make_file(text, path):
            return
        player = subprocess.Popen(
            [str(self._player), "-q", path],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        while player.poll() is None:
            if self._stop.wait(_POLL):
                player.kill()
                player.wait()
                return
        errors = player.stderr.read() if player.stderr else b""
        if player.returncode != 0:
            # The sound output went away: the chain hands over at the next message.
            reason = errors.decode("utf-8", "replace").strip() or f"exit {player.returncode}"
            raise SpeechError(f"aplay failed: {reason}")

    def _on_word(self, name: object = None, location: int = 0, length: int = 0) -> None:
        # Making a file takes a few milliseconds and the file is then not played; stopping the
        # eSpeak driver in the middle of one leaves it stuck for the next message.
        if self._stop.is_set() and not self._player:
            self._engine.stop()

    def _apply_voice(self) -> None:
        rate, volume = self._voice
        # 0..100 maps to about 100..350 words a minute around the usual 200.
        self._engine.setProperty("rate", 100 + rate * 5 // 2)
        self._engine.setProperty("volume", max(0, min(100, volume)) / 100)
        language = self._language()
        if language == self._spoken_language:
            return
        self._spoken_language = language
        with contextlib.suppress(Exception):  # a voice without this language keeps its own
            if self._player:  # eSpeak takes a language as its voice
                self._engine.setProperty("voice", language)
                return
            # SAPI (Windows) and NSSpeechSynthesizer (macOS): the installed voice that speaks it
            voice = pick_voice(self._engine.getProperty("voices"), language)
            if voice is not None:
                self._engine.setProperty("voice", voice)

    def hung(self) -> bool:
        """The voice has been saying one message far too long, or has not stopped when told:
        it will not answer again (the speech chain hands over to the next backend)."""
        deadline = self._deadline
        return deadline is not None and self._clock() > deadline

    def speak(self, text: str, interrupt: bool = False) -> None:
        if self.hung():
            self._error = "the voice stopped answering"
        if self._error is not None or not self._thread.is_alive():
            raise SpeechError(self._error or "the voice stopped")
        if interrupt:
            self.silence()
        self._queue.put((self._generation, text))

    def silence(self) -> None:
        deadline = self._deadline
        if deadline is not None:
            self._deadline = min(deadline, self._clock() + HANG_AFTER_SILENCE)
        self._generation += 1
        with contextlib.suppress(queue.Empty):
            while True:
                self._queue.get_nowait()
        self._stop.set()

    def set_voice(self, rate: int, volume: int) -> None:
        self._voice = (rate, volume)

    def close(self) -> None:
        self.silence()
        self._queue.put(None)
        # The message being played is stopped by the silence; wait for that, briefly.
        self._thread.join(0.5)
        if self._folder:
            shutil.rmtree(self._folder, ignore_errors=True)
