"""A speech backend kept at arm's length: it is built and called on a worker thread of its
own, and each call is waited for at most a short time. A backend that hangs (a screen reader
that stopped answering) then raises :class:`SpeechError` like one that fails, and the chain
hands over to the next backend; the keys are held up once, for at most :data:`CALL_TIMEOUT`.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any

from audiogame.speech.base import Speaker, SpeechError

CALL_TIMEOUT = 0.5
"""Seconds a speak, silence or voice call may take: speech backends only hand text over, so a
call this slow means the backend is stuck."""
START_TIMEOUT = 8.0
"""Seconds a backend may take to start (a screen reader's library loading)."""


class _Pending:
    __slots__ = ("done", "error", "result")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None


class GuardedSpeaker:
    """The backend ``factory`` builds, run on its own thread with a time limit on every call."""

    def __init__(
        self,
        factory: Callable[[], Speaker],
        timeout: float = CALL_TIMEOUT,
        start_timeout: float = START_TIMEOUT,
    ) -> None:
        self.timeout = timeout
        self.hung = False
        self.name = "speech"
        self._calls: queue.Queue[tuple[Callable[..., Any], tuple[Any, ...], _Pending] | None]
        self._calls = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="speech-guard", daemon=True)
        self._thread.start()
        try:
            self.inner: Speaker = self._call(factory, timeout=start_timeout)
        except BaseException:
            self._calls.put(None)
            raise
        self.name = self.inner.name

    def _run(self) -> None:
        with contextlib.suppress(Exception):  # Windows: screen readers and voices are COM
            import comtypes

            comtypes.CoInitialize()
        while True:
            item = self._calls.get()
            if item is None:
                return
            function, args, pending = item
            try:
                pending.result = function(*args)
            except BaseException as error:  # handed to the caller's thread
                pending.error = error
            pending.done.set()

    def _call(self, function: Callable[..., Any], *args: Any, timeout: float | None = None) -> Any:
        if self.hung:
            raise SpeechError(f"the {self.name} stopped answering")
        pending = _Pending()
        self._calls.put((function, args, pending))
        if not pending.done.wait(self.timeout if timeout is None else timeout):
            self.hung = True  # the worker is stuck in the backend: leave it there
            raise SpeechError(f"the {self.name} did not answer in time")
        if pending.error is not None:
            raise pending.error
        return pending.result

    def speak(self, text: str, interrupt: bool = False) -> None:
        self._call(self.inner.speak, text, interrupt)

    def silence(self) -> None:
        self._call(self.inner.silence)

    def set_voice(self, rate: int, volume: int) -> None:
        self._call(self.inner.set_voice, rate, volume)

    def close(self) -> None:
        if not self.hung:
            with contextlib.suppress(Exception):
                self._call(self.inner.close)
        self._calls.put(None)
