"""Cardavia must-beat, rounds and leads, going out (CV-9 to CV-11)."""

from __future__ import annotations

from engine import Pass
from engine.cardavia.events import FewCards, NewRound, Passed, Played
from engine.cards import parse_cards
from tests.test_cardavia_helpers import deal, kinds, pass_, play, refused, texts


def test_cv9_pass_is_refused_while_an_answer_exists() -> None:
    """CV-9: with an answer in hand, Pass is not offered and is refused; nothing changes."""
    state = deal("3h 8h", "Kh", "5h 6h")
    play(state, 0, "3h")
    assert texts(state, 2) == ["play 5h", "play 6h"]
    error = refused(state, 2, None, "must_beat")
    assert str(error) == "you must beat the play on the table"
    assert state.to_act() == (2,)


def test_cv9_a_bomb_is_an_answer() -> None:
    """CV-9: a bomb counts as a legal answer, so a player holding only a bomb must play it."""
    state = deal("3h 3s 4h 4s 9c", "Kh", "7h 7s 7d 7c")
    play(state, 0, "3h 3s 4h 4s")
    assert texts(state, 2) == ["play 7h 7s 7d 7c"]
    refused(state, 2, None, "must_beat")


def test_cv9_splitting_a_bomb_to_answer() -> None:
    """CV-9: a pair may come out of a bomb, with any suits the player likes."""
    state = deal("3h 3s 10c", "Kh", "9h 9s 9d 9c 5c")
    play(state, 0, "3h 3s")
    assert texts(state, 2) == ["play 9h 9s", "play 9h 9s 9d 9c"]
    events = play(state, 2, "9d 9c")  # not the listed suits: just as legal
    assert isinstance(events[0], Played)
    assert events[0].combination.kind == "pair"
    assert events[0].combination.cards == parse_cards("9d 9c")
    assert state.view(2).hand == parse_cards("5c 9h 9s")


def test_cv9_without_an_answer_the_only_action_is_pass() -> None:
    """CV-9: with no answer, Pass is the one legal action and it is accepted."""
    state = deal("3h 3s 10c", "Kh Qh", "4h 5h")
    play(state, 0, "3h 3s")
    assert state.legal_actions(2) == [Pass()]
    assert pass_(state, 2) == [Passed(2)]
    assert state.to_act() == (1,)


def test_cv10_a_leader_cannot_pass() -> None:
    """CV-10: the leader of a round (and of the deal) may not pass."""
    state = deal("3h 3s 10c", "Kh Qh", "4h 5h")
    error = refused(state, 0, None, "leader_cannot_pass")
    assert str(error) == "the leader cannot pass"
    play(state, 0, "3h 3s")
    pass_(state, 2)
    pass_(state, 1)
    assert state.view(0).table is None
    refused(state, 0, None, "leader_cannot_pass")
    assert "pass" not in texts(state, 0)


def test_cv10_both_others_pass_and_the_last_player_leads() -> None:
    """CV-10: when both others have passed in turn, whoever played last leads a new round."""
    state = deal("3h 3s 8h", "4h 4s 5c", "Qh Kh")
    play(state, 0, "3h 3s")
    pass_(state, 2)
    play(state, 1, "4h 4s")
    pass_(state, 0)
    events = pass_(state, 2)
    assert events == [Passed(2), NewRound(1)]
    view = state.view(1)
    assert (view.leader, view.table, view.round, view.to_act) == (1, None, 2, (1,))
    assert [entry[1:] for entry in view.history if entry[2] is None] == [
        (2, None),
        (0, None),
        (2, None),
    ]


def test_cv10_a_player_who_passed_is_asked_again_in_the_round() -> None:
    """CV-10: passing does not take a player out of the round: he is asked again.

    (Under must-beat the table only grows stronger within a round, so a player who had no
    answer still has none; he is offered his turn all the same.)"""
    state = deal("3h 3s 9h 9s Qc", "4h 4s 10h 10s Jc", "5h 6h Kd")
    play(state, 0, "3h 3s")
    pass_(state, 2)
    play(state, 1, "4h 4s")
    play(state, 0, "9h 9s")
    assert state.to_act() == (2,)
    pass_(state, 2)
    play(state, 1, "10h 10s")
    assert state.to_act() == (0,)


def test_cv11_going_out_ends_the_deal_at_once() -> None:
    """CV-11: the deal ends when a player plays his last card; he is the winner."""
    state = deal("3h 4h 5h 6h 7h Kd", "9s 10s", "8s 8d Js")
    events = play(state, 0, "3h 4h 5h 6h 7h")
    assert kinds(events) == ["played", "few_cards"]
    assert events[1] == FewCards(0, 1)
    pass_(state, 2)
    pass_(state, 1)
    events = play(state, 0, "Kd")
    assert kinds(events) == ["played", "settlement", "game_over"]
    assert state.is_over and state.to_act() == ()
    assert all(state.legal_actions(seat) == [] for seat in range(3))
    assert state.result().winners == (0,) and state.result().reason == "went_out"
    refused(state, 1, "9s", "game_over")
    assert state.view(1).is_over and state.view(1).awaiting is None


def test_few_cards_is_announced_at_two_and_one() -> None:
    """A player down to two cards, then one, is announced (the others must hear it)."""
    state = deal("3h 3s Qh Kh", "4h 5h 6h", "7h 8h 9h")
    assert play(state, 0, "3h 3s")[1:] == [FewCards(0, 2)]
    pass_(state, 2)
    pass_(state, 1)
    assert play(state, 0, "Qh")[1:] == [FewCards(0, 1)]
