"""Cards: one small frozen value type shared by every game.

>>> str(Card.parse("10h")), str(Card.parse("Th")), str(Card.parse("joker"))
('10h', '10h', 'joker')
>>> parse_cards("3h 3s 10d")[2].rank
10
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

SUITS: tuple[str, ...] = ("h", "s", "d", "c")
"""Suits in the order Scientific Battle hands them out (SB-1)."""

JACK, QUEEN, KING, ACE = 11, 12, 13, 14
RANKS: tuple[int, ...] = tuple(range(2, 15))

_RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}
_TEXT_RANK = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10}
_SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card.

    ``rank`` is 2-14 (J=11, Q=12, K=13, A=14) and ``None`` for a joker; ``suit`` is one of
    ``"h" "s" "d" "c"`` and ``None`` for a joker. ``deck`` tells apart physical copies of the
    same face: the second 52-card deck in Scientific Battle with five or more players, and the
    numbered jokers (all equal in play).
    """

    rank: int | None
    suit: str | None
    deck: int = 0

    def __post_init__(self) -> None:
        if self.rank is None:
            if self.suit is not None:
                raise ValueError(f"a joker has no suit, got {self.suit!r}")
        elif self.rank not in RANKS or self.suit not in _SUIT_ORDER:
            raise ValueError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")
        if self.deck < 0:
            raise ValueError(f"deck must be 0 or more, got {self.deck}")

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"10h"``, ``"Th"``, ``"Qs"``, ``"joker"``; a ``"#1"`` after it names a copy."""
        raw = text.strip()
        body, sep, copy = raw.partition("#")
        deck = 0
        if sep:
            if not copy.isdigit():
                raise ValueError(f"not a card: {text!r}")
            deck = int(copy)
        if body.lower() in ("joker", "jk", "*"):
            return cls(None, None, deck)
        if len(body) < 2:
            raise ValueError(f"not a card: {text!r}")
        rank_text, suit = body[:-1].upper(), body[-1].lower()
        if rank_text in _TEXT_RANK:
            rank = _TEXT_RANK[rank_text]
        elif rank_text.isdigit() and 2 <= int(rank_text) <= 10:
            rank = int(rank_text)
        else:
            raise ValueError(f"not a card: {text!r}")
        if suit not in _SUIT_ORDER:
            raise ValueError(f"not a card: {text!r} (suits are h, s, d, c)")
        return cls(rank, suit, deck)

    def __str__(self) -> str:
        if self.rank is None:
            return "joker"
        return f"{_RANK_TEXT.get(self.rank, str(self.rank))}{self.suit}"

    def token(self) -> str:
        """Text that round-trips through :meth:`parse`, copies included (``"10h#1"``)."""
        return str(self) if self.deck == 0 else f"{self}#{self.deck}"

    def sort_key(self) -> tuple[int, int, int]:
        """Rank order (2 low, ace high, jokers last), then suit, then copy."""
        if self.rank is None:
            return (99, 0, self.deck)
        return (self.rank, _SUIT_ORDER[self.suit or "h"], self.deck)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas: ``parse_cards("3h 3s 10d")``."""
    return tuple(Card.parse(part) for part in text.replace(",", " ").split())


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in rank order, 2 low, ace high, jokers last."""
    return tuple(sorted(cards, key=Card.sort_key))


def full_deck(*, deck: int = 0, low: int = 2) -> list[Card]:
    """The 52 cards (or from ``low`` up: 7 gives the 32-card deck), in a fixed order."""
    return [Card(rank, suit, deck) for suit in SUITS for rank in range(low, 15)]
