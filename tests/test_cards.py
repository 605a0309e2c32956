"""The shared card and action values: parsing, text, ordering, copies."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import IllegalAction, Pass, Play
from engine.actions import Action
from engine.cards import RANKS, SUITS, Card, full_deck, parse_cards, sorted_cards


def test_parse_and_text_round_trip() -> None:
    assert Card.parse("10h") == Card(10, "h")
    assert Card.parse("Th") == Card(10, "h")
    assert str(Card.parse("Qs")) == "Qs"
    assert str(Card.parse("ah")) == "Ah"
    assert str(Card.parse("joker")) == "joker"
    assert Card.parse("joker").rank is None and Card.parse("joker").suit is None
    assert parse_cards("3h 3s 10d") == (Card(3, "h"), Card(3, "s"), Card(10, "d"))


@pytest.mark.parametrize("text", ["", "1h", "11h", "10x", "Zs", "h", "10h#x", "jokerr"])
def test_bad_text_raises_value_error_naming_it(text: str) -> None:
    with pytest.raises(ValueError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value) or text == ""


def test_second_deck_copies_stay_distinct_and_text_reads_the_first() -> None:
    first, second = Card(9, "h"), Card(9, "h", deck=1)
    assert first != second
    assert len({first, second}) == 2
    assert Card.parse("9h") == first
    assert Card.parse(second.token()) == second
    assert str(second) == "9h"


@given(st.sampled_from(RANKS), st.sampled_from(SUITS), st.integers(0, 3))
def test_every_card_round_trips_through_its_token(rank: int, suit: str, deck: int) -> None:
    card = Card(rank, suit, deck)
    assert Card.parse(card.token()) == card


def test_decks_and_sorting() -> None:
    assert len(full_deck()) == 52 and len(set(full_deck())) == 52
    assert len(full_deck(low=7)) == 32
    ordered = sorted_cards(parse_cards("Ah joker 2s 10d"))
    assert [str(c) for c in ordered] == ["2s", "10d", "Ah", "joker"]


def test_play_ignores_card_order_and_pass_is_empty() -> None:
    assert Play(parse_cards("9h 9s")) == Play(parse_cards("9s 9h"))
    assert Pass() == Action("pass") and Pass().cards == ()
    assert str(Play(parse_cards("9s 9h"))) == "play 9h 9s"


def test_illegal_action_is_a_value_error_with_a_code() -> None:
    error = IllegalAction("it is not your turn", code="not_your_turn", seat=2)
    assert isinstance(error, ValueError)
    assert str(error) == "it is not your turn"
    assert error.code == "not_your_turn" and error.params["seat"] == 2
