"""Exact search of a Cardavia endgame on one deal whose hands are all known (a sampled one).

Once few cards are left, every line of play of a sampled deal can be searched to the end:
each seat in turn chooses, among its legal plays (the engine's own,
:func:`engine.cardavia.moves.legal_plays`: the obligation to beat included, CV-9), the one
that is best for itself (max^n), a seat's worth being its settlement (CV-12 to CV-14) plus a
bonus for going out first; an opponent indifferent between two plays takes the one worse for
the searching seat. A pass is never a choice: a seat passes only when it has no answer.
Positions are compact ones, moved on by the engine's fast transition
(:func:`engine.cardavia.fast.step`: rounds, bomb claims and their bonuses, going out).
With ``modelled``, only the searching seat's lines are searched, the others playing as the
play-outs' players do (:func:`~engine.bots.cardavia.heuristic.planned_lead` and
:func:`~engine.bots.cardavia.heuristic.planned_answer`): a search that stays small while the
other hands are still large.

Positions met twice are remembered, and the work is counted in positions visited, never in
seconds: past ``limit`` the search gives up (:class:`TooBig`), so the same deal always gets the
same answer on any machine.
"""

from __future__ import annotations

from engine.bots.cardavia.heuristic import planned_answer, planned_lead
from engine.cardavia.fast import (
    CLAIMS,
    PASS,
    Answer,
    Compact,
    Lead,
    Position,
    settlement,
    step,
)
from engine.cardavia.moves import answers, leads, legal_plays

Outcome = tuple[int, int, int, int]
"""What is still to come from a position: the points each seat gains from now on (bomb
bonuses still to settle and the settlement) and the seat that goes out."""


class TooBig(Exception):
    """The endgame needs more positions than the search may visit."""


class Endgame:
    """Searches of the positions of one deal, sharing what they learn: ``me`` is the
    searching seat, ``win_weight`` the points a seat adds to its own for going out first,
    ``limit`` the most positions visited (over every search of this object), ``modelled``
    whether the other seats play as the play-outs' players instead of being searched: seat
    ``s`` leading with ``leads[s]`` and answering with ``answers[s]`` (by default the
    planning player's)."""

    __slots__ = ("answers", "leads", "limit", "me", "memo", "modelled", "nodes", "win_weight")

    def __init__(
        self,
        me: int,
        win_weight: float,
        limit: int,
        *,
        modelled: bool = False,
        leads: tuple[Lead, Lead, Lead] | None = None,
        answers: tuple[Answer, Answer, Answer] | None = None,
    ) -> None:
        self.me = me
        self.modelled = modelled
        self.leads = leads or (planned_lead, planned_lead, planned_lead)
        self.answers = answers or (planned_answer, planned_answer, planned_answer)
        self.win_weight = win_weight
        self.limit = limit
        self.nodes = 0
        self.memo: dict[tuple[object, ...], Outcome] = {}

    def outcome(self, position: Position) -> Outcome:
        """The outcome of best play from ``position`` (the deal not over yet)."""
        return self.outcome_of(position.compact())

    def outcome_of(self, pos: Compact) -> Outcome:
        """:meth:`outcome` of a compact position (left unchanged)."""
        if pos[8]:
            pos = pos[:]
            pos[8] = False  # searched as a position within the deal, never its first play
        return self._solve(pos)

    def best(self, position: Position) -> int:
        """The play of the seat to act that best play leads with (it has one at least)."""
        pos = position.compact()
        turn = position.turn
        codes = legal_plays(
            pos[turn], None if pos[4] is None else pos[4][1], first_play=position.first_play
        )
        pos[8] = False
        best_code = codes[0]
        best_value = float("-inf")
        for code in codes:
            value = self._after(pos, code)
            worth = value[turn] + (self.win_weight if value[3] == turn else 0.0)
            if worth > best_value:
                best_code, best_value = code, worth
        return best_code

    def _solve(self, pos: Compact) -> Outcome:
        """The outcome of best play from the compact position ``pos`` (left unchanged)."""
        key = tuple(pos)
        found = self.memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.nodes > self.limit:
            raise TooBig
        turn = pos[3]
        hand = pos[turn]
        table = pos[4]
        codes = leads(hand, first_play=False) if table is None else answers(hand, table[1])
        if not codes:
            after = pos[:]
            settled = step(after, PASS)
            found = self._solve(after)
            if settled >= 0:
                bonus = CLAIMS[settled]
                found = (
                    found[0] + bonus[0],
                    found[1] + bonus[1],
                    found[2] + bonus[2],
                    found[3],
                )
        elif self.modelled and turn != self.me:
            code = self.leads[turn](hand) if table is None else self.answers[turn](hand, codes)
            found = self._after(pos, code)
        else:
            me = self.me
            weight = self.win_weight
            best_worth = float("-inf")
            found = (0, 0, 0, -1)
            for code in codes:
                value = self._after(pos, code)
                worth = value[turn] + (weight if value[3] == turn else 0.0)
                if worth > best_worth or (
                    worth == best_worth and _preferred(value, found, turn, me)
                ):
                    best_worth, found = worth, value
        self.memo[key] = found
        return found

    def _after(self, pos: Compact, code: int) -> Outcome:
        """The outcome once the seat to act has played ``code``."""
        after = pos[:]
        turn = pos[3]
        settled = step(after, code)
        if after[turn]:
            return self._solve(after)
        bonuses = [0, 0, 0] if settled < 0 else list(CLAIMS[settled])
        totals = settlement(turn, after, after[7], bonuses)
        return totals[0], totals[1], totals[2], turn


def _preferred(value: Outcome, other: Outcome, turn: int, me: int) -> bool:
    """Between two outcomes worth the same to the seat to act: an opponent of the searching
    seat prefers the one worse for it; then the first in a fixed order of outcomes, so that
    the choice never depends on the order in which the plays were tried."""
    if turn != me and value[me] != other[me]:
        return value[me] < other[me]
    return value > other
