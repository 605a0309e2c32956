"""The Cardavia state as the front end and the bots use it: views, refusals, clones."""

from __future__ import annotations

import pytest

from engine import IllegalAction, Pass, Play, parse_cards
from engine.actions import Action
from engine.cardavia import GAME, classify
from engine.cardavia.events import DealStarted, Played
from tests.test_cardavia_helpers import deal, pass_, play, refused, texts


def test_opening_event_names_the_leader_and_hand_sizes() -> None:
    state = deal("4h 5h", "6h", "3h 7h 8h")
    assert state.opening_events() == [DealStarted(2, (2, 1, 3))]


def test_view_shows_own_hand_in_cardavia_order_and_public_facts() -> None:
    state = deal("2s 3c As 3h Kd", "4h 4s", "5h 9c")
    view = state.view(0)
    assert view.hand == parse_cards("3h 3c Kd As 2s")
    assert (view.seat, view.players, view.hand_counts, view.owned) == (0, 3, (5, 2, 2), (5, 2, 2))
    assert (view.table, view.leader, view.to_act, view.awaiting) == (None, 0, (0,), 0)
    assert view.first_play and not view.is_over and view.round == 1
    assert view.history == () and view.played_cards == ()
    assert view.has_played == (False, False, False) and view.bonuses == (0, 0, 0)
    play(state, 0, "3h 3c")
    view = state.view(1)
    pair = classify(parse_cards("3h 3c"), first_play=False)
    assert view.hand == parse_cards("4h 4s")
    assert view.table == (0, pair) and view.to_act == (2,) and not view.first_play
    assert view.history == ((1, 0, pair),)
    assert view.played_cards == parse_cards("3h 3c")
    assert view.has_played == (True, False, False)
    assert view.hand_counts == (3, 2, 2)


def test_views_hide_the_other_hands() -> None:
    state = GAME.new_state(seed=5)
    hands = [set(state.zones()[f"hand{s}"]) for s in range(3)]
    for seat in range(3):
        view = state.view(seat)
        assert set(view.hand) == hands[seat]
        text = repr(view)
        for other in range(3):
            if other != seat:
                assert not any(repr(card) in text for card in hands[other])


def test_refusals_say_why_and_change_nothing() -> None:
    state = deal("3h 8h 9h", "Kh", "5h 6h")
    assert isinstance(refused(state, 1, "Kh", "not_your_turn"), ValueError)
    assert str(refused(state, 1, "Kh", "not_your_turn")) == "it is not your turn"
    assert str(refused(state, 0, "Kh", "not_in_hand")) == "you do not hold those cards"
    refused(state, 0, "3h 3h", "not_in_hand")
    refused(state, 0, "", "not_a_combination")
    refused(state, 0, "8h 9h", "not_a_combination")
    with pytest.raises(IllegalAction) as caught:
        state.apply(5, Pass())
    assert caught.value.code == "bad_seat"
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, Action("flip"))
    assert caught.value.code == "wrong_action"
    assert state.to_act() == (0,)


def test_legal_actions_only_for_the_seat_to_act() -> None:
    state = deal("3h 8h", "Kh", "5h 6h")
    assert state.legal_actions(1) == [] and state.legal_actions(2) == []
    assert state.legal_actions(0) == [Play(parse_cards("3h"))]
    listed = state.legal_actions(0)
    listed.clear()  # a caller's list is his own
    assert texts(state, 0) == ["play 3h"]


def test_any_suits_are_accepted_not_only_the_listed_ones() -> None:
    """Suits never matter: every equivalent choice of cards is legal."""
    state = deal("3h 3s 3d 6h", "Kh Ks", "9h 9s 9d 9c 10h 10s 10d 5c")
    play(state, 0, "3s 3d 3h")
    assert "play 10h 10s 10d" in texts(state, 2)
    events = play(state, 2, "10s 10d 10h")
    assert isinstance(events[0], Played)
    assert events[0].combination.cards == parse_cards("10h 10s 10d")
    state = deal("3h 3s 6h", "Kh Ks", "9h 9s 9d 4c 5d 6d 7d 8d")
    play(state, 0, "3s 3h")
    assert texts(state, 2) == ["play 9h 9s"]
    play(state, 2, "9d 9s")
    assert state.view(2).hand == parse_cards("4c 5d 6d 7d 8d 9h")


def test_clone_is_independent() -> None:
    state = GAME.new_state(seed=11)
    copy = state.clone()
    seat = state.to_act()[0]
    action = state.legal_actions(seat)[0]
    events = copy.apply(seat, action)
    assert state.view(seat).history == () and copy.view(seat).history != ()
    assert state.clone().apply(seat, action) == events
    assert state.to_act() == (seat,)


def test_result_before_the_end_is_refused() -> None:
    state = GAME.new_state(seed=2)
    with pytest.raises(ValueError, match="not over"):
        state.result()


def test_bad_hands_are_refused() -> None:
    with pytest.raises(ValueError, match="3 hands"):
        GAME.new_state(hands=[parse_cards("3h")])
    with pytest.raises(ValueError, match="twice"):
        deal("3h", "3h", "4h")
    with pytest.raises(ValueError, match="at least one"):
        deal("3h", "", "4h")


def test_zones_cover_the_deck_and_follow_the_play() -> None:
    state = deal("3h 4h", "5h", "6h")
    play(state, 0, "3h")
    zones = state.zones()
    assert zones["hand0"] == parse_cards("4h") and zones["played"] == parse_cards("3h")
    assert sum(len(cards) for cards in zones.values()) == 48


def test_pass_then_new_round_view() -> None:
    state = deal("3h 3s 4c", "5h", "6h")
    play(state, 0, "3h 3s")
    pass_(state, 2)
    pass_(state, 1)
    assert state.view(2).leader == 0 and state.view(2).table is None


def test_listed_actions_stay_valid_when_the_catalogue_starts_afresh() -> None:
    """Listed actions are shared objects from a bounded catalogue; once it is cleared they
    are checked like any other action, with the same result."""
    from engine.cardavia import catalog

    state = deal("3h 3s 3d 3c 9h", "As Ad Ac 4h", "5h 5s 5d 5c 6h")
    listed = state.legal_actions(0)
    catalog.clear()
    bomb = next(action for action in listed if len(action.cards) == 4)
    assert state.apply(0, bomb)[0].kind == "celestial_bomb"
