"""The Cardavia deck (CV-2) and the bit layout the engine uses for hands.

A hand is an ``int`` bit mask: card ``rank_index * 4 + suit_index`` is bit ``1 << that``, where
``rank_index`` counts in Cardavia order (0 is the 3, 11 the ace, 12 the 2, CV-4) and
``suit_index`` follows :data:`engine.cards.SUITS` (h, s, d, c). Four bits per rank let a rank's
cards be read as one nibble, so rank counts and representative cards come from small tables.

>>> from engine.cards import parse_cards
>>> len(DECK), str(DECK[0]), str(DECK[-1])
(48, '3h', '2s')
>>> [str(c) for c in hand_cards(mask_of(parse_cards("2s 3c 3h Ks")))]
['3h', '3c', 'Ks', '2s']
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from engine.cards import SUITS, Card

RANK_OF: tuple[int, ...] = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2)
"""Card rank of each rank index, weakest first (CV-4)."""
INDEX_OF: dict[int, int] = {rank: i for i, rank in enumerate(RANK_OF)}
ACE = 11
TWO = 12
RANKS_COUNT = 13
SHIFTS: tuple[int, ...] = tuple(4 * r for r in range(RANKS_COUNT))

POP: tuple[int, ...] = tuple(bin(n).count("1") for n in range(16))
"""How many cards a rank nibble holds."""

_MISSING = {(14, "h"), (2, "h"), (2, "d"), (2, "c")}

CARD_AT: tuple[Card | None, ...] = tuple(
    None if (RANK_OF[r], s) in _MISSING else Card(RANK_OF[r], s)
    for r in range(RANKS_COUNT)
    for s in SUITS
)
"""The card at each bit, ``None`` where the Cardavia deck has no card."""

DECK: tuple[Card, ...] = tuple(c for c in CARD_AT if c is not None)
"""The 48 cards, in Cardavia order (CV-2)."""

BIT_OF: dict[Card, int] = {c: 1 << i for i, c in enumerate(CARD_AT) if c is not None}
"""The bit of each card of the deck."""

THREE_HEARTS_BIT = BIT_OF[Card(3, "h")]
TWO_SPADES_BIT = BIT_OF[Card(2, "s")]
FULL_MASK = sum(BIT_OF.values())


def _lowest(rank_index: int, nibble: int) -> tuple[tuple[Card, ...], ...]:
    """The cards of ``nibble`` in suit order; entry k is the k lowest-suited ones."""
    cards = tuple(
        card
        for s in range(4)
        if nibble >> s & 1 and (card := CARD_AT[rank_index * 4 + s]) is not None
    )
    return tuple(cards[:k] for k in range(len(cards) + 1))


LOW: tuple[tuple[tuple[tuple[Card, ...], ...], ...], ...] = tuple(
    tuple(_lowest(r, nib) for nib in range(16)) for r in range(RANKS_COUNT)
)
"""``LOW[rank_index][nibble][k]``: the k cards of that rank with the lowest suits, in the
canonical order of :class:`engine.actions.Action` (hearts first, so a lead that may use the
3 of hearts always does)."""


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of these cards; ``ValueError`` for a card outside the deck or twice."""
    mask = 0
    for card in cards:
        bit = BIT_OF.get(card)
        if bit is None:
            raise ValueError(f"{card} is not in the Cardavia deck")
        if mask & bit:
            raise ValueError(f"{card} appears twice")
        mask |= bit
    return mask


_BYTE_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(
        tuple(
            c
            for i, c in enumerate(CARD_AT[8 * chunk : 8 * chunk + 8])
            if byte >> i & 1 and c is not None
        )
        for byte in range(256)
    )
    for chunk in range(7)
)
"""``_BYTE_CARDS[chunk][byte]``: the cards of eight bits of a mask (two ranks), in order."""


_B0, _B1, _B2, _B3, _B4, _B5, _B6 = _BYTE_CARDS


def hand_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a mask in Cardavia order, 3 lowest, 2 highest; suits h, s, d, c."""
    # Two halves first: each fits one digit of a Python int, whose shifts cost less.
    low = mask & 0xFFFFFF
    high = mask >> 24 & 0xFFFFFFF
    return (
        _B0[low & 255]
        + _B1[low >> 8 & 255]
        + _B2[low >> 16]
        + _B3[high & 255]
        + _B4[high >> 8 & 255]
        + _B5[high >> 16 & 255]
        + _B6[high >> 24]
    )


_DECK_BITS: tuple[int, ...] = tuple(1 << i for i, c in enumerate(CARD_AT) if c is not None)
"""The bit of each card of :data:`DECK`, in the same order."""


def deal(seed: int | None) -> tuple[int, int, int]:
    """Shuffle the 48 cards with ``random.Random(seed)`` and deal 16 to each seat, one card
    at a time: the first, fourth, seventh... card to seat 0."""
    bits = list(_DECK_BITS)
    random.Random(seed).shuffle(bits)
    return sum(bits[0::3]), sum(bits[1::3]), sum(bits[2::3])  # distinct bits: sum is or
