"""Whether anything can be heard: a sound server (PulseAudio, or PipeWire through its PulseAudio
socket) that answers, or a sound card. Voices are checked against it before one is chosen, and
the program watches it during a game: a sound server that dies or comes back is told once.

The check costs one connection to a local socket (tens of microseconds) and is repeated at
most every :data:`RECHECK` seconds.

>>> output_problem(environ={"PULSE_SERVER": "unix:/nonexistent/native"}, cards="/nonexistent")
'the sound server at /nonexistent/native does not answer'
"""

from __future__ import annotations

import glob
import os
import socket
import sys
import time
from collections.abc import Callable, Mapping

RECHECK = 0.25
"""Seconds a check stays valid: a key is never slowed down by more than one socket connect."""


def pulse_socket(environ: Mapping[str, str] | None = None) -> str | None:
    """The local socket of the PulseAudio protocol, where a server is configured or usual."""
    env = os.environ if environ is None else environ
    server = env.get("PULSE_SERVER", "")
    for part in server.split():
        if part.startswith("unix:"):
            return part[len("unix:") :]
        if part.startswith("/"):
            return part
    if server:
        return None  # a network server: not ours to judge
    runtime = env.get("XDG_RUNTIME_DIR")
    if runtime:
        path = os.path.join(runtime, "pulse", "native")
        if os.path.exists(path):
            return path
    return None


def _answers(path: str) -> bool:
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.settimeout(0.2)
    try:
        client.connect(path)
        return True
    except OSError:
        return False
    finally:
        client.close()


def output_problem(
    environ: Mapping[str, str] | None = None, cards: str = "/dev/snd", platform: str = ""
) -> str | None:
    """Why nothing can be heard, or ``None`` when a sound server answers or a sound card is
    there (the reason is for logs; the player hears a translated notice). Only Linux is
    judged: elsewhere the system's own sound service is always there."""
    if not (platform or sys.platform).startswith("linux"):
        return None
    env = os.environ if environ is None else environ
    path = pulse_socket(env)
    if path is not None:
        return None if _answers(path) else f"the sound server at {path} does not answer"
    if env.get("PULSE_SERVER"):
        return None
    if glob.glob(os.path.join(cards, "pcmC*D*p")):
        return None
    return "no sound server is running and no sound card was found"


class OutputWatch:
    """Calls ``on_lost(reason)`` when the sound output stops answering and ``on_back()`` when it
    answers again, once for each change; :meth:`check` is cheap enough to run on every
    message."""

    def __init__(
        self,
        on_lost: Callable[[str], None],
        on_back: Callable[[], None],
        probe: Callable[[], str | None] = output_problem,
        recheck: float = RECHECK,
    ) -> None:
        self._probe = probe
        self._on_lost = on_lost
        self._on_back = on_back
        self._recheck = recheck
        self._last = 0.0
        self.problem: str | None = probe()
        self._busy = False

    def check(self) -> None:
        now = time.monotonic()
        if self._busy or now - self._last < self._recheck:
            return
        self._last = now
        problem = self._probe()
        if (problem is None) == (self.problem is None):
            self.problem = problem
            return
        self.problem = problem
        self._busy = True  # what the callbacks say must not check again
        try:
            if problem is None:
                self._on_back()
            else:
                self._on_lost(problem)
        finally:
            self._busy = False
