"""Battaglia scientifica (Scientific Battle), rules SB-1 to SB-16 of RULES.md.

>>> from engine import games, Play
>>> state = games["scientific"].new_state(seed=1)
>>> state.to_act()
(0, 1)
>>> ace_h, ace_s = state.view(0).hand[-2], state.view(1).hand[-2]
>>> [e.kind for e in state.apply(0, Play([ace_h]))]
['choice_made']
>>> [e.kind for e in state.apply(1, Play([ace_s]))]
['choice_made', 'reveal', 'war']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import Card
from engine.protocol import Game
from engine.scientific.deal import check_hands, deal_suits
from engine.scientific.facts import FACTS
from engine.scientific.options import parse_options
from engine.scientific.state import ScientificState
from engine.scientific.view import ScientificView


class ScientificGame:
    """The game: 2 to 8 players choosing at the same time, one suit and a joker each."""

    name: str = FACTS.name
    min_players: int = FACTS.min_players
    max_players: int = FACTS.max_players
    simultaneous: bool = FACTS.simultaneous

    def new_state(
        self,
        *,
        seed: int | None = None,
        hands: Sequence[Sequence[Card]] | None = None,
        **options: Any,
    ) -> ScientificState:
        """A new game; ``hands`` deals exactly these cards (any sizes), one list per seat.

        Options: ``players`` (2-8, default 2), ``trick_limit`` (default 500).
        """
        if hands is None:
            chosen = parse_options(options)
            dealt = deal_suits(chosen.players)
        else:
            chosen = parse_options(options, seats=len(hands))
            dealt = check_hands(hands)
        return ScientificState(dealt, trick_limit=chosen.trick_limit, seed=seed)


GAME = ScientificGame()
_CHECKED: Game = GAME  # the type checker holds the class to the Game protocol

__all__ = ["GAME", "ScientificGame", "ScientificState", "ScientificView"]
