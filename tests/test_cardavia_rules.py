"""Cardavia table, deck, turns, beating, must-beat, rounds and going out (CV-1 to CV-11)."""

from __future__ import annotations

import pytest

from engine import games, parse_cards
from engine.cardavia import DECK, GAME, classify
from engine.cardavia.combination import Combination
from engine.cardavia.events import BombPlayed, CelestialBomb, DealStarted, NewRound, Played
from engine.cards import Card, sorted_cards
from tests.test_cardavia_helpers import deal, kinds, pass_, play, refused, texts


def test_cv1_three_players_one_deal() -> None:
    """CV-1: exactly three players; one deal is the whole game."""
    assert games["cardavia"] is GAME
    assert (GAME.min_players, GAME.max_players, GAME.simultaneous) == (3, 3, False)
    assert GAME.new_state(seed=1, players=3).players == 3
    with pytest.raises(ValueError, match="players must be 3"):
        GAME.new_state(seed=1, players=4)
    with pytest.raises(ValueError, match="the options are: players"):
        GAME.new_state(seed=1, teams=True)
    state = deal("3h", "4h 5h", "6h")
    events = play(state, 0, "3h")
    assert kinds(events)[-1] == "game_over" and state.is_over and state.to_act() == ()


def test_cv2_deck_of_48_and_16_each() -> None:
    """CV-2: no jokers, no ace of hearts, only the 2 of spades among the twos; 16 each."""
    assert len(DECK) == len(set(DECK)) == 48
    assert Card.parse("Ah") not in DECK and Card.parse("2s") in DECK
    assert [c for c in DECK if c.rank == 2] == [Card.parse("2s")]
    assert sum(1 for c in DECK if c.rank == 14) == 3
    assert all(sum(1 for c in DECK if c.rank == r) == 4 for r in range(3, 14))
    state = GAME.new_state(seed=7)
    zones = state.zones()
    hands = [zones[f"hand{s}"] for s in range(3)]
    assert [len(h) for h in hands] == [16, 16, 16]
    assert sorted_cards(c for h in hands for c in h) == sorted_cards(DECK)
    (dealt,) = state.opening_events()
    assert isinstance(dealt, DealStarted) and dealt.hand_sizes == (16, 16, 16)
    assert GAME.new_state(seed=7).zones() == zones
    assert GAME.new_state(seed=8).zones() != zones
    with pytest.raises(ValueError, match="not in the Cardavia deck"):
        deal("3h Ah", "4h", "5h")


def test_cv3_holder_of_three_of_hearts_leads_and_must_show_it() -> None:
    """CV-3: the 3 of hearts leads, and the first play must include it."""
    state = deal("4h 5h", "3h 3s 4s 5s 6s 7s", "8h")
    assert state.to_act() == (1,)
    (dealt,) = state.opening_events()
    assert isinstance(dealt, DealStarted) and dealt.leader == 1
    assert all(Card.parse("3h") in action.cards for action in state.legal_actions(1))
    assert texts(state, 1) == ["play 3h", "play 3h 3s", "play 3h 4s 5s 6s 7s"]
    error = refused(state, 1, "4s", "must_include_3h")
    assert str(error) == "the first play must include the three of hearts"
    refused(state, 1, "3s", "must_include_3h")
    play(state, 1, "3h 3s")
    assert state.to_act() == (0,)


def test_cv3_counter_clockwise_order() -> None:
    """CV-3: turns go 0 -> 2 -> 1 -> 0."""
    state = deal("3h 9h 10h", "5h 8h Qh", "4h 7h Jh")
    order = []
    for text in ("3h", "4h", "5h", "9h", "Jh", "Qh"):
        seat = state.to_act()[0]
        order.append(seat)
        play(state, seat, text)
    assert order == [0, 2, 1, 0, 2, 1]


def test_cv3_without_three_of_hearts_seat_zero_leads_freely() -> None:
    """CV-3: when no hand holds the 3 of hearts (a puzzle deal) seat 0 leads anything."""
    state = deal("5h 6h", "7h", "8h")
    assert state.to_act() == (0,)
    assert texts(state, 0) == ["play 5h", "play 6h"]


