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
from engine.cardavia.deck import ACE, POP

Split = tuple[float, tuple[tuple[str, int, int], ...]]
"""The cost of a hand and its combinations ``(kind name, top rank index, cards)``."""

_MEMO: dict[int, tuple[float, tuple[tuple[int, int, int], ...]]] = {}
_MEMO_LIMIT = 1 << 17
_COST_MEMO_LIMIT = 1 << 18
"""Rank counts whose cost is remembered, a float each (about 25 MB when full): the sampled
hands of many deals, so that the first decisions of a deal seldom start from nothing."""


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


_BYTE_COUNTS: tuple[int, ...] = tuple(POP[b & 15] | POP[b >> 4] << 3 for b in range(256))
"""Two ranks' counts (three bits each) from the byte of their two nibbles."""


def counts_key(hand: int) -> int:
    """The hand's rank counts, three bits a rank: suits never matter (CV-4)."""
    key = 0
    shift = 0
    while hand:
        key |= _BYTE_COUNTS[hand & 255] << shift
        hand >>= 8
        shift += 6
    return key


_SINGLE_KINDS = (0, SINGLE, PAIR, TRIPLE, BOMB)
_COST_MEMO: dict[int, float] = {0: 0.0}


def _take_cost(take: int, rank: int) -> float:
    kind = ACE_BOMB if take == 3 and rank == ACE else _SINGLE_KINDS[take]
    return combination_cost(kind, rank, take)


_TAKE_COSTS = tuple(
    (0.0, *(_take_cost(take, rank) for take in range(1, 5))) for rank in range(ACE + 2)
)
"""The cost of 1 to 4 cards of one rank, by rank index."""
_RUN_COSTS = {
    width: tuple(
        tuple(combination_cost(kind, top, length * width) for length in range(ACE + 2))
        for top in range(ACE + 1)
    )
    for width, kind in ((1, STRAIGHT), (2, PAIR_SEQUENCE))
}
"""The cost of a straight (width 1) or pair sequence (width 2) by top rank and ranks."""


def _options(key: int) -> list[tuple[int, float, int, int]]:
    """The combinations the lowest rank of ``key`` can start, always in the same order: what
    each removes from the key, its cost, its top rank and its number of cards, negative for
    cards of the one rank (:func:`_combination` names its kind)."""
    low = ((key & -key).bit_length() - 1) // 3
    unit = 1 << 3 * low
    costs = _TAKE_COSTS[low]
    options = [
        (take * unit, costs[take], low, -take) for take in range(1, (key >> 3 * low & 7) + 1)
    ]
    for width, shortest in ((1, 5), (2, 2)):
        runs = _RUN_COSTS[width]
        removed = 0
        top = low
        while top <= ACE and key >> 3 * top & 7 >= width:
            removed += width << 3 * top
            ranks = top - low + 1
            if ranks >= shortest:
                options.append((removed, runs[top][ranks], top, ranks * width))
            top += 1
    return options


def _combination(key: int, option: tuple[int, float, int, int]) -> tuple[int, int, int]:
    """An option of :func:`_options` as ``(kind, top rank, cards)``."""
    removed, _, top, size = option
    if size < 0:  # cards of one rank
        take = -size
        low = ((key & -key).bit_length() - 1) // 3
        kind = ACE_BOMB if take == 3 and low == ACE else _SINGLE_KINDS[take]
        return (kind, top, take)
    width = 1 if removed >> 3 * top & 7 == 1 else 2
    return (STRAIGHT if width == 1 else PAIR_SEQUENCE, top, size)


def _solve_cost(key: int) -> float:
    """The cost of the cheapest split of the rank counts ``key``: each combination the lowest
    rank can start, and the cheapest split of what it leaves (the first of equal costs)."""
    memo = _COST_MEMO
    best = 1e9
    for removed, combination_cost_, _, _ in _options(key):
        rest = key - removed
        rest_cost = memo.get(rest)
        if rest_cost is None:
            rest_cost = _solve_cost(rest)
        cost = rest_cost + combination_cost_
        if cost < best - 1e-9:
            best = cost
    if len(memo) >= _COST_MEMO_LIMIT:
        memo.clear()
        memo[0] = 0.0
    memo[key] = best
    return best


def _solve(key: int) -> tuple[float, tuple[tuple[int, int, int], ...]]:
    """The cheapest split of ``key`` and its cost: the cost's own choices, retraced."""
    found = _MEMO.get(key)
    if found is not None:
        return found
    if key == 0:
        return (0.0, ())
    best = 1e9
    chosen = None
    for option in _options(key):
        cost = cost_of_key(key - option[0]) + option[1]
        if cost < best - 1e-9:
            best, chosen = cost, option
    assert chosen is not None
    result = (best, (_combination(key, chosen), *_solve(key - chosen[0])[1]))
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
        key = counts_key(hand)
        cost = _COST_MEMO.get(key)
        if cost is None:
            cost = _solve_cost(key)
        if len(_COSTS) >= _MEMO_LIMIT:
            _COSTS.clear()
        _COSTS[hand] = cost
    return cost


def cost_of_key(key: int) -> float:
    """The cost of the best split of the rank counts ``key`` (see :func:`counts_key`): what
    :func:`hand_cost` gives for a hand of those counts. Counts add up, so the key of a hand
    less some of its cards is the hand's key less theirs, without counting again."""
    cost = _COST_MEMO.get(key)
    if cost is None:
        cost = _solve_cost(key)
    return cost


_TOTALS: dict[int, float] = {}


def split_cost(key: int) -> float:
    """:func:`cost_of_key` worked out by parts: ranks that no sequence can join (a rank
    missing between them, or the 2 of spades, which sequences never hold, CV-5) are costed
    apart and added up. The same parts come back in many hands, so most are remembered
    already; the sum may differ from :func:`cost_of_key` in the last bits of the float
    only. Remembered by key."""
    total = _TOTALS.get(key)
    if total is not None:
        return total
    total = 0.0
    rest = key
    memo = _COST_MEMO
    while rest:
        end = ((rest & -rest).bit_length() - 1) // 3
        while end < ACE and rest >> 3 * (end + 1) & 7:
            end += 1
        below = (1 << 3 * (end + 1)) - 1
        part = rest & below
        rest &= ~below
        cost = memo.get(part)
        total += _solve_cost(part) if cost is None else cost
    if len(_TOTALS) >= _COST_MEMO_LIMIT:
        _TOTALS.clear()
    _TOTALS[key] = total
    return total


def best_split(hand: int) -> Split:
    """The best split of ``hand``: its cost and its combinations, weakest rank first."""
    cost, combinations = _solve(counts_key(hand))
    return cost, tuple((KIND_NAMES[k], top, length) for k, top, length in combinations)


def split_kinds(hand: int) -> tuple[tuple[int, int, int], ...]:
    """The combinations of the best split as engine keys ``(kind, top, length)``."""
    return _solve(counts_key(hand))[1]
