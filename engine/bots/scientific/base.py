"""What every Scientific Battle computer player shares: it takes in the view, plays a lone card
at once, and otherwise picks (each level its own way, :mod:`.players`, :mod:`.hard`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import Action
from engine.bots.common import Bot, Deadline, Hint, hint_of
from engine.bots.scientific.reasons import card_params
from engine.cards import Card
from engine.scientific.view import ScientificView


def plays_of(legal: Sequence[Action]) -> list[tuple[Card, Action]]:
    return [(action.cards[0], action) for action in legal if action.kind == "play"]


def exchange_of(legal: Sequence[Action]) -> Action | None:
    return next((action for action in legal if action.kind == "exchange"), None)


class ScientificBot(Bot):
    game = "scientific"

    def decide(self, view: Any, legal: list[Action], deadline: Deadline) -> Hint:
        self.observe(view)
        plays = plays_of(legal)
        if not plays:
            return hint_of(legal[0], "exchange_stronger")
        if len(plays) == 1 and exchange_of(legal) is None:
            card, action = plays[0]
            return hint_of(action, "only_card", **card_params(card))
        return self.pick(view, legal, plays, deadline)

    def observe(self, view: ScientificView) -> None:
        """Take in what the view shows before deciding (every call, even a forced one)."""

    def pick(
        self,
        view: ScientificView,
        legal: list[Action],
        plays: list[tuple[Card, Action]],
        deadline: Deadline,
    ) -> Hint:
        raise NotImplementedError
