"""Legal plays from a hand, generated from its bit mask (CV-5 to CV-10).

Suits never matter in Cardavia, so each distinct combination ``(kind, top, length)`` appears
once, with a representative choice of cards: the lowest suits (h, s, d, c) of each rank it
uses. Hearts come first, so on the first play of the deal the 3 of hearts is always among the
cards (CV-3).

A play is returned as one ``int`` *code*: the bit mask of its cards (see
:mod:`engine.cardavia.deck`) plus its kind shifted left by :data:`KIND_SHIFT`. The code says it
all: the top rank index is the highest nibble of the mask, the length its number of bits.
:mod:`engine.cardavia.catalog` turns codes into actions and combinations.

>>> from engine.cards import parse_cards
>>> from engine.cardavia.deck import hand_cards, mask_of
>>> codes = legal_plays(mask_of(parse_cards("9s 9c 9d 5h")), (PAIR, 5, 2), first_play=False)
>>> [" ".join(map(str, hand_cards(code & CARDS))) for code in codes]
['9s 9d']
"""

from __future__ import annotations

from engine.cardavia.classify import (
    ACE_BOMB,
    BOMB,
    CELESTIAL,
    PAIR,
    PAIR_SEQUENCE,
    SINGLE,
    STRAIGHT,
    TRIPLE,
    Key,
)
from engine.cardavia.deck import ACE, POP, SHIFTS

KIND_SHIFT = 52
CARDS = (1 << KIND_SHIFT) - 1
"""``code & CARDS`` is the mask of a play's cards; ``code >> KIND_SHIFT`` its kind."""

_BASES = sum(1 << s for s in SHIFTS)  # the lowest bit of every rank's nibble
_ACE_SHIFT = SHIFTS[ACE]
_ACES = 0b1110 << _ACE_SHIFT  # the three aces: there is no ace of hearts
_ACE_BASE = 1 << _ACE_SHIFT


def _lowest_bits(nibble: int) -> tuple[int, ...]:
    """Entry k: the k lowest set bits of ``nibble``."""
    bits = [0]
    for s in range(4):
        if nibble >> s & 1:
            bits.append(bits[-1] | 1 << s)
    return tuple(bits)


LOW_BITS: tuple[tuple[int, ...], ...] = tuple(_lowest_bits(n) for n in range(16))


def key_of_code(code: int) -> Key:
    """The ``(kind, top, length)`` key of a play code."""
    mask = code & CARDS
    return (code >> KIND_SHIFT, (mask.bit_length() - 1) >> 2, mask.bit_count())


def legal_plays(hand: int, table: Key | None, *, first_play: bool) -> list[int]:
    """The codes of every distinct legal play of ``hand``: a lead when ``table`` is ``None``,
    else the answers that beat ``table`` (bombs included, split bombs allowed, CV-9).
    ``first_play`` marks the very first play of the deal: the 3 of hearts must be in it if the
    hand holds it (CV-3), and the four 3s are then the celestial bomb (CV-8)."""
    if table is not None:
        return _answers(hand, table)
    codes = _leads(hand, first_play)
    if first_play and hand & 1:  # bit 0 is the 3 of hearts
        return [code for code in codes if code & 1]
    return codes


def _leads(hand: int, first_play: bool) -> list[int]:
    codes: list[int] = []
    add = codes.append
    # Prefix unions of the lowest card (and lowest two cards) of each rank: the mask of a
    # sequence from rank s to rank e is then one XOR of two prefixes.
    singles = [0] * (ACE + 2)
    pairs = [0] * (ACE + 2)
    run1 = run2 = 0
    for r in range(13):
        shift = SHIFTS[r]
        nib = hand >> shift & 15
        count = POP[nib]
        if count:
            bits = LOW_BITS[nib]
            add(bits[1] << shift)
            if count >= 2:
                add(bits[2] << shift | PAIR << KIND_SHIFT)
                if count >= 3:
                    if r == ACE:
                        add(bits[3] << shift | ACE_BOMB << KIND_SHIFT)
                    else:
                        add(bits[3] << shift | TRIPLE << KIND_SHIFT)
                        if count == 4:
                            kind = CELESTIAL if first_play and r == 0 else BOMB
                            add(15 << shift | kind << KIND_SHIFT)
        if r > ACE:
            break  # the 2 is never part of a sequence
        if count:
            run1 += 1
            singles[r + 1] = singles[r] | LOW_BITS[nib][1] << shift
            for length in range(5, run1 + 1):
                add(singles[r + 1] ^ singles[r + 1 - length] | STRAIGHT << KIND_SHIFT)
        else:
            run1 = 0
            singles[r + 1] = singles[r]
        if count >= 2:
            run2 += 1
            pairs[r + 1] = pairs[r] | LOW_BITS[nib][2] << shift
            for ranks in range(2, run2 + 1):
                add(pairs[r + 1] ^ pairs[r + 1 - ranks] | PAIR_SEQUENCE << KIND_SHIFT)
        else:
            run2 = 0
            pairs[r + 1] = pairs[r]
    return codes


def _answers(hand: int, table: Key) -> list[int]:
    """The plays that beat ``table`` (CV-6, CV-7, CV-9)."""
    kind, top, length = table
    if kind >= ACE_BOMB:
        return []  # nothing beats three aces (there are only three) or the celestial bomb
    codes: list[int] = []
    add = codes.append
    if kind <= TRIPLE:
        # Ranks holding at least ``length`` cards, as one bit per rank (at the nibble's
        # lowest bit), computed for all ranks at once; then only the ranks above the table.
        if kind == SINGLE:
            held = (hand | hand >> 1 | hand >> 2 | hand >> 3) & _BASES
        else:
            pairs = hand & hand >> 1
            if kind == PAIR:
                held = pairs | pairs >> 1 | pairs >> 2 | hand & hand >> 2 | hand & hand >> 3
                held |= hand >> 1 & hand >> 3
            else:
                # Three aces are a bomb, never a triple (CV-7).
                held = pairs & hand >> 2 | pairs >> 1 & hand >> 3
                held |= pairs & hand >> 3 | hand & pairs >> 2
                held &= ~_ACE_BASE
            held &= _BASES
        held &= -1 << 4 * (top + 1)
        kind_bits = kind << KIND_SHIFT
        while held:
            low = held & -held
            held ^= low
            shift = low.bit_length() - 1
            add(LOW_BITS[hand >> shift & 15][length] << shift | kind_bits)
    elif kind != BOMB:
        width = 1 if kind == STRAIGHT else 2
        ranks = length // width
        kind_bits = kind << KIND_SHIFT
        prefix = [0] * (ACE + 2)
        run = 0
        for r in range(ACE + 1):
            shift = SHIFTS[r]
            nib = hand >> shift & 15
            if POP[nib] >= width:
                run += 1
                prefix[r + 1] = prefix[r] | LOW_BITS[nib][width] << shift
                if r > top and run >= ranks:
                    add(prefix[r + 1] ^ prefix[r + 1 - ranks] | kind_bits)
            else:
                run = 0
                prefix[r + 1] = prefix[r]
    # A full nibble is four of a rank; only ranks above the table's bomb count on a bomb.
    full = hand & hand >> 1 & hand >> 2 & hand >> 3 & _BASES
    if kind == BOMB:
        full &= -1 << 4 * (top + 1)
    while full:
        low = full & -full
        add(low * 15 | BOMB << KIND_SHIFT)
        full ^= low
    if hand & _ACES == _ACES:
        add(_ACES | ACE_BOMB << KIND_SHIFT)
    return codes
