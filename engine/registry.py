"""Where the engine finds its games: each game declares its facts once
(:class:`engine.facts.GameFacts`, in its own ``engine/<game>/facts.py``) and is registered by
them.

The games that ship are the modules of :data:`SHIPPED`, one line each, read the first time a
game is asked for; :func:`register_game` adds any other (the tests register a tiny game of
their own).

>>> from engine.registry import registered, registration
>>> registered()
('battle', 'scientific', 'cardavia')
>>> registration("cardavia").rule_prefix
'CV'
"""

from __future__ import annotations

import importlib

from engine.events import Event
from engine.facts import GameFacts

SHIPPED: tuple[str, ...] = (
    "engine.battle.facts",
    "engine.scientific.facts",
    "engine.cardavia.facts",
)
"""The modules of the games that ship, each holding its ``FACTS``, in a fixed order (saves,
deal codes and menus list them so)."""

Registration = GameFacts
"""A registered game is its declaration."""

_GAMES: dict[str, GameFacts] = {}
_loaded = False


def _games() -> dict[str, GameFacts]:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in SHIPPED:  # before any other: register_game() loads them first
            facts: GameFacts = importlib.import_module(module).FACTS
            if facts.name != module.split(".")[1]:
                raise ValueError(f"{module} declares the game {facts.name!r}, not its folder's")
            _GAMES[facts.name] = facts
    return _GAMES


def shipped() -> tuple[str, ...]:
    """The names of the games that ship, in their fixed order: each is its folder's name
    (``engine/<game>/facts.py``), read without importing the games."""
    return tuple(module.split(".")[1] for module in SHIPPED)


def register_game(facts: GameFacts) -> None:
    """Register a game by its facts; a name or rule prefix already taken is refused
    (``ValueError``)."""
    games = _games()
    if facts.name in games:
        raise ValueError(f"a game named {facts.name!r} is already registered")
    taken = {other.rule_prefix: other.name for other in games.values()}
    if facts.rule_prefix in taken:
        raise ValueError(f"the rule prefix {facts.rule_prefix} is {taken[facts.rule_prefix]}'s")
    games[facts.name] = facts


def unregister_game(name: str) -> None:
    """Remove a game registered with :func:`register_game` (``KeyError`` if there is none)."""
    del _games()[name]


def registered() -> tuple[str, ...]:
    """The names of the registered games, in the order they were registered."""
    return tuple(_games())


def registration(name: str) -> GameFacts:
    """The facts of ``name``; ``KeyError`` naming the games there are."""
    games = _games()
    found = games.get(name)
    if found is None:
        raise KeyError(f"no game {name!r}; the games are {', '.join(games)}")
    return found


def event_classes(name: str | None = None) -> dict[str, type[Event]]:
    """Every event kind one game (or, with no name, any game) can emit, mapped to its class."""
    chosen = [registration(name)] if name is not None else list(_games().values())
    kinds: dict[str, type[Event]] = {}
    for facts in chosen:
        kinds |= facts.event_classes()
    return kinds
