"""Where the engine finds its games: one registration per game.

A registration names the game, the module that holds its ``GAME`` (imported the first time the
game is asked for), the modules of its own events (the shared ones of :mod:`engine.events`
are everyone's) and the module of its computer players (its ``PLAYERS``: level -> bot class,
made by :func:`engine.bots.make`). The three games register themselves below, one line
each; a new game adds its line here, or calls :func:`register_game` from its own code (as
the tests do with a tiny game of their own).

>>> from engine.registry import registered
>>> registered()
('battle', 'scientific', 'cardavia')
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass

from engine.events import Event
from engine.protocol import Game


@dataclass(frozen=True, slots=True)
class Registration:
    """One game: its name, the module holding its ``GAME``, the modules of its events, the
    module holding its computer players' ``PLAYERS`` (empty: it has none)."""

    name: str
    module: str
    event_modules: tuple[str, ...]
    bots: str = ""

    def game(self) -> Game:
        game: Game = importlib.import_module(self.module).GAME
        return game


_GAMES: dict[str, Registration] = {}


def register_game(
    name: str, module: str, event_modules: Sequence[str] = (), bots: str = ""
) -> None:
    """Register a game under ``name``; a name already taken is refused (``ValueError``)."""
    if name in _GAMES:
        raise ValueError(f"a game named {name!r} is already registered")
    _GAMES[name] = Registration(name, module, ("engine.events", *event_modules), bots)


def unregister_game(name: str) -> None:
    """Remove a game registered with :func:`register_game` (``KeyError`` if there is none)."""
    del _GAMES[name]


def registered() -> tuple[str, ...]:
    """The names of the registered games, in the order they were registered."""
    return tuple(_GAMES)


def registration(name: str) -> Registration:
    """The registration of ``name``; ``KeyError`` naming the games there are."""
    found = _GAMES.get(name)
    if found is None:
        raise KeyError(f"no game {name!r}; the games are {', '.join(_GAMES)}")
    return found


def event_classes(name: str | None = None) -> dict[str, type[Event]]:
    """Every event kind one game (or, with no name, any game) can emit, mapped to its class."""
    chosen = [registration(name)] if name is not None else list(_GAMES.values())
    kinds: dict[str, type[Event]] = {}
    for entry in chosen:
        for module_name in entry.event_modules:
            module = importlib.import_module(module_name)
            for value in vars(module).values():
                if isinstance(value, type) and issubclass(value, Event) and value is not Event:
                    kinds[value.kind] = value
    return kinds


register_game("battle", "engine.battle", ["engine.battle.events"], "engine.bots.battle")
register_game(
    "scientific",
    "engine.scientific",
    ["engine.scientific.events"],
    "engine.bots.scientific.players",
)
register_game(
    "cardavia", "engine.cardavia", ["engine.cardavia.events"], "engine.bots.cardavia.players"
)
