"""Stopping on a signal as a player expects: SIGTERM (the system or another program asks),
SIGHUP (the terminal window was closed) and SIGINT from outside (``kill -INT``; Control+C
typed at the keyboard is a key like any other) all save the game in progress, give the terminal
back in its normal state and exit with the usual status, 128 plus the signal's number.

The sound library installs its own handlers when the mixer starts, which swallow SIGTERM and
SIGINT; :func:`install` is called after it, and the library is asked not to (through its
documented ``SDL_NO_SIGNAL_HANDLERS`` hint) before it starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from types import FrameType
from typing import Any

SIGNALS: tuple[str, ...] = ("SIGTERM", "SIGHUP", "SIGINT")
SDL_HINT = "SDL_NO_SIGNAL_HANDLERS"


class Stopped(BaseException):
    """A signal arrived before the program's loop ran: unwind at once (not an error)."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"signal {signum}")
        self.signum = signum


def keep_sound_library_away() -> None:
    """Ask SDL (the sound mixer) to leave the signal handlers alone; call before it starts."""
    os.environ.setdefault(SDL_HINT, "1")


class SignalStop:
    """The handlers; :attr:`app` is the running program once there is one."""

    def __init__(self) -> None:
        self.app: Any = None
        self.received: int | None = None

    @property
    def exit_code(self) -> int | None:
        """128 plus the signal's number once one arrived, else None."""
        return None if self.received is None else 128 + self.received

    def install(self) -> None:
        for name in SIGNALS:
            number = getattr(signal, name, None)
            if number is not None:
                with contextlib.suppress(OSError, ValueError):  # not the main thread
                    signal.signal(number, self._handle)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.received is not None:
            return  # already stopping
        self.received = signum
        app = self.app
        if app is None or not getattr(app, "running", False):
            raise Stopped(signum)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            raise Stopped(signum) from None
        loop.call_soon_threadsafe(self._stop)

    def _stop(self) -> None:
        """In the program's loop: save, close the screens, leave the loop."""
        app = self.app
        with contextlib.suppress(Exception):
            if app.autosave is not None:
                app.autosave.flush()
        app.quit()
