"""The focus in a hand that changes under it (cards played, won piles taken up, swaps): no
words, no keys, only where the focus is and whether the player has heard that card.

>>> from engine.cards import parse_cards
>>> hand = parse_cards("2h 7h 7s Kh")
>>> cursor = HandCursor()
>>> str(cursor.current(hand)), cursor.heard_current(hand)
('2h', False)
>>> cursor.step(hand, "end"), cursor.jump(hand, 7), cursor.jump(hand, 7), cursor.jump(hand, 9)
((3, False), 1, 2, None)
>>> str(cursor.hear(hand, 2)), str(cursor.current(hand[:2] + hand[3:]))  # 7s gone: same place
('7s', 'Kh')
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card


class HandCursor:
    """Where the player is in his hand. It stays on the same card while that card is in the
    hand; when the card leaves, it stays at the same place (the next card along)."""

    def __init__(self) -> None:
        self.index = 0
        self.card: Card | None = None
        self.heard: Card | None = None  # the card last spoken: Enter chooses only that one

    def current(self, hand: Sequence[Card]) -> Card | None:
        """The card in focus now (``None`` for an empty hand)."""
        if not hand:
            return None
        if self.card in hand:
            self.index = hand.index(self.card)
        self.index = max(0, min(self.index, len(hand) - 1))
        self.card = hand[self.index]
        return self.card

    def heard_current(self, hand: Sequence[Card]) -> bool:
        """Whether the card in focus is the one the player last heard."""
        card = self.current(hand)
        return card is not None and card == self.heard

    def step(self, hand: Sequence[Card], key: str) -> tuple[int, bool]:
        """Left, Right, Home or End: the new place, and whether it stopped at an edge."""
        self.current(hand)
        last = len(hand) - 1
        target = {"left": self.index - 1, "right": self.index + 1, "home": 0, "end": last}[key]
        return max(0, min(last, target)), not 0 <= target <= last

    def jump(self, hand: Sequence[Card], rank: int | None) -> int | None:
        """The place of a card of ``rank`` (``None``: a joker): the next one after the focus
        when the focus is already on that rank, else the first; ``None`` when there is none."""
        current = self.current(hand)
        matches = [i for i, card in enumerate(hand) if card.rank == rank]
        if not matches:
            return None
        later = [i for i in matches if i > self.index]
        target = later[0] if later and current is not None and current.rank == rank else matches[0]
        self.index, self.card = target, hand[target]
        return target

    def hear(self, hand: Sequence[Card], index: int) -> Card:
        """Put the focus on ``index``, which the player is now told."""
        self.index, self.card = index, hand[index]
        self.heard = hand[index]
        return hand[index]
