"""Cardavia combinations as values: what kind, how strong, how many cards (CV-4 to CV-8)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.vocabulary import CombinationKind

ORDINARY_KINDS: tuple[CombinationKind, ...] = (
    "single",
    "pair",
    "triple",
    "straight",
    "pair_sequence",
)
BOMB_KINDS: tuple[CombinationKind, ...] = ("bomb", "ace_bomb", "celestial_bomb")


def strength(rank: int) -> int:
    """Cardavia order (CV-4): 3 lowest ... ace, then 2 highest."""
    return 15 if rank == 2 else rank


@dataclass(frozen=True, slots=True)
class Combination:
    """A legal Cardavia combination.

    ``kind`` is one of ``single pair triple straight pair_sequence`` (ordinary) or
    ``bomb ace_bomb celestial_bomb``. ``rank`` is the card rank that decides it (for sequences
    the top rank; 2 means the two), ``length`` the number of cards, ``cards`` the cards."""

    kind: CombinationKind
    rank: int
    length: int
    cards: tuple[Card, ...]

    @property
    def is_bomb(self) -> bool:
        return self.kind in BOMB_KINDS

    @property
    def strength(self) -> int:
        return strength(self.rank)

    def beats(self, other: Combination) -> bool:
        """True when this combination may be played on ``other`` (CV-6, CV-7, CV-8)."""
        if other.kind == "celestial_bomb":
            return False
        if self.kind == "celestial_bomb":
            return True
        if self.is_bomb:
            if not other.is_bomb:
                return True
            return _bomb_order(self) > _bomb_order(other)
        if other.is_bomb:
            return False
        return (
            self.kind == other.kind
            and self.length == other.length
            and self.strength > other.strength
        )


def _bomb_order(combo: Combination) -> int:
    if combo.kind == "ace_bomb":
        return 100
    return combo.strength
