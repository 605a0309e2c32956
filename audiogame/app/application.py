"""The terminal program: the host of :mod:`audiogame.app.program` (a stack of screens and the
keys every screen shares) in one prompt_toolkit application, with a voice, a mixer, a display
and the player's saved options."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import Output

from audiogame import i18n
from audiogame.app.display import Mirror, build_layout, display_mode
from audiogame.app.program import Program
from audiogame.app.screen import ENTER, Screen
from audiogame.narrator import Narrator
from audiogame.settings import Settings, SettingsStore
from audiogame.speech.base import Speaker
from audiogame.table.local import stop_workers


def key_name(key: Keys | str) -> str:
    """prompt_toolkit's name of a key ("up", "c-m", "f1"), or the character typed."""
    name = key.value if isinstance(key, Keys) else key
    return ENTER if name == "c-j" else name


class AudioGame(Program):
    """The running program."""

    narrator: Narrator

    def __init__(
        self,
        *,
        narrator: Narrator,
        settings: Settings | None = None,
        store: SettingsStore | None = None,
        speech_factory: Callable[[str, Settings], Speaker] | None = None,
        full_screen: bool = True,
        input: Input | None = None,
        output: Output | None = None,
    ) -> None:
        super().__init__(narrator, settings)
        self.store = store
        self.speech_factory = speech_factory
        self.full_screen = full_screen
        self.mirror = Mirror()
        self.failure: BaseException | None = None
        self.farewell = True
        self.plays_online = True
        """Whether the main menu offers online play (not in a page that plays alone)."""
        self.own_voice = True
        """Whether the program speaks itself, with a voice of its choice (not in a page: there
        the player's screen reader or the browser's voice speaks)."""
        self.server_password = ""
        """The online server's password, given once in this run (never written down)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        narrator.on_message = self.mirror.add
        bindings = KeyBindings()
        bindings.add(Keys.Any)(self._on_key)
        self.application: Application[None] = Application(
            layout=build_layout(self),
            key_bindings=bindings,
            full_screen=full_screen,
            input=input,
            output=output,
            enable_page_navigation_bindings=False,
            mouse_support=False,
        )
        # Escape is a key of its own here, not the start of Alt combinations: answer fast.
        self.application.ttimeoutlen = 0.05
        self.application.timeoutlen = 0.05
        # Speech comes first: the display is redrawn at most 20 times a second, so that a
        # redraw rarely stands between a key and its message.
        self.application.min_redraw_interval = 0.05

    # ----- screens -------------------------------------------------------------------------
    def replace_top(self, screen: Screen) -> None:
        self.stack.pop().leave()
        self.push(screen)

    def quit(self, goodbye: bool = False) -> None:
        """End the program; ``goodbye`` when the player chose to (Control C, Quit), not when a
        signal or a closed terminal ends it."""
        super().quit(goodbye)
        if self.running:
            with contextlib.suppress(Exception):
                self.application.exit()

    # ----- speech --------------------------------------------------------------------------
    def redraw(self) -> None:
        self.application.invalidate()

    def display_mode(self) -> str:
        active = getattr(self.narrator.speaker, "active", self.narrator.speaker.name)
        return display_mode(str(active), self.full_screen)

    # ----- keys ----------------------------------------------------------------------------
    def _on_key(self, event: KeyPressEvent) -> None:
        for press in event.key_sequence:
            try:
                self.dispatch(key_name(press.key), press.data)
            except Exception as error:
                self.fail(error)
                return

    def fail(self, error: BaseException) -> None:
        """An unexpected error: stop at once. :meth:`run` raises it once the terminal is
        restored, for the caller to report (:mod:`audiogame.crash`)."""
        if self.failure is None:
            self.failure = error
        with contextlib.suppress(Exception):  # already leaving
            self.application.exit(exception=error)

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if isinstance(error, Exception) and not isinstance(error, asyncio.CancelledError):
            self.fail(error)
        else:
            loop.default_exception_handler(context)

    def from_thread(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` in the program's loop, as a turn of its own (from any thread)."""
        run = self._as_turn(callback)
        loop = self._loop
        if loop is None:
            self.application.pre_run_callables.append(run)
        else:
            loop.call_soon_threadsafe(run)

    def when_running(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` now if the program's loop runs, else as soon as it starts."""
        if self.running:
            callback()
        else:
            self.application.pre_run_callables.append(lambda: self.from_thread(callback))

    # ----- time ----------------------------------------------------------------------------
    def call_later(self, delay: float, callback: Callable[[], None]) -> asyncio.TimerHandle | None:
        """Run ``callback`` after ``delay`` seconds in the program's loop (None if not running)."""
        if not self.running:
            return None
        return asyncio.get_running_loop().call_later(delay, self._as_turn(callback))

    def _as_turn(self, callback: Callable[[], None]) -> Callable[[], None]:
        """``callback`` as a turn of the program's loop: the table answers after it, a failure
        is the program's, and the screen is drawn again."""

        def run() -> None:
            try:
                with self.turn():
                    callback()
            except Exception as error:
                self.fail(error)
                return
            self.application.invalidate()

        return run

    # ----- settings ------------------------------------------------------------------------
    def update_settings(self, **changes: Any) -> None:
        """Change, save and apply options at once (language and voice included)."""
        old = self.settings
        super().update_settings(**changes)
        if self.settings.language != old.language:
            i18n.set_language(self.settings.language or i18n.system_language())
        if (self.settings.rate, self.settings.volume) != (old.rate, old.volume):
            self.narrator.speaker.set_voice(self.settings.rate, self.settings.volume)
        if self.settings.sound != old.sound:
            self.narrator.cues.set_enabled(self.settings.sound)
        if self.settings.cue_volume != old.cue_volume:
            self.narrator.cues.set_volume(self.settings.cue_volume / 100)
        if self.settings.speech != old.speech:
            self.use_speech(self.settings.speech)
        self.save_settings()

    def use_speech(self, choice: str) -> None:
        """Speak through ``choice`` from now on (over ``--speech`` too)."""
        if self.speech_factory is not None:
            self.narrator.speaker.close()
            self.narrator.speaker = self.speech_factory(choice, self.settings)

    # ----- running -------------------------------------------------------------------------
    async def run_async(self) -> None:
        self.running = True
        self._loop = asyncio.get_running_loop()
        # Not prompt_toolkit's handler: it prints the error and waits for Enter, unseen.
        asyncio.get_running_loop().set_exception_handler(self._loop_error)
        try:
            if self.stack:
                # Nor its SIGINT handler: a SIGINT from outside stops the program
                # (audiogame.signals); Control+C typed is a key.
                await self.application.run_async(set_exception_handler=False, handle_sigint=False)
        finally:
            self.running = False
            self._loop = None
            self.quit()
            stop_workers(self)  # no worker thread outlives the program

    def run(self) -> None:
        """Run until the player quits; Ctrl+C or a closed terminal end cleanly."""
        with contextlib.suppress(KeyboardInterrupt, EOFError):
            asyncio.run(self.run_async())
