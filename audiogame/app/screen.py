"""What every screen has: a title, its keys (each with the words F1 says), and the way it
greets the player when it opens or comes back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from audiogame.app.command import BACKSPACE as BACKSPACE
from audiogame.app.command import ENTER as ENTER
from audiogame.app.command import ESCAPE as ESCAPE
from audiogame.app.command import TAB as TAB
from audiogame.app.command import Command as Command
from audiogame.i18n import _

if TYPE_CHECKING:
    from audiogame.app.host import Host


def as_pressed(run: Callable[[str], None], key: str) -> Callable[[str], None]:
    """``run`` as if ``key`` were pressed, whichever key was."""
    return lambda _pressed: run(key)


class Screen:
    """A screen of the program. Subclasses give :attr:`title` and :meth:`commands`.

    ``app`` is its host (:class:`~audiogame.app.host.Host`): the terminal program, a browser
    seat, a test's; a screen that needs the whole terminal program says so in its own type."""

    title = ""

    def __init__(self, app: Host) -> None:
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
                command = replace(command, keys=tuple(dict.fromkeys(both_cases)),
                                  run=as_pressed(command.run, command.keys[0]))  # fmt: skip
            bound.append(command)
        return bound

    def run_bound(self, key: str) -> bool:
        """Run what ``key`` is bound to here (a letter typed with Shift asks for its own
        letter's command); False when it is bound to nothing."""
        for command in self.bound_commands():
            if key in command.keys:
                command.run(key)
                return True
        return False

    def key_for(self, action: str) -> str:
        """The keys bound to ``action`` here, as the player hears them ("Space", "N")."""
        from audiogame.app.actions import keys_name

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

    def farewell(self) -> str:
        """What the player hears before "Goodbye." when they end the program with this screen
        open (a seat kept at an online table); empty: nothing."""
        return ""

    def status(self) -> list[str]:
        """Lines for the visual display under the messages."""
        return []

    def rules_game(self) -> str | None:
        """The game whose rules the rules key reads here, if any."""
        return None
