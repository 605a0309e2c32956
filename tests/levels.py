"""The computer players' levels as test parameters (the expert level, the slowest to think,
is played by the slow run only: ``pytest -m slow``; every other level by the default run),
and a game played to its end by computer players with every choice checked."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from engine.actions import Action
from engine.bots import LEVELS, Bot

LEVEL_PARAMS = [
    pytest.param(level, marks=pytest.mark.slow) if level == "expert" else level for level in LEVELS
]


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
