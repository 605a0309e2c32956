"""The fields of a Battaglia scientifica game that resolving a trick (``resolve.py``) and
building a seat's view (``view.py``) read and write.

:class:`engine.scientific.state.ScientificState` has them all; the two modules below it name
this description instead of the state, so that the state imports them and not the other way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from engine.cards import Card
    from engine.protocol import Result


class GameFields(Protocol):
    """One game's table, as ``ScientificState`` keeps it (its docstring says what each is)."""

    players: int
    hands: list[list[Card]]
    won: list[list[Card]]
    chosen: dict[int, Card]
    pot: list[Card]
    reversed: bool
    out: list[bool]
    seers: frozenset[int]
    seer_split: bool
    seers_phase: bool
    counting: frozenset[int]
    exchange: set[int]
    trick: int
    trick_limit: int
    outcome: Result | None
    last_reveal: tuple[tuple[int, Card], ...]

    @property
    def is_over(self) -> bool: ...

    def to_act(self) -> tuple[int, ...]: ...

    def owned(self) -> tuple[int, ...]: ...
