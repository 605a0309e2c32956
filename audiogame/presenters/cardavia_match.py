"""A Cardavia match: one deal or several, with running totals (CV-1).

Deal k of a match started from deal number ``seed`` is deal number ``seed + k - 1``, so that
any deal of a match can be replayed alone.

>>> from audiogame.i18n import set_language
>>> set_language("en")
>>> seats = Seats(("Anna", "Bruno"), 3)
>>> match = Match(5, 2)
>>> match.count((20, -12, -8), seats)
['Match totals: you plus 20, Bruno minus 8, Anna minus 12.']
>>> match.next_deal(); match.deal_seed
6
>>> match.count((-30, 40, -10), seats)
['Match totals: you minus 10, Bruno minus 18, Anna plus 28.', 'Anna wins the match with plus 28.']

What a deal's end says stays short (the settlement's "Deal scores", these lines, where Enter
leads: within 30 words); the rest is on S (:meth:`Match.scores_text`): the settlement line
by line once a deal is over (CV-14), the match totals at any time.
"""

from __future__ import annotations

from collections.abc import Sequence

from audiogame.i18n import _
from audiogame.sound.cues import outcome_cue
from audiogame.words.cardavia import score_list, settlement_lines, signed
from audiogame.words.seats import HUMAN, Seats
from engine.cardavia.events import Settlement
from engine.cardavia.view import CardaviaView


class Match:
    """The deals of one sitting and the totals so far."""

    def __init__(self, seed: int, deals: int) -> None:
        self.seed = seed
        self.deals = max(1, deals)
        self.number = 1
        self.totals = [0, 0, 0]
        self.counted = False
        self.last_scores: tuple[int, ...] | None = None
        self.verdict = ""

    @property
    def deal_seed(self) -> int:
        return self.seed + self.number - 1

    @property
    def over(self) -> bool:
        """The last deal has been played and counted."""
        return self.counted and self.number >= self.deals

    def next_deal(self) -> None:
        self.number += 1
        self.counted = False
        self.last_scores = None

    def count(self, scores: Sequence[int], seats: Seats) -> list[str]:
        """Add a finished deal's scores; the lines to say (none for a single deal, whose
        settlement said its scores): the totals, and after the last deal who won the match."""
        self.totals = [total + points for total, points in zip(self.totals, scores, strict=True)]
        self.counted = True
        self.last_scores = tuple(scores)
        if self.deals == 1:
            return []
        totals = _("Match totals: {scores}.").format(scores=score_list(self.totals, seats))
        if self.over:
            self.verdict = self.verdict_text(seats)
            return [totals, self.verdict]
        return [totals]

    def winners(self) -> list[int]:
        best = max(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == best]

    def verdict_text(self, seats: Seats) -> str:
        winners = self.winners()
        points = self.totals[winners[0]]
        if len(winners) > 1:
            text = _("The match ends in a tie between {names}, with {points}.")
        elif seats.is_me(winners[0]):
            text = _("You win the match with {points}!")
        else:
            text = _("{names} wins the match with {points}.")
        names = seats.objects(winners) if len(winners) > 1 else seats.subjects(winners)
        return text.format(names=names, points=signed(points))

    def final_cue(self, listener: int | None = HUMAN) -> str:
        """The cue of the match's end as ``listener`` hears it (``None``: a spectator)."""
        return outcome_cue(self.winners(), listener)

    def scores_text(
        self, view: CardaviaView, seats: Seats, settlement: Settlement | None = None
    ) -> list[str]:
        """S, a message each: this deal's bomb bonuses (or once over, its ``settlement``
        player by player, CV-14), then the match totals, each within 30 words."""
        if settlement is not None and self.last_scores is not None:
            texts = settlement_lines(settlement.lines, settlement.totals, seats)
        elif self.last_scores is not None:
            texts = [_("Deal scores: {scores}.").format(scores=score_list(self.last_scores, seats))]
        elif any(view.bonuses):
            texts = [
                _("Bomb bonuses this deal: {scores}.").format(
                    scores=score_list(view.bonuses, seats)
                )
            ]
        else:
            texts = [_("No bomb bonus yet this deal.")]
        if self.deals > 1:
            texts.append(
                _("Deal {number} of {deals}. Match totals: {scores}.").format(
                    number=self.number, deals=self.deals, scores=score_list(self.totals, seats)
                )
            )
        return texts
