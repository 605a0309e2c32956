"""Stopping on a signal as a player expects: SIGTERM (the system or another program asks),
SIGHUP (the terminal window was closed) and SIGINT from outside (``kill -INT``; Control+C
typed at the keyboard is a key like any other) all save the game in progress, give the terminal
back in its normal state and exit with the usual status, 128 plus the signal's number.

The sound library installs its own handlers when the mixer starts, which swallow SIGTERM and
SIGINT; :func:`install` is called after it, and the library is asked not to (through its
documented ``SDL_NO_SIGNAL_HANDLERS`` hint) before it starts.

Windows has no SIGHUP: closing the console window (logging off, shutting down) reaches the
program as a console event, and the program is ended as soon as the console's handler
returns, before any Python handler could run. :class:`ConsoleClose` turns that event into
SIGBREAK in the main thread and holds the window's end for the moment Windows allows, so that
the game is saved (the server's tables too) as when SIGHUP arrives elsewhere.
"""

from __future__ import annotations

import _thread
import asyncio
import contextlib
import errno
import os
import signal
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

SIGNALS: tuple[str, ...] = ("SIGTERM", "SIGHUP", "SIGINT", "SIGBREAK")
"""Those this system has (SIGBREAK is Windows' Control+Break and its console closing)."""
SIGBREAK = 21
"""SIGBREAK's number on Windows (``signal.SIGBREAK`` exists only there)."""
CTRL_C_EVENT, CTRL_BREAK_EVENT, CTRL_CLOSE_EVENT = 0, 1, 2
CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT = 5, 6
CLOSING_EVENTS = (CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT)
CLOSE_GRACE = 4.5
"""Seconds the console handler holds a closing window (Windows ends the program after 5)."""


def _interrupt_main(number: int) -> None:
    """The signal ``number`` as if it had arrived in the main thread."""
    _thread.interrupt_main(signal.Signals(number))


class ConsoleClose:
    """Windows' console handler for a window being closed: SIGBREAK in the main thread (the
    program's handlers save and stop), then a wait of :data:`CLOSE_GRACE` at most, during
    which the program ends by itself. Control+C and Control+Break are left to Python's own
    handling. ``kernel32`` and ``callback_type`` are Windows' (the tests give fakes).

    >>> raised, waited = [], []
    >>> close = ConsoleClose(interrupt=raised.append, wait=waited.append)
    >>> close.handle(CTRL_CLOSE_EVENT), raised, waited
    (True, [21], [4.5])
    >>> close.handle(CTRL_C_EVENT), raised
    (False, [21])
    """

    def __init__(
        self,
        interrupt: Callable[[int], None] | None = None,
        wait: Callable[[float], Any] | None = None,
    ) -> None:
        self._interrupt = interrupt or _interrupt_main
        self._wait = wait or threading.Event().wait
        self._callback: Any = None
        """The handler as Windows calls it, kept alive as long as it is installed."""

    def handle(self, event: int) -> bool:
        """True: the event was taken care of (Windows then ends the program)."""
        if event not in CLOSING_EVENTS:
            return False
        with contextlib.suppress(Exception):
            self._interrupt(getattr(signal, "SIGBREAK", SIGBREAK))
        self._wait(CLOSE_GRACE)
        return True

    def install(self, kernel32: Any = None, callback_type: Any = None) -> bool:
        """Put the handler in place; False where there is no Windows console."""
        if kernel32 is None or callback_type is None:
            if sys.platform != "win32":
                return False
            import ctypes
            from ctypes import wintypes

            kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
            callback_type = ctypes.WINFUNCTYPE(  # type: ignore[attr-defined,unused-ignore]
                wintypes.BOOL, wintypes.DWORD
            )
        self._callback = callback_type(self.handle)
        return bool(kernel32.SetConsoleCtrlHandler(self._callback, True))


HANG_UP = 1
"""SIGHUP's number (POSIX), the status's part when the terminal went away without it."""


def terminal_gone(error: BaseException) -> bool:
    """Whether ``error`` says the terminal went away: a closed terminal window is hung up, and
    every read and write on it then fails with an input/output error (after SIGHUP, whose
    handler is stopping the program, or without it, when the terminal was not the program's
    own). Not an error of the program: the game is kept and the program ends quietly."""
    return isinstance(error, OSError) and error.errno == errno.EIO


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
        self.console: ConsoleClose | None = None

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
        if self.console is None:
            self.console = ConsoleClose()
            self.console.install()

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
