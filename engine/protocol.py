"""The protocol every game follows: a game makes states; a state says who acts, what is
legal, applies actions, and shows each seat only what that seat may know."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, Self

from engine.actions import Action
from engine.cards import Card
from engine.events import Event
from engine.vocabulary import EndReason, SettlementItem


@dataclass(frozen=True, slots=True)
class SettlementLine:
    """One line of a score settlement: ``seat`` gets ``points`` because of ``item``.

    ``item`` is ``"cards"`` (cards left), ``"never_played"`` (the doubling), ``"spade_two"``,
    ``"bombs_held"``, ``"bomb_bonus"`` or ``"winner"`` (the sum of the penalties);
    ``count`` is how many cards or bombs it counts."""

    seat: int
    item: SettlementItem
    points: int
    count: int = 0


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended: ``winners`` (several for a draw), ``scores`` by seat."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: EndReason
    lines: tuple[SettlementLine, ...] = field(default=())


class View(Protocol):
    """What one seat may know: a frozen value, equal to any view of the same knowledge.
    Every game's view has at least these; each game adds its own fields (``BattleView``,
    ``ScientificView``, ``CardaviaView``).

    ``hand`` is the seat's own cards (``()`` when it holds none in view, as in classic
    Battaglia, whose stock is face down); ``owned`` counts the cards each seat owns;
    ``is_over`` tells that the game has ended."""

    @property
    def seat(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def owned(self) -> tuple[int, ...]: ...
    @property
    def is_over(self) -> bool: ...


class State(Protocol):
    """One game in progress."""

    @property
    def players(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    def to_act(self) -> tuple[int, ...]: ...
    def legal_actions(self, seat: int) -> list[Action]: ...
    def apply(self, seat: int, action: Action) -> list[Event]: ...
    def opening_events(self) -> list[Event]: ...
    def view(self, seat: int) -> View: ...
    def result(self) -> Result: ...
    def clone(self) -> Self: ...


class Game(Protocol):
    """A game: its name, its limits, and a factory of states."""

    name: str
    min_players: int
    max_players: int
    simultaneous: bool

    def new_state(
        self,
        *,
        seed: int | None = None,
        hands: Sequence[Sequence[Card]] | None = None,
        **options: Any,
    ) -> State: ...
