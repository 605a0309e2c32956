"""What every screen has: a title, its keys (each with the words F1 says), and the way it
greets the player when it opens or comes back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from audiogame.i18n import _

if TYPE_CHECKING:
    from audiogame.app.application import AudioGame

ENTER = "c-m"
TAB = "c-i"
BACKSPACE = "c-h"
ESCAPE = "escape"


def as_pressed(run: Callable[[str], None], key: str) -> Callable[[str], None]:
    """``run`` as if ``key`` were pressed, whichever key was."""
    return lambda _pressed: run(key)


@dataclass(frozen=True)
class Command:
    """An action of a screen: the keys bound to it, what it does (``help``, marked with
    ``N_``), and ``run``, which gets the key pressed.

    An action with an ``id`` is named in F1's list from its keys ("Left and Right arrows:
    move through your hand"), or from ``keys_text`` for a family of printable keys that
    :meth:`Screen.on_char` handles; its ``help`` holds no key name. ``group`` places it in
    F1's list; ``enabled`` (when given) says whether it applies at this screen now. Without an
    ``id``, ``help`` is the whole line, keys included (screens not yet named from bindings)."""

    keys: tuple[str, ...]
    help: str
    run: Callable[[str], None]
    id: str = ""
    group: str = "choosing"
    enabled: Callable[[], bool] | None = None
    keys_text: str = ""

    def listed(self) -> bool:
        """Whether F1 lists it now."""
        return self.enabled is None or self.enabled()


class Screen:
    """A screen of the program. Subclasses give :attr:`title` and :meth:`commands`."""

    title = ""

    def __init__(self, app: AudioGame) -> None:
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

    def status(self) -> list[str]:
        """Lines for the visual display under the messages."""
        return []

    def rules_game(self) -> str | None:
        """The game whose rules the rules key reads here, if any."""
        return None
