"""The hard Cardavia player's search: determinized Monte Carlo.

The other two hands are dealt again and again from the unseen cards, consistently with what is
public (:mod:`engine.bots.cardavia.sample`); on each such deal every candidate play is played
out to the end by fast players (the others greedy, the searching seat greedy but for its
bombs, see :func:`~engine.cardavia.fast.keen_code`), and the play that most often goes
out first, then scores best, is chosen.
All candidates are compared on the same deals, and the weaker half is dropped after each batch
(successive halving), so the work goes to the plays that are close. The search stops at a fixed
number of deals, or earlier when the time budget is spent, with the best play so far.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.bots.cardavia.heuristic import normal_code, ranked
from engine.bots.cardavia.public import Public
from engine.bots.cardavia.sample import Sampler
from engine.bots.common import Deadline
from engine.cardavia.fast import greedy_rollout

WIN_WEIGHT = 1000.0
"""Points a simulated win is worth on top of its score: going out first comes first (it is
what a player feels), the score only decides between plays that win as often."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The search's choice: ``code``, its mean value, how often it won, over ``deals``."""

    code: int
    mean: float
    wins: float
    deals: int


def search(
    public: Public,
    codes: list[int],
    rng: random.Random,
    deadline: Deadline,
    *,
    candidates: int = 8,
    batch: int = 6,
    deals: int = 48,
) -> Verdict:
    """The best of ``codes`` by sampled play-outs (``codes`` has two or more plays)."""
    fallback = normal_code(public, codes)
    pool = _shortlist(public, codes, fallback, candidates)
    totals = dict.fromkeys(pool, 0.0)
    wins = dict.fromkeys(pool, 0)
    seen = dict.fromkeys(pool, 0)
    me = public.seat
    keen = 1 << me  # the searching seat keeps its bombs in the play-outs; the others greedy
    sampler = Sampler(public)
    used = 0
    alive = list(pool)
    while used < deals and len(alive) > 1:
        for _ in range(batch):
            if deadline.passed():
                return _verdict(alive, totals, wins, seen, fallback)
            hands = sampler.deal(rng)
            used += 1
            for code in alive:
                position = public.position(hands[:])
                position.play(code)
                over = position.winner >= 0  # the play went out at once
                scores = position.scores() if over else greedy_rollout(position, keen)
                won = position.winner == me
                totals[code] += scores[me] + (WIN_WEIGHT if won else 0.0)
                wins[code] += won
                seen[code] += 1
        alive.sort(key=lambda c: -totals[c] / seen[c])
        if used < deals:
            alive = alive[: max(2, (len(alive) + 1) // 2)] if len(alive) > 2 else alive
    return _verdict(alive, totals, wins, seen, fallback)


def _shortlist(public: Public, codes: list[int], first: int, size: int) -> list[int]:
    """The plays worth simulating: the normal player's choice first, then the others in the
    order he ranks them, at most ``size``."""
    ordered = ranked(public, codes)
    pool = [first] + [code for code in ordered if code != first]
    return pool[:size]


def _verdict(
    alive: list[int],
    totals: dict[int, float],
    wins: dict[int, int],
    seen: dict[int, int],
    fallback: int,
) -> Verdict:
    measured = [code for code in alive if seen[code]]
    if not measured:
        return Verdict(fallback, 0.0, 0.0, 0)
    best = max(measured, key=lambda c: totals[c] / seen[c])
    return Verdict(best, totals[best] / seen[best], wins[best] / seen[best], seen[best])
