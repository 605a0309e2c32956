"""The engine's fast path of a Cardavia deal, for searches: hands as bit masks, plays as the
engine's int codes (:mod:`engine.cardavia.moves`), no events, views or actions.

It plays by the same rules as :class:`engine.cardavia.state.CardaviaState` (turn order, must
beat, rounds, bomb bonuses, going out and the settlement, CV-3 to CV-14), with the engine's own
legal plays (:func:`engine.cardavia.moves.legal_plays`), turn order
(:func:`engine.cardavia.state.next_seat`) and penalties (:func:`engine.cardavia.scoring.penalty`),
so that a search can play thousands of deals to the end in a decision's time.
``tests/test_cardavia_fast.py`` plays it against the engine, deal by deal and step by step.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cardavia.classify import ACE_BOMB, BOMB, CELESTIAL, Key
from engine.cardavia.moves import CARDS, KIND_SHIFT, legal_plays
from engine.cardavia.scoring import BOMB_BONUS, bombs_held, penalty
from engine.cardavia.state import next_seat

NEXT: tuple[int, int, int] = (next_seat(0), next_seat(1), next_seat(2))
"""The seat after each seat (CV-3)."""

Policy = Callable[["Position", list[int]], int]
"""Picks one code among the legal ones (never empty) of the seat to act."""


def key_of(code: int) -> Key:
    """``(kind, top rank index, number of cards)`` of a play code."""
    mask = code & CARDS
    return (code >> KIND_SHIFT, (mask.bit_length() - 1) >> 2, mask.bit_count())


class Position:
    """A decision point of a deal, every hand known (a real one or a sampled one).

    ``table`` is ``(seat, key)`` of the play to beat or ``None`` for a lead; ``passes`` the
    passes since it was played; ``played`` a bit per seat that has played; ``claim`` the seat
    whose bomb, played on another's combination, stands so far (-1: none); ``bonuses`` the
    bomb bonus points so far; ``winner`` is -1 until someone goes out."""

    __slots__ = (
        "bonuses",
        "claim",
        "first_play",
        "hands",
        "passes",
        "played",
        "table",
        "turn",
        "winner",
    )

    def __init__(
        self,
        hands: list[int],
        turn: int,
        table: tuple[int, Key] | None = None,
        *,
        passes: int = 0,
        first_play: bool = False,
        played: int = 0,
        claim: int = -1,
        bonuses: list[int] | None = None,
    ) -> None:
        self.hands = hands
        self.turn = turn
        self.table = table
        self.passes = passes
        self.first_play = first_play
        self.played = played
        self.claim = claim
        self.bonuses = bonuses if bonuses is not None else [0, 0, 0]
        self.winner = -1

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.hands = self.hands[:]
        other.turn = self.turn
        other.table = self.table
        other.passes = self.passes
        other.first_play = self.first_play
        other.played = self.played
        other.claim = self.claim
        other.bonuses = self.bonuses[:]
        other.winner = self.winner
        return other

    def legal(self) -> list[int]:
        """The codes of the seat to act; empty means it must pass."""
        table = self.table
        return legal_plays(
            self.hands[self.turn], None if table is None else table[1], first_play=self.first_play
        )

    def play(self, code: int) -> None:
        """The seat to act plays ``code`` (already known to be legal)."""
        seat = self.turn
        mask = code & CARDS
        kind = code >> KIND_SHIFT
        if BOMB <= kind < CELESTIAL:
            self.claim = -1 if self.table is None else seat
        hand = self.hands[seat] = self.hands[seat] & ~mask
        self.table = (seat, (kind, (mask.bit_length() - 1) >> 2, mask.bit_count()))
        self.passes = 0
        self.first_play = False
        self.played |= 1 << seat
        if hand:
            self.turn = NEXT[seat]
        else:
            self._settle_claim()
            self.winner = seat

    def pass_turn(self) -> None:
        """The seat to act passes (it has no answer); two passes end the round (CV-10)."""
        if self.passes == 0:
            self.passes = 1
            self.turn = NEXT[self.turn]
            return
        table = self.table
        assert table is not None
        self._settle_claim()
        self.turn = table[0]
        self.table = None
        self.passes = 0

    def _settle_claim(self) -> None:
        claim = self.claim
        if claim >= 0:
            self.claim = -1
            half = BOMB_BONUS // 2
            self.bonuses = [
                b + (BOMB_BONUS if s == claim else -half) for s, b in enumerate(self.bonuses)
            ]

    def scores(self) -> tuple[int, int, int]:
        """The totals of the settlement once someone went out (CV-12 to CV-14)."""
        return settlement(self.winner, self.hands, self.played, self.bonuses)


def settlement(
    winner: int, hands: list[int], played: int, bonuses: list[int]
) -> tuple[int, int, int]:
    """Totals by seat: each loser pays his penalty to the winner, plus the bomb bonuses."""
    totals = bonuses[:]
    for seat in range(3):
        if seat != winner:
            lost = penalty(hands[seat], bool(played >> seat & 1))
            totals[seat] -= lost
            totals[winner] += lost
    return totals[0], totals[1], totals[2]


def greedy_code(hand: int, codes: list[int], leading: bool) -> int:
    """The engine's greedy rule (:mod:`engine.cardavia.baseline`) on codes: go out if one
    play empties the hand; answer with the weakest non-bomb; lead the play whose lowest card
    is weakest, the longest of those; bombs last."""
    best = -1
    choice = codes[0]
    if leading:
        for code in codes:
            mask = code & CARDS
            if mask == hand:
                return code
            kind = code >> KIND_SHIFT
            lowest = (mask & -mask).bit_length() >> 2
            rank_key = (
                (1 if kind >= BOMB else 0) << 24
                | lowest << 16
                | (16 - mask.bit_count()) << 8
                | (mask.bit_length() - 1) >> 2
            )
            if best < 0 or rank_key < best:
                best, choice = rank_key, code
        return choice
    for code in codes:
        mask = code & CARDS
        if mask == hand:
            return code
        kind = code >> KIND_SHIFT
        rank_key = (1 if kind >= BOMB else 0) << 24 | kind << 8 | (mask.bit_length() - 1) >> 2
        if best < 0 or rank_key < best:
            best, choice = rank_key, code
    return choice


def greedy_policy(position: Position, codes: list[int]) -> int:
    """:func:`greedy_code` as a policy."""
    return greedy_code(position.hands[position.turn], codes, position.table is None)


def rollout(position: Position, policies: tuple[Policy, Policy, Policy]) -> tuple[int, int, int]:
    """Play ``position`` (changed in place) to the end; the final totals by seat."""
    while position.winner < 0:
        codes = position.legal()
        if codes:
            position.play(policies[position.turn](position, codes))
        else:
            position.pass_turn()
    return position.scores()


_LEAD_CACHE: dict[int, int] = {}
_LEAD_CACHE_LIMIT = 1 << 18


def greedy_lead(hand: int) -> int:
    """The greedy lead of ``hand`` (not the first play of the deal), remembered: the same
    hands come back again and again across the rollouts of one search."""
    code = _LEAD_CACHE.get(hand)
    if code is None:
        code = greedy_code(hand, legal_plays(hand, None, first_play=False), True)
        if len(_LEAD_CACHE) >= _LEAD_CACHE_LIMIT:
            _LEAD_CACHE.clear()
        _LEAD_CACHE[hand] = code
    return code


def greedy_answer(hand: int, codes: list[int]) -> int:
    """The greedy answer: the engine lists answers weakest first (same kind by rank, then
    bombs by rank, then the ace bomb), so it is the first one unless one empties the hand."""
    size = hand.bit_count()
    if size <= 4 or size == (codes[0] & CARDS).bit_count():
        for code in codes:
            if code & CARDS == hand:
                return code
    return codes[0]


def greedy_rollout(
    position: Position,
    keen: int = 0,
    lead: Callable[[int], int] | None = None,
    answer: Callable[[int, list[int]], int] | None = None,
) -> tuple[int, int, int]:
    """:func:`rollout` with every seat greedy but those in the bit set ``keen`` (bit ``s``
    for seat ``s``), who play :func:`keen_code`; inlined: the search's hot loop. ``lead``,
    when given, chooses every seat's lead from its hand (a code of
    ``legal_plays(hand, None)``) but for the first play of the deal; ``answer``, when given,
    chooses the answer of every seat but the keen ones among its codes (never empty)."""
    hands = position.hands
    turn = position.turn
    table = position.table
    passes = position.passes
    first = position.first_play
    played = position.played
    claim = position.claim
    bonuses = position.bonuses
    plays = legal_plays
    half = BOMB_BONUS // 2
    while True:
        hand = hands[turn]
        if keen >> turn & 1:
            codes = plays(hand, None if table is None else table[1], first_play=first)
            if codes:
                if table is None and lead is not None and not first:
                    code = lead(hand)
                else:
                    others = (hands[0] | hands[1] | hands[2]) & ~hand
                    code = keen_code(hand, codes, table is None, others)
            elif passes == 0:
                passes = 1
                turn = NEXT[turn]
                continue
            else:
                if claim >= 0:
                    bonuses = [
                        b + (BOMB_BONUS if s == claim else -half) for s, b in enumerate(bonuses)
                    ]
                    claim = -1
                turn = table[0]  # type: ignore[index]
                table = None
                passes = 0
                continue
        elif table is None:
            if first:
                code = greedy_code(hand, plays(hand, None, first_play=True), True)
            elif lead is not None:
                code = lead(hand)
            else:
                code = _LEAD_CACHE.get(hand) or greedy_lead(hand)
        else:
            codes = plays(hand, table[1], first_play=False)
            if not codes:
                if passes == 0:
                    passes = 1
                    turn = NEXT[turn]
                    continue
                if claim >= 0:
                    bonuses = [
                        b + (BOMB_BONUS if s == claim else -half) for s, b in enumerate(bonuses)
                    ]
                    claim = -1
                turn = table[0]
                table = None
                passes = 0
                continue
            if answer is not None:
                code = answer(hand, codes)
            else:
                code = codes[0]
                size = hand.bit_count()
                if size <= 4 or size == table[1][2]:
                    for other in codes:
                        if other & CARDS == hand:
                            code = other
                            break
        mask = code & CARDS
        kind = code >> KIND_SHIFT
        if BOMB <= kind < CELESTIAL:
            claim = -1 if table is None else turn
        hand &= ~mask
        hands[turn] = hand
        table = (turn, (kind, (mask.bit_length() - 1) >> 2, mask.bit_count()))
        passes = 0
        first = False
        played |= 1 << turn
        if not hand:
            if claim >= 0:
                bonuses = [b + (BOMB_BONUS if s == claim else -half) for s, b in enumerate(bonuses)]
            position.winner = turn
            return settlement(turn, hands, played, bonuses)
        turn = NEXT[turn]


Lead = Callable[[int], int]
"""A seat's lead from its hand (a code of ``legal_plays(hand, None)``, not the first play)."""
Answer = Callable[[int, list[int]], int]
"""A seat's answer from its hand among its legal codes (never empty)."""


