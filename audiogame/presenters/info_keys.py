"""The keys of a game's table that tell the position from the player's view alone (W: your
hand, E: the cards each player owns), as one :class:`InfoKey` each.

The table builds its key from it and answers with its words; a replay of the game answers the
same key with the same words (:func:`information_keys`, from the game's registration, whose
``information`` names the function giving them for a setup, in the table's keys module). A
spectator has the same keys, from a view with no hand in it, and T, where the game stands
(:func:`watching_keys`, from the registration's ``watching``); their words never name a card
that only a seat may know, since a spectator's view holds none.
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
    function giving its ``words`` from a view (and the listener's ``Seats``: a spectator's
    name every seat). ``watched_help`` is what F1 says it does for a spectator, when that
    differs (W: not a hand, the cards each holds)."""

    id: str
    keys: tuple[str, ...]
    help: str
    words: Callable[[View, Seats], str]
    watched_help: str = ""

    def command(self, run: Callable[[str], None], watched: bool = False) -> Command:
        """The key as a screen's action that runs ``run`` (``watched``: a spectator's)."""
        help = self.watched_help if watched and self.watched_help else self.help
        return Command(self.keys, help, run, self.id, INFORMATION)


def information_keys(game: str, config: Mapping[str, Any]) -> tuple[InfoKey[Any], ...]:
    """The information keys of ``game``'s table with the setup ``config``, as its registration
    names them (none when it names none)."""
    name = game_entry(game).information
    if not name:
        return ()
    keys: tuple[InfoKey[Any], ...] = pkgutil.resolve_name(name)(config)
    return keys


def watching_keys(game: str, config: Mapping[str, Any]) -> tuple[InfoKey[Any], ...]:
    """The keys of a spectator at a table of ``game`` with the setup ``config``, as its
    registration names them: the first says where the game stands (said on arrival too);
    none when it names none."""
    name = game_entry(game).watching
    if not name:
        return ()
    keys: tuple[InfoKey[Any], ...] = pkgutil.resolve_name(name)(config)
    return keys
