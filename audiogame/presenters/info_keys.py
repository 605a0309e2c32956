"""The keys of a game's table that tell the position from the player's view alone (W: your
hand, E: the cards each player owns), as one :class:`InfoKey` each.

The table builds its key from it and answers with its words; a replay of the game answers the
same key with the same words (:func:`information_keys`, from the game's registration, whose
``information`` names the function giving them for a setup, in the table's keys module).
"""

from __future__ import annotations

import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from audiogame.app.actions import INFORMATION
from audiogame.app.screen import Command
from audiogame.catalog import game_entry
from audiogame.words.seats import Seats

View = TypeVar("View")


@dataclass(frozen=True)
class InfoKey(Generic[View]):
    """An information key of a table: its action ``id`` (which the player's own key bindings
    name), its default ``keys``, what F1 says it does (``help``, marked with ``N_``) and the
    function giving its ``words`` from a view."""

    id: str
    keys: tuple[str, ...]
    help: str
    words: Callable[[View, Seats], str]

    def command(self, run: Callable[[str], None]) -> Command:
        """The key as a screen's action that runs ``run``."""
        return Command(self.keys, self.help, run, self.id, INFORMATION)


def information_keys(game: str, config: Mapping[str, Any]) -> tuple[InfoKey[Any], ...]:
    """The information keys of ``game``'s table with the setup ``config``, as its registration
    names them (none when it names none)."""
    name = game_entry(game).information
    if not name:
        return ()
    keys: tuple[InfoKey[Any], ...] = pkgutil.resolve_name(name)(config)
    return keys
