"""Battaglia's public API: options, refusals that change nothing, views, clones and zones."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import FaceDown, Flip, IllegalAction, Pass, Play
from engine.baseline import make_baseline
from engine.battle import GAME
from engine.cards import Card
from tests.test_battle_rules import cs, flip_all, new


def snapshot(state: Any) -> tuple[Any, ...]:
    return (
        state.to_act(),
        state.is_over,
        tuple(state.view(s) for s in range(state.players)),
        state.zones(),
    )


def refused(state: Any, seat: Any, action: Any, code: str) -> str:
    """The action is refused with ``code`` and the state is exactly as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        state.apply(seat, action)
    assert error.value.code == code
    assert snapshot(state) == before
    return str(error.value)


def test_the_game_declares_itself() -> None:
    assert (GAME.name, GAME.min_players, GAME.max_players, GAME.simultaneous) == (
        "battle",
        2,
        6,
        True,
    )


@pytest.mark.parametrize(
    ("options", "names"),
    [
        ({"jokers": True}, "players, deck, face_down, open, trick_limit"),
        ({"deck": 40}, "52 or 32"),
        ({"deck": "52"}, "52 or 32"),
        ({"face_down": "no"}, "true or false"),
        ({"open": 1}, "true or false"),
        ({"players": 9}, "from 2 to 6"),
    ],
)
def test_bad_options_name_the_allowed_values(options: dict[str, Any], names: str) -> None:
    with pytest.raises(ValueError, match=names):
        GAME.new_state(seed=1, **options)


def test_bad_hands_are_refused() -> None:
    with pytest.raises(ValueError, match="hands were given"):
        GAME.new_state(hands=[cs("Kh"), cs("Qh")], players=3)
    with pytest.raises(ValueError, match="twice"):
        GAME.new_state(hands=[cs("Kh"), cs("Kh")])
    with pytest.raises(ValueError, match="no card"):
        GAME.new_state(hands=[cs("Kh"), ()])
    with pytest.raises(ValueError, match="jokers"):
        GAME.new_state(hands=[cs("Kh"), cs("joker")])
    with pytest.raises(ValueError, match="2 to 6"):
        GAME.new_state(hands=[cs("Kh")])


def test_hands_of_any_size_set_nothing_aside() -> None:
    state = new("Kh 2h 3h 4h", "Qs", "Js 9s")
    assert state.players == 3
    assert state.view(0).stock == (4, 1, 2)
    assert state.opening_events() == [] and state.view(0).set_aside == ()


def test_illegal_actions_in_classic_play_change_nothing() -> None:
    state = new("Kh 2h", "Qs 3s", "Js 9s")
    state.apply(0, Flip())
    assert "already" in refused(state, 0, Flip(), "not_your_turn")
    assert "no seat" in refused(state, 5, Flip(), "bad_seat")
    refused(state, -1, Flip(), "bad_seat")
    refused(state, 1, Play(cs("Qs")), "wrong_action")
    refused(state, 1, Pass(), "wrong_action")
    refused(state, 1, FaceDown(Card.parse("Qs")), "wrong_action")


def test_illegal_actions_in_open_play_change_nothing() -> None:
    state = new("Kh 2h 5h", "Ks 3s 6s", "Js 9s", open=True)
    assert "do not hold" in refused(state, 0, Play(cs("Qs")), "not_in_hand")
    refused(state, 0, Play(cs("3s")), "not_in_hand")  # another player's card
    refused(state, 0, Flip(), "wrong_action")
    refused(state, 0, Play(cs("Kh 2h")), "wrong_action")
    refused(state, 0, Play(()), "wrong_action")
    refused(state, 9, Play(cs("Kh")), "bad_seat")
    state.apply(0, Play(cs("Kh")))
    state.apply(1, Play(cs("Ks")))
    state.apply(2, Play(cs("Js")))
    assert "not in this war" in refused(state, 2, FaceDown(Card.parse("9s")), "not_your_turn")
    refused(state, 0, Play(cs("2h")), "wrong_action")


def test_after_the_end_every_action_is_refused() -> None:
    state = new("Kh", "Qs")
    flip_all(state)
    assert state.is_over and state.to_act() == ()
    assert state.legal_actions(0) == [] and state.legal_actions(1) == []
    assert refused(state, 0, Flip(), "game_over") == "the game is over"
    refused(state, 1, Flip(), "game_over")
    refused(state, 7, Flip(), "bad_seat")  # no such seat, over or not


def test_eliminated_players_are_refused() -> None:
    state = new("Kh 2h", "Qs 3s", "4d")
    flip_all(state)
    assert "out of the game" in refused(state, 2, Flip(), "not_your_turn")


