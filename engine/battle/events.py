"""Events of classic Battaglia beyond the shared ones (reveal, war, trick_won, ...)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.cards import Card
from engine.events import Event


@dataclass(frozen=True, slots=True)
class CardsSetAside(Event):
    """Cards that did not divide evenly, set aside face up, out of play (BT-2)."""

    kind: ClassVar[str] = "set_aside"
    cards: tuple[Card, ...]
