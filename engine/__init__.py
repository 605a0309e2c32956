"""The rules of Battaglia, Battaglia scientifica and Cardavia: pure, typed, no I/O.

>>> from engine import games, Play
>>> from engine.cards import parse_cards
>>> state = games["cardavia"].new_state(seed=1)
>>> len(state.to_act())
1
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from engine.actions import Action, Exchange, FaceDown, Flip, Pass, Play
from engine.cards import Card, parse_cards
from engine.errors import IllegalAction
from engine.events import Event
from engine.protocol import Game, Result, SettlementLine, State

GAME_NAMES: tuple[str, ...] = ("battle", "scientific", "cardavia")
_EVENT_MODULES = (
    "engine.events",
    "engine.battle.events",
    "engine.scientific.events",
    "engine.cardavia.events",
)


class _Games(Mapping[str, Game]):
    """``engine.games["cardavia"]``: each game is imported the first time it is asked for."""

    def __getitem__(self, name: str) -> Game:
        if name not in GAME_NAMES:
            raise KeyError(f"no game {name!r}; the games are {', '.join(GAME_NAMES)}")
        game: Game = importlib.import_module(f"engine.{name}").GAME
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(GAME_NAMES)

    def __len__(self) -> int:
        return len(GAME_NAMES)


games: Mapping[str, Game] = _Games()


def event_kinds() -> dict[str, type[Event]]:
    """Every event kind any game can emit, mapped to its class."""
    kinds: dict[str, type[Event]] = {}
    for module_name in _EVENT_MODULES:
        module = importlib.import_module(module_name)
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Event) and value is not Event:
                kinds[value.kind] = value
    return kinds


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
