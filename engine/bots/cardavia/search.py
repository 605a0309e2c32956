"""The hard and expert Cardavia players' search: determinized Monte Carlo.

The other two hands are dealt again and again from the unseen cards, consistently with what is
public (:mod:`engine.bots.cardavia.sample`); on each such deal every candidate play is played
out to the end on the engine's fast path (:mod:`engine.cardavia.fast`) by quick players that
lead and answer like a planning player (:func:`~engine.bots.cardavia.heuristic.planned_lead`,
:func:`~engine.bots.cardavia.heuristic.planned_answer`): against normal players this won 43%
of deals where greedy answers won 35% and a searching seat that kept its bombs 41% (100 deals
x 3 seats each). Each other seat whose plays so far are all a greedy player's
(:mod:`engine.bots.cardavia.style`: on one of ``FIT_DEALS`` sampled deals, once it has made
``READ_PLAYS`` plays, ``FIT_EVIDENCE`` of them plays a planning player would have made
differently) plays greedily in the play-outs instead
(:func:`~engine.cardavia.fast.greedy_lead`, :func:`~engine.cardavia.fast.greedy_answer`,
:func:`~engine.cardavia.fast.play_out`), and the deals are then sampled among those on
which its plays were all greedy (``FIT_TRIES`` tries a deal, at most ``FIT_BUDGET`` deals left
aside a decision). The other ways measured (the figures above and below) are the strength
benchmark's variants, in ``bench/cardavia_variants.py``: this module keeps the players' own.
Beside the player that played every seat as a planner, on the same 600
deals x 3 seats: against greedy players +1.9 +- 1.1 points of deals won and +0.22 +- 0.17
points a deal; against normal players -0.5 +- 1.1 and -0.07 +- 0.20 (within the noise).
Playing both greedy players greedily from the first play, with deals fitting their plays,
gained +5.7 and +1.22 over 300 deals: what a perfect reading could give. A play-out is worth
its settlement to the searching seat, plus a bonus for going out first.
Once few cards are left, a sampled deal is searched exactly instead of played out
(:mod:`engine.bots.cardavia.endgame`): every line of play when the three hands hold
``endgame_cards`` or fewer, else, once the searching seat holds ``endgame_mine`` or fewer, its
own lines against the play-outs' players; a deal too big for ``endgame_nodes`` positions, or
past ``endgame_total`` positions in the decision, is played out as before.
All candidates are compared on the same deals, and the weaker half is dropped after each batch
(successive halving), so the work goes to the plays that are close; the normal player's choice
is never dropped, and it is kept unless another play beats it on the same deals by more than
the noise. The work is counted in play-outs, never in seconds: a seed gives the same choices
on any machine.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from engine.bots.cardavia.endgame import Endgame, TooBig
from engine.bots.cardavia.heuristic import normal_code, planned_answer, planned_lead, ranked
from engine.bots.cardavia.public import Public
from engine.bots.cardavia.sample import Sampler
from engine.bots.cardavia.style import fitting_deal, fitting_seats
from engine.bots.common import Deadline
from engine.cardavia.fast import (
    Answer,
    Compact,
    Lead,
    add_claim,
    greedy_answer,
    greedy_lead,
    play_out,
    settlement,
    step,
    winner,
)

WIN_WEIGHT = 10.0
"""Points a simulated win is worth on top of its settlement: going out first is what a player
feels first, and it is also worth the penalties the others pay. Against 30 (on the same 150
deals x 3 seats) it gained 0.2 points a deal against normal players and against greedy ones,
and won as often; 0 won less."""
READ_PLAYS = 3
"""Plays a seat must have made (the first of the deal aside) before it is read as greedy."""
FIT_DEALS = 16
"""Sampled deals on which each other seat's plays so far are set beside the greedy way's."""
FIT_EVIDENCE = 2
"""Plays of a seat, at least, that a planning player would have made differently, for it to be
read as greedy: without them a normal player whose plays were all obvious was read as
greedy about one decision in ten (after three plays), with one in twenty, with two in a
hundred (greedy players: 95%, 90%, 62%)."""
FIT_TRIES = 8
"""Sampled deals tried, at most, for one on which the seats read as greedy made every play
of theirs the greedy way."""
FIT_BUDGET = 48
"""Sampled deals left aside, at most, in one decision for not fitting them."""
MARGIN = 1.0
"""How many standard errors a play must beat the normal player's choice by, on the same
deals, to be chosen instead."""
BATCH = 6
"""Sampled deals between two halvings of the candidates."""

Ways = tuple[tuple[Lead, Lead, Lead], tuple[Answer, Answer, Answer]]
"""How each seat leads and answers in the play-outs."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The search's choice: ``code``, its mean value, how often it won, over ``deals``."""

    code: int
    mean: float
    wins: float
    deals: int


