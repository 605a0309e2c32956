"""The player's Cardavia hand at the table: a focus moving through the cards, the cards
selected for the next play, and the list of legal plays Tab steps through.

No words here: the table speaks; this only keeps places straight as the hand shrinks.

>>> from engine.cards import parse_cards
>>> hand = HandCursor(parse_cards("3h 3s 5d 9h 9s 9c 2s"))
>>> hand.jump_rank(+1), str(hand.card), hand.count(5)
(True, '5d', 1)
>>> hand.move(+1), hand.toggle(), hand.toggle(), hand.toggle(), sorted(map(str, hand.selected))
(True, True, False, True, ['9h'])
>>> hand.update(parse_cards("3h 3s 9s 9c 2s")); str(hand.card), hand.selected
('9s', set())
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cardavia.classify import classify
from engine.cardavia.combination import BOMB_KINDS, ORDINARY_KINDS, Combination
from engine.cards import Card

KIND_ORDER = {kind: index for index, kind in enumerate(ORDINARY_KINDS + BOMB_KINDS)}


class HandCursor:
    """The hand in Cardavia order (3 lowest, 2 highest), the focused card and the selection."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards: tuple[Card, ...] = tuple(cards)
        self.focus = 0
        self.selected: set[Card] = set()

    @property
    def card(self) -> Card | None:
        """The card in focus (None when the hand is empty)."""
        return self.cards[self.focus] if self.cards else None

    def update(self, cards: Sequence[Card]) -> None:
        """The hand changed (cards played, a new deal): keep the focus on the same card, or
        on the card that took its place; forget selected cards no longer held."""
        old = self.cards
        self.cards = tuple(cards)
        self.selected &= set(self.cards)
        after = [card for card in old[self.focus :] if card in self.cards]
        if after:
            self.focus = self.cards.index(after[0])
        else:
            self.focus = max(0, len(self.cards) - 1)

    def count(self, rank: int | None) -> int:
        """How many cards of ``rank`` the hand holds."""
        return sum(1 for card in self.cards if card.rank == rank)

    def move(self, step: int) -> bool:
        """One card left (-1) or right (+1); False at either end (the focus stays)."""
        target = self.focus + step
        if not self.cards or not 0 <= target < len(self.cards):
            return False
        self.focus = target
        return True

    def to_end(self, last: bool) -> None:
        """Home (the lowest card) or End (the highest)."""
        self.focus = len(self.cards) - 1 if last and self.cards else 0

    def jump_rank(self, direction: int) -> bool:
        """The first card of the next higher (+1) or lower (-1) rank; False when none."""
        card = self.card
        if card is None:
            return False
        if direction > 0:
            later = [i for i, c in enumerate(self.cards) if c.rank != card.rank and i > self.focus]
            if not later:
                return False
            self.focus = later[0]
            return True
        earlier = [i for i, c in enumerate(self.cards) if c.rank != card.rank and i < self.focus]
        if not earlier:
            return False
        rank = self.cards[earlier[-1]].rank
        self.focus = next(i for i, c in enumerate(self.cards) if c.rank == rank)
        return True

    def jump_to(self, rank: int) -> bool:
        """The first card of ``rank``, or the next one of that rank when already on it."""
        matches = [i for i, card in enumerate(self.cards) if card.rank == rank]
        if not matches:
            return False
        later = [i for i in matches if i > self.focus]
        on_rank = self.card is not None and self.card.rank == rank
        self.focus = later[0] if on_rank and later else matches[0]
        return True

    def toggle(self) -> bool:
        """Select or unselect the focused card; returns whether it is selected now."""
        card = self.card
        if card is None:
            return False
        if card in self.selected:
            self.selected.discard(card)
            return False
        self.selected.add(card)
        return True

    def selection(self) -> tuple[Card, ...]:
        """The selected cards in hand order."""
        return tuple(card for card in self.cards if card in self.selected)

    def select_only(self, cards: Sequence[Card]) -> None:
        self.selected = set(cards) & set(self.cards)


def selection_combination(cards: Sequence[Card], first_play: bool) -> Combination | None:
    """What the selected cards form, or None."""
    if not cards:
        return None
    return classify(cards, first_play=first_play)


def ordered_plays(plays: Sequence[Combination]) -> list[Combination]:
    """Legal plays in the order Tab steps through them: by kind (singles, pairs, triples,
    straights, pair sequences, then bombs), shorter first, weaker first."""
    return sorted(plays, key=lambda c: (KIND_ORDER[c.kind], c.length, c.strength))