def test_result_only_at_the_end() -> None:
    state = new("Kh", "Qs")
    with pytest.raises(ValueError, match="not over"):
        state.result()
    flip_all(state)
    result = state.result()
    assert (result.winners, result.scores, result.reason) == ((0,), (2, 0), "all_cards")


def test_view_of_a_bad_seat_is_refused() -> None:
    state = new("Kh", "Qs")
    with pytest.raises(ValueError, match="no seat"):
        state.view(2)


def test_classic_views_hide_every_stock() -> None:
    """Nothing hidden of another seat: in classic play even one's own stock is face down."""
    state = GAME.new_state(seed=3, players=3)
    state.apply(0, Flip())
    for seat in range(3):
        view = state.view(seat)
        assert view.hand == () and view.my_choice is None and view.table == ()
        assert view.stock == (17, 17, 17)


def test_views_are_frozen_values() -> None:
    state = GAME.new_state(seed=3, players=3, open=True)
    view = state.view(1)
    with pytest.raises(AttributeError):
        view.seat = 2  # type: ignore[misc]
    assert view == state.view(1) and hash(view) == hash(state.view(1))
    assert view != state.view(2)
    assert view._replace(seat=2).seat == 2
    assert (view.stock, view.won, view.owned, view.table, view.pot) == (
        (17,) * 3,
        (0,) * 3,
        (17,) * 3,
        (),
        0,
    )
    assert (view.awaiting, view.chosen, view.phase, view.open) == ((0, 1, 2), (), "face_up", True)
    assert "seat=1" in repr(view) and "stock=(17, 17, 17)" in repr(view)


def fresh_counts(state: Any) -> dict[str, Any]:
    zones = state.zones()
    players = state.players
    stock = tuple(len(zones[f"stock{s}"]) for s in range(players))
    won = tuple(len(zones[f"won{s}"]) for s in range(players))
    return {
        "stock": stock,
        "won": won,
        "owned": tuple(a + b for a, b in zip(stock, won, strict=True)),
        "pot": len(zones["table"]),
        "awaiting": state.to_act(),
    }


@pytest.mark.parametrize(("players", "open_play"), [(2, False), (3, False), (3, True), (4, True)])
def test_views_always_match_the_table(players: int, open_play: bool) -> None:
    """Views stay true at every step of random games (they share work between seats)."""
    for seed in range(4):
        state = GAME.new_state(seed=seed, players=players, deck=32, open=open_play, trick_limit=80)
        rng = random.Random(seed)
        while not state.is_over:
            truth = fresh_counts(state)
            fresh = state.clone()  # a clone starts with nothing cached
            for seat in range(state.players):
                view = state.view(seat)
                assert {key: getattr(view, key) for key in truth} == truth
                assert view == fresh.view(seat), "a view built from scratch says the same"
                acting = view.face_down_seats if view.phase == "face_down" else view.in_step
                assert view.chosen == tuple(s for s in acting if s not in view.awaiting)
                if open_play:
                    assert view.hand == tuple(
                        sorted(state.zones()[f"stock{seat}"], key=Card.sort_key)
                    )
            seat = rng.choice(state.to_act())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert state.view(0).is_over


def test_clone_is_independent_and_replays_the_same_future() -> None:
    """A clone copies the random source too: the same actions give the same events."""
    state = GAME.new_state(seed=9, players=2)
    for _ in range(30):
        flip_all(state)
    before = snapshot(state)
    copy = state.clone()
    ours, theirs = [], []
    while not copy.is_over:
        theirs.extend(flip_all(copy))
    assert snapshot(state) == before
    while not state.is_over:
        ours.extend(flip_all(state))
    assert ours == theirs


def test_zones_conserve_every_card() -> None:
    state = GAME.new_state(seed=2, players=6)
    zones = state.zones()
    assert set(zones) == {f"stock{s}" for s in range(6)} | {f"won{s}" for s in range(6)} | {
        "table",
        "set_aside",
    }
    assert sum(len(cards) for cards in zones.values()) == 52


def test_the_same_seed_and_actions_give_the_same_events() -> None:
    def play(seed: int) -> list[Any]:
        state = GAME.new_state(seed=seed, players=4, deck=32)
        events = list(state.opening_events())
        while not state.is_over:
            events.extend(flip_all(state))
        return events

    assert play(4) == play(4)
    assert play(4) != play(5)


@pytest.mark.parametrize("kind", ["greedy", "random"])
def test_baseline_players_finish_games(kind: str) -> None:
    cases: list[dict[str, Any]] = [{"players": 2}, {"players": 3, "open": True, "trick_limit": 300}]
    for options in cases:
        state = GAME.new_state(seed=1, **options)
        players = [make_baseline("battle", kind, seat) for seat in range(state.players)]
        while not state.is_over:
            seat = state.to_act()[0]
            state.apply(seat, players[seat].choose(state.view(seat), state.legal_actions(seat)))
        assert state.result().winners
