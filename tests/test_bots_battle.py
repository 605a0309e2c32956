"""Battaglia computer players: the deck they reason about is the one on the table (BT-1), as
the view says, never a guess from the cards counted."""

from __future__ import annotations

import random

import pytest

from engine.battle import GAME as BATTLE
from engine.bots import make
from engine.bots.battle import unseen_cards
from engine.cards import Card


@pytest.mark.parametrize("deck", [52, 32])
def test_bt1_the_view_says_the_deck_size(deck: int) -> None:
    for players in (2, 6):
        state = BATTLE.new_state(seed=1, players=players, deck=deck, open=True)
        assert state.view(0).deck == deck


@pytest.mark.parametrize("deck", [52, 32])
def test_bt1_the_unseen_cards_are_the_others_own_and_those_face_down_at_every_decision(
    deck: int,
) -> None:
    """At 6 players, wars included: the cards a bot cannot place are exactly those the other
    seats hold or that lie face down on the table (counting the owned cards guessed the deck
    wrong during wars)."""
    wars = 0
    for seed in range(3):
        state = BATTLE.new_state(seed=seed, players=6, deck=deck, open=True)
        bots = [make("battle", "normal", seed * 10 + s) for s in range(6)]
        order = random.Random(seed)
        while not state.is_over and state.view(0).tricks < 120:
            awaited = state.to_act()
            seat = order.choice(awaited)
            view = state.view(seat)
            zones = state.zones()
            shown = {card for _, card in view.table}
            hidden: set[Card] = set()
            for name, cards in zones.items():
                if name != f"stock{seat}" and name != "set_aside":
                    hidden |= set(cards)
            assert set(unseen_cards(view)) == hidden - shown
            wars += view.war_round > 0
            state.apply(seat, bots[seat].choose(view, state.legal_actions(seat)))
    assert wars


def test_bt1_few_cards_left_of_a_52_card_deck_are_still_of_a_52_card_deck() -> None:
    """Late in a 52-card game few cards are owned: the bot still knows the 2s to 6s exist."""
    state = BATTLE.new_state(
        hands=[[Card.parse(t) for t in ("9h", "Kh")], [Card.parse(t) for t in ("8s", "As")]],
        deck=52,
        open=True,
    )
    unseen = unseen_cards(state.view(0))
    assert len(unseen) == 50
    assert Card.parse("2s") in unseen
    state = BATTLE.new_state(
        hands=[[Card.parse(t) for t in ("9h", "Kh")], [Card.parse(t) for t in ("8s", "As")]],
        deck=32,
        open=True,
    )
    assert len(unseen_cards(state.view(0))) == 30
