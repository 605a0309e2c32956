"""The strength benchmark's variants of the hard and expert Cardavia players: the search's
play-outs and settings changed, to be measured beside the players as they are
(``python3 bench/bots.py --game cardavia --only hard:normal --variant '{"keen": true}'``).

The players' own search (:mod:`engine.bots.cardavia.search`) keeps only what the players use;
each variant here is a :class:`~engine.bots.cardavia.search.PlayOuts` of its own:

* ``margin``, ``win_weight``, ``batch``: the search's constants (``MARGIN``, ``WIN_WEIGHT``,
  ``BATCH``) set otherwise.
* ``model``: which other seats play greedily in the play-outs: ``"fit"`` (those read as greedy,
  the players' way, with ``read_plays``, ``fit_deals``, ``fit_share``, ``fit_evidence``),
  ``"planned"`` (none) or ``"greedy"`` (both); ``fit_tries`` and ``fit_budget``: how hard the
  sampled deals are fitted to the greedy seats' plays (0 tries: not at all).
* ``answers`` false: every seat answers greedily in the play-outs.
* ``keen``: the searching seat keeps its bombs whole in the play-outs and plays one on a play
  that no other hand can beat (:func:`keen_code`); ``bombs`` 1 or 2: the searching seat (1)
  or every seat (2) bombs for the bonus when its bomb stands
  (:func:`~engine.bots.cardavia.heuristic.bombing_answer`). With either, every seat leads as
  a planning player.
"""

from __future__ import annotations

import random
from typing import Any

from engine.bots.cardavia.heuristic import bombing_answer, planned_answer, planned_lead
from engine.bots.cardavia.players import EXPERT_DEALS, EXPERT_ENDGAME, HardCardavia
from engine.bots.cardavia.public import Public
from engine.bots.cardavia.search import (
    BATCH,
    FIT_BUDGET,
    FIT_DEALS,
    FIT_EVIDENCE,
    FIT_TRIES,
    MARGIN,
    READ_PLAYS,
    WIN_WEIGHT,
    PlayOuts,
    Ways,
)
from engine.bots.cardavia.style import fitting_seats
from engine.cardavia.classify import BOMB
from engine.cardavia.fast import (
    Answer,
    Compact,
    greedy_answer,
    greedy_code,
    key_of,
    play_out,
)
from engine.cardavia.moves import CARDS, KIND_SHIFT, legal_plays

_NIBBLE_BASES = 0x1111111111111


def keen_code(hand: int, codes: list[int], leading: bool, others: int) -> int:
    """A greedy player that keeps his bombs whole and plays one on a play when nobody else
    holds a stronger bomb (``others``: the other hands)."""
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


def keen_answer(pos: Compact) -> Answer:
    """:func:`keen_code` answering, on the compact position ``pos`` a play-out moves on."""

    def answer(hand: int, codes: list[int]) -> int:
        return keen_code(hand, codes, False, (pos[0] | pos[1] | pos[2]) & ~hand)

    return answer


def bombing(pos: Compact, me: int, every_seat: bool) -> Answer:
    """:func:`~engine.bots.cardavia.heuristic.bombing_answer` on the compact position
    ``pos`` for every seat, or for the seat whose hand is ``me``'s only; else the planning
    player's answer."""

    def answer(hand: int, codes: list[int]) -> int:
        if every_seat or hand == pos[me]:
            return bombing_answer(hand, codes, pos)
        return planned_answer(hand, codes)

    return answer


class VariantPlayOuts(PlayOuts):
    """The play-outs and settings of one variant (the module's text names the options)."""

    def __init__(
        self,
        *,
        margin: float = MARGIN,
        win_weight: float = WIN_WEIGHT,
        batch: int = BATCH,
        answers: bool = True,
        keen: bool = False,
        bombs: int = 0,
        model: str = "fit",
        read_plays: int = READ_PLAYS,
        fit_deals: int = FIT_DEALS,
        fit_share: float = 0.0,
        fit_evidence: int = FIT_EVIDENCE,
        fit_tries: int = FIT_TRIES,
        fit_budget: int = FIT_BUDGET,
    ) -> None:
        if model not in ("fit", "planned", "greedy"):
            raise ValueError(f"no play-out model {model!r}")
        self.margin = margin
        self.win_weight = win_weight
        self.batch = batch
        self.answers = answers
        self.keen = keen
        self.bombs = bombs
        self.model = model
        self.read = (read_plays, fit_deals, fit_share, fit_evidence)
        self.fit_tries = fit_tries
        self.fit_budget = fit_budget

    def greedy_seats(self, public: Public, rng: random.Random) -> int:
        if self.model == "greedy":
            return 7 & ~(1 << public.seat)
        if self.model == "planned":
            return 0
        plays, deals, share, evidence = self.read
        return fitting_seats(public, rng, deals, plays, share, evidence)

    def ways(self, greedy: int) -> Ways:
        leads, answers = super().ways(greedy)
        if not self.answers:
            answers = (greedy_answer, greedy_answer, greedy_answer)
        return leads, answers

    def play_out(
        self, pos: Compact, bonuses: list[int], me: int, ways: Ways
    ) -> tuple[int, int, int]:
        if not self.keen and not self.bombs:
            return super().play_out(pos, bonuses, me, ways)
        answer: Answer = planned_answer if self.answers else greedy_answer
        if self.bombs:
            answer = bombing(pos, me, self.bombs == 2)
        answers = [answer, answer, answer]
        if self.keen:
            answers[me] = keen_answer(pos)
        return play_out(
            pos,
            (planned_lead, planned_lead, planned_lead),
            (answers[0], answers[1], answers[2]),
            bonuses,
        )


PRODUCT_OPTIONS = {"deals", "candidates", "endgame_cards", "endgame_nodes", "endgame_total",
                   "endgame_mine"}  # fmt: skip
"""The options of the players' own class (the others are the variant's play-outs')."""


def variant_player(level: str, seed: int, options: dict[str, Any]) -> HardCardavia:
    """The ``level`` player (hard or expert) with the variant ``options``."""
    settings: dict[str, Any] = {}
    if level == "expert":
        settings = {"deals": EXPERT_DEALS, "candidates": 12, **EXPERT_ENDGAME}
    elif level != "hard":
        raise ValueError(f"the Cardavia variants are of the hard and expert players, not {level}")
    mine = {k: v for k, v in options.items() if k in PRODUCT_OPTIONS}
    player = HardCardavia(seed, **{**settings, **mine})
    player.play_outs = VariantPlayOuts(
        **{k: v for k, v in options.items() if k not in PRODUCT_OPTIONS}
    )
    return player
