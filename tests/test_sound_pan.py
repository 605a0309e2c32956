"""Where cues come from: you in the middle, the others spread left to right around the table."""

from __future__ import annotations

import math

import pytest

from audiogame.sound import pan_gains, play_event, seat_pan
from audiogame.sound.cue_players import RecordingCuePlayer
from engine.cardavia.events import NewRound, Passed
from engine.events import TrickWon, War


@pytest.mark.parametrize("players", range(2, 9))
def test_each_opponent_has_his_own_place_and_none_is_in_your_place(players: int) -> None:
    pans = [seat_pan(seat, players) for seat in range(players)]
    others = pans[1:]
    assert pans[0] == 0.0
    assert all(-1.0 <= p <= 1.0 and p != 0.0 for p in others)
    assert others == sorted(others), "seats go round the table from left to right"
    assert len(set(others)) == len(others)
    assert others[0] == -1.0
    if players > 2:
        assert others[-1] == 1.0


def test_three_player_cardavia_table_is_left_you_right() -> None:
    assert [seat_pan(seat, 3) for seat in range(3)] == [0.0, -1.0, 1.0]


def test_no_seat_or_a_seat_not_at_the_table_is_the_middle() -> None:
    assert seat_pan(None, 4) == 0.0
    assert seat_pan(7, 4) == 0.0


def test_a_cue_is_as_loud_wherever_it_sits() -> None:
    for pan in (-1.0, -0.5, 0.0, 0.3, 1.0):
        left, right = pan_gains(pan)
        assert math.isclose(left**2 + right**2, 1.0, rel_tol=1e-5)
    assert pan_gains(-5) == pan_gains(-1) == (1.0, 0.0)
    assert pan_gains(math.nan) == pan_gains(0.0)


def test_an_event_sounds_from_the_seat_that_caused_it() -> None:
    recorder = RecordingCuePlayer()
    play_event(recorder, Passed(seat=1), players=3)
    play_event(recorder, NewRound(leader=2), players=3)
    play_event(recorder, TrickWon(seat=0, cards=()), players=3)
    play_event(recorder, War(seats=(1, 2), rank=9, pot=6), players=3)
    assert recorder.played == [
        ("passed", -1.0),
        ("new_round", 1.0),
        ("trick_won", 0.0),
        ("war", 0.0),
    ]


def test_the_listener_is_always_in_the_middle() -> None:
    recorder = RecordingCuePlayer()
    play_event(recorder, Passed(seat=2), players=3, listener=2)
    play_event(recorder, Passed(seat=0), players=3, listener=2)
    assert recorder.played == [("passed", 0.0), ("passed", -1.0)]


def test_an_event_without_a_cue_plays_nothing() -> None:
    recorder = RecordingCuePlayer()
    assert play_event(recorder, object(), players=2) == ""
    assert recorder.played == []
