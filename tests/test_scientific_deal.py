"""Scientific Battle: players, suits, decks and options (SB-1), the game's declaration."""

from __future__ import annotations

from typing import Any

import pytest

from engine import games
from engine.cards import RANKS, SUITS, Card
from engine.scientific import GAME
from tests.test_scientific_helpers import deal


def test_game_declares_itself() -> None:
    assert games["scientific"] is GAME
    assert (GAME.name, GAME.min_players, GAME.max_players, GAME.simultaneous) == (
        "scientific",
        2,
        8,
        True,
    )


def test_sb1_two_players_get_hearts_and_spades_and_a_joker_each() -> None:
    state = GAME.new_state(seed=3)
    assert state.players == 2
    for seat, suit in ((0, "h"), (1, "s")):
        hand = state.view(seat).hand
        assert len(hand) == 14
        assert [c.rank for c in hand[:13]] == list(RANKS)
        assert {c.suit for c in hand[:13]} == {suit}
        assert hand[13].is_joker
    assert state.view(0).hand[13] != state.view(1).hand[13], "jokers stay distinct cards"
    assert state.view(0).owned == (14, 14)
    assert state.opening_events() == []


@pytest.mark.parametrize("players", range(2, 9))
def test_sb1_suits_in_order_and_a_second_deck_from_five_players(players: int) -> None:
    state = GAME.new_state(players=players)
    zones = state.zones()
    every = [c for cards in zones.values() for c in cards]
    assert len(every) == len(set(every)) == 14 * players
    for seat in range(players):
        hand = state.view(seat).hand
        suit, deck = SUITS[seat % 4], seat // 4
        assert set(hand[:13]) == {Card(rank, suit, deck) for rank in RANKS}
        assert hand[13].is_joker
    if players >= 5:
        # Seat 0 and seat 4 both hold hearts, from two different decks.
        assert {c.suit for c in state.view(4).hand[:13]} == {"h"}
        assert not set(state.view(0).hand) & set(state.view(4).hand)


def test_sb1_hands_deal_exactly_these_cards_of_any_size() -> None:
    state = deal("Ah 2h", "Ks", "joker 5d 6d")
    assert state.players == 3
    assert [str(c) for c in state.view(2).hand] == ["5d", "6d", "joker"]
    assert state.view(1).owned == (2, 1, 3)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 1}, "2 to 8"),
        ({"players": 9}, "2 to 8"),
        ({"players": "3"}, "2 to 8"),
        ({"players": True}, "2 to 8"),
        ({"trick_limit": 0}, "from 1 to 100000"),
        ({"trick_limit": 2.5}, "from 1 to 100000"),
        ({"deck": 32}, "players, trick_limit"),
    ],
)
def test_sb1_bad_options_name_the_allowed_values(options: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        GAME.new_state(**options)


def test_sb1_bad_hands_are_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        deal("Ah 2h", "Ah")
    with pytest.raises(ValueError, match="hands were given"):
        deal("Ah", "Ks", players=3)
    with pytest.raises(ValueError, match="2 to 8"):
        deal("Ah")


def test_same_actions_give_the_same_events_whatever_the_seed_sb1() -> None:
    """SB-1 fixes the deal, and nothing else is left to chance: the seed changes nothing."""

    def run(seed: int) -> list[object]:
        state = GAME.new_state(seed=seed, players=3, trick_limit=40)
        events: list[object] = []
        while not state.is_over:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            events += state.apply(seat, legal[(state.trick * 7 + seat) % len(legal)])
        return events

    assert run(11) == run(11)
    assert run(12) == run(11)
