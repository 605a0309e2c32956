"""Scientific Battle powers: the seer (queen, SB-8), counting (3, SB-12) and the exchange
(8, SB-13)."""

from __future__ import annotations

from engine import Exchange, Play
from engine.events import ChoiceMade
from engine.scientific.events import Exchanged, PowerGained, SeerTurn
from tests.test_scientific_helpers import card, choose, deal, kinds, of_kind, refused, trick


def test_sb8_seer_chooses_after_seeing_the_others_then_the_power_ends() -> None:
    state = deal("Qh 5h 6h 7h", "2s 9s 10s Ks")
    events = trick(state, "Qh", "2s")
    assert PowerGained(0, "seer") in events
    assert state.view(1).powers == {0: ("seer",)}
    assert state.to_act() == (1,), "the non-seer chooses first"
    assert state.legal_actions(0) == []
    refused(state, 0, Play([card("5h")]), "not_your_turn")
    assert state.view(0).seen_choices == {}, "nothing to see before the others chose"
    assert choose(state, 1, "9s") == [ChoiceMade(1), SeerTurn((0,))]
    assert state.to_act() == (0,)
    seer = state.view(0)
    assert seer.seers_phase and seer.seen_choices == {1: card("9s")}
    assert state.view(1).seen_choices == {}
    refused(state, 1, Play([card("10s")]), "not_your_turn")  # the seer has seen it
    assert state.legal_actions(1) == []
    events = choose(state, 0, "5h")
    assert kinds(events)[:2] == ["choice_made", "reveal"]
    assert state.to_act() == (0, 1), "the power lasted one trick"
    assert state.view(0).powers == {}


def test_sb8_several_seers_see_the_non_seers_but_not_each_other() -> None:
    state = deal("Qh 2h 3h", "Qs 4s 5s", "Kd 6d 7d")
    trick(state, "Qh", "Qs", "Kd")
    assert state.to_act() == (2,)
    assert choose(state, 2, "6d") == [ChoiceMade(2), SeerTurn((0, 1))]
    assert state.to_act() == (0, 1), "the seers choose at the same time"
    choose(state, 0, "2h")
    assert state.view(1).seen_choices == {2: card("6d")}, "not the other seer's choice"
    assert state.view(0).seen_choices == {2: card("6d")}
    assert state.view(0).my_choice == card("2h")
    events = choose(state, 1, "4s")
    assert "reveal" in kinds(events)


def test_sb8_when_every_player_is_a_seer_all_choose_at_once_seeing_nothing() -> None:
    state = deal("Qh 2h 3h", "Qs 4s 5s")
    trick(state, "Qh", "Qs")
    assert state.to_act() == (0, 1)
    choose(state, 0, "2h")
    assert state.view(1).seen_choices == {}
    events = choose(state, 1, "4s")
    assert not of_kind(events, "seer_turn")
    assert "reveal" in kinds(events)


def test_sb8_power_lasts_one_trick_also_after_a_war() -> None:
    state = deal("Qh 2h 3h 4h", "Ks 5s 6s 7s", "Kd 8d 9d 10d")
    events = trick(state, "Qh", "Ks", "Kd")
    assert of_kind(events, "war") and PowerGained(0, "seer") in events
    assert state.to_act() == (1, 2)
    trick(state, "2h", "5s", "9d")
    assert state.to_act() == (0, 1, 2)
    assert state.view(0).powers == {}


def test_sb12_counting_from_the_reveal_until_the_end_of_the_next_trick() -> None:
    state = deal("3h 5h 6h 7h", "9s 10s Ks", "2d 4d 9d Kd Ad")
    assert state.view(0).hand_counts is None
    events = trick(state, "3h", "9s", "2d")
    assert PowerGained(0, "counting") in events
    assert state.view(0).hand_counts == (3, 2, 4)
    assert state.view(1).hand_counts is None, "only the player of the 3 hears the counts"
    assert state.view(2).powers == {0: ("counting",)}
    choose(state, 1, "10s")
    assert state.view(0).hand_counts == (3, 2, 4), "a chosen card is still in hand"
    choose(state, 0, "5h")
    choose(state, 2, "4d")
    assert state.view(0).hand_counts is None, "the window closed with the next trick"
    trick(state, "6h", "Ks", "9d")
    assert state.view(0).hand_counts is None


def test_sb12_a_new_three_renews_the_counting() -> None:
    state = deal("3h 3d 5h", "9s 10s Ks")
    trick(state, "3h", "9s")
    trick(state, "3d", "10s")
    assert state.view(0).hand_counts == (1, 1)


def test_sb13_exchange_offered_announced_and_taken() -> None:
    state = deal("Ah 8h 2h 5h", "Ks 9s 3s 4s")
    trick(state, "Ah", "Ks")
    events = trick(state, "8h", "9s")
    assert PowerGained(0, "exchange") in events
    view = state.view(0)
    assert view.exchange_offered and view.powers == {0: ("exchange",)}
    assert state.view(1).powers == {0: ("exchange",)}, "the power is public"
    assert Exchange() in state.legal_actions(0)
    assert Exchange() not in state.legal_actions(1)
    assert state.apply(0, Exchange()) == [Exchanged(0, hand=2, won=2)]
    view = state.view(0)
    assert set(view.hand) == {card("Ah"), card("Ks")}
    assert set(view.won_pile) == {card("2h"), card("5h")}
    assert not view.exchange_offered
    assert state.to_act() == (0, 1), "the exchange is not a choice"
    refused(state, 0, Exchange(), "exchange_not_offered")


def test_sb13_choosing_a_card_declines_the_exchange() -> None:
    state = deal("Ah 8h 2h 5h", "Ks 9s 3s 4s")
    trick(state, "Ah", "Ks")
    trick(state, "8h", "9s")
    choose(state, 0, "2h")
    assert Exchange() not in state.legal_actions(0)
    assert not state.view(0).exchange_offered
    refused(state, 0, Exchange(), "exchange_not_offered")
    choose(state, 0, "5h")
    refused(state, 0, Exchange(), "exchange_not_offered")


def test_sb13_offer_lasts_until_his_choice_and_goes_to_the_winner_too() -> None:
    state = deal("Ah 8h 2h 5h", "Ks 4s 3s 6s")
    trick(state, "Ah", "Ks")
    events = trick(state, "8h", "4s")
    assert of_kind(events, "trick_won")[0].seat == 0
    choose(state, 1, "3s")
    assert state.view(0).exchange_offered, "still offered while he has not chosen"
    events = state.apply(0, Exchange())
    assert events == [Exchanged(0, hand=4, won=2)]


def test_sb13_exchange_not_offered_when_it_would_change_nothing() -> None:
    state = deal("8h 2h", "Ks 3s")
    events = trick(state, "8h", "Ks")
    assert PowerGained(0, "exchange") in events
    assert not state.view(0).exchange_offered, "no won pile to take up"
    assert Exchange() not in state.legal_actions(0)
    refused(state, 0, Exchange(), "exchange_not_offered")
