"""The three Cardavia computer players: easy, normal and hard."""

from __future__ import annotations

from typing import Any

from engine.actions import Action
from engine.bots.cardavia.codes import codes_of
from engine.bots.cardavia.heuristic import easy_code, explain, normal_code
from engine.bots.cardavia.public import read_view
from engine.bots.cardavia.search import PLAY_OUTS, PlayOuts, search
from engine.bots.common import Bot, Deadline, Hint, hint_of


class CardaviaBot(Bot):
    """Shared steps: a forced pass is answered at once; plays are handled as codes."""

    game = "cardavia"

    def decide(self, view: Any, legal: list[Action], deadline: Deadline) -> Hint:
        plays = codes_of(legal, first_play=view.first_play)
        if not plays:
            return hint_of(legal[0], "must_pass")
        codes = list(plays)
        public = read_view(view)
        if len(codes) == 1:
            code = codes[0]
            reason, params = explain(public, code, codes)
            return hint_of(plays[code], reason, **params)
        code, reason, params = self.pick(public, codes, deadline)
        return hint_of(plays[code], reason, **params)

    def pick(
        self, public: Any, codes: list[int], deadline: Deadline
    ) -> tuple[int, str, dict[str, object]]:
        raise NotImplementedError


class EasyCardavia(CardaviaBot):
    level = "easy"

    def pick(
        self, public: Any, codes: list[int], deadline: Deadline
    ) -> tuple[int, str, dict[str, object]]:
        code = easy_code(public, codes, self.rng)
        return (code, *explain(public, code, codes))


class NormalCardavia(CardaviaBot):
    level = "normal"

    def pick(
        self, public: Any, codes: list[int], deadline: Deadline
    ) -> tuple[int, str, dict[str, object]]:
        code = normal_code(public, codes)
        return (code, *explain(public, code, codes))


class HardCardavia(CardaviaBot):
    """Determinized Monte Carlo over hands consistent with the public information
    (:mod:`engine.bots.cardavia.search`); ``deals`` sampled deals a decision at most, the
    small endgames of each searched exactly (at most 800 positions a deal, 6,000 a
    decision); each other seat whose plays so far are a greedy player's is played out
    greedily (:class:`~engine.bots.cardavia.search.PlayOuts`)."""

    level = "hard"

    play_outs: PlayOuts = PLAY_OUTS
    """How the search plays its deals out (the strength benchmark's variants change it)."""

    def __init__(
        self,
        seed: int | None = None,
        budget: float | None = None,
        *,
        deals: int = 48,
        candidates: int = 8,
        endgame_cards: int = 18,
        endgame_nodes: int = 800,
        endgame_total: int = 6000,
        endgame_mine: int = 6,
    ) -> None:
        super().__init__(seed, budget)
        self.deals = deals
        self.candidates = candidates
        self.endgame = (endgame_cards, endgame_nodes, endgame_total)
        self.endgame_mine = endgame_mine

    def pick(
        self, public: Any, codes: list[int], deadline: Deadline
    ) -> tuple[int, str, dict[str, object]]:
        verdict = search(
            public,
            codes,
            self.rng,
            deadline,
            deals=self.deals,
            candidates=self.candidates,
            endgame_cards=self.endgame[0],
            endgame_nodes=self.endgame[1],
            endgame_total=self.endgame[2],
            endgame_mine=self.endgame_mine,
            play_outs=self.play_outs,
        )
        reason, params = explain(public, verdict.code, codes)
        if verdict.code != normal_code(public, codes) and verdict.deals:
            params = {**params, "why": reason}
            reason = "best_odds"
            params["wins"] = round(100 * verdict.wins)
            params["deals"] = verdict.deals
        return verdict.code, reason, params


EXPERT_DEALS = 120
"""Sampled deals an expert decision weighs at most (the hard player: 48)."""
EXPERT_ENDGAME: dict[str, int] = {
    "endgame_cards": 20,
    "endgame_mine": 8,
    "endgame_nodes": 6000,
    "endgame_total": 50000,
}
"""The expert's exact endgames: every line of play once 20 cards or fewer are left in the
three hands, or its own lines against the play-outs' players once it holds 8 or fewer; at
most 6,000 positions a sampled deal and 50,000 a decision."""


class ExpertCardavia(HardCardavia):
    """The hard player's search with more play-outs and plays weighed, and exact endgames on
    each sampled deal (:mod:`engine.bots.cardavia.endgame`): up to about a second a
    decision."""

    level = "expert"

    def __init__(self, seed: int | None = None, budget: float | None = None) -> None:
        super().__init__(
            seed,
            budget,
            deals=EXPERT_DEALS,
            candidates=12,
            endgame_cards=EXPERT_ENDGAME["endgame_cards"],
            endgame_mine=EXPERT_ENDGAME["endgame_mine"],
            endgame_nodes=EXPERT_ENDGAME["endgame_nodes"],
            endgame_total=EXPERT_ENDGAME["endgame_total"],
        )


PLAYERS: dict[str, type[Bot]] = {
    "easy": EasyCardavia,
    "normal": NormalCardavia,
    "hard": HardCardavia,
    "expert": ExpertCardavia,
}
"""Each level's player (see :func:`engine.bots.make`)."""
