"""The program: one prompt_toolkit application, a stack of screens, and the keys every screen
shares (F1 keys, F2 repeat, F3 silence, F4 rules, Page Up/Down and Ctrl+Home/End history,
Ctrl+C quit)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from dataclasses import replace
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import Output

from audiogame import i18n
from audiogame.app import places
from audiogame.app.actions import EVERYWHERE
from audiogame.app.display import Mirror, build_layout, display_mode
from audiogame.app.screen import ENTER, Command, Screen
from audiogame.i18n import N_, _
from audiogame.narrator import Narrator
from audiogame.settings import Settings, SettingsStore
from audiogame.speech.base import Speaker

_HISTORY_KEYS = {
    "pageup": "previous",
    "pagedown": "next",
    "s-pageup": "previous",
    "s-pagedown": "next",
    "c-home": "first",
    "c-end": "last",
}


def key_name(key: Keys | str) -> str:
    """prompt_toolkit's name of a key ("up", "c-m", "f1"), or the character typed."""
    name = key.value if isinstance(key, Keys) else key
    return ENTER if name == "c-j" else name


class AudioGame:
    """The running program."""

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
        self.narrator = narrator
        self.settings = settings or Settings()
        self.store = store
        self.speech_factory = speech_factory
        self.full_screen = full_screen
        self.stack: list[Screen] = []
        self.mirror = Mirror()
        self.running = False
        self.key_count = 0
        self.autosave: Any = None
        """Saves the table after every move (:class:`audiogame.saves.autosave.Autosaver`)."""
        self.failure: BaseException | None = None
        self.clock: Callable[[], float] = time.monotonic
        """The time keys are judged by (a turn that has just changed)."""
        self.farewell = True
        """Say goodbye when the program ends (the tests' drives end quietly)."""
        self.thinkers: Executor | None = None
        """Where computer players think (``None``: the program's worker thread)."""
        self.server_password = ""
        """The online server's password, given once in this run (never written down)."""
        self._turns = 0
        self._after: list[Callable[[], None]] = []
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
    @property
    def top(self) -> Screen:
        return self.stack[-1]

    def push(self, screen: Screen) -> None:
        self.stack.append(screen)
        screen.enter()

    def pop(self) -> None:
        """Close the top screen; the one below speaks again. Closing the last one quits."""
        self.stack.pop().leave()
        if not self.stack:
            self.quit()
            return
        self.top.resume()

    def replace_top(self, screen: Screen) -> None:
        self.stack.pop().leave()
        self.push(screen)

    def pop_to(self, kind: type[Screen]) -> None:
        """Close screens down to the nearest ``kind`` (the main menu, a setup menu)."""
        while len(self.stack) > 1 and not isinstance(self.top, kind):
            self.stack.pop().leave()
        self.top.resume()

    def quit(self, goodbye: bool = False) -> None:
        """End the program; ``goodbye`` when the player chose to (Control C, Quit), not when a
        signal or a closed terminal ends it."""
        saved = False
        if self.autosave is not None:
            table = self.autosave.table
            kept = self.autosave.flush()
            saved = kept and not self.autosave.shared and table is not None
            saved = saved and not table.finished  # a match: its last deal is over
        if goodbye and self.stack and self.farewell:
            if saved:  # a game in progress: the player hears that it is not lost
                self.say(_("The game is saved: the next start offers to resume it."))
            self.say(_("Goodbye."), cue="back")
        while self.stack:
            self.stack.pop().leave()
        if self.running:
            with contextlib.suppress(Exception):
                self.application.exit()

    # ----- speech --------------------------------------------------------------------------
    def say(self, text: str, cue: str | None = None, pan: float = 0.0, record: bool = True) -> None:
        """Speak ``text`` with its cue; ``record=False`` keeps it out of the history (moving
        through menus and hands: the history is for what happened). A move not yet saved is
        saved first: nothing is announced that a crash a moment later could lose."""
        if self.autosave is not None and self.autosave.dirty:
            self.autosave.flush(sync=False)
        self.narrator.say(text, cue=cue, pan=pan, record=record)
        self.application.invalidate()

    def refuse(self, text: str) -> None:
        """Something the player asked cannot be done: the reason, with the not-allowed cue."""
        self.say(text, cue="not_allowed")

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

    @contextlib.contextmanager
    def turn(self) -> Iterator[None]:
        """One turn of the program: a key, or a timer or a worker's answer; what
        :meth:`after_turn` asked for runs at its end."""
        self._turns += 1
        try:
            yield
            if self._turns == 1:
                while self._after:
                    self._after.pop(0)()
        finally:
            self._turns -= 1
            if not self._turns:
                self._after.clear()

    def after_turn(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once the key (or timer) being handled is done; at once outside
        one. Asked twice in a turn, it runs once."""
        if not self._turns:
            callback()
        elif callback not in self._after:
            self._after.append(callback)

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

    def dispatch(self, key: str, data: str = "") -> None:
        """Do what ``key`` means on the current screen."""
        if key.startswith("<") or not self.stack:  # terminal reports, mouse: not keys
            return
        with self.turn():
            self._dispatch(key, data)

    def _dispatch(self, key: str, data: str) -> None:
        self.key_count += 1
        self.narrator.new_turn()
        if getattr(self.top, "capturing", None) is not None and key != "c-c":
            self.top.capture(key)  # type: ignore[attr-defined]  # the key to bind, whatever it is
            self.application.invalidate()
            return
        for command in self.global_commands():
            if key in command.keys:
                command.run(key)
                break
        else:
            self._screen_key(key, data)
        self.application.invalidate()

    def global_commands(self) -> list[Command]:
        """The keys of every screen (F4 where there are rules to read)."""
        commands = [
            Command(
                ("f1",),
                N_("the keys of this screen, as a list."),
                self.say_keys,
                "keys",
                EVERYWHERE,
            ),
            Command(("f2",), N_("repeat the last message."), self.repeat, "repeat", EVERYWHERE),
            Command(
                ("f3",),
                N_("silence the speech."),
                lambda key: self.narrator.silence(),
                "silence",
                EVERYWHERE,
            ),
        ]
        if self.stack and self.top.rules_game() is not None:
            commands.append(
                Command(
                    ("f4",), N_("the rules of this game."), self.open_rules, "rules", EVERYWHERE
                )
            )
        commands += [
            Command(("pageup", "pagedown"),
                    N_("previous and next message in the history."),
                    lambda key: self.review(_HISTORY_KEYS[key]), "history", EVERYWHERE),
            Command(("s-pageup", "s-pagedown"),
                    N_("the same, saying where the message is in the history."),
                    lambda key: self.review(_HISTORY_KEYS[key], position=True), "history_where",
                    EVERYWHERE),
            Command(("c-home", "c-end"), N_("first and last message in the history."),
                    lambda key: self.review(_HISTORY_KEYS[key]), "history_ends", EVERYWHERE),
            Command(("c-c",), N_("quit the program."), lambda key: self.quit(goodbye=True),
                    "quit", EVERYWHERE),
        ]  # fmt: skip
        return commands

    def repeat(self, key: str = "") -> None:
        last = self.narrator.last
        self.narrator.speak_unrecorded(last if last else _("No messages yet."))

    def open_rules(self, key: str = "") -> None:
        game = self.top.rules_game()
        if game is not None:
            self.push(places.rules_screen()(self, game))

    def _screen_key(self, key: str, data: str) -> None:
        screen = self.top
        for command in screen.bound_commands():
            if key in command.keys:
                command.run(key)
                return
        if len(key) == 1 and key.isprintable() and screen.on_char(key):
            return
        self.narrator.say(_("No action on this key."), cue="not_allowed", record=False)

    def say_keys(self, key: str = "") -> None:
        """F1: the keys of the screen and of every screen, as a list browsed like the rules."""
        screen = self.top
        if isinstance(screen, places.screen_class("keys")):
            screen.enter()  # F1 on the list itself: where the player is in it
            return
        self.push(places.keys_screen()(self, screen))

    def review(self, where: str, position: bool = False) -> None:
        """Page Up and the like: a message of the history; with Shift, where it is in it."""
        found = self.narrator.review(where)
        if found is None:
            self.narrator.speak_unrecorded(_("No messages yet."))
            return
        text, moved = found
        if not moved:
            self.narrator.cue("not_allowed")
            if not position:  # with the position, "Message 1 of 40" says the edge already
                first = where in ("previous", "first")
                edge = _("First message.") if first else _("Last message.")
                text = f"{edge} {text}"
        if position:
            number, total = self.narrator.review_position
            text = _("Message {number} of {total}: {text}").format(
                number=number, total=total, text=text
            )
        self.narrator.speak_unrecorded(text)

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
        self.settings = replace(old, **changes)
        if self.settings.language != old.language:
            i18n.set_language(self.settings.language or i18n.system_language())
        if (self.settings.rate, self.settings.volume) != (old.rate, old.volume):
            self.narrator.speaker.set_voice(self.settings.rate, self.settings.volume)
        if self.settings.sound != old.sound:
            self.narrator.cues.set_enabled(self.settings.sound)
        if self.settings.cue_volume != old.cue_volume:
            self.narrator.cues.set_volume(self.settings.cue_volume / 100)
        if self.settings.speech != old.speech and self.speech_factory is not None:
            self.narrator.speaker.close()
            self.narrator.speaker = self.speech_factory(self.settings.speech, self.settings)
        if self.store is not None:
            try:
                self.store.save(self.settings)
            except OSError as error:
                self.say(_("The options could not be saved: {error}").format(error=error))

    # ----- running -------------------------------------------------------------------------
    def start(self, screens: list[Screen]) -> None:
        """Open these screens, bottom first (only the top one speaks)."""
        for screen in screens[:-1]:
            self.stack.append(screen)
        self.push(screens[-1])

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

    def run(self) -> None:
        """Run until the player quits; Ctrl+C or a closed terminal end cleanly."""
        with contextlib.suppress(KeyboardInterrupt, EOFError):
            asyncio.run(self.run_async())