def test_cv4_ranks_two_high_three_low_suits_never_rank() -> None:
    """CV-4: 2 > A > K ... > 3; a nine never beats a nine, whatever the suits."""
    state = deal("3h 9h Kh", "9c 2s 5h", "9s 6h As")
    play(state, 0, "3h")
    play(state, 2, "9s")
    error = refused(state, 1, "9c", "does_not_beat")
    assert str(error) == "that does not beat the nine on the table"
    table = error.params["table"]
    assert isinstance(table, Combination) and table.rank == 9
    refused(state, 1, "5h", "does_not_beat")
    play(state, 1, "2s")
    refused(state, 0, "Kh", "does_not_beat")
    assert texts(state, 0) == ["pass"]
    pass_(state, 0)
    assert texts(state, 2) == ["pass"]  # the ace is below the 2


@pytest.mark.parametrize(
    ("text", "kind", "rank"),
    [
        ("9d", "single", 9),
        ("2s", "single", 2),
        ("9d 9c", "pair", 9),
        ("Kh Ks Kd", "triple", 13),
        ("3h 4s 5d 6c 7h", "straight", 7),
        ("10h Js Qd Kc As", "straight", 14),
        ("3h 4s 5d 6c 7h 8h 9h 10h Jh Qh Kh As", "straight", 14),
        ("3h 3s 4h 4d", "pair_sequence", 4),
        ("Qh Qs Kh Kd As Ad", "pair_sequence", 14),
        ("5h 5s 5d 5c", "bomb", 5),
        ("As Ad Ac", "ace_bomb", 14),
    ],
)
def test_cv5_cv7_combinations(text: str, kind: str, rank: int) -> None:
    """CV-5 and CV-7: every kind is recognised, with its deciding rank."""
    combination = classify(parse_cards(text), first_play=False)
    assert combination is not None
    assert (combination.kind, combination.rank) == (kind, rank)
    assert combination.length == len(parse_cards(text))


@pytest.mark.parametrize(
    "text",
    [
        "As 2s 3h 4h 5h",  # A-2-3-4-5: the ace is only high
        "Js Qs Ks As 2s",  # a straight never holds the 2
        "Qs Ks As 2s 3h",  # nor wraps round
        "3h 4h 5h 6h",  # four cards are not a straight
        "3h 4h 5h 6h 8h",  # not consecutive
        "9h 9s 9d 5h",  # no triple with an attached card
        "9h 9s 9d 10h 10s 10d",  # no airplane
        "9h 9s 9d 9c 5h 6h",  # no four with attachments
        "3h 3s 5h 5s",  # pairs that are not consecutive
        "3h 3s 4h 4s 4d",  # unequal widths
        "As Ad 2s",  # a pair of aces and the 2
        "3h 4h",
    ],
)
def test_cv5_non_combinations_are_refused(text: str) -> None:
    """CV-5: these are not Cardavia combinations; playing them is refused with the reason."""
    assert classify(parse_cards(text), first_play=False) is None
    own = text if "3h" in text.split() else text + " 3h"
    state = deal(own, "Kc", "Qc")
    error = refused(state, 0, text, "not_a_combination")
    assert str(error) == "these cards are not a combination"


def test_cv6_same_kind_same_length_higher_rank() -> None:
    """CV-6: a straight answers only a straight of the same length with a higher top."""
    state = deal("3h 4h 5h 6h 7h 9h", "5s 6s 7s 8s 9s 10s", "4s 5d 6d 7d 8d 9d")
    play(state, 0, "3h 4h 5h 6h 7h")
    assert texts(state, 2) == ["play 4s 5d 6d 7d 8d", "play 5d 6d 7d 8d 9d"]
    refused(state, 2, "4s 5d 6d 7d", "not_a_combination")
    refused(state, 2, "4s 5d 6d 7d 8d 9d", "does_not_beat")  # six cards on five
    refused(state, 2, "9d", "does_not_beat")
    events = play(state, 2, "5d 6d 7d 8d 9d")
    assert isinstance(events[0], Played) and events[0].beaten is not None
    assert (events[0].beaten.rank, events[0].combination.rank) == (7, 9)
    refused(state, 1, "5s 6s 7s 8s 9s", "does_not_beat")  # the same top is not higher
    play(state, 1, "6s 7s 8s 9s 10s")


