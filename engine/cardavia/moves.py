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
        return answers(hand, table)
    return leads(hand, first_play=first_play)


def _rank_codes(rank: int, nibble: int) -> tuple[int, ...]:
    """The plays of one rank whose cards are ``nibble``: single, pair, triple (three aces:
    the ace bomb) and bomb, with the lowest suits."""
    count, bits, shift = POP[nibble], LOW_BITS[nibble], SHIFTS[rank]
    codes = [bits[1] << shift] if count else []
    if count >= 2:
        codes.append(bits[2] << shift | PAIR << KIND_SHIFT)
    if count >= 3:
        kind = ACE_BOMB if rank == ACE else TRIPLE
        codes.append(bits[3] << shift | kind << KIND_SHIFT)
    if count == 4:
        codes.append(bits[4] << shift | BOMB << KIND_SHIFT)
    return tuple(codes)


_RANK_CODES = tuple(tuple(_rank_codes(r, n) for n in range(16)) for r in range(len(SHIFTS)))


def _by_byte(
    codes_of: list[tuple[tuple[int, ...], ...]],
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per-rank tables joined two ranks at a time: entry ``[chunk][byte]`` holds the codes of
    ranks ``2 * chunk`` and ``2 * chunk + 1`` whose cards are the eight bits ``byte``."""
    empty: tuple[tuple[int, ...], ...] = ((),) * 16
    padded = [*codes_of, empty]
    return tuple(
        tuple(padded[2 * c][b & 15] + padded[2 * c + 1][b >> 4] for b in range(256))
        for c in range(7)
    )


def _same_rank(kind: int, count: int, rank: int) -> tuple[tuple[int, ...], ...]:
    """Per nibble: the play of ``count`` cards of ``rank`` of this kind, if the nibble has it."""
    return tuple(
        (LOW_BITS[n][count] << SHIFTS[rank] | kind << KIND_SHIFT,) if POP[n] >= count else ()
        for n in range(16)
    )


LEAD_BYTES = _by_byte(list(_RANK_CODES))
ANSWER_BYTES = {
    SINGLE: _by_byte([_same_rank(SINGLE, 1, r) for r in range(len(SHIFTS))]),
    PAIR: _by_byte([_same_rank(PAIR, 2, r) for r in range(len(SHIFTS))]),
    # Three aces are a bomb, never a triple (CV-7).
    TRIPLE: _by_byte([_same_rank(TRIPLE, 3, r) if r != ACE else ((),) * 16 for r in range(13)]),
}
_THREES_BOMB = 15 | BOMB << KIND_SHIFT
_CELESTIAL = 15 | CELESTIAL << KIND_SHIFT
_SEQUENCE_RANKS = (1 << SHIFTS[ACE] + 4) - 1  # the 2 is never part of a sequence
_STRAIGHT = STRAIGHT << KIND_SHIFT
_PAIR_SEQUENCE = PAIR_SEQUENCE << KIND_SHIFT


def _lowest(hand: int) -> int:
    """The lowest card of every rank of ``hand``, for all ranks at once."""
    b0 = hand & _BASES
    b1 = hand >> 1 & _BASES
    b2 = hand >> 2 & _BASES
    b3 = hand >> 3 & _BASES
    return b0 | (b1 & ~b0) << 1 | (b2 & ~(b0 | b1)) << 2 | (b3 & ~(b0 | b1 | b2)) << 3


def _ranks_held(hand: int, width: int) -> int:
    """One bit (the nibble's lowest) for each rank held at least ``width`` (1 or 2) times."""
    if width == 1:
        return (hand | hand >> 1 | hand >> 2 | hand >> 3) & _BASES
    pairs = hand & hand >> 1
    held = pairs | pairs >> 1 | pairs >> 2 | hand & hand >> 2 | hand & hand >> 3
    return (held | hand >> 1 & hand >> 3) & _BASES


def _sequences(hand: int, width: int, shortest: int, above: int, only: int = 0) -> list[int]:
    """Straights (``width`` 1) or pair sequences (``width`` 2) of at least ``shortest`` ranks
    (exactly ``only`` ranks when given) whose top rank index is above ``above``."""
    hand &= _SEQUENCE_RANKS
    held = _ranks_held(hand, width)
    starts = held
    for step in range(1, shortest):
        starts &= held >> 4 * step
    if not starts:
        return []
    cards = _lowest(hand)
    if width == 2:
        cards |= _lowest(hand & ~cards)
    kind_bits = _STRAIGHT if width == 1 else _PAIR_SEQUENCE
    codes: list[int] = []
    while starts:
        first = starts & -starts
        starts ^= first
        low = first.bit_length() - 1
        top = low + 4 * (shortest - 1)
        while held >> top & 1:
            if top > 4 * above:
                codes.append(cards & (16 << top) - (1 << low) | kind_bits)
            if only:
                break
            top += 4
    return codes


def leads(hand: int, *, first_play: bool) -> list[int]:
    """The codes of every distinct lead of ``hand`` (see :func:`legal_plays`)."""
    b = LEAD_BYTES
    codes = [
        *b[0][hand & 255],
        *b[1][hand >> 8 & 255],
        *b[2][hand >> 16 & 255],
        *b[3][hand >> 24 & 255],
        *b[4][hand >> 32 & 255],
        *b[5][hand >> 40 & 255],
        *b[6][hand >> 48],
    ]
    if first_play and hand & 15 == 15:
        codes[codes.index(_THREES_BOMB)] = _CELESTIAL  # CV-8
    codes += _sequences(hand, 1, 5, -1)
    codes += _sequences(hand, 2, 2, -1)
    if first_play and hand & 1:  # bit 0 is the 3 of hearts, which must be shown (CV-3)
        return [code for code in codes if code & 1]
    return codes


def answers(hand: int, table: Key) -> list[int]:
    """The codes of the plays of ``hand`` that beat ``table`` (CV-6, CV-7, CV-9)."""
    kind, top, length = table
    if kind >= ACE_BOMB:
        return []  # nothing beats three aces (there are only three) or the celestial bomb
    codes: list[int] = []
    if kind <= TRIPLE:
        # Two ranks at a time from a table, the ranks up to the table's masked out.
        table_bytes = ANSWER_BYTES[kind]
        above = hand & -1 << 4 * (top + 1)
        for chunk in range((top + 1) >> 1, 7):
            byte = above >> 8 * chunk & 255
            if byte:
                codes += table_bytes[chunk][byte]
    elif kind != BOMB:
        width = 1 if kind == STRAIGHT else 2
        ranks = length // width
        codes += _sequences(hand, width, ranks, top, only=ranks)
    bomb_answers(hand, table, codes)
    return codes


def bomb_answers(hand: int, table: Key, codes: list[int]) -> None:
    """Adds to ``codes`` the bombs of ``hand`` that beat ``table``, an ordinary combination
    or a bomb (not three aces nor the celestial bomb, which nothing beats): the last answers
    :func:`answers` lists."""
    # A full nibble is four of a rank; only ranks above the table's bomb count on a bomb.
    full = hand & hand >> 1 & hand >> 2 & hand >> 3 & _BASES
    if table[0] == BOMB:
        full &= -1 << 4 * (table[1] + 1)
    add = codes.append
    while full:
        low = full & -full
        add(low * 15 | BOMB << KIND_SHIFT)
        full ^= low
    if hand & _ACES == _ACES:
        add(_ACES | ACE_BOMB << KIND_SHIFT)


def sequences(hand: int) -> list[int]:
    """Every straight, then every pair sequence, of ``hand``: the last leads :func:`leads`
    lists (but on the first play of the deal)."""
    return _sequences(hand, 1, 5, -1) + _sequences(hand, 2, 2, -1)
