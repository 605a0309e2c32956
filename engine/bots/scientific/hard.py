"""The hard and expert Scientific Battle players (see :mod:`.players` for how they play)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import Action
from engine.bots.common import Deadline, Hint, hint_of
from engine.bots.matrix import best_response, soft_choice, solve
from engine.bots.scientific.base import ScientificBot, exchange_of
from engine.bots.scientific.evaluate import payoff_matrix, trick_gain, trick_gains
from engine.bots.scientific.model import OpponentModel, sensible
from engine.bots.scientific.reasons import (
    agreeing,
    card_params,
    mean_strength,
    pile_stronger,
    reason,
    reason_against,
    seen_best,
)
from engine.bots.scientific.tracker import Tracker
from engine.cards import Card
from engine.scientific.view import ScientificView

EXCHANGE_MARGIN = 0.5
"""How much better the won pile must look (in owned-card units) to take it up."""
MIXED_AT_MOST = 90
"""A hint calls a choice mixed only when the card is played less often than this (percent);
more often, it gives the plain reason."""
MANY_SPREAD = 0.25
"""The same for the hard player at a table of three or more."""


class HardScientific(ScientificBot):
    """Matrix game of the trick with opponent modelling (see the module docstring)."""

    level = "hard"
    iterations = 120
    """Regret-matching iterations on a trick's matrix."""
    samples = 24
    """Forecast tricks a card is weighed on at a table of three or more."""
    sensible_draws = 16
    """Tricks drawn at random to foresee another player's sensible choice (three or more)."""

    def __init__(self, seed: int | None = None, budget: float | None = None) -> None:
        super().__init__(seed, budget)
        self.tracker = Tracker(self.rng)
        self.models: dict[int, OpponentModel] = {}
        self._pending: (
            tuple[int, dict[int, tuple[tuple[Card, ...], bool, list[float] | None]]] | None
        ) = None

    def _learn(self, view: ScientificView) -> None:
        """Weigh each way of choosing by the cards the others revealed last trick."""
        pending = self._pending
        if pending is None or view.trick != pending[0] + 1:
            return
        for seat, card in view.last_reveal:
            before = pending[1].get(seat)
            if before is not None:
                hand, order, balanced = before
                self.models.setdefault(seat, OpponentModel()).observe(hand, card, order, balanced)
        self._pending = None

    def observe(self, view: ScientificView) -> None:
        if view.trick == 0 and not view.won_pile:
            self.models = {}
        self._learn(view)
        self.tracker.follow(view)

    def pick(
        self,
        view: ScientificView,
        legal: list[Action],
        plays: list[tuple[Card, Action]],
        deadline: Deadline,
    ) -> Hint:
        state = self.tracker.state
        assert state is not None
        seen = seen_best(view, plays)
        if seen is not None:
            card, action, cards = seen
            return hint_of(
                action, "seer", **card_params(card), seen=[c.token() for c in cards.values()]
            )
        others = [s for s in range(view.players) if s != view.seat and s not in view.eliminated]
        if len(others) != 1:
            return self._many(view, state, legal, plays, others)
        other = others[0]
        theirs = list(state.hands[other]) or [Card(None, None, 99)]
        my_owned = list(view.hand) + list(view.won_pile)
        their_owned = list(state.hands[other]) + list(state.won[other])
        mine = [card for card, _ in plays]
        matrix = payoff_matrix(
            mine, theirs, view.seat, other, my_owned, their_owned, view.pot, view.reversed
        )
        rows, cols, _ = solve(matrix, iterations=self.iterations)
        model = self.models.setdefault(other, OpponentModel())
        forecast = model.forecast(theirs, view.reversed, cols)
        self._pending = (view.trick, {other: (tuple(theirs), view.reversed, cols)})
        they_see = other in state.seers and view.seat not in state.seers
        exchange = exchange_of(legal)
        if exchange is not None and view.won_pile:
            swapped = payoff_matrix(
                list(view.won_pile),
                theirs,
                view.seat,
                other,
                my_owned,
                their_owned,
                view.pot,
                view.reversed,
            )
            keep = best_response(matrix, forecast)[1]
            take = best_response(swapped, forecast)[1]
            gain = mean_strength(view.won_pile, view.reversed) - mean_strength(
                view.hand, view.reversed
            )
            if take - keep + 2.0 * gain > EXCHANGE_MARGIN:
                return hint_of(exchange, "exchange_stronger", cards=len(view.won_pile))
        expected = theirs[max(range(len(theirs)), key=lambda j: forecast[j])]
        if they_see:
            # He will see this card (SB-8): take the card whose worst answer is least bad,
            # weighed with how he has chosen so far.
            name, weight = model.confidence()
            best_i, best_v = 0, float("-inf")
            for i, line in enumerate(matrix):
                worst = min(line)
                habit = sum(p * v for p, v in zip(forecast, line, strict=True))
                v = weight * habit + (1 - weight) * worst if name != "balanced" else worst
                if v > best_v:
                    best_i, best_v = i, v
            card, action = plays[best_i]
            code = agreeing("opponent_seer", card, mine, view.reversed)
            return hint_of(action, code, **card_params(card))
        name, weight = model.confidence()
        if name != "balanced" and weight > 0.5 and model.seen >= 2:
            index, _ = best_response(matrix, forecast)
            card, action = plays[index]
            code, params = reason_against(card, expected, view.reversed, mine)
            return hint_of(action, code, **params)
        index = _draw(rows, self.rng.random())
        card, action = plays[index]
        code, params = reason_against(card, expected, view.reversed, mine)
        chance = round(100 * rows[index])
        if chance >= MIXED_AT_MOST:
            return hint_of(action, code, **params)  # no mix to speak of: say why plainly
        return hint_of(action, "mixed", **params, why=code, chance=chance)

    def _many(
        self,
        view: ScientificView,
        state: Any,
        legal: list[Action],
        plays: list[tuple[Card, Action]],
        others: list[int],
    ) -> Hint:
        """Three or more players: the card that does best on average over forecast tricks.
        Each other player's card is drawn from his forecast (:class:`.OpponentModel`, whose
        balanced way is the sensible choice, :func:`.sensible`); a seer among them answers the
        cards he sees (SB-8). The won pile is taken up when it is clearly stronger (SB-13)."""
        exchange = exchange_of(legal)
        if exchange is not None and pile_stronger(view):
            return hint_of(exchange, "exchange_stronger", cards=len(view.won_pile))
        hands: dict[int, list[Card]] = {
            seat: list(state.hands[seat]) or [Card(None, None, 99)] for seat in others
        }
        hands[view.seat] = [card for card, _ in plays]
        pot, order = len(view.pot), view.reversed
        seers = [] if view.seat in state.seers else [s for s in others if s in state.seers]
        forecasts: dict[int, tuple[list[Card], list[float]]] = {}
        balanced: dict[int, list[float]] = {}
        for seat in others:
            if seat in seers:
                continue
            balanced[seat] = sensible(seat, hands, pot, order, self.rng, self.sensible_draws)
            model = self.models.setdefault(seat, OpponentModel())
            forecasts[seat] = (hands[seat], model.forecast(hands[seat], order, balanced[seat]))
        self._pending = (
            view.trick,
            {s: (tuple(hands[s]), order, balanced[s]) for s in forecasts},
        )
        samples = [
            [
                (s, hand[_draw(chances, self.rng.random())])
                for s, (hand, chances) in forecasts.items()
            ]
            for _ in range(self.samples)
        ]
        values: list[float] = []
        if seers:  # a seer answers each card: every card is a trick of its own
            for card, _ in plays:
                total = 0.0
                for sample in samples:
                    shown = [
                        *sample,
                        *_seer_answers(seers, hands, (view.seat, card), sample, pot, order),
                    ]
                    total += trick_gain(view.seat, card, shown, pot, order)
                values.append(total / len(samples))
        else:
            totals = [0.0] * len(plays)
            for sample in samples:
                gains = trick_gains(view.seat, hands[view.seat], sample, pot, order)
                for i, gain in enumerate(gains):
                    totals[i] += gain
            values = [total / len(samples) for total in totals]
        # Mixed among the cards that do about as well: a plan the others cannot read.
        index, _ = soft_choice(values, self.rng.random(), spread=MANY_SPREAD)
        card, action = plays[index]
        likely = [
            (s, hand[max(range(len(hand)), key=lambda i: chances[i])])
            for s, (hand, chances) in forecasts.items()
            if state.hands[s]
        ]
        likely += _seer_answers(seers, hands, (view.seat, card), likely, pot, order)
        likely.sort(key=lambda shown: shown[0])
        code = "opponent_seer" if seers else reason(card, view.seat, likely, order)
        code = agreeing(code, card, view.hand, order)
        return hint_of(
            action,
            code,
            **card_params(card),
            # Named only from a copy followed since the deal: a guessed hand could name a
            # card that player cannot hold.
            likely=[[seat, shown.token()] for seat, shown in likely] if self.tracker.exact else [],
        )


def _seer_answers(
    seers: Sequence[int],
    hands: dict[int, list[Card]],
    mine: tuple[int, Card],
    sample: list[tuple[int, Card]],
    pot: int,
    order: bool,
) -> list[tuple[int, Card]]:
    """Each seer's card: the one that does best against the cards he sees (SB-8)."""
    if not seers:
        return []
    seen = [mine, *sample]
    answers: list[tuple[int, Card]] = []
    for seer in seers:
        gains = trick_gains(seer, hands[seer], seen, pot, order)
        answers.append((seer, hands[seer][gains.index(max(gains))]))  # the first best, as max
    return answers


class ExpertScientific(HardScientific):
    """The hard player thinking longer: a finer equilibrium and more forecast tricks."""

    level = "expert"
    iterations = 600
    samples = 120
    sensible_draws = 48


def _draw(chances: Sequence[float], u: float) -> int:
    total = 0.0
    for i, p in enumerate(chances):
        total += p
        if u < total:
            return i
    return len(chances) - 1
