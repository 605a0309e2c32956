"""The deal of Scientific Battle: one whole suit and one joker per player (SB-1)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import RANKS, SUITS, Card


def deal_suits(players: int) -> list[list[Card]]:
    """Seat i gets the suit ``SUITS[i % 4]`` (2 to ace) from deck ``i // 4``, plus joker number i.

    >>> [str(c) for c in deal_suits(2)[1]][:3], len(deal_suits(2)[1])
    (['2s', '3s', '4s'], 14)
    >>> deal_suits(5)[4][0].token()
    '2h#1'
    """
    return [
        [Card(rank, SUITS[seat % 4], seat // 4) for rank in RANKS] + [Card(None, None, seat)]
        for seat in range(players)
    ]


def check_hands(hands: Sequence[Sequence[Card]]) -> list[list[Card]]:
    """Copy the hands given for a test or a replay; every card must be a distinct card."""
    seen: set[Card] = set()
    copied: list[list[Card]] = []
    for hand in hands:
        row: list[Card] = []
        for card in hand:
            if not isinstance(card, Card):
                raise ValueError(f"not a card: {card!r}")
            if card in seen:
                raise ValueError(f"card {card.token()} is dealt twice")
            seen.add(card)
            row.append(card)
        copied.append(row)
    return copied