def seat_rollout(
    position: Position,
    leads: tuple[Lead, Lead, Lead],
    answers: tuple[Answer, Answer, Answer],
) -> tuple[int, int, int]:
    """Play ``position`` (changed in place) to the end, each seat ``s`` leading with
    ``leads[s]`` and answering with ``answers[s]`` (the first play of the deal: the greedy
    lead); the final totals by seat. A seat passes only when it has no answer (CV-9)."""
    hands = position.hands
    turn = position.turn
    table = position.table
    passes = position.passes
    first = position.first_play
    played = position.played
    claim = position.claim
    bonuses = position.bonuses
    plays = legal_plays
    half = BOMB_BONUS // 2
    while True:
        hand = hands[turn]
        if table is None:
            if first:
                code = greedy_code(hand, plays(hand, None, first_play=True), True)
            else:
                code = leads[turn](hand)
        else:
            codes = plays(hand, table[1], first_play=False)
            if not codes:
                if passes == 0:
                    passes = 1
                    turn = NEXT[turn]
                    continue
                if claim >= 0:
                    bonuses = [
                        b + (BOMB_BONUS if s == claim else -half) for s, b in enumerate(bonuses)
                    ]
                    claim = -1
                turn = table[0]
                table = None
                passes = 0
                continue
            code = answers[turn](hand, codes)
        mask = code & CARDS
        kind = code >> KIND_SHIFT
        if BOMB <= kind < CELESTIAL:
            claim = -1 if table is None else turn
        hand &= ~mask
        hands[turn] = hand
        table = (turn, (kind, (mask.bit_length() - 1) >> 2, mask.bit_count()))
        passes = 0
        first = False
        played |= 1 << turn
        if not hand:
            if claim >= 0:
                bonuses = [b + (BOMB_BONUS if s == claim else -half) for s, b in enumerate(bonuses)]
            position.winner = turn
            return settlement(turn, hands, played, bonuses)
        turn = NEXT[turn]


_NIBBLE_BASES = 0x1111111111111


def keen_code(hand: int, codes: list[int], leading: bool, others: int) -> int:
    """A greedy player that keeps his bombs whole and plays one on a play when nobody else
    holds a stronger bomb (``others``: the other hands), for the searching seat's play-outs."""
    if not leading:
        full = hand & hand >> 1 & hand >> 2 & hand >> 3 & _NIBBLE_BASES
        bombs = full * 15
        first_bomb = -1
        plain = -1
        for code in codes:
            mask = code & CARDS
            if mask == hand:
                return code
            if code >> KIND_SHIFT >= BOMB:
                if first_bomb < 0:
                    first_bomb = code
            elif plain < 0 and not mask & bombs:
                plain = code
        if first_bomb >= 0 and not legal_plays(others, key_of(first_bomb), first_play=False):
            return first_bomb
        if plain >= 0:
            return plain
        return codes[0]
    return greedy_code(hand, codes, True)


__all__ = [
    "ACE_BOMB",
    "NEXT",
    "Position",
    "bombs_held",
    "greedy_answer",
    "greedy_code",
    "greedy_lead",
    "greedy_rollout",
    "keen_code",
    "rollout",
    "seat_rollout",
]
