"""Random seeded deals played by random legal players: the invariants of every deal
(CV-9, CV-11, CV-12, CV-14), with equivalent suit choices applied in place of the listed ones."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Play
from engine.actions import Action
from engine.cardavia import DECK, GAME
from engine.cardavia.events import BombPlayed, CelestialBomb, Played
from engine.cards import Card
from engine.events import Event

PLAYS = (Played, BombPlayed, CelestialBomb)
"""The events of a play, each with its combination."""

THREE_HEARTS = Card(3, "h")


def equivalent(action: Action, hand: tuple[Card, ...], rng: random.Random) -> Action:
    """The same combination with other suits picked at random from the hand (keeping the
    3 of hearts when the listed play shows it: it may be the first play, CV-3)."""
    needed = Counter(card.rank for card in action.cards)
    chosen: list[Card] = []
    if THREE_HEARTS in action.cards:
        chosen.append(THREE_HEARTS)
        needed[3] -= 1
    for rank, count in needed.items():
        pool = [card for card in hand if card.rank == rank and card not in chosen]
        chosen += rng.sample(pool, count)
    return Play(chosen)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32))
def test_cv14_random_deals_conserve_cards_and_settle_to_zero(seed: int) -> None:
    """CV-14: every random deal ends with a zero-sum settlement; no card appears or vanishes;
    any suit choice equivalent to a listed play is accepted as that same combination."""
    rng = random.Random(seed)
    state = GAME.new_state(seed=seed)
    last: list[Event] = []
    while not state.is_over:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        assert legal and (len(legal) == 1 or all(a.kind == "play" for a in legal))
        listed = rng.choice(legal)
        action = listed
        if listed.kind == "play" and rng.random() < 0.5:
            action = equivalent(listed, state.view(seat).hand, rng)
        probe = state.clone()
        expected = probe.apply(seat, listed)[0]
        events = state.apply(seat, action)
        if action.kind == "play":
            assert isinstance(events[0], PLAYS) and isinstance(expected, PLAYS)
            played, wanted = events[0].combination, expected.combination
            assert played.cards == action.cards
            assert (played.kind, played.rank, played.length) == (
                wanted.kind,
                wanted.rank,
                wanted.length,
            )
        zones = state.zones()
        assert Counter(c for cards in zones.values() for c in cards) == Counter(DECK)
        last = list(events)
    result = state.result()
    assert [e.kind for e in last][-2:] == ["settlement", "game_over"]
    assert sum(result.scores) == 0
    for seat in range(3):
        assert result.scores[seat] == sum(line.points for line in result.lines if line.seat == seat)
    winner = result.winners[0]
    assert state.zones()[f"hand{winner}"] == ()
    bonus_lines = [line for line in result.lines if line.item == "bomb_bonus"]
    bonuses = state.view(0).bonuses
    assert (
        tuple(sum(line.points for line in bonus_lines if line.seat == s) for s in range(3))
        == bonuses
    )
