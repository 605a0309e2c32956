"""The browser seat's small host (:class:`PageHost`: no terminal, no voice, no mixer), whose
narrator (:class:`PageNarrator`) sends each message, cue and placing to the page, what the page
was last sent of the screen (:class:`Showing`: its state lines, hand and keys), and the game's
table screen made on it (:func:`make_screen`); :mod:`audiogame.web.seat` feeds it. The page that
plays alone (:mod:`audiogame.web.alone_host`) is built on the same pieces."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from audiogame.app.program import Program
from audiogame.i18n import speaking
from audiogame.narrator import Narrator
from audiogame.presenters.table_screen import HandShown, TableScreen
from audiogame.settings import Settings
from audiogame.table.seat import SeatState
from audiogame.words.cards import card_name

log = logging.getLogger("audiogame.server")
Send = Callable[[dict[str, Any]], None]


class Unheard:
    """The program's voice for a page: none (the page's screen reader or voice speaks)."""

    name = "page"

    def speak(self, text: str, interrupt: bool = False) -> None:
        pass

    def silence(self) -> None:
        pass

    def set_voice(self, rate: int, volume: int) -> None:
        pass

    def close(self) -> None:
        pass


class PageCues:
    """The cues as the program sees them in a page: the page plays them (``cues.js``), each
    sent with its message; the program's options turn them on and off and set their volume
    (those of the page that plays alone; a browser seat's page has options of its own)."""

    available = True

    def __init__(self, enabled: bool = True, volume: float = 1.0) -> None:
        self.enabled = enabled
        self.volume = volume

    def play(self, name: str, pan: float = 0.0) -> None:
        """Played by the page: the narrator sends the cue with its message."""

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = enabled

    def close(self) -> None:
        pass


class PageNarrator(Narrator):
    """A narrator whose every message, cue and placing goes to the page (a cue only while
    ``cues`` are on; nothing at all for a message with neither words nor cue)."""

    def __init__(self, send: Send, cues: PageCues | None = None) -> None:
        self.page_cues = cues or PageCues()
        super().__init__(Unheard(), self.page_cues)
        self.send = send

    def say(self, text: str, cue: str | None = None, pan: float = 0.0, record: bool = True) -> None:
        if not self.page_cues.enabled:
            cue = None
        if not text and cue is None:
            return
        record = record and bool(text)  # a cue alone is no message of the history
        if record:
            self.remember(text)
        self.send({"type": "say", "text": text, "cue": cue, "pan": pan, "record": record,
                   "urgent": cue == "your_turn" and bool(text)})  # fmt: skip

    def cue(self, name: str, pan: float = 0.0) -> None:
        if self.page_cues.enabled:
            self.send({"type": "say", "text": "", "cue": name, "pan": pan, "record": False})

    def speak_unrecorded(self, text: str) -> None:
        self.send({"type": "say", "text": text, "cue": None, "pan": 0.0, "record": False})


class Showing:
    """What a page was last sent of its screen besides the words (the title, the state
    lines, the hand, the keys...): each message goes out again only when it changed."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.last: dict[str, dict[str, Any]] = {}

    def changed(self, message: dict[str, Any]) -> None:
        """Send ``message`` unless the page has it already."""
        if self.last.get(message["type"]) != message:
            self.last[message["type"]] = message
            self.send(message)

    def screen(
        self, lines: Sequence[object], hand: HandShown | None, keys: list[dict[str, Any]]
    ) -> None:
        """A screen's state lines, its hand (``None``: a spectator's, who holds none) with its
        cursor and selection, and its keys (:func:`audiogame.web.page_keys.key_list`)."""
        self.changed({"type": "show", "lines": [str(line) for line in lines]})
        if hand is not None:
            self.changed({"type": "hand", "cursor": hand.cursor if hand.cards else None,
                          "cards": [{"name": card_name(card), "selected": card in hand.selected}
                                    for card in hand.cards]})  # fmt: skip
        self.changed({"type": "keys", "keys": keys})

    def clear(self) -> None:
        """A new screen: the page is sent everything again."""
        self.last.clear()


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

    def __init__(
        self, send: Send, language: str, pace: float | None = None, cues: PageCues | None = None
    ) -> None:
        settings = Settings(language=language)
        if pace is not None:
            settings = replace(settings, pace=pace)
        super().__init__(PageNarrator(send, cues), settings)
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
                    log.exception("a page's timer failed")
                    return
                self.after_timer()

        return run

    def timer_loop(self) -> asyncio.AbstractEventLoop | None:
        """The loop timers run in: the running one (the server's), else none."""
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None

    def call_later(self, delay: float, callback: Callable[[], None]) -> asyncio.TimerHandle | None:
        loop = self.timer_loop()
        if loop is None:
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
