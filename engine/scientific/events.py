"""Events of Scientific Battle beyond the shared ones (reveal, war, trick_won, ...)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.events import Event, quick_init
from engine.vocabulary import EventKind, Power


@quick_init
@dataclass(frozen=True, slots=True)
class SeerTurn(Event):
    """The players who are not seers have all chosen: ``seers`` now choose, seeing them (SB-8)."""

    kind: ClassVar[EventKind] = "seer_turn"
    seers: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class Revolution(Event):
    """An odd number of jacks was revealed: the order flips (SB-7). ``reversed`` is the new
    order: True when 2 is now highest."""

    kind: ClassVar[EventKind] = "revolution"
    seats: tuple[int, ...]
    reversed: bool


@quick_init
@dataclass(frozen=True, slots=True)
class JacksCancel(Event):
    """An even number of jacks was revealed: they cancel, the order stays (SB-7)."""

    kind: ClassVar[EventKind] = "jacks_cancel"
    seats: tuple[int, ...]
    reversed: bool


@quick_init
@dataclass(frozen=True, slots=True)
class JokerCancelsWar(Event):
    """A lone joker met a war: the war is cancelled and ``seat`` takes the trick (SB-9)."""

    kind: ClassVar[EventKind] = "joker_cancels_war"
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class JokerForcesWar(Event):
    """A lone joker where no war would happen: a forced war (SB-10)."""

    kind: ClassVar[EventKind] = "joker_forces_war"
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class JokersCancel(Event):
    """Two or more jokers cancel each other (SB-11)."""

    kind: ClassVar[EventKind] = "jokers_cancel"
    seats: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class PowerGained(Event):
    """``seat`` gains ``power``: ``"seer"`` (queen, SB-8), ``"counting"`` (3, SB-12) or
    ``"exchange"`` (8, SB-13)."""

    kind: ClassVar[EventKind] = "power_gained"
    seat: int
    power: Power


@quick_init
@dataclass(frozen=True, slots=True)
class Exchanged(Event):
    """``seat`` swapped hand and won pile (SB-13): now ``hand`` cards in hand, ``won`` in the
    won pile."""

    kind: ClassVar[EventKind] = "exchanged"
    seat: int
    hand: int
    won: int


@quick_init
@dataclass(frozen=True, slots=True)
class ExchangeDeclined(Event):
    """``seat``, offered the exchange, chose a card instead and keeps his hand (SB-13: the
    choice is announced either way)."""

    kind: ClassVar[EventKind] = "exchange_declined"
    seat: int
