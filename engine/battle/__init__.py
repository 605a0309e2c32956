"""Battaglia, classic War, with its variants "senza incognita" and "aperta" (RULES.md BT-1 to
BT-11).

>>> from engine import games, Flip
>>> state = games["battle"].new_state(seed=3, players=6)
>>> [len(e.cards) for e in state.opening_events()]
[4]
>>> state.to_act()
(0, 1, 2, 3, 4, 5)
>>> state.legal_actions(0) == [Flip()]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.battle.facts import FACTS
from engine.battle.options import check_hands, deal, parse_options
from engine.battle.state import BattleState
from engine.battle.view import BattleView
from engine.cards import Card
from engine.protocol import Game


class BattleGame:
    """The game of Battaglia: 2 to 6 players, all acting at once."""

    name = FACTS.name
    min_players = FACTS.min_players
    max_players = FACTS.max_players
    simultaneous = FACTS.simultaneous

    def new_state(
        self,
        *,
        seed: int | None = None,
        hands: Sequence[Sequence[Card]] | None = None,
        **options: Any,
    ) -> BattleState:
        """A new game. Options: ``players`` (2-6), ``deck`` (52 or 32), ``face_down`` (False is
        "senza incognita"), ``open`` ("aperta"), ``trick_limit``. ``hands`` gives each seat's
        stock, top card first, instead of a seeded deal (nothing is then set aside)."""
        checked = parse_options(options, seats=None if hands is None else len(hands))
        rng = random.Random(seed)
        if hands is None:
            stocks, set_aside = deal(rng, checked.players, checked.deck)
        else:
            stocks, set_aside = check_hands(hands), ()
        return BattleState.start(stocks, set_aside, rng, checked)


GAME = BattleGame()
_CHECKED: Game = GAME  # the type checker holds the class to the Game protocol

__all__ = ["GAME", "BattleGame", "BattleState", "BattleView"]
