"""Battaglia aperta (BT-10) and the variants combined (BT-11)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from engine import FaceDown, Flip, Pass, Play
from engine.battle import GAME
from engine.battle.baseline import greedy_choice
from engine.battle.events import FaceDownLaid
from engine.events import ChoiceMade, GameOver, PileTakenUp, Reveal, TrickWon, War
from tests.test_battle_rules import c, cs, new


def test_bt10_the_stock_is_a_hand_the_player_sees_and_chooses_from() -> None:
    """BT-10: in open play each player holds his stock as a hand and plays the card he likes."""
    state = new("Kh 2h 9h", "Qs 3s", open=True)
    view = state.view(0)
    assert view.hand == cs("2h 9h Kh")
    assert state.legal_actions(0) == [Play((card,)) for card in cs("2h 9h Kh")]
    assert state.view(1).hand == cs("3s Qs")
    assert state.apply(0, Play(cs("2h"))) == [ChoiceMade(seat=0)]
    events = state.apply(1, Play(cs("3s")))
    assert events == [
        ChoiceMade(seat=1),
        Reveal(cards=((0, c("2h")), (1, c("3s")))),
        TrickWon(seat=1, cards=cs("2h 3s")),
    ]
    assert state.view(0).hand == cs("9h Kh")


def test_bt10_choices_are_secret_and_may_change_until_everyone_has_chosen() -> None:
    """BT-10: choices are made in secret; a player who has chosen is no longer awaited but may
    still change his mind, silently, until the last choice."""
    state = new("Kh 2h 9h", "Qs 3s", "5d 6d", open=True)
    state.apply(0, Play(cs("Kh")))
    assert state.to_act() == (1, 2)
    assert state.view(0).my_choice == c("Kh")
    for other in (1, 2):
        view = state.view(other)
        assert view.my_choice is None
        assert view.chosen == (0,)
        assert c("Kh") not in view.hand and view.table == ()
    assert state.legal_actions(0), "a seat that has chosen may still change"
    assert state.apply(0, Play(cs("2h"))) == []
    assert state.view(0).my_choice == c("2h")
    state.apply(1, Play(cs("3s")))
    events = state.apply(2, Play(cs("5d")))
    assert events[1] == Reveal(cards=((0, c("2h")), (1, c("3s")), (2, c("5d"))))
    assert events[2] == TrickWon(seat=2, cards=cs("2h 3s 5d"))


def test_bt10_open_war_face_down_cards_first_then_face_up_cards() -> None:
    """BT-10: in a war each tied player chooses a face-down card; only when every face-down
    card is down does each choose his face-up card."""
    state = new("Kh 2h Ah 4h", "Ks 3s 5s 6s", "7d 8d", open=True)
    state.apply(0, Play(cs("Kh")))
    state.apply(1, Play(cs("Ks")))
    events = state.apply(2, Play(cs("7d")))
    assert events[-1] == War(seats=(0, 1), rank=13, pot=3)
    view = state.view(0)
    assert view.phase == "face_down" and view.in_step == (0, 1)
    assert state.to_act() == (0, 1)
    assert state.legal_actions(0) == [FaceDown(card) for card in cs("2h 4h Ah")]
    assert state.legal_actions(2) == []
    assert state.apply(0, FaceDown(c("Ah"))) == [ChoiceMade(seat=0)]
    assert state.apply(0, FaceDown(c("2h"))) == []  # changed his mind, silently
    events = state.apply(1, FaceDown(c("3s")))
    assert events == [ChoiceMade(seat=1), FaceDownLaid(seats=(0, 1), pot=5)]
    view = state.view(1)
    assert view.phase == "face_up" and view.pot == 5
    assert view.hand == cs("5s 6s") and view.my_choice is None
    assert state.legal_actions(0) == [Play((card,)) for card in cs("4h Ah")]
    state.apply(0, Play(cs("Ah")))
    events = state.apply(1, Play(cs("6s")))
    assert events[1:3] == [
        Reveal(cards=((0, c("Ah")), (1, c("6s"))), war_round=1, face_down=(0, 1)),
        TrickWon(seat=0, cards=cs("Kh Ks 7d 2h 3s Ah 6s")),
    ]


def test_bt10_a_play_is_refused_while_face_down_cards_are_due() -> None:
    """BT-10: face-down first: a face-up play then is the wrong action, and vice versa."""
    state = new("Kh 2h Ah", "Ks 3s 5s", open=True)
    state.apply(0, Play(cs("Kh")))
    state.apply(1, Play(cs("Ks")))
    with pytest.raises(ValueError) as refused:
        state.apply(0, Play(cs("Ah")))
    assert getattr(refused.value, "code", None) == "wrong_action"
    state.apply(0, FaceDown(c("2h")))
    state.apply(1, FaceDown(c("3s")))
    with pytest.raises(ValueError) as refused:
        state.apply(0, FaceDown(c("Ah")))
    assert getattr(refused.value, "code", None) == "wrong_action"


def test_bt10_a_player_with_one_card_skips_the_face_down_choice() -> None:
    """BT-10 with BT-6: one card left: no face-down card; he waits, then plays it face up."""
    state = new("Kh Ah", "Ks 2s 3s", open=True)
    state.apply(0, Play(cs("Kh")))
    state.apply(1, Play(cs("Ks")))
    assert state.to_act() == (1,)
    assert state.view(0).face_down_seats == (1,)
    assert state.legal_actions(0) == []
    with pytest.raises(ValueError, match="one card left"):
        state.apply(0, Play(cs("Ah")))
    events = state.apply(1, FaceDown(c("3s")))
    assert events[-1] == FaceDownLaid(seats=(1,), pot=3)
    assert state.to_act() == (0, 1)
    state.apply(0, Play(cs("Ah")))
    events = state.apply(1, Play(cs("2s")))
    assert events[1] == Reveal(cards=((0, c("Ah")), (1, c("2s"))), war_round=1, face_down=(1,))


def test_bt10_an_empty_hand_is_refilled_from_the_won_pile_unshuffled() -> None:
    """BT-10: an empty hand takes up the won pile; the player holds it and sees it."""
    state = new("Ah 2h", "3s 4s", open=True)
    state.apply(0, Play(cs("Ah")))
    state.apply(1, Play(cs("3s")))
    state.apply(0, Play(cs("2h")))
    events = state.apply(1, Play(cs("4s")))
    assert events[-2:] == [PileTakenUp(seat=0, count=2), PileTakenUp(seat=1, count=2)]
    assert state.view(0).hand == cs("3s Ah")
    assert state.view(1).hand == cs("2h 4s")
    # Unshuffled: the pile comes up in the order it was won.
    assert state.zones()["stock0"] == cs("Ah 3s")


def test_bt10_a_face_down_card_can_empty_the_hand_before_the_face_up_choice() -> None:
    """BT-10: the last card of the hand goes face down; the won pile is taken up for the
    face-up choice."""
    state = new("9h Kh", "2s Ks 3s 4s", open=True)
    state.apply(0, Play(cs("9h")))
    state.apply(1, Play(cs("2s")))
    state.apply(0, Play(cs("Kh")))
    events = state.apply(1, Play(cs("Ks")))
    # An empty hand when a face-down card is due: the won pile is taken up first.
    assert events[-2:] == [War(seats=(0, 1), rank=13, pot=2), PileTakenUp(seat=0, count=2)]
    assert state.legal_actions(0) == [FaceDown(card) for card in cs("2s 9h")]
    state = new("9h Kh Qh", "2s Ks 3s 4s", open=True)
    state.apply(0, Play(cs("9h")))
    state.apply(1, Play(cs("2s")))
    state.apply(0, Play(cs("Kh")))
    state.apply(1, Play(cs("Ks")))
    state.apply(0, FaceDown(c("Qh")))
    events = state.apply(1, FaceDown(c("3s")))
    assert events[-2:] == [FaceDownLaid(seats=(0, 1), pot=4), PileTakenUp(seat=0, count=2)]
    assert state.view(0).hand == cs("2s 9h")


def test_bt11_open_and_senza_incognita_combined() -> None:
    """BT-11: open play without face-down cards: a war goes straight to the face-up choice."""
    state = new("Kh 2h Ah", "Ks 3s 5s", open=True, face_down=False)
    state.apply(0, Play(cs("Kh")))
    state.apply(1, Play(cs("Ks")))
    view = state.view(0)
    assert view.phase == "face_up" and view.face_down_seats == ()
    assert state.legal_actions(1) == [Play((card,)) for card in cs("3s 5s")]
    state.apply(0, Play(cs("Ah")))
    events = state.apply(1, Play(cs("5s")))
    assert events[1:3] == [
        Reveal(cards=((0, c("Ah")), (1, c("5s"))), war_round=1, face_down=()),
        TrickWon(seat=0, cards=cs("Kh Ks Ah 5s")),
    ]


VARIANTS = list(itertools.product((2, 3, 4, 5, 6), (52, 32), (True, False), (True, False)))


@pytest.mark.parametrize(("players", "deck", "face_down", "open_play"), VARIANTS)
def test_bt11_every_combination_plays_to_the_end(
    players: int, deck: int, face_down: bool, open_play: bool
) -> None:
    """BT-11: variants combine with either deck and 2-6 players; random play ends, cards are
    conserved, and the result names the winners."""
    for seed in range(3):
        state = GAME.new_state(
            seed=seed,
            players=players,
            deck=deck,
            face_down=face_down,
            open=open_play,
            trick_limit=150,
        )
        deck_cards = Counter(card for cards in state.zones().values() for card in cards)
        rng = random.Random(seed)
        events = []
        while not state.is_over:
            seat = rng.choice(state.to_act())
            events.extend(state.apply(seat, rng.choice(state.legal_actions(seat))))
        assert Counter(card for cards in state.zones().values() for card in cards) == deck_cards
        result = state.result()
        assert result.reason in ("all_cards", "trick_limit", "nobody_left")
        assert isinstance(events[-1], GameOver) and events[-1].winners == result.winners
        assert result.scores == state.view(0).owned
        if result.reason == "all_cards":
            assert result.scores[result.winners[0]] == sum(result.scores)


def test_greedy_baseline_flips_or_plays_low_face_down_and_high_face_up() -> None:
    """The greedy player: the flip in classic play; lowest face-down, highest face-up card."""
    classic = new("Kh", "Qs")
    assert greedy_choice(classic.view(0), classic.legal_actions(0)) == Flip()
    state = new("Kh 2h Ah 9h", "Ks 3s 5s", open=True)
    assert greedy_choice(state.view(0), state.legal_actions(0)) == Play(cs("Ah"))
    state.apply(0, Play(cs("Kh")))
    state.apply(1, Play(cs("Ks")))
    assert greedy_choice(state.view(0), state.legal_actions(0)) == FaceDown(c("2h"))
    with pytest.raises(ValueError):
        greedy_choice(state.view(0), [])
    assert Pass() not in state.legal_actions(0)
