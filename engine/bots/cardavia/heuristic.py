"""The normal and easy Cardavia players, and the reasons behind a play (for hints).

Normal: go out when a play empties the hand; else choose the play that leaves the cheapest
hand (:mod:`engine.bots.cardavia.plan`: straights, pair sequences and bombs kept together,
high cards valued), lead weak combinations first, lead what nobody can beat when it opens the
way out, guard against an opponent about to go out, and bomb a play when the bomb can stand
(counting the high cards and bombs still unseen). Easy: goes out when it can, otherwise often
the weakest play and sometimes any play but a bomb.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from engine.bots.cardavia.codes import describe_key
from engine.bots.cardavia.plan import counts_key, hand_cost, split_cost, split_kinds
from engine.bots.cardavia.public import Public
from engine.cardavia.classify import (
    BOMB,
    CELESTIAL,
    KIND_NAMES,
    PAIR,
    SINGLE,
)
from engine.cardavia.fast import NEXT, greedy_code, key_of
from engine.cardavia.moves import CARDS, KIND_SHIFT, legal_plays

Reason = tuple[str, dict[str, object]]


def beatable(code: int, unseen: int) -> bool:
    """Whether the unseen cards (both other hands together) could answer this play."""
    return bool(legal_plays(unseen, key_of(code), first_play=False))


def _threats(public: Public) -> list[int]:
    """Opponents with one or two cards left."""
    return [s for s in range(3) if s != public.seat and public.counts[s] <= 2]


def _score(public: Public, code: int) -> float:
    """Lower is better: the cost of the hand left, with the situation's adjustments."""
    hand, unseen = public.hand, public.unseen
    rest = hand & ~(code & CARDS)
    if not rest:
        return -100.0
    kind, top, length = key_of(code)
    score = hand_cost(rest) + 0.02 * top
    sure = not beatable(code, unseen)
    leading = public.table is None
    threats = _threats(public)
    if kind >= BOMB:
        if leading:
            score += 0.5  # a led bomb earns nothing (CV-13)
        else:
            score -= 2.5 if sure else 0.5
    elif leading:
        if sure and len(split_kinds(rest)) <= 1:
            score -= 5.0  # keep the lead, then go out with the last combination
        for seat in threats:
            if length == public.counts[seat] and kind in (SINGLE, PAIR) and not sure:
                score += 3.0 if seat == NEXT[public.seat] else 2.0
    elif threats and sure:
        score -= 1.5  # take the round away from a player about to go out
    return score


def ranked(public: Public, codes: list[int]) -> list[int]:
    """``codes`` from the normal player's favourite down."""
    return sorted(codes, key=lambda code: _score(public, code))


def normal_code(public: Public, codes: list[int]) -> int:
    """The normal player's play among ``codes`` (not empty)."""
    best = codes[0]
    best_score = _score(public, best)
    for code in codes[1:]:
        score = _score(public, code)
        if score < best_score - 1e-9:
            best, best_score = code, score
    return best


def easy_code(public: Public, codes: list[int], rng: random.Random) -> int:
    """The easy player: out if it can, else half the time the weakest play, else any play
    that is not a bomb (a bomb only when nothing else answers)."""
    hand = public.hand
    leading = public.table is None
    for code in codes:
        if code & CARDS == hand:
            return code
    if rng.random() < 0.5:
        return greedy_code(hand, codes, leading)
    plain = [code for code in codes if code >> KIND_SHIFT < BOMB]
    return rng.choice(plain or codes)


def _kept(hand: int, chosen: int, naive: int) -> tuple[int, int, int] | None:
    """A combination of the hand's best split that ``chosen`` keeps and ``naive`` breaks."""
    after_chosen = split_kinds(hand & ~(chosen & CARDS))
    after_naive = split_kinds(hand & ~(naive & CARDS))
    for key in split_kinds(hand):
        if key[2] >= 2 and key in after_chosen and key not in after_naive:
            return key
    return None


def explain(public: Public, chosen: int, codes: list[int]) -> Reason:
    """Why ``chosen`` is a good play, as a reason code and its parameters."""
    hand, unseen = public.hand, public.unseen
    mask = chosen & CARDS
    kind = chosen >> KIND_SHIFT
    play = describe_key(key_of(chosen))
    leading = public.table is None
    if len(codes) == 1:
        return "only_play", play
    if mask == hand:
        return "go_out", play
    if kind >= BOMB and kind != CELESTIAL and not leading:
        return ("bomb_stands" if not beatable(chosen, unseen) else "bomb_bonus"), play
    rest = hand & ~mask
    sure = not beatable(chosen, unseen)
    if leading and sure and len(split_kinds(rest)) <= 1:
        return "sure_then_out", {**play, "last": describe_key(split_kinds(rest)[0])}
    threats = _threats(public)
    if threats:
        seat = threats[0]
        if leading and (kind not in (SINGLE, PAIR) or play["length"] != public.counts[seat]):
            return "guard", {**play, "seat": seat, "cards": public.counts[seat]}
        if not leading and sure:
            return "take_round", {**play, "seat": seat, "cards": public.counts[seat]}
        if not leading and kind < BOMB:
            bomb = _bomb_answer(codes)
            if bomb is not None:
                return "bomb_kept", {**play, **_bomb_kept(public, seat, bomb)}
    naive = greedy_code(hand, codes, leading)
    if naive != chosen:
        kept = _kept(hand, chosen, naive)
        if kept is not None:
            return f"keeps_{KIND_NAMES[kept[0]]}", {**play, "kept": describe_key(kept)}
        if not leading:
            return "saves_low_cards", play
    if leading:
        return "lead_weakest", play
    return "cheapest_answer", play


