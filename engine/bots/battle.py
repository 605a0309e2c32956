"""Computer players for Battaglia. In classic play the only action is the flip; in open play
(BT-10) each trick is a secret choice of one card.

The other hands are hidden and the view does not tell which cards went where, so the open-play
players reason about the cards they cannot see: every card of the deck that is not in their
hand, set aside or face up on the table. Hard forecasts the other's card as a mix of "his
strongest" and "any card" of a hand dealt from those, and plays the card that earns most
against the forecast: a card that wins cheaply, or its weakest when the trick looks lost, or
its strongest when a war pot is worth the fight. The reason given with a hint agrees with its
card: a tie is a war, not a loss, and only the weakest card held is "given up". Normal beats
the other's likely strongest card with the lowest card that does, else gives its weakest,
mixing among the cards that earn about as much (each with its own seed). Easy plays at random.
Face-down cards (a war's hidden card) are always the weakest: they only feed the pot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import Action
from engine.bots.common import Bot, Deadline, Hint, hint_of
from engine.bots.matrix import soft_choice
from engine.cards import Card, full_deck

_FORECAST_HANDS = 24
NORMAL_SPREAD = 0.3
"""How widely the normal player mixes among cards that earn about as much: players at one
table never follow one plan."""


def _rank(card: Card) -> int:
    return card.rank or 0


def unseen_cards(view: Any) -> list[Card]:
    """Cards this seat cannot place: the deck less its hand, the cards set aside and the
    face-up cards on the table."""
    deck = full_deck(low=7 if view.deck == 32 else 2)
    known = set(view.hand) | set(view.set_aside) | {card for _, card in view.table}
    return [card for card in deck if card not in known]


def _value(mine: int, theirs: int, pot: int) -> float:
    """What showing rank ``mine`` against ``theirs`` is worth: the cards taken or lost, and a
    little for keeping strong cards (a card lost is gone to the other side)."""
    if mine > theirs:
        return 1.0 + pot + (theirs - 8) / 12
    if mine < theirs:
        return -1.0 - (mine - 8) / 12
    return 0.1 * pot


def _best(
    legal: Sequence[Action], forecast: dict[int, float], pot: int, u: float | None = None
) -> Hint:
    """The card that earns most against the forecast of the others' highest rank; with ``u``
    (a draw in [0, 1)), a mixed choice among the cards that earn about as much."""
    ranks = sorted({_rank(a.cards[0]) for a in legal})
    values = [sum(p * _value(rank, other, pot) for other, p in forecast.items()) for rank in ranks]
    if u is None:
        best_rank = ranks[max(range(len(ranks)), key=lambda i: (values[i], -i))]
    else:
        best_rank = ranks[soft_choice(values, u, spread=NORMAL_SPREAD)[0]]
    action = next(a for a in legal if _rank(a.cards[0]) == best_rank)
    win_chance = sum(p for other, p in forecast.items() if best_rank > other)
    tie_chance = forecast.get(best_rank, 0.0)
    return hint_of(
        action,
        _reason(best_rank, ranks, win_chance, tie_chance, pot),
        card=action.cards[0].token(),
        chance=round(100 * win_chance),
    )


def _reason(rank: int, ranks: Sequence[int], win: float, tie: float, pot: int) -> str:
    """Why ``rank`` is the card to play, in agreement with the advice: "give up a weak card"
    only for the weakest card held, a war (a tie is no loss) said as a war."""
    if win >= 0.5:
        return "fights_for_pot" if pot else "wins_cheaply"
    if rank == ranks[0] and len(ranks) > 1:
        return "sacrifice"
    if win + tie >= 0.5:
        return "wins_or_ties"
    if rank == ranks[-1]:
        return "strongest_chance"
    return "best_average"


class BattleBot(Bot):
    game = "battle"

    def decide(self, view: Any, legal: list[Action], deadline: Deadline) -> Hint:
        first = legal[0]
        if first.kind == "flip":
            return hint_of(first, "flip")
        if first.kind == "face_down":
            action = min(legal, key=lambda a: _rank(a.cards[0]))
            return hint_of(action, "face_down_weakest", card=action.cards[0].token())
        if len(legal) == 1:
            return hint_of(first, "only_card", card=first.cards[0].token())
        return self.pick(view, legal)

    def pick(self, view: Any, legal: list[Action]) -> Hint:
        raise NotImplementedError


class EasyBattle(BattleBot):
    level = "easy"

    def pick(self, view: Any, legal: list[Action]) -> Hint:
        action = legal[self.rng.randrange(len(legal))]
        return hint_of(action, "any_card", card=action.cards[0].token())


class NormalBattle(BattleBot):
    level = "normal"

    def pick(self, view: Any, legal: list[Action]) -> Hint:
        unseen = unseen_cards(view) or [Card(14, "s")]
        share = 1.0 / len(unseen)
        forecast: dict[int, float] = {}
        for card in unseen:
            forecast[_rank(card)] = forecast.get(_rank(card), 0.0) + share
        return _best(legal, forecast, view.pot, self.rng.random())


class HardBattle(BattleBot):
    level = "hard"

    def pick(self, view: Any, legal: list[Action]) -> Hint:
        unseen = unseen_cards(view)
        others = [s for s in view.in_step if s != view.seat]
        sizes = [max(1, view.stock[s]) for s in others] or [1]
        return _best(legal, self._forecast(unseen, sizes), view.pot)

    forecast_hands = _FORECAST_HANDS

    def _forecast(self, unseen: Sequence[Card], sizes: Sequence[int]) -> dict[int, float]:
        """Chances of the highest rank the others show: half "each plays his strongest", half
        "each plays any card", over hands dealt from the unseen cards."""
        chances: dict[int, float] = {}
        if not unseen:
            return {0: 1.0}
        pool = list(unseen)
        weight = 1.0 / (2 * self.forecast_hands)
        for _ in range(self.forecast_hands):
            strongest = 0
            anyone = 0
            for size in sizes:
                hand = self.rng.sample(pool, min(size, len(pool)))
                strongest = max(strongest, max(_rank(c) for c in hand))
                anyone = max(anyone, _rank(hand[self.rng.randrange(len(hand))]))
            chances[strongest] = chances.get(strongest, 0.0) + weight
            chances[anyone] = chances.get(anyone, 0.0) + weight
        return chances


class ExpertBattle(HardBattle):
    """The hard player forecasting from more hands."""

    level = "expert"
    forecast_hands = 120


PLAYERS: dict[str, type[Bot]] = {
    "easy": EasyBattle,
    "normal": NormalBattle,
    "hard": HardBattle,
    "expert": ExpertBattle,
}
"""Each level's player (see :func:`engine.bots.make`)."""
