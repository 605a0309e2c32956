"""Which function puts each event of each game into words.

Each game has a module ``audiogame.words.<game>`` that registers one renderer per event kind
with :func:`renderer`. :func:`missing_renderers` lists the kinds a game can emit that have no
words yet (a test keeps it empty for every game that has a table).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from audiogame.words.seats import Seats
from engine.events import Event

Renderer = Callable[[Any, Seats], str]
_RENDERERS: dict[str, dict[str, Renderer]] = {}

# The event modules each game emits from (shared events first).
GAME_EVENT_MODULES: dict[str, tuple[str, ...]] = {
    "battle": ("engine.events", "engine.battle.events"),
    "scientific": ("engine.events", "engine.scientific.events"),
    "cardavia": ("engine.events", "engine.cardavia.events"),
}
# Shared events a game never emits (so they need no words there).
NOT_EMITTED: dict[str, frozenset[str]] = {
    "battle": frozenset(),
    "scientific": frozenset({"set_aside"}),
    "cardavia": frozenset(
        {"reveal", "war", "trick_won", "pile_taken_up", "choice_made", "trick_limit", "eliminated"}
    ),
}


def renderer(game: str, kind: str) -> Callable[[Renderer], Renderer]:
    """Decorator: the decorated function words events of ``kind`` in ``game``."""

    def register(function: Renderer) -> Renderer:
        _RENDERERS.setdefault(game, {})[kind] = function
        return function

    return register


def renderers(game: str) -> dict[str, Renderer]:
    """Every renderer of ``game`` (importing its words module the first time)."""
    if game not in _RENDERERS:
        try:
            importlib.import_module(f"audiogame.words.{game}")
        except ModuleNotFoundError as error:
            if error.name != f"audiogame.words.{game}":
                raise
    return _RENDERERS.get(game, {})


def event_kinds(game: str) -> set[str]:
    """Every event kind ``game`` can emit."""
    kinds: set[str] = set()
    for module_name in GAME_EVENT_MODULES[game]:
        module = importlib.import_module(module_name)
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Event) and value is not Event:
                kinds.add(value.kind)
    return kinds - NOT_EMITTED.get(game, frozenset())


def missing_renderers(game: str) -> set[str]:
    return event_kinds(game) - set(renderers(game))


def render(game: str, event: Event, seats: Seats) -> str:
    """The message for ``event``; an event with no renderer says its kind rather than nothing."""
    function = renderers(game).get(event.kind)
    if function is None:
        return event.kind.replace("_", " ")
    return function(event, seats)
