"""The engine's fast path of a Cardavia deal, for searches: hands as bit masks, plays as the
engine's int codes (:mod:`engine.cardavia.moves`), no events, views or actions.

One transition, :func:`step`, moves a *compact position* (a list, see :data:`TURN` and the
indexes beside it) on by one play or pass: the turn (CV-3), the round that two passes end
(CV-10), the bomb claim and its settlement (CV-13), going out (CV-11). Every play-out
(:func:`play_out`, :func:`seat_rollout`, :func:`greedy_rollout`), :class:`Position` and the
endgame search (:mod:`engine.bots.cardavia.endgame`) move by it. It plays by the engine's own
legal plays (:func:`engine.cardavia.moves.legal_plays`), turn order
(:func:`engine.cardavia.state.next_seat`) and penalties (:func:`engine.cardavia.scoring.penalty`),
so that a search can play thousands of deals to the end in a decision's time;
``tests/test_cardavia_lockstep.py`` steps it beside the engine, move by move.

>>> from engine.cardavia.deck import deal
>>> pos = Position(list(deal(1)), 0, first_play=True).compact()
>>> totals = play_out(pos, (greedy_lead,) * 3, (greedy_answer,) * 3, [0, 0, 0])
>>> sum(totals), winner(pos) in (0, 1, 2)
(0, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cardavia.classify import ACE_BOMB, BOMB, CELESTIAL, Key
from engine.cardavia.moves import CARDS, KIND_SHIFT, legal_plays
from engine.cardavia.moves import answers as answers_to
from engine.cardavia.scoring import BOMB_BONUS, bombs_held, penalty
from engine.cardavia.state import next_seat

NEXT: tuple[int, int, int] = (next_seat(0), next_seat(1), next_seat(2))
"""The seat after each seat (CV-3)."""

Compact = list[Any]
"""A compact position: ``[hand 0, hand 1, hand 2, turn, table, passes, claim, played,
first play]`` (the indexes below). ``table`` is ``(seat, key)`` of the play to beat or
``None`` for a lead; ``passes`` the passes since it was played; ``claim`` the seat whose bomb,
played on another's combination, stands so far (-1: none); ``played`` a bit per seat that
has played. Once a seat has gone out, ``turn`` stays on it (and its hand is empty)."""
TURN, TABLE, PASSES, CLAIM, PLAYED, FIRST = 3, 4, 5, 6, 7, 8
PASS = -1
"""The code of a pass, for :func:`step`."""
CLAIMS: tuple[tuple[int, int, int], ...] = tuple(
    (
        BOMB_BONUS if claim == 0 else -BOMB_BONUS // 2,
        BOMB_BONUS if claim == 1 else -BOMB_BONUS // 2,
        BOMB_BONUS if claim == 2 else -BOMB_BONUS // 2,
    )
    for claim in range(3)
)
"""What a standing bomb's settlement gives each seat, by the seat that played it (CV-13)."""


def step(pos: Compact, code: int) -> int:
    """The seat to act plays ``code`` (known to be legal) or passes (:data:`PASS`, when it
    has no answer): ``pos`` is moved on in place. Returns the seat whose standing bomb this
    settles (its points: ``CLAIMS[seat]``), or -1.

    A bomb played on another seat's combination claims the bonus, a led one or the celestial
    bomb drops any claim; the claim is settled when two passes end the round (the last seat
    that played leads) or when its player goes out with it (CV-10, CV-11, CV-13)."""
    turn = pos[3]
    if code < 0:
        if pos[5] == 0:
            pos[5] = 1
            pos[3] = NEXT[turn]
            return -1
        claim: int = pos[6]
        pos[3] = pos[4][0]
        pos[4] = None
        pos[5] = 0
        pos[6] = -1
        return claim
    mask = code & CARDS
    kind = code >> KIND_SHIFT
    table = pos[4]
    if BOMB <= kind < CELESTIAL:
        pos[6] = -1 if table is None else turn
    hand = pos[turn] = pos[turn] & ~mask
    pos[4] = (turn, (kind, (mask.bit_length() - 1) >> 2, mask.bit_count()))
    pos[5] = 0
    pos[7] |= 1 << turn
    pos[8] = False
    if hand:
        pos[3] = NEXT[turn]
        return -1
    claim = pos[6]
    pos[6] = -1
    return claim


def winner(pos: Compact) -> int:
    """The seat that went out, or -1 while the deal goes on."""
    turn: int = pos[3]
    return -1 if pos[turn] else turn


def legal(pos: Compact) -> list[int]:
    """The codes of the seat to act; empty means it must pass."""
    table = pos[4]
    return legal_plays(pos[pos[3]], None if table is None else table[1], first_play=pos[8])


def key_of(code: int) -> Key:
    """``(kind, top rank index, number of cards)`` of a play code."""
    mask = code & CARDS
    return (code >> KIND_SHIFT, (mask.bit_length() - 1) >> 2, mask.bit_count())


def add_claim(bonuses: list[int], seat: int) -> list[int]:
    """``bonuses`` with the standing bomb of ``seat`` settled (CV-13); unchanged for -1."""
    if seat < 0:
        return bonuses
    points = CLAIMS[seat]
    return [bonuses[0] + points[0], bonuses[1] + points[1], bonuses[2] + points[2]]


