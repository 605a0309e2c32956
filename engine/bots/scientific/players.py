"""The three Scientific Battle computer players.

Hard follows the game in a private copy (:mod:`.tracker`), values every pair of cards the
two players may show (:mod:`.evaluate`), solves the trick as a matrix game (regret matching)
and plays the equilibrium mix, unless the other player has shown a habit it can exploit
(:mod:`.model`), in which case it plays the best answer to the forecast; as a seer it answers
the cards it sees, and against a seer it plays what loses least once seen. At a table of three
or more it weighs each card over tricks drawn from its forecasts of the others (a sensible
player's choice among them, :func:`.model.sensible`), a seer among them answering what he
sees. Normal expects the
other's strongest card and beats it cheaply or gives away its weakest. Easy plays almost at
random.
"""

from __future__ import annotations

from engine.actions import Action
from engine.bots.common import Bot, Deadline, Hint, hint_of
from engine.bots.matrix import soft_choice
from engine.bots.scientific.base import ScientificBot, exchange_of
from engine.bots.scientific.evaluate import payoff_matrix
from engine.bots.scientific.hard import ExpertScientific, HardScientific
from engine.bots.scientific.reasons import (
    card_params,
    order_of,
    others_cards,
    pile_stronger,
    reason_against,
    seen_best,
)
from engine.cards import Card
from engine.scientific.view import ScientificView

NORMAL_SPREAD = 0.35
"""How widely the normal player mixes among its good cards (in owned-card units): players
at one table never all follow one plan, and nobody can read them by their first choice."""


class EasyScientific(ScientificBot):
    """Near random: any card, now and then the strongest; never the exchange."""

    level = "easy"

    def pick(
        self,
        view: ScientificView,
        legal: list[Action],
        plays: list[tuple[Card, Action]],
        deadline: Deadline,
    ) -> Hint:
        if self.rng.random() < 0.3:
            card, action = max(plays, key=lambda p: order_of(p[0], view.reversed))
        else:
            card, action = plays[self.rng.randrange(len(plays))]
        return hint_of(action, "any_card", **card_params(card))


class NormalScientific(ScientificBot):
    """Guesses the other's card among the cards he may hold (those that are neither its own
    nor on the table) and plays the card that does best on average against them; as a seer,
    answers what it sees; takes up the won pile when it is clearly stronger than the hand. It
    mixes among the cards that do about as well (:data:`NORMAL_SPREAD`), with its own seed."""

    level = "normal"

    def pick(
        self,
        view: ScientificView,
        legal: list[Action],
        plays: list[tuple[Card, Action]],
        deadline: Deadline,
    ) -> Hint:
        order = view.reversed
        exchange = exchange_of(legal)
        if exchange is not None and pile_stronger(view):
            return hint_of(exchange, "exchange_stronger", cards=len(view.won_pile))
        seen = seen_best(view, plays)
        if seen is not None:
            card, action, cards = seen
            return hint_of(
                action, "seer", **card_params(card), seen=[c.token() for c in cards.values()]
            )
        theirs = others_cards(view)
        mine = [card for card, _ in plays]
        my_owned = list(view.hand) + list(view.won_pile)
        matrix = payoff_matrix(mine, theirs, 0, 1, my_owned, theirs, view.pot, order)
        values = [sum(line) / len(line) for line in matrix]
        index, _ = soft_choice(values, self.rng.random(), spread=NORMAL_SPREAD)
        card, action = plays[index]
        expected = max(theirs, key=lambda c: order_of(c, order))
        code, params = reason_against(card, expected, order, mine)
        return hint_of(action, code, **params)


PLAYERS: dict[str, type[Bot]] = {
    "easy": EasyScientific,
    "normal": NormalScientific,
    "hard": HardScientific,
    "expert": ExpertScientific,
}
"""Each level's player (see :func:`engine.bots.make`)."""
