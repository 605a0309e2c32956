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

from collections.abc import Sequence
from typing import Any

from engine.actions import Action
from engine.bots.common import Bot, Deadline, Hint, hint_of
from engine.bots.matrix import best_response, soft_choice, solve
from engine.bots.scientific.evaluate import payoff_matrix, strength, trick_gain, trick_gains
from engine.bots.scientific.model import OpponentModel, sensible
from engine.bots.scientific.tracker import Tracker
from engine.cards import Card
from engine.scientific.resolve import compare, trick_winner
from engine.scientific.view import ScientificView

EXCHANGE_MARGIN = 0.5
"""How much better the won pile must look (in owned-card units) to take it up."""
PILE_MARGIN = 0.3
"""How much stronger on average (strength from -1 to 1) the won pile must be to take it up at
a table of three or more."""
NORMAL_SPREAD = 0.35
"""How widely the normal player mixes among its good cards (in owned-card units): players
at one table never all follow one plan, and nobody can read them by their first choice."""
MIXED_AT_MOST = 90
"""A hint calls a choice mixed only when the card is played less often than this (percent);
more often, it gives the plain reason."""
MANY_SPREAD = 0.25
"""The same for the hard player at a table of three or more."""


def _cards(legal: Sequence[Action]) -> list[tuple[Card, Action]]:
    return [(action.cards[0], action) for action in legal if action.kind == "play"]


def _exchange(legal: Sequence[Action]) -> Action | None:
    return next((action for action in legal if action.kind == "exchange"), None)


def _order(card: Card, reversed_order: bool) -> float:
    if card.rank is None:
        return -100.0
    return -card.rank if reversed_order else card.rank


def _mean_strength(cards: Sequence[Card], reversed_order: bool) -> float:
    if not cards:
        return -1.0
    return sum(strength(card, reversed_order) for card in cards) / len(cards)


def _pile_stronger(view: ScientificView) -> bool:
    """The won pile is clearly stronger, card for card, than the hand (worth taking up)."""
    order = view.reversed
    return _mean_strength(view.won_pile, order) > _mean_strength(view.hand, order) + PILE_MARGIN


def _card_params(card: Card) -> dict[str, object]:
    return {"card": card.token(), "rank": card.rank}


def reason_against(
    card: Card, expected: Card, reversed_order: bool, hand: Sequence[Card] = ()
) -> tuple[str, dict[str, object]]:
    """Why ``card`` (from ``hand``, when given) is a good answer to the ``expected`` card of
    the other player."""
    code = _reason(card, 0, ((1, expected),), reversed_order)
    if hand:
        code = agreeing(code, card, hand, reversed_order)
    return code, {**_card_params(card), "expected": expected.token()}


def agreeing(code: str, card: Card, hand: Sequence[Card], reversed_order: bool) -> str:
    """``code`` made to agree with the card under the order in force (SB-3, SB-7): "give up
    a weak card" only of the weakest rank held, "the card that loses least" never of the
    strongest."""
    if code in ("sacrifice", "others_war") and not _weakest(card, hand, reversed_order):
        return "best_average"
    if code == "opponent_seer" and _strongest(card, hand, reversed_order):
        return "opponent_seer_strongest"
    return code


def _reason(card: Card, seat: int, others: Sequence[tuple[int, Card]], reversed_order: bool) -> str:
    """What ``card`` of ``seat`` does against the cards ``others`` are expected to show."""
    played = ((seat, card), *others)
    winner, order = trick_winner(played, reversed_order)
    if card.rank is None:
        return "joker_cancels_war" if winner == seat else "joker_forces_war"
    if winner == seat:
        if order != reversed_order:
            return "revolution"
        return "wins_cheaply"
    if winner is None:
        return "war" if seat in compare(played, order).war_seats else "others_war"
    return "sacrifice"


def _weakest(card: Card, hand: Sequence[Card], reversed_order: bool) -> bool:
    """Whether ``card`` is of the weakest rank in ``hand`` in the order in force (jokers have
    no rank and are left out)."""
    ranks = [held.rank for held in hand if held.rank is not None]
    if card.rank is None or not ranks:
        return False
    return card.rank == (max(ranks) if reversed_order else min(ranks))


