"""How another player seems to choose, learnt from the cards he showed.

A few simple ways of choosing (the strongest card, the weakest, any card, the balanced
choice: the equilibrium of the trick between two players, :func:`sensible` at a table of
three or more) are weighed by how well each foretold his past choices; the mixture is the
forecast of his next one. Only public facts feed it: his hand as the copy of the game knows
it and the card he then revealed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from engine.bots.scientific.evaluate import trick_gains
from engine.cards import Card

EXPERTS: tuple[str, ...] = ("strongest", "weakest", "any", "balanced")
_FLOOR = 0.05
"""Each way keeps some chance for any card: one surprise does not rule it out."""


def _order_value(card: Card, reversed_order: bool) -> float:
    if card.rank is None:
        return -100.0  # the simple players count the joker weakest
    return -card.rank if reversed_order else card.rank


def forecasts(
    hand: Sequence[Card], reversed_order: bool, balanced: Sequence[float] | None
) -> dict[str, list[float]]:
    """Each way's chances for every card of ``hand`` (``balanced`` is the equilibrium mix;
    uniform when there is none)."""
    n = len(hand)
    values = [_order_value(card, reversed_order) for card in hand]
    top, low = max(values), min(values)
    strongest = [1.0 if v == top else 0.0 for v in values]
    weakest = [1.0 if v == low else 0.0 for v in values]
    uniform = [1.0 / n] * n
    result = {
        "strongest": _soft(strongest),
        "weakest": _soft(weakest),
        "any": uniform,
        "balanced": _soft(list(balanced)) if balanced is not None else uniform,
    }
    return result


SENSIBLE_SPREAD = 0.5
"""How widely a sensible player is expected to mix among the cards that do about as well (in
owned-card units)."""


def sensible(
    seat: int,
    hands: Mapping[int, Sequence[Card]],
    pot: int,
    reversed_order: bool,
    rng: random.Random,
    draws: int,
) -> list[float]:
    """The chance of each card of ``hands[seat]`` for a player who shows the card that does
    best on average (:func:`~engine.bots.scientific.evaluate.trick_gains`) against ``draws``
    tricks in which every other player of ``hands`` shows any of his cards: how a sensible
    player chooses who does not read the others."""
    others = [(s, hand) for s, hand in hands.items() if s != seat]
    tricks = [[(s, hand[rng.randrange(len(hand))]) for s, hand in others] for _ in range(draws)]
    totals = [0.0] * len(hands[seat])
    for trick in tricks:
        for i, gain in enumerate(trick_gains(seat, hands[seat], trick, pot, reversed_order)):
            totals[i] += gain
    values = [total / draws for total in totals]
    top = max(values)
    weights = [math.exp((v - top) / SENSIBLE_SPREAD) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def _soft(weights: list[float]) -> list[float]:
    total = sum(weights) or 1.0
    n = len(weights)
    return [(1 - _FLOOR) * w / total + _FLOOR / n for w in weights]


class OpponentModel:
    """Weights of the ways of choosing for one player, updated after each of his choices."""

    def __init__(self) -> None:
        self.weights = dict.fromkeys(EXPERTS, 1.0 / len(EXPERTS))
        self.seen = 0

    def observe(
        self,
        hand: Sequence[Card],
        card: Card,
        reversed_order: bool,
        balanced: Sequence[float] | None,
    ) -> None:
        """He chose ``card`` out of ``hand``."""
        if card not in hand:
            return
        index = list(hand).index(card)
        chances = forecasts(hand, reversed_order, balanced)
        for name in EXPERTS:
            self.weights[name] *= chances[name][index]
        total = sum(self.weights.values())
        for name in EXPERTS:
            # A little back to uniform, so that a player who changes style is followed.
            self.weights[name] = 0.97 * self.weights[name] / total + 0.03 / len(EXPERTS)
        self.seen += 1

    def forecast(
        self, hand: Sequence[Card], reversed_order: bool, balanced: Sequence[float] | None
    ) -> list[float]:
        """The chance of each card of ``hand`` being his next choice."""
        chances = forecasts(hand, reversed_order, balanced)
        mix = [0.0] * len(hand)
        for name in EXPERTS:
            weight = self.weights[name]
            for i, p in enumerate(chances[name]):
                mix[i] += weight * p
        return mix

    def confidence(self) -> tuple[str, float]:
        """The way that explains his choices best and its weight."""
        name = max(self.weights, key=lambda n: self.weights[n])
        return name, self.weights[name]
