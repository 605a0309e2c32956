"""A game is registered in one place (engine/registry.py): a game of the tests' own, registered
from here, is found by the engine and holds every invariant of the conformance suite."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from engine import GAME_NAMES, event_kinds, games
from engine.registry import register_game, registered, registration, unregister_game
from tests.conformance import play_random_game, replay
from tests.tiny_game import FACTS


@pytest.fixture
def high_card() -> Iterator[str]:
    register_game(FACTS)
    try:
        yield "high_card"
    finally:
        unregister_game("high_card")


def test_the_three_games_are_registered_once_each() -> None:
    # The three that ship come first, in their fixed order (saves and deal codes name them);
    # a game that ships later comes after them.
    assert registered() == GAME_NAMES
    assert GAME_NAMES[:3] == ("battle", "scientific", "cardavia")
    with pytest.raises(ValueError, match="already registered"):
        register_game(registration("cardavia"))
    with pytest.raises(ValueError, match="the rule prefix CV is cardavia's"):
        register_game(dataclasses.replace(FACTS, rule_prefix="CV"))
    with pytest.raises(KeyError, match="the games are battle, scientific, cardavia"):
        games["high_card"]


def test_a_game_registered_from_the_tests_is_found_and_plays_by_the_rules(high_card: str) -> None:
    assert high_card in games and games[high_card].name == "high_card"
    assert list(games) == [*GAME_NAMES, "high_card"]
    # The shared events, and one of its own (tests/tiny_game_front.py words it).
    shared = {"reveal", "trick_won", "war", "pile_taken_up", "choice_made", "eliminated"}
    assert set(event_kinds(high_card)) == shared | {"trick_limit", "game_over", "high_card_tie"}
    for seed in range(3):
        for players in (2, 4):
            state, log, events = play_random_game(high_card, seed, players=players, cards=5)
            assert state.result().winners
            assert replay(high_card, seed, log, players=players, cards=5) == events


def test_a_game_that_is_gone_is_refused_again(high_card: str) -> None:
    unregister_game(high_card)
    try:
        assert high_card not in games
    finally:
        register_game(FACTS)