class PlayOuts:
    """How the search reads the other seats and plays its sampled deals out: the players'
    way, with the constants above. The strength benchmark's variants
    (``bench/cardavia_variants.py``) are subclasses of it."""

    margin = MARGIN
    win_weight = WIN_WEIGHT
    batch = BATCH
    fit_tries = FIT_TRIES
    fit_budget = FIT_BUDGET

    def greedy_seats(self, public: Public, rng: random.Random) -> int:
        """The other seats that play greedily in the play-outs, as a bit set: those read as
        greedy from their plays so far (:func:`~engine.bots.cardavia.style.fitting_seats`:
        ``READ_PLAYS`` plays or more, every one of them greedy on one of ``FIT_DEALS``
        sampled deals, ``FIT_EVIDENCE`` of them a planning player's otherwise)."""
        return fitting_seats(public, rng, FIT_DEALS, READ_PLAYS, 0.0, FIT_EVIDENCE)

    def ways(self, greedy: int) -> Ways:
        """Greedily for the seats of the bit set ``greedy``, else as a planning player."""
        leads = tuple(greedy_lead if greedy >> s & 1 else planned_lead for s in range(3))
        answers = tuple(greedy_answer if greedy >> s & 1 else planned_answer for s in range(3))
        return leads, answers  # type: ignore[return-value]

    def play_out(
        self, pos: Compact, bonuses: list[int], me: int, ways: Ways
    ) -> tuple[int, int, int]:
        """Play the compact position ``pos`` (after a candidate play, ``bonuses`` settled so
        far) to the end, moving it on; the totals by seat."""
        return play_out(pos, ways[0], ways[1], bonuses)


PLAY_OUTS = PlayOuts()
"""The players' play-outs."""


