"""One seat's end of a table: what a presenter reads instead of an engine state.

A :class:`SeatState` is fed the seat's stream (its view, its legal actions and the events as
it may know them, already numbered from the seat: the seat is seat 0) and answers the
questions a presenter asks an engine state (``view``, ``is_over``, ``to_act``,
``legal_actions``, ``result``). Its :meth:`apply` does not change anything: it sends the
action to the table, and the events come back later through the stream. It holds no card the
seat may not know, because it is only ever given the seat's stream.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from audiogame.table.codec import decode_action, decode_event, decode_view
from engine.actions import Action
from engine.events import Event, GameOver
from engine.protocol import Result

_view_names: Callable[[str], str] | None = None


def read_views_from(view_name: Callable[[str], str]) -> None:
    """Where a game's view class is named (``"engine.battle.view.BattleView"``):
    :mod:`audiogame.catalog` names itself here when it is imported, so that the table layer
    never imports the games' registrations."""
    global _view_names
    _view_names = view_name


def view_class(game: str) -> type[Any]:
    """The class of ``game``'s views (named by its registration)."""
    if _view_names is None:
        raise LookupError(f"no game registrations are loaded to name {game!r}'s views")
    module, _, name = _view_names(game).rpartition(".")
    found: type[Any] = getattr(importlib.import_module(module), name)
    return found


class NotYourSeat(ValueError):
    """Asked about another seat than the one this stream belongs to."""


class SeatState:
    """The engine state as seat 0 of a stream sees it."""

    def __init__(
        self,
        game: str,
        players: int,
        submit: Callable[[Action], None],
        request: Callable[[str], None] = lambda what: None,
    ) -> None:
        self.game = game
        self.players = players
        self.submit = submit
        self.request = request
        """Ask the table for something that is no action: ``"hurry"``, ``"next_deal"``."""
        self._view: Any = None
        self._legal: list[Action] = []
        self._to_act: tuple[int, ...] = ()
        self._opening: list[Event] = []
        self._result: Result | None = None
        self.seq = 0
        self.options: dict[str, Any] = {}
        """The seat's own options of the game as its table keeps them (online: the server's
        ``seat_options``; ``auto_pass``: the table passes for the seat)."""

    def feed(self, message: dict[str, Any]) -> list[Event]:
        """Take one message of the stream (``started``, ``update``, ``dealt``); its events."""
        return self.take(
            str(message.get("type")),
            [decode_event(data) for data in message.get("events", [])],
            decode_view(view_class(self.game), message["view"]),
            [decode_action(text) for text in message.get("legal", [])],
            tuple(int(seat) for seat in message.get("to_act", [])),
            int(message.get("seq", self.seq)),
        )

    def take(
        self,
        kind: str,
        events: list[Event],
        view: Any,
        legal: list[Action],
        to_act: tuple[int, ...],
        seq: int,
    ) -> list[Event]:
        """The same message already read back into values (from a table in this process,
        which numbers them from the seat and redacts them as the server does); its events."""
        if kind in ("started", "dealt"):
            self._opening = events
            self._result = None
        self._view = view
        self._legal = legal
        self._to_act = to_act
        self.seq = seq
        for event in events:
            if isinstance(event, GameOver):
                self._result = Result(event.winners, event.scores, event.reason)
        return events

    # ----- what a presenter asks -----------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return bool(self._view is not None and self._view.is_over)

    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    def view(self, seat: int) -> Any:
        if seat != 0:
            raise NotYourSeat(f"this stream shows seat 0 only, not seat {seat}")
        return self._view

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != 0:
            raise NotYourSeat(f"this stream shows seat 0 only, not seat {seat}")
        return list(self._legal)

    def opening_events(self) -> list[Event]:
        return list(self._opening)

    def result(self) -> Result:
        if self._result is None:
            raise ValueError("the game is not over")
        return self._result

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Send ``action`` to the table; its events come back through the stream."""
        if seat != 0:
            raise NotYourSeat(f"this stream acts for seat 0 only, not seat {seat}")
        self.submit(action)
        return []
