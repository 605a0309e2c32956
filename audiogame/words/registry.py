"""Which function puts each event of each game into words.

Each game has a module (its registration's ``words``, by default ``audiogame.words.<game>``)
that registers one renderer per event kind with :func:`renderer`. :func:`missing_renderers`
lists the kinds a game can emit that have no words yet (a test keeps it empty for every game
that has a table).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from audiogame.words.seats import Seats
from engine.events import Event
from engine.registry import event_classes

Renderer = Callable[[Any, Seats], str]
_RENDERERS: dict[str, dict[str, Renderer]] = {}


def renderer(game: str, kind: str) -> Callable[[Renderer], Renderer]:
    """Decorator: the decorated function words events of ``kind`` in ``game``."""

    def register(function: Renderer) -> Renderer:
        _RENDERERS.setdefault(game, {})[kind] = function
        return function

    return register


def renderers(game: str) -> dict[str, Renderer]:
    """Every renderer of ``game`` (importing its words module the first time)."""
    if game not in _RENDERERS:
        from audiogame.catalog import game_entry

        name = game_entry(game).words_module
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise
    return _RENDERERS.get(game, {})


def event_kinds(game: str) -> set[str]:
    """Every event kind ``game`` can emit (its engine's events, less the shared ones its
    registration says it never emits)."""
    from audiogame.catalog import game_entry

    return set(event_classes(game)) - game_entry(game).not_emitted


def missing_renderers(game: str) -> set[str]:
    return event_kinds(game) - set(renderers(game))


def render(game: str, event: Event, seats: Seats) -> str:
    """The message for ``event``; an event with no renderer says its kind rather than nothing."""
    function = renderers(game).get(event.kind)
    if function is None:
        return event.kind.replace("_", " ")
    return function(event, seats)
