"""How a Cardavia hand falls apart into plays: the cheapest split of a hand into
combinations, which a player keeps together (straights, pair sequences, bombs).

A hand is costed by its best split: each combination costs about one turn to get rid of, less
when it is strong enough to win its round back (aces, the 2 of spades, long sequences) and
less than nothing for a bomb, which scores when it beats a play and costs when it is kept.
Cheaper hands are closer to going out.

>>> from engine.cards import parse_cards
>>> from engine.cardavia.deck import mask_of
>>> [kind for kind, top, length in best_split(mask_of(parse_cards("3h 4h 5s 6d 7c 9h 9s")))[1]]
['straight', 'pair']
"""

from __future__ import annotations

from engine.cardavia.classify import (
    ACE_BOMB,
    BOMB,
    KIND_NAMES,
    PAIR,
    PAIR_SEQUENCE,
    SINGLE,
    STRAIGHT,
    TRIPLE,
)
from engine.cardavia.deck import ACE, POP, RANKS_COUNT, SHIFTS

Split = tuple[float, tuple[tuple[str, int, int], ...]]
"""The cost of a hand and its combinations ``(kind name, top rank index, cards)``."""

_MEMO: dict[int, tuple[float, tuple[tuple[int, int, int], ...]]] = {}
_MEMO_LIMIT = 1 << 17


def combination_cost(kind: int, top: int, length: int) -> float:
    """About one turn, less for strong plays (they win their round back), below zero for
    bombs. ``top`` is the rank index (0 the 3, 11 the ace, 12 the 2)."""
    if kind >= BOMB:
        return -1.0
    strength = max(0, top - 7) / 5  # 10 or lower: 0; ace: 0.8; 2 of spades: 1.0
    if kind == SINGLE:
        return 1.0 - 0.7 * strength
    if kind == PAIR:
        return 1.0 - 0.6 * strength
    if kind == TRIPLE:
        return 0.9 - 0.5 * strength
    # Sequences are seldom beaten, the longer the less.
    return 0.85 - 0.4 * strength - 0.03 * (length - (5 if kind == STRAIGHT else 4))


def counts_key(hand: int) -> int:
    """The hand's rank counts, three bits a rank: suits never matter (CV-4)."""
    key = 0
    for r in range(RANKS_COUNT):
        key |= POP[hand >> SHIFTS[r] & 15] << 3 * r
    return key


def _solve(key: int) -> tuple[float, tuple[tuple[int, int, int], ...]]:
    found = _MEMO.get(key)
    if found is not None:
        return found
    if key == 0:
        return (0.0, ())
    counts = [key >> 3 * r & 7 for r in range(RANKS_COUNT)]
    low = next(r for r in range(RANKS_COUNT) if counts[r])
    best_cost = 1e9
    best: tuple[tuple[int, int, int], ...] = ()
    options: list[tuple[int, tuple[int, int, int]]] = []
    have = counts[low]
    for take in range(1, have + 1):
        if take == 4:
            kind = BOMB
        elif take == 3:
            kind = ACE_BOMB if low == ACE else TRIPLE
        else:
            kind = (SINGLE, PAIR)[take - 1]
        options.append((take << 3 * low, (kind, low, take)))
    for width, kind, shortest in ((1, STRAIGHT, 5), (2, PAIR_SEQUENCE, 2)):
        removed = 0
        top = low
        while top <= ACE and counts[top] >= width:
            removed += width << 3 * top
            ranks = top - low + 1
            if ranks >= shortest:
                options.append((removed, (kind, top, ranks * width)))
            top += 1
    for removed, combination in options:
        rest_cost, rest = _solve(key - removed)
        cost = rest_cost + combination_cost(*combination)
        if cost < best_cost - 1e-9:
            best_cost, best = cost, (combination, *rest)
    result = (best_cost, best)
    if len(_MEMO) >= _MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[key] = result
    return result


_COSTS: dict[int, float] = {}


def hand_cost(hand: int) -> float:
    """The cost of the best split of ``hand`` (a bit mask); remembered by hand, as the
    play-outs of a search ask for the same hands again and again."""
    cost = _COSTS.get(hand)
    if cost is None:
        cost = _solve(counts_key(hand))[0]
        if len(_COSTS) >= _MEMO_LIMIT:
            _COSTS.clear()
        _COSTS[hand] = cost
    return cost


def best_split(hand: int) -> Split:
    """The best split of ``hand``: its cost and its combinations, weakest rank first."""
    cost, combinations = _solve(counts_key(hand))
    return cost, tuple((KIND_NAMES[k], top, length) for k, top, length in combinations)


def split_kinds(hand: int) -> tuple[tuple[int, int, int], ...]:
    """The combinations of the best split as engine keys ``(kind, top, length)``."""
    return _solve(counts_key(hand))[1]
