"""The browser seat's small host (:class:`PageHost`: no terminal, no voice, no mixer), whose
narrator (:class:`PageNarrator`) sends each message, cue and placing to the page, and the
game's table screen made on it (:func:`make_screen`); :mod:`audiogame.web.seat` feeds it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from audiogame.app.program import Program
from audiogame.i18n import speaking
from audiogame.narrator import Narrator
from audiogame.presenters.table_screen import TableScreen
from audiogame.settings import Settings
from audiogame.table.seat import SeatState

log = logging.getLogger("audiogame.server")
Send = Callable[[dict[str, Any]], None]


class Unheard:
    """The server's voice and mixer for a page: none (the page speaks and plays for itself)."""

    name = "page"

    def speak(self, text: str, interrupt: bool = False) -> None:
        pass

    def silence(self) -> None:
        pass

    def set_voice(self, rate: int, volume: int) -> None:
        pass

    def play(self, name: str, pan: float = 0.0) -> None:
        pass

    def set_volume(self, volume: float) -> None:
        pass

    def set_enabled(self, enabled: bool) -> None:
        pass

    def close(self) -> None:
        pass


class PageNarrator(Narrator):
    """A narrator whose every message, cue and placing goes to the page."""

    def __init__(self, send: Send) -> None:
        super().__init__(Unheard(), Unheard())
        self.send = send

    def say(self, text: str, cue: str | None = None, pan: float = 0.0, record: bool = True) -> None:
        record = record and bool(text)  # a cue alone is no message of the history
        if record:
            self.remember(text)
        self.send({"type": "say", "text": text, "cue": cue, "pan": pan, "record": record,
                   "urgent": cue == "your_turn" and bool(text)})  # fmt: skip

    def cue(self, name: str, pan: float = 0.0) -> None:
        self.send({"type": "say", "text": "", "cue": name, "pan": pan, "record": False})

    def speak_unrecorded(self, text: str) -> None:
        self.send({"type": "say", "text": text, "cue": None, "pan": 0.0, "record": False})


_HINTS: list[ThreadPoolExecutor] = []


def hint_thinking() -> ThreadPoolExecutor:
    """The one thread where every browser seat's hints are thought out (made when first
    asked for, shut down with the server: :func:`stop_hint_thinking`)."""
    if not _HINTS:
        _HINTS.append(ThreadPoolExecutor(1, thread_name_prefix="browser-hints"))
    return _HINTS[0]


def stop_hint_thinking() -> None:
    while _HINTS:
        _HINTS.pop().shutdown(wait=False, cancel_futures=True)


class PageHost(Program):
    """The host of one browser seat's table screen: the program's stack and keys, with no
    terminal, voice or mixer; what it says goes to the page, in the seat's ``language``.

    Its timers (automatic play) run in the server's loop; after each, ``after_timer`` hands
    the seat's requests to the table and the page its new state."""

    def __init__(self, send: Send, language: str, pace: float | None = None) -> None:
        settings = Settings(language=language)
        if pace is not None:
            settings = replace(settings, pace=pace)
        super().__init__(PageNarrator(send), settings)
        self.language = language
        self.after_timer: Callable[[], None] = lambda: None
        self.timers: set[asyncio.TimerHandle] = set()
        try:
            self.loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self.loop = None

    @property
    def thinkers(self) -> Executor | None:
        """A hint is thought out off the server's loop: no other table waits for it."""
        return hint_thinking()

    @thinkers.setter
    def thinkers(self, value: Executor | None) -> None:
        """Where hints are thought out is this module's to say (:func:`hint_thinking`)."""

    def from_thread(self, callback: Callable[[], None]) -> None:
        """A hint thought out: ``callback`` runs in the server's loop, as a timer does."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(self._as_timer(callback))

    def _as_timer(self, callback: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            if not self.stack:  # the seat is gone
                return
            with speaking(self.language):
                try:
                    with self.turn():
                        callback()
                except Exception:
                    log.exception("a browser seat's timer failed")
                    return
                self.after_timer()

        return run

    def call_later(self, delay: float, callback: Callable[[], None]) -> asyncio.TimerHandle | None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return None

        timer = self._as_timer(callback)

        def run() -> None:
            self.timers.discard(handle)
            timer()

        handle = loop.call_later(delay, run)
        self.timers.add(handle)
        return handle

    def stop(self) -> None:
        """The seat is gone: no timer of its screen runs again."""
        for handle in list(self.timers):
            handle.cancel()
        self.timers.clear()
        self.stack.clear()


def make_screen(host: PageHost, game: str, config: dict[str, Any], seat: SeatState) -> TableScreen:
    """The game's own table screen, from its registration."""
    from audiogame.catalog import game_entry

    factory = game_entry(game).table_factory()
    if factory is None:
        raise ValueError(f"{game!r} has no table")
    screen = factory(host, config, seat)
    if not isinstance(screen, TableScreen):
        raise TypeError(f"{game!r}'s table is not a table screen")
    return screen
