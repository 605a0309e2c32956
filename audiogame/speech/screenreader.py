"""Speech (and braille, where the reader has it) through the running screen reader.

``accessible_output2`` talks to NVDA, JAWS and others on Windows, VoiceOver on macOS and
speech-dispatcher on Linux. Two things need care: its constructors print to stdout when an
output is missing (which would scribble over the terminal), and on Linux it needs the
``speechd`` module that only the distribution ships (python3-speechd, not on PyPI), which a
virtual environment does not see.
"""

from __future__ import annotations

import contextlib
import glob
import importlib
import os
import sys
from collections.abc import Iterator
from typing import Any

from audiogame.speech.base import SpeechError

# Where distributions put python3-speechd; searched only when a plain import fails.
_SYSTEM_FOLDERS = ("/usr/lib/python3/dist-packages", "/usr/lib/python3*/site-packages")


@contextlib.contextmanager
def quiet_stdout(windows: bool = sys.platform == "win32") -> Iterator[None]:
    """Send file descriptors 1 and 2 to the null device for the duration (C prints too).

    Not on Windows: there descriptors 1 and 2 are the console's handles, and pointing them
    elsewhere and back gives the program's screen a different handle from the one it drew on
    (the screen readers' libraries print nothing there anyway)."""
    streams = [s for s in (sys.stdout, sys.stderr) if s is not None]
    for stream in streams:
        with contextlib.suppress(Exception):
            stream.flush()
    if windows:
        yield
        return
    saved: list[tuple[int, int]] = []
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        for fd in (1, 2):
            with contextlib.suppress(OSError):
                saved.append((fd, os.dup(fd)))
                os.dup2(null, fd)
        yield
    finally:
        for stream in streams:
            with contextlib.suppress(Exception):
                stream.flush()
        for fd, copy in saved:
            os.dup2(copy, fd)
            os.close(copy)
        os.close(null)


def import_system_speechd() -> bool:
    """Make ``import speechd`` work, looking in the distribution's folders if need be."""
    try:
        importlib.import_module("speechd")
        return True
    except ImportError:
        pass
    if not sys.platform.startswith("linux"):
        return False
    for pattern in _SYSTEM_FOLDERS:
        for folder in glob.glob(pattern):
            if not os.path.isdir(os.path.join(folder, "speechd")):
                continue
            # Only for this import: the rest of the system's packages must not shadow ours.
            sys.path.append(folder)
            try:
                importlib.import_module("speechd")
                return True
            except ImportError:
                continue
            finally:
                sys.path.remove(folder)
    return False


def orca_running(proc: str = "/proc") -> bool:
    """True when the Orca screen reader runs (Linux). Speech-dispatcher alone is a voice, not a
    screen reader: without Orca nobody reads the screen, so the text must stay on it."""
    try:
        entries = os.listdir(proc)
    except OSError:
        return False
    for entry in entries:
        if not entry.isdigit():
            continue
        comm = os.path.join(proc, entry, "comm")
        with contextlib.suppress(OSError), open(comm, encoding="utf-8") as handle:
            if handle.read().strip() == "orca":
                return True
    return False


class ScreenReaderSpeaker:
    """The first active screen-reader output; raises :class:`SpeechError` when there is none."""

    name = "screenreader"

    def __init__(self) -> None:
        if sys.platform.startswith("linux") and not orca_running():
            raise SpeechError("no screen reader is running (Orca was not found)")
        import_system_speechd()
        try:
            with quiet_stdout():
                from accessible_output2.outputs.auto import Auto

                auto = Auto()
                output = auto.get_first_available_output()
        except Exception as error:  # any failure inside the library means: no screen reader
            raise SpeechError(f"accessible_output2 failed: {error}") from error
        if output is None:
            raise SpeechError("no screen reader is running")
        if output.is_system_output():
            # SAPI5 and friends are voices, not a screen reader: that is the tts backend's job.
            raise SpeechError(f"only a system voice ({output.name}) is available")
        self._output: Any = output
        self.detail: str = str(output.name)

    def speak(self, text: str, interrupt: bool = False) -> None:
        try:
            self._output.speak(text, interrupt=interrupt)
        except Exception as error:
            raise SpeechError(f"{self.detail} failed: {error}") from error
        # Braille is a bonus: a reader without it must not stop the speech.
        with contextlib.suppress(Exception):
            self._output.braille(text)

    def silence(self) -> None:
        with contextlib.suppress(Exception):
            self._output.silence()

    def set_voice(self, rate: int, volume: int) -> None:
        pass  # the screen reader's own settings rule its voice

    def close(self) -> None:
        close = getattr(self._output, "close", None)
        if close is not None:
            with contextlib.suppress(Exception):
                close()