def _strongest(card: Card, hand: Sequence[Card], reversed_order: bool) -> bool:
    """Whether ``card`` is of the strongest rank in ``hand`` (of two ranks or more) in the
    order in force (jokers left out)."""
    ranks = [held.rank for held in hand if held.rank is not None]
    if card.rank is None or len(set(ranks)) < 2:
        return False
    return card.rank == (min(ranks) if reversed_order else max(ranks))


class ScientificBot(Bot):
    game = "scientific"

    def decide(self, view: Any, legal: list[Action], deadline: Deadline) -> Hint:
        self.observe(view)
        plays = _cards(legal)
        if not plays:
            return hint_of(legal[0], "exchange_stronger")
        if len(plays) == 1 and _exchange(legal) is None:
            card, action = plays[0]
            return hint_of(action, "only_card", **_card_params(card))
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
            card, action = max(plays, key=lambda p: _order(p[0], view.reversed))
        else:
            card, action = plays[self.rng.randrange(len(plays))]
        return hint_of(action, "any_card", **_card_params(card))


def _seen_best(
    view: ScientificView, plays: list[tuple[Card, Action]]
) -> tuple[Card, Action, dict[int, Card]] | None:
    """As a seer, the card that does best against the cards seen (SB-8)."""
    seen = dict(view.seen_choices)
    if not seen:
        return None
    best: tuple[float, Card, Action] | None = None
    for card, action in plays:
        winner, order = trick_winner(((view.seat, card), *seen.items()), view.reversed)
        shown = [card, *seen.values()]
        if winner == view.seat:
            value = sum(1 + strength(c, order) for c in shown if c is not card) + len(view.pot)
        elif winner is None:
            value = -0.5 - 0.2 * strength(card, order)
        else:
            value = -1 - strength(card, order)
        if best is None or value > best[0]:
            best = (value, card, action)
    assert best is not None
    return best[1], best[2], seen


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
        exchange = _exchange(legal)
        if exchange is not None and _pile_stronger(view):
            return hint_of(exchange, "exchange_stronger", cards=len(view.won_pile))
        seen = _seen_best(view, plays)
        if seen is not None:
            card, action, cards = seen
            return hint_of(
                action, "seer", **_card_params(card), seen=[c.token() for c in cards.values()]
            )
        theirs = _others_cards(view)
        mine = [card for card, _ in plays]
        my_owned = list(view.hand) + list(view.won_pile)
        matrix = payoff_matrix(mine, theirs, 0, 1, my_owned, theirs, view.pot, order)
        values = [sum(line) / len(line) for line in matrix]
        index, _ = soft_choice(values, self.rng.random(), spread=NORMAL_SPREAD)
        card, action = plays[index]
        expected = max(theirs, key=lambda c: _order(c, order))
        code, params = reason_against(card, expected, order, mine)
        return hint_of(action, code, **params)


def _others_cards(view: ScientificView) -> list[Card]:
    """The cards another player may hold: all of the deal but the seat's own and the table's."""
    from engine.scientific.deal import deal_suits

    mine = set(view.hand) | set(view.won_pile) | set(view.pot)
    others = [
        c for seat, hand in enumerate(deal_suits(view.players)) if seat != view.seat for c in hand
    ]
    return [c for c in others if c not in mine] or [Card(14, "s")]


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
        seen = _seen_best(view, plays)
        if seen is not None:
            card, action, cards = seen
            return hint_of(
                action, "seer", **_card_params(card), seen=[c.token() for c in cards.values()]
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
        exchange = _exchange(legal)
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
            gain = _mean_strength(view.won_pile, view.reversed) - _mean_strength(
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
            return hint_of(action, code, **_card_params(card))
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
        exchange = _exchange(legal)
        if exchange is not None and _pile_stronger(view):
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
        code = "opponent_seer" if seers else _reason(card, view.seat, likely, order)
        code = agreeing(code, card, view.hand, order)
        return hint_of(
            action,
            code,
            **_card_params(card),
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


PLAYERS: dict[str, type[Bot]] = {
    "easy": EasyScientific,
    "normal": NormalScientific,
    "hard": HardScientific,
    "expert": ExpertScientific,
}
"""Each level's player (see :func:`engine.bots.make`)."""