def _bomb_answer(codes: list[int]) -> int | None:
    """A bomb among the answers (the celestial one aside), if any."""
    for code in codes:
        if BOMB <= code >> KIND_SHIFT < CELESTIAL:
            return code
    return None


def _bomb_kept(public: Public, seat: int, bomb: int) -> dict[str, object]:
    """Why a bomb waits: ``seat`` is about to go out (``cards`` left), and the last play he
    passed on in the deal (``passed``), when he passed on one."""
    params: dict[str, object] = {"seat": seat, "cards": public.counts[seat],
                                 "bomb": describe_key(key_of(bomb))}  # fmt: skip
    passed = [proof.table for proof in public.proofs if proof.seat == seat]
    if passed:
        params["passed"] = describe_key(passed[-1])
    return params


_PLANNED: dict[int, int] = {}
_PLANNED_LIMIT = 1 << 18


def planned_lead(hand: int) -> int:
    """The lead a planning player makes from ``hand`` with nothing else in mind (not the first
    play of the deal): out if one play empties the hand, else the play that leaves the
    cheapest hand (:func:`~engine.bots.cardavia.plan.hand_cost`), bombs last. Remembered by
    hand: the same hands come back again and again in the play-outs of one search."""
    code = _PLANNED.get(hand)
    if code is not None:
        return code
    code = _cheapest(hand, legal_plays(hand, None, first_play=False), -1, bomb_cost=0.5)
    if len(_PLANNED) >= _PLANNED_LIMIT:
        _PLANNED.clear()
    _PLANNED[hand] = code
    return code


_ANSWERS: dict[tuple[int, int], int] = {}


def planned_answer(hand: int, codes: list[int]) -> int:
    """The answer a planning player makes among ``codes``: out if one empties the hand, else
    the one that leaves the cheapest hand, a bomb only when it is the only answer or leaves
    a much cheaper hand. Remembered by hand and weakest answer."""
    key = (hand, codes[0])
    code = _ANSWERS.get(key)
    if code is not None:
        return code
    code = _cheapest(hand, codes, codes[0], bomb_cost=1.0)
    if len(_ANSWERS) >= _PLANNED_LIMIT:
        _ANSWERS.clear()
    _ANSWERS[key] = code
    return code


def standing_bomb(hand: int, codes: list[int], hands: list[int]) -> int:
    """The weakest bomb among the answers ``codes`` that neither other hand (``hands``: the
    three hands, one of them ``hand``) can beat (CV-7, CV-13: it earns its bonus), or -1.
    The celestial bomb is never an answer (CV-8)."""
    others = (hands[0] | hands[1] | hands[2]) & ~hand
    for code in codes:
        if code >> KIND_SHIFT >= BOMB and not legal_plays(others, key_of(code), first_play=False):
            return code
    return -1


def bombing_answer(hand: int, codes: list[int], hands: list[int]) -> int:
    """A planning player's answer that bombs for the bonus: out if one play empties the hand,
    else the weakest bomb no other hand can beat, else :func:`planned_answer`."""
    if codes[-1] >> KIND_SHIFT >= BOMB:
        for code in codes:
            if code & CARDS == hand:
                return code
        bomb = standing_bomb(hand, codes, hands)
        if bomb >= 0:
            return bomb
    return planned_answer(hand, codes)


def _cheapest(hand: int, options: Iterable[int], default: int, *, bomb_cost: float) -> int:
    """The option that empties ``hand``, else the one leaving the cheapest hand (a bomb costs
    ``bomb_cost`` more; ties keep the first); ``default`` when there is none."""
    best = 1e9
    code = default
    key = counts_key(hand)
    for option in options:
        mask = option & CARDS
        if mask == hand:
            return option
        cost = split_cost(key - counts_key(mask)) + 0.02 * ((mask.bit_length() - 1) >> 2)
        if option >> KIND_SHIFT >= BOMB:
            cost += bomb_cost
        if cost < best - 1e-9:  # equal costs up to rounding: the first kept
            best, code = cost, option
    return code
