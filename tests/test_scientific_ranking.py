"""SB-3: the normal order, ace high and two low, suits never deciding, jokers without rank."""

from __future__ import annotations

from tests.test_scientific_helpers import deal, of_kind, trick


def test_sb3_ace_is_highest_and_two_lowest() -> None:
    """SB-3: an ace beats a king, a king beats a two."""
    state = deal("Ah 5h", "2s 6s", "Kd 7d")
    won = of_kind(trick(state, "Ah", "2s", "Kd"), "trick_won")
    assert [event.seat for event in won] == [0]
    assert len(won[0].cards) == 3


def test_sb3_suit_never_decides_a_tie() -> None:
    """SB-3: two nines of different suits tie: a war, not a win by suit."""
    state = deal("9h 5h", "9s 6s")
    events = trick(state, "9h", "9s")
    assert not of_kind(events, "trick_won")
    assert [event.rank for event in of_kind(events, "war")] == [9]


def test_sb3_jokers_never_win_by_value() -> None:
    """SB-3 with SB-11: two jokers cancel and the four, the only ranked card, takes the trick."""
    state = deal("joker 5h", "joker#1 6s", "4d 7d")
    won = of_kind(trick(state, "joker", "joker#1", "4d"), "trick_won")
    assert [event.seat for event in won] == [2]
