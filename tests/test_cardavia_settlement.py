"""Cardavia settlement: card penalties, bomb bonuses, zero sum (CV-12 to CV-14)."""

from __future__ import annotations

from engine.cardavia.deck import mask_of
from engine.cardavia.events import BombBonus, BombPlayed, NewRound, Passed, Settlement
from engine.cardavia.scoring import bombs_held, settle
from engine.cards import parse_cards
from engine.events import GameOver
from engine.protocol import SettlementLine as Line
from tests.test_cardavia_helpers import deal, kinds, pass_, play


def test_cv12_penalties_cards_doubling_spade_two_and_bombs() -> None:
    """CV-12: 1 a card, doubled for who never played; 2 of spades and each bomb 10 more."""
    state = deal("3h", "4h 5h", "2s As Ad Ac 9h")
    events = play(state, 0, "3h")
    assert kinds(events) == ["played", "settlement", "game_over"]
    settlement = events[1]
    assert isinstance(settlement, Settlement)
    assert settlement.lines == (
        Line(1, "cards", -2, 2),
        Line(1, "never_played", -2, 2),
        Line(2, "cards", -5, 5),
        Line(2, "never_played", -5, 5),
        Line(2, "spade_two", -10, 1),
        Line(2, "bombs_held", -10, 1),
        Line(0, "winner", 34, 0),
    )
    assert settlement.totals == (34, -4, -30)
    assert events[2] == GameOver((0,), "went_out", (34, -4, -30))
    assert state.result().scores == (34, -4, -30)
    assert state.result().lines == settlement.lines


def test_cv12_doubling_only_for_who_never_played() -> None:
    """CV-12: a player who played once pays his cards once; the doubling is cards only."""
    state = deal("3h 5c", "4h 5h 6h", "2s 7h")
    play(state, 0, "3h")
    play(state, 2, "7h")
    pass_(state, 1)
    pass_(state, 0)
    play(state, 2, "2s")
    result = state.result()
    assert result.lines == (
        Line(0, "cards", -1, 1),
        Line(1, "cards", -3, 3),
        Line(1, "never_played", -3, 3),
        Line(2, "winner", 7, 0),
    )
    assert result.scores == (-1, -6, 7)


def test_cv12_bombs_held_count_four_threes_and_three_aces() -> None:
    """CV-12: each bomb held costs 10: four of a rank (the four 3s too) and the three aces."""
    assert bombs_held(mask_of(parse_cards("3h 3s 3d 3c As Ad Ac 5h 5s 5d 5c 9h"))) == 3
    assert bombs_held(mask_of(parse_cards("As Ad 5h 5s 5d"))) == 0
    hands = (0, mask_of(parse_cards("3h 3s 3d 3c As Ad Ac")), mask_of(parse_cards("Kh")))
    lines, totals = settle(0, hands, has_played=(True, True, True), bonus_seats=())
    assert Line(1, "bombs_held", -20, 2) in lines
    assert totals == (28, -27, -1) and sum(totals) == 0


def test_cv13_bomb_bonus_is_settled_when_the_round_ends() -> None:
    """CV-13: a bomb on another's play that stands scores +20 / -10 / -10 at the round's end."""
    state = deal("3h 5h", "6h 7h", "9h 9s 9d 9c 4h")
    play(state, 0, "3h")
    bomb = play(state, 2, "9h 9s 9d 9c")[0]
    assert kinds([bomb]) == ["bomb"]
    assert state.view(0).bonuses == (0, 0, 0)  # not yet: a stronger bomb might come
    pass_(state, 1)
    events = pass_(state, 0)
    assert isinstance(bomb, BombPlayed)
    combination = bomb.combination
    assert events == [Passed(0), BombBonus(2, combination, 20), NewRound(2)]
    assert state.view(1).bonuses == (-10, -10, 20)
    events = play(state, 2, "4h")
    settlement = events[-2]
    assert isinstance(settlement, Settlement)
    assert settlement.lines == (
        Line(0, "cards", -1, 1),
        Line(1, "cards", -2, 2),
        Line(1, "never_played", -2, 2),
        Line(2, "bomb_bonus", 20, 1),
        Line(0, "bomb_bonus", -10, 1),
        Line(1, "bomb_bonus", -10, 1),
        Line(2, "winner", 5, 0),
    )
    assert settlement.totals == (-11, -14, 25)


def test_cv13_going_out_with_a_bomb_scores_at_once() -> None:
    """CV-13: a bomb with which a player goes out is settled at once."""
    state = deal("3h 5h", "6h", "9h 9s 9d 9c")
    play(state, 0, "3h")
    events = play(state, 2, "9h 9s 9d 9c")
    assert kinds(events) == ["bomb", "bomb_bonus", "settlement", "game_over"]
    assert state.result().scores == (-11, -12, 23)


def test_cv13_led_bombs_score_nothing() -> None:
    """CV-13: a bomb led on an empty table earns no bonus."""
    state = deal("8h 8s 8d 8c 5c", "7h 10s", "4h 6s")  # nobody holds the 3 of hearts
    play(state, 0, "8h 8s 8d 8c")
    pass_(state, 2)
    assert pass_(state, 1) == [Passed(1), NewRound(0)]
    events = play(state, 0, "5c")
    assert state.view(0).bonuses == (0, 0, 0)
    assert not any(line.item == "bomb_bonus" for line in state.result().lines)
    assert kinds(events) == ["played", "settlement", "game_over"]


def test_cv13_a_bomb_beating_a_led_bomb_scores() -> None:
    """CV-13: a bomb played on a led bomb was played to beat it."""
    state = deal("8h 8s 8d 8c 5c", "6h 7h", "Jh Js Jd Jc 4h")
    play(state, 0, "8h 8s 8d 8c")
    play(state, 2, "Jh Js Jd Jc")
    pass_(state, 1)
    assert kinds(pass_(state, 0)) == ["passed", "bomb_bonus", "new_round"]
    assert state.view(2).bonuses == (-10, -10, 20)


def test_cv13_only_the_last_bomb_of_a_round_scores() -> None:
    """CV-13: a bomb beaten by a stronger bomb in the same round scores nothing."""
    state = deal("3h 5h 6h", "10h 10s 10d 10c 7h", "9h 9s 9d 9c 4h")
    play(state, 0, "3h")
    play(state, 2, "9h 9s 9d 9c")
    tens = play(state, 1, "10h 10s 10d 10c")[0]
    pass_(state, 0)
    events = pass_(state, 2)
    assert isinstance(tens, BombPlayed)
    combination = tens.combination
    assert events == [Passed(2), BombBonus(1, combination, 20), NewRound(1)]
    assert state.view(0).bonuses == (-10, 20, -10)


def test_cv14_settlements_sum_to_zero_and_show_every_line() -> None:
    """CV-14: totals are the sums of the lines by seat, and they sum to zero."""
    state = deal("3h 5h", "6h 2s 7h 7s 7d 7c", "9h 9s 9d 9c")
    play(state, 0, "3h")
    play(state, 2, "9h 9s 9d 9c")
    result = state.result()
    items = {line.item for line in result.lines}
    assert items == {"cards", "never_played", "spade_two", "bombs_held", "bomb_bonus", "winner"}
    for seat in range(3):
        assert result.scores[seat] == sum(line.points for line in result.lines if line.seat == seat)
    assert sum(result.scores) == 0
