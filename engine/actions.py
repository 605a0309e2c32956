"""Actions: what a seat can do. One value type, compared by kind and cards.

>>> from engine.cards import parse_cards
>>> Play(parse_cards("9h 9s")) == Play(parse_cards("9s 9h"))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.cards import Card
from engine.vocabulary import ActionKind


@dataclass(frozen=True, slots=True)
class Action:
    """``kind`` is ``"play"``, ``"pass"``, ``"flip"``, ``"face_down"`` or ``"exchange"``;
    ``cards`` the cards it uses, in canonical order (empty when none)."""

    kind: ActionKind
    cards: tuple[Card, ...] = ()

    @classmethod
    def make(cls, kind: ActionKind, cards: Iterable[Card] = ()) -> Action:
        return cls(kind, tuple(sorted(cards, key=Card.sort_key)))

    def __str__(self) -> str:
        if not self.cards:
            return self.kind
        return f"{self.kind} {' '.join(c.token() for c in self.cards)}"


def Play(cards: Iterable[Card]) -> Action:
    """Play these cards (their order does not matter)."""
    return Action.make("play", cards)


def Pass() -> Action:
    """Pass (Cardavia, only when there is no legal answer)."""
    return Action("pass")


def Flip() -> Action:
    """Turn up the top card of the stock (classic Battaglia)."""
    return Action("flip")


def FaceDown(card: Card) -> Action:
    """Put this card face down in a war (Battaglia aperta)."""
    return Action("face_down", (card,))


def Exchange() -> Action:
    """Swap hand and won pile after playing an 8 (Scientific Battle)."""
    return Action("exchange")