class Position:
    """A decision point of a deal, every hand known (a real one or a sampled one): the
    fields of a compact position (:data:`Compact`), plus ``bonuses``, the bomb bonus points
    so far, and ``winner``, -1 until someone goes out. :meth:`play` and :meth:`pass_turn`
    move it by :func:`step`."""

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

    def compact(self) -> Compact:
        """This position as a compact one (a new list)."""
        hands = self.hands
        return [
            hands[0],
            hands[1],
            hands[2],
            self.turn,
            self.table,
            self.passes,
            self.claim,
            self.played,
            self.first_play,
        ]

    def load(self, pos: Compact) -> None:
        """Take the fields of the compact position ``pos`` (the list of hands is kept, its
        hands replaced), and its winner."""
        hands = self.hands
        hands[0], hands[1], hands[2] = pos[0], pos[1], pos[2]
        self.turn = pos[3]
        self.table = pos[4]
        self.passes = pos[5]
        self.claim = pos[6]
        self.played = pos[7]
        self.first_play = pos[8]
        self.winner = winner(pos)

    def legal(self) -> list[int]:
        """The codes of the seat to act; empty means it must pass."""
        table = self.table
        return legal_plays(
            self.hands[self.turn], None if table is None else table[1], first_play=self.first_play
        )

    def play(self, code: int) -> None:
        """The seat to act plays ``code`` (already known to be legal)."""
        self._move(code)

    def pass_turn(self) -> None:
        """The seat to act passes (it has no answer); two passes end the round (CV-10)."""
        self._move(PASS)

    def _move(self, code: int) -> None:
        pos = self.compact()
        self.bonuses = add_claim(self.bonuses, step(pos, code))
        self.load(pos)

    def scores(self) -> tuple[int, int, int]:
        """The totals of the settlement once someone went out (CV-12 to CV-14)."""
        return settlement(self.winner, self.hands, self.played, self.bonuses)


def settlement(
    winner: int, hands: list[int], played: int, bonuses: list[int]
) -> tuple[int, int, int]:
    """Totals by seat: each loser pays his penalty to the winner, plus the bomb bonuses
    (``hands``: the three hands, or a compact position)."""
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
    is weakest, the longest of those; bombs last. :func:`greedy_lead` and
    :func:`greedy_answer` are its fast forms (``tests/test_cardavia_lockstep.py`` holds
    them to it and to the engine's greedy player)."""
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


_LEAD_CACHE: dict[int, int] = {}
_LEAD_CACHE_LIMIT = 1 << 18


def greedy_lead(hand: int) -> int:
    """The greedy lead of ``hand`` (not the first play of the deal), remembered: the same
    hands come back again and again across the play-outs of one search."""
    code = _LEAD_CACHE.get(hand)
    if code is None:
        code = greedy_code(hand, legal_plays(hand, None, first_play=False), True)
        if len(_LEAD_CACHE) >= _LEAD_CACHE_LIMIT:
            _LEAD_CACHE.clear()
        _LEAD_CACHE[hand] = code
    return code


def greedy_answer(hand: int, codes: list[int]) -> int:
    """The greedy answer among the engine's answers ``codes``: they come weakest first (same
    kind by rank, then bombs by rank, then the ace bomb), so it is the first one unless one
    empties the hand (only a hand of four cards or fewer, or of the answers' size, can)."""
    size = hand.bit_count()
    if size <= 4 or size == (codes[0] & CARDS).bit_count():
        for code in codes:
            if code & CARDS == hand:
                return code
    return codes[0]


Lead = Callable[[int], int]
"""A seat's lead from its hand (a code of ``legal_plays(hand, None)``, not the first play)."""
Answer = Callable[[int, list[int]], int]
"""A seat's answer from its hand among its legal codes (never empty)."""


def play_out(
    pos: Compact,
    leads: tuple[Lead, Lead, Lead],
    answers: tuple[Answer, Answer, Answer],
    bonuses: list[int],
) -> tuple[int, int, int]:
    """Play the compact position ``pos`` (moved on in place) to the end, each seat ``s``
    leading with ``leads[s]`` and answering with ``answers[s]`` (the first play of the deal:
    the greedy lead); the final totals by seat, ``bonuses`` those settled before. A seat
    passes only when it has no answer (CV-9). The searches' hot loop."""
    beating = answers_to  # legal_plays for a table, without its extra call
    while True:
        turn = pos[3]
        hand = pos[turn]
        table = pos[4]
        if table is None:
            if pos[8]:
                code = greedy_code(hand, legal_plays(hand, None, first_play=True), True)
            else:
                code = leads[turn](hand)
        else:
            codes = beating(hand, table[1])
            code = answers[turn](hand, codes) if codes else PASS
        settled = step(pos, code)
        if settled >= 0:
            bonuses = add_claim(bonuses, settled)
        if code >= 0 and not pos[turn]:
            return settlement(turn, pos, pos[7], bonuses)


def seat_rollout(
    position: Position,
    leads: tuple[Lead, Lead, Lead],
    answers: tuple[Answer, Answer, Answer],
) -> tuple[int, int, int]:
    """:func:`play_out` on ``position`` (changed in place: hands, turn, winner...); the final
    totals by seat."""
    pos = position.compact()
    totals = play_out(pos, leads, answers, position.bonuses)
    position.load(pos)
    return totals


GREEDY_LEADS: tuple[Lead, Lead, Lead] = (greedy_lead, greedy_lead, greedy_lead)
GREEDY_ANSWERS: tuple[Answer, Answer, Answer] = (greedy_answer, greedy_answer, greedy_answer)


def greedy_rollout(position: Position) -> tuple[int, int, int]:
    """:func:`seat_rollout` with every seat greedy (the engine's greedy player)."""
    return seat_rollout(position, GREEDY_LEADS, GREEDY_ANSWERS)


__all__ = [
    "ACE_BOMB",
    "CLAIMS",
    "NEXT",
    "PASS",
    "Position",
    "bombs_held",
    "greedy_answer",
    "greedy_code",
    "greedy_lead",
    "greedy_rollout",
    "legal",
    "play_out",
    "seat_rollout",
    "step",
    "winner",
]