def test_cv6_pair_sequences_must_match_in_length() -> None:
    """CV-6: two pairs in a row answer only two pairs in a row."""
    state = deal("3h 3s 4h 4s Kh", "8h 8s 9h 9s 10h 10s", "5h 5s 6h 6s 7h 7s")
    play(state, 0, "3h 3s 4h 4s")
    assert texts(state, 2) == ["play 5h 5s 6h 6s", "play 6h 6s 7h 7s"]
    refused(state, 2, "5h 5s 6h 6s 7h 7s", "does_not_beat")
    play(state, 2, "6h 6s 7h 7s")
    assert texts(state, 1) == ["play 8h 8s 9h 9s", "play 9h 9s 10h 10s"]


def test_cv7_bombs_beat_ordinary_and_each_other() -> None:
    """CV-7: a bomb beats any ordinary play; a higher bomb beats a lower; three aces top all."""
    state = deal("3h 3s 4h 4s 5h 5s 10d", "As Ad Ac 7h", "9h 9s 9d 9c Kh Ks Kd Kc 8c")
    play(state, 0, "3h 3s 4h 4s 5h 5s")
    assert texts(state, 2) == ["play 9h 9s 9d 9c", "play Kh Ks Kd Kc"]
    events = play(state, 2, "9h 9s 9d 9c")
    assert isinstance(events[0], BombPlayed) and events[0].beaten is not None
    assert events[0].beaten.kind == "pair_sequence"
    assert texts(state, 1) == ["play As Ad Ac"]
    refused(state, 1, "7h", "does_not_beat")  # nothing ordinary beats a bomb
    play(state, 1, "As Ad Ac")
    pass_(state, 0)
    assert texts(state, 2) == ["pass"]  # the kings' bomb is below three aces
    refused(state, 2, "Kh Ks Kd Kc", "does_not_beat")


def test_cv7_three_aces_are_a_bomb_never_a_triple() -> None:
    """CV-7: on three 3s there is no ace triple; the three aces answer as a bomb."""
    state = deal("3h 3s 3d Kh", "As Ad Ac 5c", "4c 5d")
    play(state, 0, "3h 3s 3d")
    assert texts(state, 2) == ["pass"]
    pass_(state, 2)
    assert texts(state, 1) == ["play As Ad Ac"]
    events = play(state, 1, "As Ad Ac")
    assert isinstance(events[0], BombPlayed)
    assert events[0].combination.kind == "ace_bomb"
    assert events[0].beaten is not None and events[0].beaten.kind == "triple"


def test_cv8_celestial_bomb_first_play_nothing_beats_it() -> None:
    """CV-8: the four 3s as the first play are the celestial bomb: no answer, not even aces."""
    state = deal("3h 3s 3d 3c 9h", "As Ad Ac 4h", "5h 5s 5d 5c 6h")
    assert "play 3h 3s 3d 3c" in texts(state, 0)
    events = play(state, 0, "3h 3s 3d 3c")
    assert isinstance(events[0], CelestialBomb)
    assert events[0].combination.kind == "celestial_bomb"
    assert texts(state, 2) == ["pass"]
    refused(state, 2, "5h 5s 5d 5c", "does_not_beat")
    pass_(state, 2)
    assert texts(state, 1) == ["pass"]
    events = pass_(state, 1)
    assert events[1:] == [NewRound(0)]  # and no bonus for the celestial bomb (CV-13)


def test_cv8_later_four_threes_are_the_lowest_bomb() -> None:
    """CV-8: after the first play the four 3s are an ordinary bomb, below every other bomb.

    (In a real deal the 3 of hearts leaves the hand with the first play, so this is checked
    on the combinations themselves.)"""
    threes = classify(parse_cards("3h 3s 3d 3c"), first_play=False)
    celestial = classify(parse_cards("3h 3s 3d 3c"), first_play=True)
    fours = classify(parse_cards("4h 4s 4d 4c"), first_play=False)
    twos = classify(parse_cards("2s"), first_play=False)
    assert threes is not None and celestial is not None and fours is not None
    assert twos is not None
    assert (threes.kind, threes.rank, celestial.kind) == ("bomb", 3, "celestial_bomb")
    assert fours.beats(threes) and not threes.beats(fours)
    assert threes.beats(twos) and celestial.beats(fours) and not fours.beats(celestial)
