"""What every screen has: a title, its keys (each with the words F1 says), and the way it
greets the player when it opens or comes back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from audiogame.app.actions import BACKSPACE, ENTER, ESCAPE, TAB, Command, keys_name
from audiogame.i18n import _

if TYPE_CHECKING:
    import asyncio
    from concurrent.futures import Executor
    from contextlib import AbstractContextManager

    from prompt_toolkit.application import Application

    from audiogame.narrator import Narrator
    from audiogame.settings import Settings, SettingsStore

__all__ = ["BACKSPACE", "ENTER", "ESCAPE", "TAB", "Command", "Program", "Screen"]


class Program(Protocol):
    """The running program as its screens see it (:class:`audiogame.app.application.AudioGame`
    is the one there is): the stack of screens, speech and sound, settings, the clock, the
    event loop. A screen names this, not the program's class, so that the program can import
    its screens and no screen imports the program."""

    narrator: Narrator
    settings: Settings
    store: SettingsStore | None
    full_screen: bool
    stack: list[Screen]
    running: bool
    key_count: int
    autosave: Any
    clock: Callable[[], float]
    farewell: bool
    thinkers: Executor | None
    server_password: str
    application: Application[None]

    @property
    def top(self) -> Screen: ...

    def push(self, screen: Screen) -> None: ...

    def pop(self) -> None: ...

    def replace_top(self, screen: Screen) -> None: ...

    def pop_to(self, kind: type[Screen]) -> None: ...

    def quit(self, goodbye: bool = False) -> None: ...

    def say(
        self, text: str, cue: str | None = None, pan: float = 0.0, record: bool = True
    ) -> None: ...

    def refuse(self, text: str) -> None: ...

    def display_mode(self) -> str: ...

    def fail(self, error: BaseException) -> None: ...

    def turn(self) -> AbstractContextManager[None]: ...

    def after_turn(self, callback: Callable[[], None]) -> None: ...

    def from_thread(self, callback: Callable[[], None]) -> None: ...

    def when_running(self, callback: Callable[[], None]) -> None: ...

    def dispatch(self, key: str, data: str = "") -> None: ...

    def global_commands(self) -> list[Command]: ...

    def call_later(
        self, delay: float, callback: Callable[[], None]
    ) -> asyncio.TimerHandle | None: ...

    def update_settings(self, **changes: Any) -> None: ...

    def start(self, screens: list[Screen]) -> None: ...

    def run(self) -> None: ...


class Screen:
    """A screen of the program. Subclasses give :attr:`title` and :meth:`commands`."""

    title = ""

    def __init__(self, app: Program) -> None:
        self.app = app

    def heading(self) -> str:
        """The screen's title in the player's language."""
        return _(self.title)

    def commands(self) -> list[Command]:
        return []

    def key_scope(self) -> str:
        """Where the player's own key bindings apply ("cardavia"); empty: nowhere here."""
        return ""

    def bound_commands(self) -> list[Command]:
        """:meth:`commands` with the keys the player bound in place of the defaults."""
        scope = self.key_scope()
        overrides = self.app.settings.keys if scope else {}
        commands = self.commands()
        if not overrides:
            return commands
        bound = []
        for command in commands:
            keys = overrides.get(f"{scope}.{command.id}") if command.id else None
            if keys and command.keys:
                both_cases = [k for key in keys for k in ((key, key.upper()) if key.isalpha()
                              and len(key) == 1 else (key,))]  # fmt: skip
                # The action runs as if its own key were pressed: what it does never depends
                # on which key the player chose for it.
                default, run = command.keys[0], command.run
                command = replace(command, keys=tuple(dict.fromkeys(both_cases)),
                                  run=lambda key, run=run, default=default: run(default))  # type: ignore[misc]  # fmt: skip
            bound.append(command)
        return bound

    def key_for(self, action: str) -> str:
        """The keys bound to ``action`` here, as the player hears them ("Space", "N")."""
        for command in self.bound_commands():
            if command.id == action:
                return keys_name(command.keys)
        raise KeyError(action)

    def on_char(self, char: str) -> bool:
        """A printable key no command took; return whether it meant something."""
        return False

    def enter(self) -> None:
        """The screen has just opened: say where the player is."""
        self.app.say(self.heading())

    def resume(self) -> None:
        """The screen is on top again after the one above it closed."""
        self.enter()

    def leave(self) -> None:
        """The screen is closing (stop timers)."""

    def status(self) -> list[str]:
        """Lines for the visual display under the messages."""
        return []

    def rules_game(self) -> str | None:
        """The game whose rules the rules key reads here, if any."""
        return None
