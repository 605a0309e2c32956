"""The computer players' levels as test parameters (the expert level, the slowest to think,
is played by the slow run only: ``pytest -m slow``; every other level by the default run),
the Scientific table sizes the default run plays (the others: the slow run), a game played
to its end by computer players with every choice checked, and the check that a Cardavia
player makes the same choice whatever the hidden hands."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from engine import Pass, Play
from engine.actions import Action
from engine.bots import LEVELS, Bot
from engine.bots.cardavia.public import mask_of_cards, read_view
from engine.bots.cardavia.sample import Sampler, consistent
from engine.cardavia import CardaviaGame
from engine.cardavia.deck import hand_cards
from engine.cardavia.state import CardaviaState
from engine.cards import parse_cards

LEVEL_PARAMS = [
    pytest.param(level, marks=pytest.mark.slow) if level == "expert" else level for level in LEVELS
]
MANY = [3, 8, *(pytest.param(players, marks=pytest.mark.slow) for players in (4, 5, 6, 7))]
"""Scientific tables of 3 to 8: the smallest and the largest in the default run, the others
with ``-m slow``."""


def play_checked(state: Any, bots: Sequence[Bot], order: random.Random) -> list[tuple[int, Action]]:
    """Play ``state`` to its end: each choice is checked to be one of the legal actions (the
    very object handed over), and each bot is handed nothing but its view and its actions;
    when several seats are awaited, ``order`` picks which answers first."""
    moves: list[tuple[int, Action]] = []
    while not state.is_over:
        awaited = state.to_act()
        seat = awaited[0] if len(awaited) == 1 else order.choice(awaited)
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal)
        assert any(action is choice for choice in legal), f"{action} is not legal"
        state.apply(seat, action)
        moves.append((seat, action))
    return moves


def cards_mask(text: str) -> int:
    """Cards written as text (``"9h 9s"``), as a card mask."""
    return mask_of_cards(tuple(parse_cards(text)))


def hand_masks(state: CardaviaState) -> list[int]:
    """The three Cardavia hands, as card masks."""
    return [mask_of_cards(state.zones()[f"hand{seat}"]) for seat in range(3)]


def same_story_other_hands(
    state: CardaviaState, me: int, rng: random.Random
) -> CardaviaState | None:
    """A Cardavia deal with the same history as ``state`` where the two other seats' unplayed
    cards are dealt differently (same counts, every pass still forced), or ``None``."""
    public = read_view(state.view(me))
    hands = Sampler(public).deal(rng)
    if hands == hand_masks(state) or not consistent(public, hands):
        return None
    start = [hands[s] | public.played_by[s] for s in range(3)]
    other = CardaviaGame().new_state(hands=[hand_cards(h) for h in start])
    for _, seat, combination in state.view(me).history:
        other.apply(seat, Pass() if combination is None else Play(combination.cards))
    return other


def same_choice_whatever_the_hidden_hands(
    state: CardaviaState, me: int, rng: random.Random, player: Callable[[], Bot]
) -> bool:
    """Seat ``me`` of a Cardavia deal cannot tell ``state`` from a deal of the same story whose
    hidden cards are dealt otherwise: the same view, and so the same choice of a player made
    afresh by ``player()`` for each. False when no other dealing fits the story (nothing was
    compared)."""
    other = same_story_other_hands(state, me, rng)
    if other is None:
        return False
    assert hand_masks(other) != hand_masks(state)
    assert other.view(me) == state.view(me)
    choices = [player().choose(s.view(me), s.legal_actions(me)) for s in (state, other)]
    assert choices[0] == choices[1]
    return True
