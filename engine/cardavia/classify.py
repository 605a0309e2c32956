"""Which cards form which Cardavia combination (CV-5, CV-7, CV-8), and what beats what (CV-6).

Inside the engine a combination is a *key* ``(kind, top, length)`` of small ints: ``kind`` one
of the codes below, ``top`` the rank index of the deciding card (0 is the 3, 12 the 2; the top
card for sequences) and ``length`` the number of cards. Comparing keys is all that beating
needs; :class:`~engine.cardavia.combination.Combination` values are built only for events,
views and callers.

>>> from engine.cards import parse_cards
>>> classify(parse_cards("10h Js Qd Kc As"), first_play=False).kind
'straight'
>>> classify(parse_cards("As 2s 3h 4h 5h"), first_play=False) is None
True
>>> classify(parse_cards("As Ad Ac"), first_play=False).kind
'ace_bomb'
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.actions import Action
from engine.cardavia.combination import Combination
from engine.cardavia.deck import ACE, BIT_OF, INDEX_OF, POP, RANK_OF
from engine.cards import Card
from engine.vocabulary import CombinationKind

SINGLE, PAIR, TRIPLE, STRAIGHT, PAIR_SEQUENCE, BOMB, ACE_BOMB, CELESTIAL = range(8)
KIND_NAMES: tuple[CombinationKind, ...] = (
    "single",
    "pair",
    "triple",
    "straight",
    "pair_sequence",
    "bomb",
    "ace_bomb",
    "celestial_bomb",
)
KIND_CODES: dict[str, int] = {name: code for code, name in enumerate(KIND_NAMES)}

Key = tuple[int, int, int]
"""``(kind, top rank index, number of cards)``."""


def classify_mask(mask: int, *, first_play: bool) -> Key | None:
    """The key of the combination these cards form, or ``None`` if they form none."""
    groups: list[tuple[int, int]] = []  # (rank index, count), weakest first
    r = 0
    while mask:
        nibble = mask & 15
        if nibble:
            groups.append((r, POP[nibble]))
        mask >>= 4
        r += 1
    if not groups:
        return None
    if len(groups) == 1:
        rank, count = groups[0]
        if count == 1:
            return (SINGLE, rank, 1)
        if count == 2:
            return (PAIR, rank, 2)
        if count == 3:
            # Three aces are always a bomb, never a plain triple (CV-7).
            return (ACE_BOMB, rank, 3) if rank == ACE else (TRIPLE, rank, 3)
        if rank == 0 and first_play:
            return (CELESTIAL, 0, 4)  # CV-8
        return (BOMB, rank, 4)
    low, width = groups[0]
    top = groups[-1][0]
    # Sequences: consecutive ranks, equal widths, never the 2, ace only high (CV-5).
    if top > ACE or top - low != len(groups) - 1:
        return None
    if any(count != width for _, count in groups):
        return None
    if width == 1 and len(groups) >= 5:
        return (STRAIGHT, top, len(groups))
    if width == 2:
        return (PAIR_SEQUENCE, top, 2 * len(groups))
    return None


def _bomb_order(key: Key) -> int:
    return 100 if key[0] == ACE_BOMB else key[1]


def key_beats(key: Key, table: Key) -> bool:
    """True when ``key`` may be played on ``table``; agrees with ``Combination.beats``."""
    kind, table_kind = key[0], table[0]
    if table_kind == CELESTIAL:
        return False
    if kind >= BOMB:
        if kind == CELESTIAL or table_kind < BOMB:
            return True
        return _bomb_order(key) > _bomb_order(table)
    if table_kind >= BOMB:
        return False
    return kind == table_kind and key[2] == table[2] and key[1] > table[1]


def make_combination(key: Key, cards: tuple[Card, ...]) -> Combination:
    """The public value for a key and the cards that form it."""
    return Combination(KIND_NAMES[key[0]], RANK_OF[key[1]], key[2], cards)


def key_of(combination: Combination) -> Key:
    """The key of a public combination."""
    return (KIND_CODES[combination.kind], INDEX_OF[combination.rank], combination.length)


def classify(cards: Iterable[Card], *, first_play: bool) -> Combination | None:
    """The combination ``cards`` form, or ``None``: not a combination, a card twice or a card
    outside the Cardavia deck. ``first_play`` makes the four 3s the celestial bomb (CV-8)."""
    ordered = Action.make("play", cards).cards
    mask = 0
    for card in ordered:
        bit = BIT_OF.get(card)
        if bit is None or mask & bit:
            return None
        mask |= bit
    key = classify_mask(mask, first_play=first_play)
    return None if key is None else make_combination(key, ordered)
