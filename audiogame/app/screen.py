"""What every screen has: a title, its keys (each with the words F1 says), and the way it
greets the player when it opens or comes back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from audiogame.i18n import _

if TYPE_CHECKING:
    from audiogame.app.application import AudioGame

ENTER = "c-m"
TAB = "c-i"
BACKSPACE = "c-h"
ESCAPE = "escape"


@dataclass(frozen=True)
class Command:
    """Keys that do one thing; ``help`` (marked with ``N_``) is what F1 says about them.
    ``run`` gets the key pressed. A command with no keys only documents printable keys that
    :meth:`Screen.on_char` handles."""

    keys: tuple[str, ...]
    help: str
    run: Callable[[str], None]


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
