"""Events of Cardavia."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.cardavia.combination import Combination
from engine.events import Event, quick_init
from engine.protocol import SettlementLine
from engine.vocabulary import EventKind


@quick_init
@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    """Cards are dealt; ``leader`` holds the 3 of hearts and leads (CV-3)."""

    kind: ClassVar[EventKind] = "deal_started"
    leader: int
    hand_sizes: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class Played(Event):
    """``seat`` played an ordinary ``combination``; ``beaten`` is what it beat (None: a lead)."""

    kind: ClassVar[EventKind] = "played"
    seat: int
    combination: Combination
    beaten: Combination | None


@quick_init
@dataclass(frozen=True, slots=True)
class BombPlayed(Event):
    """``seat`` played a bomb (four of a rank or three aces); ``beaten`` as in :class:`Played`."""

    kind: ClassVar[EventKind] = "bomb"
    seat: int
    combination: Combination
    beaten: Combination | None


@quick_init
@dataclass(frozen=True, slots=True)
class CelestialBomb(Event):
    """The four 3s as the very first play of the deal: nothing beats it (CV-8)."""

    kind: ClassVar[EventKind] = "celestial_bomb"
    seat: int
    combination: Combination


@quick_init
@dataclass(frozen=True, slots=True)
class Passed(Event):
    kind: ClassVar[EventKind] = "passed"
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class NewRound(Event):
    """Both others passed: ``leader`` (who played last) leads a new round (CV-10)."""

    kind: ClassVar[EventKind] = "new_round"
    leader: int


@quick_init
@dataclass(frozen=True, slots=True)
class FewCards(Event):
    """``seat`` has only ``count`` (1 or 2) cards left."""

    kind: ClassVar[EventKind] = "few_cards"
    seat: int
    count: int


@quick_init
@dataclass(frozen=True, slots=True)
class BombBonus(Event):
    """A bomb played on another's combination stood: ``seat`` +20, each opponent -10 (CV-13)."""

    kind: ClassVar[EventKind] = "bomb_bonus"
    seat: int
    combination: Combination
    points: int


@quick_init
@dataclass(frozen=True, slots=True)
class Settlement(Event):
    """The deal's settlement line by line (CV-12 to CV-14) and the totals by seat."""

    kind: ClassVar[EventKind] = "settlement"
    lines: tuple[SettlementLine, ...]
    totals: tuple[int, ...]
