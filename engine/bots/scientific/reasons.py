"""What a Scientific Battle card does against the others' cards, and the reason a player's
hint gives for it (SB-3, SB-7, SB-8); the won pile weighed against the hand (SB-13)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action
from engine.bots.scientific.evaluate import strength
from engine.cards import Card
from engine.scientific.resolve import compare, trick_winner
from engine.scientific.view import ScientificView

PILE_MARGIN = 0.3
"""How much stronger on average (strength from -1 to 1) the won pile must be to take it up at
a table of three or more."""


def order_of(card: Card, reversed_order: bool) -> float:
    if card.rank is None:
        return -100.0
    return -card.rank if reversed_order else card.rank


def mean_strength(cards: Sequence[Card], reversed_order: bool) -> float:
    if not cards:
        return -1.0
    return sum(strength(card, reversed_order) for card in cards) / len(cards)


def pile_stronger(view: ScientificView) -> bool:
    """The won pile is clearly stronger, card for card, than the hand (worth taking up)."""
    order = view.reversed
    return mean_strength(view.won_pile, order) > mean_strength(view.hand, order) + PILE_MARGIN


def card_params(card: Card) -> dict[str, object]:
    return {"card": card.token(), "rank": card.rank}


def reason_against(
    card: Card, expected: Card, reversed_order: bool, hand: Sequence[Card] = ()
) -> tuple[str, dict[str, object]]:
    """Why ``card`` (from ``hand``, when given) is a good answer to the ``expected`` card of
    the other player."""
    code = reason(card, 0, ((1, expected),), reversed_order)
    if hand:
        code = agreeing(code, card, hand, reversed_order)
    return code, {**card_params(card), "expected": expected.token()}


def agreeing(code: str, card: Card, hand: Sequence[Card], reversed_order: bool) -> str:
    """``code`` made to agree with the card under the order in force (SB-3, SB-7): "give up
    a weak card" only of the weakest rank held, "the card that loses least" never of the
    strongest."""
    if code in ("sacrifice", "others_war") and not weakest(card, hand, reversed_order):
        return "best_average"
    if code == "opponent_seer" and strongest(card, hand, reversed_order):
        return "opponent_seer_strongest"
    return code


def reason(card: Card, seat: int, others: Sequence[tuple[int, Card]], reversed_order: bool) -> str:
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


def weakest(card: Card, hand: Sequence[Card], reversed_order: bool) -> bool:
    """Whether ``card`` is of the weakest rank in ``hand`` in the order in force (jokers have
    no rank and are left out)."""
    ranks = [held.rank for held in hand if held.rank is not None]
    if card.rank is None or not ranks:
        return False
    return card.rank == (max(ranks) if reversed_order else min(ranks))


def strongest(card: Card, hand: Sequence[Card], reversed_order: bool) -> bool:
    """Whether ``card`` is of the strongest rank in ``hand`` (of two ranks or more) in the
    order in force (jokers left out)."""
    ranks = [held.rank for held in hand if held.rank is not None]
    if card.rank is None or len(set(ranks)) < 2:
        return False
    return card.rank == (min(ranks) if reversed_order else max(ranks))


def seen_best(
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


def others_cards(view: ScientificView) -> list[Card]:
    """The cards another player may hold: all of the deal but the seat's own and the table's."""
    from engine.scientific.deal import deal_suits

    mine = set(view.hand) | set(view.won_pile) | set(view.pot)
    others = [
        c for seat, hand in enumerate(deal_suits(view.players)) if seat != view.seat for c in hand
    ]
    return [c for c in others if c not in mine] or [Card(14, "s")]
