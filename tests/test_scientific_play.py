"""Scientific Battle as a whole: refusals that change nothing, clones, the greedy baseline
and random games to the end (SB-2, SB-6, SB-13, SB-15)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import Exchange, IllegalAction, Pass, Play
from engine.actions import Action, Flip
from engine.baseline import make_baseline
from engine.scientific import GAME, ScientificState
from engine.scientific.baseline import greedy_choice
from tests.test_scientific_helpers import card, choose, deal, refused, trick


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    state = deal("Ah 2h 3h", "Ks 4s 5s")
    refused(state, 0, Play([card("Ks")]), "not_in_hand")
    refused(state, 0, Play([card("Ah"), card("2h")]), "wrong_action")
    refused(state, 0, Pass(), "wrong_action")
    refused(state, 0, Flip(), "wrong_action")
    refused(state, 0, Exchange(), "exchange_not_offered")
    refused(state, 2, Play([card("Ah")]), "bad_seat")
    refused(state, -1, Play([card("Ah")]), "bad_seat")
    choose(state, 0, "Ah")
    refused(state, 0, Play([card("Ks")]), "not_in_hand")
    assert state.view(0).my_choice == card("Ah"), "a refused change keeps the choice"


def test_refusals_after_the_end_say_the_game_is_over() -> None:
    state = deal("5h", "5s")
    trick(state, "5h", "5s")
    assert state.is_over and state.legal_actions(0) == []
    error = refused(state, 0, Play([card("5h")]), "game_over")
    assert "over" in str(error)


def test_bad_seat_in_view_and_legal_actions() -> None:
    state = deal("5h", "5s")
    with pytest.raises(IllegalAction):
        state.view(5)
    with pytest.raises(IllegalAction):
        state.legal_actions(2)


def test_clone_is_independent() -> None:
    state = deal("Ah 2h 8h", "Ks 3s 9s")
    trick(state, "Ah", "Ks")
    copy = state.clone()
    choose(copy, 0, "2h")
    trick(copy, None, "3s")
    assert state.view(0).chosen == () and state.view(0).owned == (4, 2)
    assert copy.trick == 2 and state.trick == 1


def test_clone_plays_on_like_the_original() -> None:
    state = GAME.new_state(seed=4, players=3, trick_limit=60)
    rng = random.Random(4)
    for _ in range(40):
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    copy = state.clone()
    for _ in range(60):
        if state.is_over:
            break
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        assert state.apply(seat, action) == copy.apply(seat, action)
    assert repr(state.view(0)) == repr(copy.view(0))


def _greedy(state: ScientificState, seat: int) -> Action:
    return greedy_choice(state.view(seat), state.legal_actions(seat))


def test_greedy_plays_the_strongest_card_in_the_current_order() -> None:
    state = deal("joker 2h Ah 9h Jh", "Ks 3s 4s 5s")
    assert _greedy(state, 0) == Play([card("Ah")])
    trick(state, "Jh", "5s")  # revolution: now 2 is highest
    assert _greedy(state, 0) == Play([card("2h")])
    only_joker = deal("joker 7h", "Ks")
    assert _greedy(only_joker, 0) == Play([card("7h")]), "the joker counts as weakest"


def test_greedy_never_takes_the_exchange() -> None:
    state = deal("Ah 8h 2h 5h", "Ks 9s 3s 4s")
    trick(state, "Ah", "Ks")
    trick(state, "8h", "9s")
    assert Exchange() in state.legal_actions(0)
    assert _greedy(state, 0).kind == "play"


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_random_and_greedy_games_reach_the_end_with_every_card_kept(players: int) -> None:
    for seed in range(6):
        state = GAME.new_state(seed=seed, players=players, trick_limit=120)
        deck = Counter(c for cards in state.zones().values() for c in cards)
        kinds = ("random", "greedy")
        bots = [make_baseline("scientific", kinds[s % 2], seed + s) for s in range(players)]
        rng = random.Random(seed)
        while not state.is_over:
            awaited = state.to_act()
            assert awaited
            seat = rng.choice(awaited)
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
            assert Counter(c for cards in state.zones().values() for c in cards) == deck
        result = state.result()
        assert result.winners and result.scores == state.view(0).owned
        assert sum(result.scores) + len(state.zones()["pot"]) == 14 * players
        assert state.trick <= 120
