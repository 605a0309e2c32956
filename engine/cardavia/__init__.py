"""Cardavia: a three-player climbing game (RULES.md, CV-1 to CV-14).

>>> from engine import Pass, Play, parse_cards
>>> state = GAME.new_state(hands=[parse_cards("3h 4h"), parse_cards("5h 5s"), parse_cards("6h")])
>>> state.to_act(), [str(a) for a in state.legal_actions(0)]
((0,), ['play 3h'])
>>> [e.kind for e in state.apply(0, Play(parse_cards("3h")))]
['played', 'few_cards']
>>> [str(a) for a in state.legal_actions(2)]
['play 6h']

Legal actions list one representative set of cards per distinct combination (kind, rank,
length): suits never matter, so the lowest suits are chosen (hearts, spades, diamonds, clubs)
and the first play always shows the 3 of hearts. ``apply`` accepts *any* cards of the hand that
form a legal combination in the situation, not only the representatives: the pair ``9h 9d`` is
as legal as a listed ``9s 9c``. When a play is on the table and an answer exists, Pass is not
listed and is refused (CV-9); without an answer the only legal action is Pass.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cardavia.classify import classify
from engine.cardavia.combination import Combination
from engine.cardavia.deck import DECK, deal, mask_of
from engine.cardavia.facts import FACTS
from engine.cardavia.state import CardaviaState
from engine.cardavia.view import CardaviaView
from engine.cards import Card

OPTIONS = FACTS.engine_options


class CardaviaGame:
    """The game object registered as ``engine.games["cardavia"]``."""

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
    ) -> CardaviaState:
        """A new deal: seeded with ``random.Random(seed)``, 16 cards each (CV-2), or exactly
        ``hands`` (one sequence per seat, any sizes, cards of the 48-card deck)."""
        for name, value in options.items():
            if name not in OPTIONS:
                raise ValueError(f"unknown option {name!r}; the options are: players")
            if name == "players" and (type(value) is not int or value != 3):
                raise ValueError(f"Cardavia is for 3 players: players must be 3, not {value!r}")
        if hands is None:
            return CardaviaState(deal(seed))
        if len(hands) != 3:
            raise ValueError(f"hands must give 3 hands, one per seat, not {len(hands)}")
        masks: list[int] = []
        seen = 0
        for seat, hand in enumerate(hands):
            if not hand:
                raise ValueError(f"seat {seat} has no card; every seat needs at least one")
            mask = mask_of(hand)
            if mask & seen:
                raise ValueError(f"a card of seat {seat} is dealt twice")
            seen |= mask
            masks.append(mask)
        return CardaviaState(tuple(masks))


GAME = CardaviaGame()

__all__ = [
    "DECK",
    "GAME",
    "CardaviaGame",
    "CardaviaState",
    "CardaviaView",
    "Combination",
    "classify",
]
