"""How each other Cardavia seat plays, read from its plays so far: greedily (the engine's
greedy player, :func:`~engine.cardavia.fast.greedy_lead`,
:func:`~engine.cardavia.fast.greedy_answer`: his lowest cards, the lowest answer) or not.

Only what the seat's view holds is used: each other seat's hand when it made a play is its
hand now plus the cards it has played since, so on a deal sampled consistently with what is
public (:class:`~engine.bots.cardavia.sample.Sampler`) each of its past plays can be set beside
what the greedy way would have chosen from that hand. A greedy player's plays all fit on his
true hand, so on some of the sampled deals at least; a player who keeps his combinations soon
fits on none. Once a seat is read as greedy, the sampled deals can be chosen among those on
which all its plays fit (:func:`fitting_deal`): for a greedy player that is exact inference.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.bots.cardavia.heuristic import planned_answer, planned_lead
from engine.bots.cardavia.public import Public
from engine.bots.cardavia.sample import Sampler
from engine.cardavia.fast import greedy_answer, greedy_lead
from engine.cardavia.moves import legal_plays


def _past_plays(
    public: Public, seat: int, hand: int
) -> Iterator[tuple[int, list[int] | None, int]]:
    """Each play ``seat`` made, if his hand now is ``hand``: his hand then, the answers he had
    (``None`` when he led) and the play he made."""
    for choice in public.choices:
        if choice.seat == seat:
            then = hand | choice.later
            table = choice.table
            codes = None if table is None else legal_plays(then, table, first_play=False)
            yield then, codes, choice.code


def greedy_misfits(public: Public, seat: int, hand: int, most: int = 1 << 30) -> int:
    """How many of ``seat``'s plays the greedy way would not have made, if his hand now is
    ``hand`` (counting stops past ``most``)."""
    found = 0
    for then, codes, code in _past_plays(public, seat, hand):
        if codes is None:
            found += greedy_lead(then) != code
        else:
            found += not codes or greedy_answer(then, codes) != code
        if found > most:
            break
    return found


def telling(public: Public, seat: int, hand: int) -> int:
    """How many of ``seat``'s plays the greedy way and the planning way
    (:func:`~engine.bots.cardavia.heuristic.planned_lead`,
    :func:`~engine.bots.cardavia.heuristic.planned_answer`) would have made differently, if
    his hand now is ``hand``: the plays that tell a greedy player from a planning one."""
    found = 0
    for then, codes, _ in _past_plays(public, seat, hand):
        if codes is None:
            found += greedy_lead(then) != planned_lead(then)
        else:
            found += bool(codes) and greedy_answer(then, codes) != planned_answer(then, codes)
    return found


def fitting_seats(
    public: Public,
    rng: random.Random,
    deals: int,
    least: int,
    share: float = 0.0,
    evidence: int = 0,
) -> int:
    """The other seats read as greedy, as a bit set: those that made ``least`` plays or more
    and made every one of them the greedy way on more than ``share`` of ``deals`` sampled
    deals (one at least), ``evidence`` of them or more being plays a planning player would
    have made differently (:func:`telling`)."""
    made = [0, 0, 0]
    for choice in public.choices:
        made[choice.seat] += 1
    seats = [s for s in range(3) if s != public.seat and made[s] >= least]
    if not seats:
        return 0
    needed = max(1, int(share * deals) + 1) if share > 0 else 1
    fits = dict.fromkeys(seats, 0)
    sampler = Sampler(public)
    for done in range(deals):
        hands = sampler.deal(rng)
        for seat in seats:
            hand = hands[seat]
            if (
                fits[seat] < needed
                and not greedy_misfits(public, seat, hand, 0)
                and (not evidence or telling(public, seat, hand) >= evidence)
            ):
                fits[seat] += 1
        left = deals - done - 1
        if all(fits[seat] >= needed or fits[seat] + left < needed for seat in seats):
            break
    return sum(1 << seat for seat in seats if fits[seat] >= needed)


def fitting_deal(
    sampler: Sampler, rng: random.Random, greedy: int, tries: int
) -> tuple[list[int], int]:
    """A sampled deal on which the seats of the bit set ``greedy`` made every play of theirs
    the greedy way, if one comes within ``tries`` deals; else the deal that fits best. Also
    how many deals were dealt."""
    public = sampler.public
    seats = [s for s in range(3) if greedy >> s & 1]
    best: list[int] = []
    fewest = 1 << 30
    dealt = 0
    for _ in range(max(1, tries)):
        hands = sampler.deal(rng)
        dealt += 1
        if not seats:
            return hands, dealt
        misfits = 0
        for seat in seats:
            misfits += greedy_misfits(public, seat, hands[seat], fewest - misfits)
            if misfits >= fewest:
                break
        if misfits < fewest:
            best, fewest = hands, misfits
            if not misfits:
                break
    return best, dealt
