"""Scientific Battle: empty hands, eliminations and the end of the game (SB-6, SB-15)."""

from __future__ import annotations

import pytest

from engine import Play
from engine.events import Eliminated, GameOver, PileTakenUp, TrickLimitReached, TrickWon
from engine.scientific import GAME
from tests.test_scientific_helpers import card, deal, kinds, of_kind, refused, trick


def test_sb6_empty_hand_takes_up_the_won_pile() -> None:
    state = deal("Ah", "2s 3s")
    events = trick(state, "Ah", "2s")
    assert of_kind(events, "pile_taken_up") == [PileTakenUp(0, 2)]
    view = state.view(0)
    assert set(view.hand) == {card("Ah"), card("2s")} and view.won_pile == ()
    assert not state.is_over


def test_sb6_last_player_owning_cards_wins_and_takes_the_table() -> None:
    state = deal("5h 9h joker", "5s 2s")
    trick(state, "5h", "5s")
    events = trick(state, "joker", "2s")  # a forced war: the table keeps 4 cards
    assert kinds(events)[-4:] == ["war", "eliminated", "trick_won", "game_over"]
    assert of_kind(events, "eliminated") == [Eliminated(1)]
    taken = of_kind(events, "trick_won")[0]
    assert (taken.seat, taken.cause, len(taken.cards)) == (0, "last_player", 4)
    assert events[-1] == GameOver((0,), "last_player", (5, 0))
    assert state.is_over and state.to_act() == ()
    assert state.result().winners == (0,) and state.result().scores == (5, 0)
    assert state.zones()["pot"] == ()


def test_sb6_players_running_out_together_draw() -> None:
    state = deal("5h", "5s")
    events = trick(state, "5h", "5s")
    assert kinds(events)[-3:] == ["eliminated", "eliminated", "game_over"]
    assert events[-1] == GameOver((0, 1), "nobody_left", (0, 0))
    assert state.result().reason == "nobody_left"


def test_sb6_an_eliminated_player_is_no_longer_awaited() -> None:
    state = deal("9h 2h", "Ks 3s 4s", "2d")
    events = trick(state, "9h", "Ks", "2d")
    assert Eliminated(2) in events and not state.is_over
    assert state.to_act() == (0, 1)
    assert state.legal_actions(2) == []
    assert state.view(0).eliminated == (2,)
    refused(state, 2, Play([card("2d")]), "not_your_turn")
    events = trick(state, "2h", "3s", None)
    assert of_kind(events, "reveal")[0].cards == ((0, card("2h")), (1, card("3s")))


def test_sb6_two_out_at_once_leave_the_last_player_the_table() -> None:
    state = deal("9h", "9s", "2d 3d")
    events = trick(state, "9h", "9s", "2d")
    # 9h and 9s tie; seats 0 and 1 run out, seat 2 is the last player and takes the table.
    assert events[-1] == GameOver((2,), "last_player", (0, 0, 4))
    assert TrickWon(2, (card("9h"), card("9s"), card("2d")), "last_player") in events


def test_sb15_trick_limit_most_cards_owned_wins() -> None:
    state = deal("Ah 5h 3h", "Ks 4s 2s", trick_limit=2)
    trick(state, "Ah", "Ks")
    events = trick(state, "5h", "4s")
    assert kinds(events)[-2:] == ["trick_limit", "game_over"]
    assert of_kind(events, "trick_limit") == [TrickLimitReached(2, (5, 1))]
    assert events[-1] == GameOver((0,), "trick_limit", (5, 1))
    assert state.result().scores == (5, 1)


def test_sb15_trick_limit_equal_counts_are_a_draw() -> None:
    state = deal("Ah 2h", "Ks 4s", trick_limit=2)
    trick(state, "Ah", "Ks")
    events = trick(state, "2h", "4s")
    assert events[-1] == GameOver((0, 1), "trick_limit", (2, 2))


def test_sb15_default_limit_is_500_and_result_waits_for_the_end() -> None:
    state = GAME.new_state()
    assert state.view(0).trick_limit == 500
    with pytest.raises(ValueError):
        state.result()


def test_sb6_hands_given_empty_are_settled_before_the_first_choice() -> None:
    state = deal("Ah", "", "Ks")
    assert state.opening_events() == [Eliminated(1)]
    assert state.to_act() == (0, 2)
