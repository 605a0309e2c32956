"""Scientific Battle views: what the R, T, E and C keys need (SB-16), and nothing hidden."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card
from engine.scientific import GAME
from tests.conformance import cards_in
from tests.test_scientific_helpers import card, choose, deal, trick


def test_sb16_r_key_order_pending_war_and_powers() -> None:
    state = deal("Jh Qh 3h 2h", "Js 8s 3s 4s", "5d 9d Kd 6d")
    trick(state, "Jh", "Js", "5d")
    view = state.view(2)
    assert not view.reversed and len(view.pot) == 3, "two jacks cancel; the jacks tie"
    trick(state, "Qh", "8s", "9d")
    view = state.view(2)
    assert view.pot == ()
    assert view.powers == {0: ("seer",)}, "seat 1's 8 won nothing: no pile to exchange"
    trick(state, "3h", "3s", "Kd")
    view = state.view(1)
    assert view.powers == {0: ("counting",), 1: ("counting",)}
    assert view.trick == 3
    state2 = deal("Jh 7h", "9s 8s", "9d 6d")
    trick(state2, "Jh", "9s", "9d")  # reversed: the nines tie above the jack
    view = state2.view(0)
    assert view.reversed and len(view.pot) == 3


def test_sb16_t_key_who_has_chosen_never_what() -> None:
    state = deal("Ah 2h", "Ks 3s", "Qd 4d")
    choose(state, 1, "Ks")
    for seat in (0, 2):
        view = state.view(seat)
        assert view.chosen == (1,) and view.awaiting == (0, 2)
        assert card("Ks") not in set(cards_in(view)), "the chosen card is nowhere in his view"
    assert state.view(1).my_choice == card("Ks")
    assert state.view(1).awaiting == (0, 2)


def test_sb16_e_key_owned_cards_are_public() -> None:
    state = deal("Ah 2h", "Ks 3s", "Qd 4d 5d")
    trick(state, "Ah", "Ks", "4d")
    for seat in range(3):
        assert state.view(seat).owned == (4, 1, 2)


def test_sb16_c_key_choices_only_for_a_seer_in_his_trick() -> None:
    state = deal("Qh 2h 3h", "Ks 4s 5s")
    assert state.view(0).seen_choices == {}
    trick(state, "Qh", "Ks")
    assert state.view(0).powers == {0: ("seer",)}
    assert state.view(0).seen_choices == {}
    choose(state, 1, "4s")
    assert state.view(0).seen_choices == {1: card("4s")}
    choose(state, 0, "2h")
    assert state.view(0).seen_choices == {}
    assert state.view(0).powers == {}


def test_sb16_last_reveal_is_told_to_everyone() -> None:
    state = deal("Ah 2h", "Ks 3s")
    trick(state, "Ah", "Ks")
    assert state.view(1).last_reveal == ((0, card("Ah")), (1, card("Ks")))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 8))
def test_sb16_views_show_no_other_hand_and_no_choice_but_a_seers(seed: int, players: int) -> None:
    state = GAME.new_state(seed=seed, players=players, trick_limit=30)
    rng = random.Random(seed)
    while not state.is_over:
        for seat in range(players):
            view = state.view(seat)
            others_hands = {c for s in range(players) if s != seat for c in state.hands[s]}
            own = set(cards_in((view.hand, view.won_pile, view.my_choice)))
            assert not own & others_hands
            assert view.hand == tuple(sorted(state.hands[seat], key=Card.sort_key))
            if view.seen_choices:
                assert seat in state.seers and state.seers_phase
                expected = {s: c for s, c in state.chosen.items() if s not in state.seers}
                assert dict(view.seen_choices) == expected, "non-seers' choices, no seer's"
            assert (view.hand_counts is not None) == (seat in state.counting)
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
