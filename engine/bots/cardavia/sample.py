"""Deals the unseen cards to the two other seats, consistently with everything public: their
hand sizes, the cards already played, and every pass (a pass proves the passer had no legal
answer then, CV-9). Search bots play on such sampled deals, never on the real hands.
"""

from __future__ import annotations

import random

from engine.bots.cardavia.public import Public
from engine.cardavia.classify import BOMB, PAIR, SINGLE, TRIPLE
from engine.cardavia.deck import ACE, POP, RANKS_COUNT, SHIFTS
from engine.cardavia.moves import legal_plays

_TRIES = 40


def _caps(public: Public, seat: int, habits: bool) -> list[int]:
    """The most cards of each rank ``seat`` can hold now, from his passes (and from his
    habits, when ``habits``)."""
    caps = [4] * RANKS_COUNT
    caps[ACE] = 3
    if habits:
        for habit in public.habits:
            if habit.seat == seat:
                for r in range(RANKS_COUNT):
                    later = POP[habit.later >> SHIFTS[r] & 15]
                    caps[r] = min(caps[r], max(0, habit.limits[r] - later))
    for proof in public.proofs:
        if proof.seat != seat:
            continue
        kind, top, _ = proof.table
        limits = [3] * RANKS_COUNT  # no bomb then: any bomb answers an ordinary play
        limits[ACE] = 2
        if kind == BOMB:
            limits = [4 if r <= top else 3 for r in range(RANKS_COUNT)]
            limits[ACE] = 2
        elif kind in (SINGLE, PAIR, TRIPLE):
            most = kind - SINGLE  # nothing of a higher rank: 0, 1 or 2 cards of it
            for r in range(top + 1, RANKS_COUNT):
                limits[r] = min(limits[r], most)
        for r in range(RANKS_COUNT):
            later = POP[proof.later >> SHIFTS[r] & 15]
            caps[r] = min(caps[r], max(0, limits[r] - later))
    return caps


def consistent(public: Public, hands: list[int]) -> bool:
    """True when no pass contradicts these hands (the exact test, sequences included)."""
    for proof in public.proofs:
        if legal_plays(hands[proof.seat] | proof.later, proof.table, first_play=False):
            return False
    return True


class Sampler:
    """Deals for one decision: the limits are worked out once, then each :meth:`deal` is a
    shuffle of the unseen cards given out under them."""

    def __init__(self, public: Public) -> None:
        self.public = public
        me = public.seat
        self.me = me
        self.a, self.b = (s for s in range(3) if s != me)
        self.strict = (_caps(public, self.a, True), _caps(public, self.b, True))
        self.loose = (_caps(public, self.a, False), _caps(public, self.b, False))
        bits: list[int] = []
        unseen = public.unseen
        while unseen:
            low = unseen & -unseen
            bits.append(low.bit_length() - 1)
            unseen ^= low
        self.bits = bits

    def deal(self, rng: random.Random) -> list[int]:
        """Three hands: the seat's own and the other two dealt from the unseen cards at
        random, respecting the hand sizes, the passes and (while they can be) the habits;
        after many failed tries the last deal is returned all the same."""
        public = self.public
        a, b = self.a, self.b
        bits = self.bits
        shuffle, random_ = rng.shuffle, rng.random
        hands = [0, 0, 0]
        for attempt in range(_TRIES):
            caps_a, caps_b = self.strict if attempt < _TRIES // 2 else self.loose
            forced = attempt >= 3 * _TRIES // 4  # the caps give way rather than fail
            shuffle(bits)
            room_a, room_b = public.counts[a], public.counts[b]
            held_a = [0] * RANKS_COUNT
            held_b = [0] * RANKS_COUNT
            hand_a = hand_b = 0
            stuck = False
            for bit in bits:
                if not room_a and not room_b:
                    break  # the cards left over are out of play (a deal of fewer cards)
                rank = bit >> 2
                ok_a = room_a and held_a[rank] < caps_a[rank]
                ok_b = room_b and held_b[rank] < caps_b[rank]
                if not ok_a and not ok_b:
                    if not forced:
                        stuck = True
                        break
                    ok_a, ok_b = bool(room_a), bool(room_b)
                if ok_a and (not ok_b or random_() * (room_a + room_b) < room_a):
                    hand_a |= 1 << bit
                    room_a -= 1
                    held_a[rank] += 1
                else:
                    hand_b |= 1 << bit
                    room_b -= 1
                    held_b[rank] += 1
            hands = [0, 0, 0]
            hands[self.me] = public.hand
            hands[a], hands[b] = hand_a, hand_b
            if not stuck and consistent(public, hands):
                return hands
        return hands