def search(
    public: Public,
    codes: list[int],
    rng: random.Random,
    deadline: Deadline,
    *,
    deals: int = 48,
    candidates: int = 8,
    endgame_cards: int = 0,
    endgame_nodes: int = 0,
    endgame_total: int = 0,
    endgame_mine: int = 0,
    play_outs: PlayOuts = PLAY_OUTS,
) -> Verdict:
    """The best of ``codes`` (two or more plays) by sampled play-outs: ``deals`` deals at
    most, ``candidates`` plays weighed at most, the endgames exact as the module says."""
    fallback = normal_code(public, codes)
    greedy = play_outs.greedy_seats(public, rng)
    ways = play_outs.ways(greedy)
    pool = _shortlist(public, codes, fallback, candidates)
    values: dict[int, dict[int, float]] = {code: {} for code in pool}
    wins = dict.fromkeys(pool, 0)
    me = public.seat
    win_weight = play_outs.win_weight
    fit_tries = play_outs.fit_tries
    sampler = Sampler(public)
    used = 0
    alive = list(pool)
    cards = sum(public.counts)
    exact = cards <= endgame_cards or public.hand.bit_count() <= endgame_mine
    modelled = cards > endgame_cards  # the other seats play as in the play-outs
    spent = 0  # positions visited by the exact searches of this decision
    extra = 0  # deals dealt and left aside for not fitting the greedy seats' plays
    while used < deals and len(alive) > 1:
        for _ in range(play_outs.batch):
            if deadline.passed():
                return _verdict(values, wins, fallback, play_outs.margin)
            if fit_tries and greedy and extra < play_outs.fit_budget:
                hands, dealt = fitting_deal(sampler, rng, greedy, fit_tries)
                extra += dealt - 1
            else:
                hands = sampler.deal(rng)
            if exact and spent < endgame_total:
                solved = _solve_deal(
                    public, hands, alive, win_weight, endgame_nodes, modelled, ways
                )
                spent += solved[1] if solved[0] is not None else endgame_nodes
                if solved[0] is not None:
                    for code, (value, won) in zip(alive, solved[0], strict=True):
                        values[code][used] = value
                        wins[code] += won
                    used += 1
                    continue
            for code in alive:
                pos = public.compact(hands)
                bonuses = add_claim(list(public.bonuses), step(pos, code))
                if winner(pos) < 0:
                    scores = play_outs.play_out(pos, bonuses, me, ways)
                else:  # the play went out at once
                    scores = settlement(pos[3], pos, pos[7], bonuses)
                won = winner(pos) == me
                values[code][used] = scores[me] + (win_weight if won else 0.0)
                wins[code] += won
            used += 1
        if used < deals and len(alive) > 2:
            alive.sort(key=lambda c: -_mean(values[c]))
            kept = alive[: max(2, (len(alive) + 1) // 2)]
            if fallback not in kept:
                kept[-1] = fallback
            alive = kept
    return _verdict(values, wins, fallback, play_outs.margin)


def _solve_deal(
    public: Public,
    hands: list[int],
    codes: list[int],
    win_weight: float,
    limit: int,
    modelled: bool,
    policies: Ways,
) -> tuple[list[tuple[float, bool]] | None, int]:
    """Each play's worth on this deal under best play to the end (:mod:`.endgame`) and
    whether the searching seat goes out first; ``None`` when the endgame is too big to search
    within ``limit`` positions. Also the positions visited."""
    me = public.seat
    endgame = Endgame(
        me, win_weight, limit, modelled=modelled, leads=policies[0], answers=policies[1]
    )
    found: list[tuple[float, bool]] = []
    try:
        for code in codes:
            pos = public.compact(hands)
            bonuses = add_claim(list(public.bonuses), step(pos, code))
            if winner(pos) >= 0:
                mine = settlement(pos[3], pos, pos[7], bonuses)[me]
                won = pos[3] == me
            else:
                outcome = endgame.outcome_of(pos)
                mine = bonuses[me] + outcome[me]
                won = outcome[3] == me
            found.append((mine + (win_weight if won else 0.0), won))
    except TooBig:
        return None, endgame.nodes
    return found, endgame.nodes


def _mean(found: dict[int, float]) -> float:
    return sum(found.values()) / len(found) if found else float("-inf")


def _shortlist(public: Public, codes: list[int], first: int, size: int) -> list[int]:
    """The plays worth simulating: the normal player's choice first, then the others in the
    order he ranks them, at most ``size``."""
    ordered = ranked(public, codes)
    pool = [first] + [code for code in ordered if code != first]
    return pool[:size]


def _verdict(
    values: dict[int, dict[int, float]],
    wins: dict[int, int],
    fallback: int,
    margin: float,
) -> Verdict:
    """The play with the best mean among those played out as often as the most played one,
    if it beats the normal player's choice on the same deals by ``margin`` standard errors;
    else that choice."""
    base = values[fallback]
    if not base:
        return Verdict(fallback, 0.0, 0.0, 0)
    most = max(len(found) for found in values.values())
    finalists = [code for code, found in values.items() if len(found) == most]
    best = max(finalists, key=lambda c: _mean(values[c]))
    if best != fallback:
        diffs = [value - base[deal] for deal, value in values[best].items()]
        n = len(diffs)
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else math.inf
        if not mean > margin * spread / math.sqrt(n):
            best = fallback
    found = values[best]
    return Verdict(best, _mean(found), wins[best] / len(found), len(found))
