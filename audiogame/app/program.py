"""The host every real one builds on: a stack of screens, the keys every screen shares (F1
keys, F2 repeat, F3 silence, F4 rules, Page Up/Down and Ctrl+Home/End history), turns, and the
player's settings. No terminal, no voice, no mixer: the terminal program
(:class:`audiogame.app.application.AudioGame`) adds those; a browser seat
(:class:`audiogame.web.page_host.PageHost`) adds a page instead.

>>> from audiogame.app.screen import Screen
>>> heard = []
>>> class Words:  # a narrator that writes down what it is asked to say
...     last = None
...     def say(self, text, cue=None, pan=0.0, record=True): heard.append((text, cue))
...     def new_turn(self): pass
>>> class Table(Screen):
...     title = "Table"
>>> program = Program(Words())
>>> program.push(Table(program))
>>> program.dispatch("x")
>>> heard
[('Table', None), ('No action on this key.', 'not_allowed')]
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from audiogame.app import places
from audiogame.app.actions import EVERYWHERE
from audiogame.app.command import Command
from audiogame.i18n import N_, _

if TYPE_CHECKING:
    from audiogame.app.host import Cancellable, Presenter
    from audiogame.settings import Settings, SettingsStore

HISTORY_KEYS = {
    "pageup": "previous",
    "pagedown": "next",
    "s-pageup": "previous",
    "s-pagedown": "next",
    "c-home": "first",
    "c-end": "last",
}


def default_settings() -> Settings:
    from audiogame.settings import Settings

    return Settings()


class Program:
    """A host (:class:`audiogame.app.host.Host`) with its screens; ``narrator`` is where the
    words go (:class:`audiogame.narrator.Narrator`, or anything that says them)."""

    def __init__(self, narrator: Any, settings: Settings | None = None) -> None:
        self.narrator = narrator
        self.settings: Settings = settings or default_settings()
        self.stack: list[Presenter] = []
        self.running = False
        self.quitting = False
        """The program is ending: its screens close, and an online seat is kept, not left."""
        self.key_count = 0
        self.store: SettingsStore | None = None
        """Where the player's options are kept (``None``: nowhere, for this run only)."""
        self.autosave: Any = None
        """Saves the table after every move (:class:`audiogame.saves.autosave.Autosaver`)."""
        self.clock: Callable[[], float] = time.monotonic
        """The time keys are judged by (a turn that has just changed)."""
        self.thinkers: Executor | None = None
        """Where computer players think (``None``: the program's worker thread)."""
        self.farewell = False
        """Say goodbye when the player ends the program (the terminal's, a page's that plays
        alone; the tests' drives end quietly)."""
        self._turns = 0
        self._after: list[Callable[[], None]] = []
        self._global: dict[bool, list[Command]] = {}
        """The keys of every screen, made once: without F4, with it."""

    # ----- screens -------------------------------------------------------------------------
    @property
    def top(self) -> Presenter:
        return self.stack[-1]

    def push(self, screen: Presenter) -> None:
        self.stack.append(screen)
        screen.enter()

    def start(self, screens: Sequence[Presenter]) -> None:
        """Open these screens, bottom first (only the top one speaks)."""
        for screen in screens[:-1]:
            self.stack.append(screen)
        self.push(screens[-1])

    def pop(self) -> None:
        """Close the top screen; the one below speaks again. Closing the last one quits."""
        self.stack.pop().leave()
        if not self.stack:
            self.quit()
            return
        self.top.resume()

    def pop_to(self, kind: type[Any]) -> None:
        """Close screens down to the nearest ``kind`` (the main menu, a setup menu)."""
        while len(self.stack) > 1 and not isinstance(self.top, kind):
            self.stack.pop().leave()
        self.top.resume()

    def quit(self, goodbye: bool = False) -> None:
        """Close every screen, the game in progress saved; ``goodbye`` when the player chose to
        (Control C, Quit), not when a signal or a closed terminal ends it: then, where the
        program says farewell, that the game is saved, each screen's last note and "Goodbye."."""
        self.quitting = True
        saved = self.autosave is not None and self.autosave.keep()
        if goodbye and self.stack and self.farewell:
            if saved:  # a game in progress: the player hears that it is not lost
                self.say(_("The game is saved: the next start offers to resume it."))
            for note in dict.fromkeys(screen.farewell() for screen in reversed(self.stack)):
                if note:
                    self.say(note)
            self.say(_("Goodbye."), cue="back")
        while self.stack:
            self.stack.pop().leave()

    # ----- words ---------------------------------------------------------------------------
    def say(self, text: str, cue: str | None = None, pan: float = 0.0, record: bool = True) -> None:
        """Speak ``text`` with its cue; ``record=False`` keeps it out of the history (moving
        through menus and hands: the history is for what happened). A move not yet saved is
        saved first: nothing is announced that a crash a moment later could lose."""
        if self.autosave is not None and self.autosave.dirty:
            self.autosave.flush(sync=False)
        self.narrator.say(text, cue=cue, pan=pan, record=record)
        self.redraw()

    def cue(self, name: str, pan: float = 0.0) -> None:
        self.narrator.cue(name, pan)

    def refuse(self, text: str) -> None:
        """Something the player asked cannot be done: the reason, with the not-allowed cue."""
        self.say(text, cue="not_allowed")

    def clear_history(self) -> None:
        self.narrator.clear_history()

    def redraw(self) -> None:
        """The display may show something new (nothing to draw here)."""

    # ----- turns ---------------------------------------------------------------------------
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

    def call_later(self, delay: float, callback: Callable[[], None]) -> Cancellable | None:
        """No loop here: nothing runs later (``None``)."""
        return None

    def from_thread(self, callback: Callable[[], None]) -> None:
        """No loop here: ``callback`` runs now, as a turn of its own."""
        with self.turn():
            callback()

    # ----- keys ----------------------------------------------------------------------------
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
            self.redraw()
            return
        for command in self.global_commands():
            if key in command.keys:
                command.run(key)
                break
        else:
            self._screen_key(key, data)
        self.redraw()

    def global_commands(self) -> list[Command]:
        """The keys of every screen (F4 where there are rules to read), made once for each
        (they are looked through at every key)."""
        rules = bool(self.stack) and self.top.rules_game() is not None
        kept = self._global.get(rules)
        if kept is None:
            kept = self._global[rules] = self._global_commands(rules)
        return list(kept)

    def _global_commands(self, rules: bool) -> list[Command]:
        commands = [
            Command(("f1",), N_("the keys of this screen, as a list."), self.say_keys, "keys",
                    EVERYWHERE),
            Command(("f2",), N_("repeat the last message."), self.repeat, "repeat", EVERYWHERE),
            Command(("f3",), N_("silence the speech."), lambda key: self.narrator.silence(),
                    "silence", EVERYWHERE),
        ]  # fmt: skip
        if rules:
            commands.append(
                Command(
                    ("f4",), N_("the rules of this game."), self.open_rules, "rules", EVERYWHERE
                )
            )
        commands += [
            Command(("pageup", "pagedown"),
                    N_("previous and next message in the history."),
                    lambda key: self.review(HISTORY_KEYS[key]), "history", EVERYWHERE),
            Command(("s-pageup", "s-pagedown"),
                    N_("the same, saying where the message is in the history."),
                    lambda key: self.review(HISTORY_KEYS[key], position=True), "history_where",
                    EVERYWHERE),
            Command(("c-home", "c-end"), N_("first and last message in the history."),
                    lambda key: self.review(HISTORY_KEYS[key]), "history_ends", EVERYWHERE),
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

    # ----- settings ------------------------------------------------------------------------
    def update_settings(self, **changes: Any) -> None:
        """Change the player's options for this program."""
        self.settings = replace(self.settings, **changes)

    def save_settings(self) -> None:
        """Keep the options where the program keeps them (:attr:`store`); a failure is said."""
        if self.store is not None:
            try:
                self.store.save(self.settings)
            except OSError as error:
                self.say(_("The options could not be saved: {error}").format(error=error))
