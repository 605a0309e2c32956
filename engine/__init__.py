"""The rules of Battaglia, Battaglia scientifica and Cardavia: pure, typed, no I/O.

>>> from engine import games, Play
>>> from engine.cards import parse_cards
>>> state = games["cardavia"].new_state(seed=1)
>>> len(state.to_act())
1
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from engine.actions import Action, Exchange, FaceDown, Flip, Pass, Play
from engine.cards import Card, parse_cards
from engine.errors import IllegalAction
from engine.events import Event
from engine.protocol import Game, Result, SettlementLine, State
from engine.registry import event_classes, registered, registration, shipped

GAME_NAMES: tuple[str, ...] = shipped()
"""The games that ship with the program, in a fixed order (saves and deal codes name them),
as :data:`engine.registry.SHIPPED` declares them. Every registered game, these and any
other, is in :data:`games`."""


class _Games(Mapping[str, Game]):
    """``engine.games["cardavia"]``: every registered game (see :mod:`engine.registry`), each
    imported the first time it is asked for."""

    def __getitem__(self, name: str) -> Game:
        return registration(name).game()

    def __iter__(self) -> Iterator[str]:
        return iter(registered())

    def __len__(self) -> int:
        return len(registered())


games: Mapping[str, Game] = _Games()


def event_kinds(game: str | None = None) -> dict[str, type[Event]]:
    """Every event kind ``game`` (or, with no name, any game) can emit, mapped to its class."""
    return event_classes(game)


__all__ = [
    "GAME_NAMES",
    "Action",
    "Card",
    "Event",
    "Exchange",
    "FaceDown",
    "Flip",
    "Game",
    "IllegalAction",
    "Pass",
    "Play",
    "Result",
    "SettlementLine",
    "State",
    "event_kinds",
    "games",
    "parse_cards",
]
