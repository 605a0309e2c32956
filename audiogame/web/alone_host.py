"""The host of the page that plays alone: the program's own screens (the main menu, the setups,
the tables, the practice mode, the rules, the options, the replays) run in a browser seat's
host (:class:`audiogame.web.page_host.PageHost`: its narrator sends each message to the page),
with the player's options kept in the page's folder and no terminal, voice or mixer.

It is a :class:`audiogame.app.host.CoreHost`, as the terminal program is: the screens are the
terminal's own. What differs is said here: the main menu offers neither online play nor Quit,
the options leave the voice to the player's screen reader (or the page's voice), and the keys
of every screen leave out F3 and Control+C, the screen reader's and the browser's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor
from contextlib import AbstractContextManager
from typing import Any

from audiogame import i18n
from audiogame.app.command import Command
from audiogame.settings import Settings, SettingsStore
from audiogame.web.page_host import PageCues, PageHost, Send

PAGE_LESS = frozenset({"silence", "quit"})
"""The program's keys of every screen that do nothing in a page (F3, Control+C)."""


def event_loop() -> asyncio.AbstractEventLoop | None:
    """The loop timers run in: the running one, else the page's (Pyodide sets one for the
    worker), else none."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    try:
        return asyncio.get_event_loop_policy().get_event_loop()
    except RuntimeError:
        return None


class AloneHost(PageHost):
    """The program of a page that plays alone. ``send`` takes each message; each timer runs
    inside ``batch`` (what it says goes to the page as one batch, the screen's state after
    it); computer players think in ``thinking``, at once (a page's Python has no threads)."""

    plays_online = False
    own_voice = False

    def __init__(
        self,
        send: Send,
        settings: Settings,
        store: SettingsStore,
        batch: Callable[[], AbstractContextManager[None]],
        thinking: Executor,
    ) -> None:
        self.cues = PageCues(settings.sound, settings.cue_volume / 100)
        super().__init__(send, settings.language or "en", cues=self.cues)
        self.send = send
        self.settings = settings
        self.store = store
        self.batch = batch
        self.thinking = thinking
        self.farewell = True
        self.running = True  # the worker's loop runs whenever Python is called

    @property
    def thinkers(self) -> Executor | None:
        """The computer players and the hints think in the page's worker, at once."""
        return self.thinking

    @thinkers.setter
    def thinkers(self, value: Executor | None) -> None:
        """Where a page thinks is said when it is made."""

    # ----- time ----------------------------------------------------------------------------
    def timer_loop(self) -> asyncio.AbstractEventLoop | None:
        return event_loop()

    def _as_timer(self, callback: Callable[[], None]) -> Callable[[], None]:
        run = super()._as_timer(callback)

        def timer() -> None:
            with self.batch():
                run()

        return timer

    def from_thread(self, callback: Callable[[], None]) -> None:
        """A page has no threads: ``callback`` runs as a timer of its own."""
        self.call_later(0, callback)

    def when_running(self, callback: Callable[[], None]) -> None:
        """The worker's loop runs whenever Python is called: now."""
        callback()

    # ----- the program ---------------------------------------------------------------------
    def global_commands(self) -> list[Command]:
        """The keys of every screen that work in a page: not F3 (the screen reader or the
        page's voice speaks, and has its own key to stop) nor Control+C (the browser's: the
        page never sends it), which F1 would list to no purpose."""
        return [c for c in super().global_commands() if c.id not in PAGE_LESS]

    def quit(self, goodbye: bool = False) -> None:
        """The page cannot close itself: the main menu opens again at the next key."""
        super().quit(goodbye)
        self.send({"type": "quit"})

    def update_settings(self, **changes: Any) -> None:
        """Change, apply and keep options at once (the language, the cues)."""
        old = self.settings
        super().update_settings(**changes)
        if self.settings.language != old.language:
            self.language = self.settings.language or i18n.system_language()
            i18n.set_language(self.language)
        self.cues.set_enabled(self.settings.sound)
        self.cues.set_volume(self.settings.cue_volume / 100)
        self.save_settings()

    def use_speech(self, choice: str) -> None:
        """The page's voice is the screen reader's or the page's: never chosen here."""
