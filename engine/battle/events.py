"""Events of classic Battaglia beyond the shared ones (reveal, war, trick_won, ...)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.cards import Card
from engine.events import Event, quick_init
from engine.vocabulary import EventKind


@quick_init
@dataclass(frozen=True, slots=True)
class CardsSetAside(Event):
    """Cards that did not divide evenly, set aside face up, out of play (BT-2)."""

    kind: ClassVar[EventKind] = "set_aside"
    cards: tuple[Card, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class FaceDownLaid(Event):
    """Open war: every tied player's face-down card is down (``seats`` laid one); now each
    chooses his face-up card (BT-10). ``pot`` cards wait on the table."""

    kind: ClassVar[EventKind] = "face_down_laid"
    seats: tuple[int, ...]
    pot: int
