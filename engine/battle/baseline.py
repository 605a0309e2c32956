"""The simple greedy Battaglia player: flip in classic play; in open play, put the lowest card
face down and play the highest face up."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import Action


def _rank(action: Action) -> int:
    return action.cards[0].rank or 0 if action.cards else 0


def greedy_choice(view: Any, legal_actions: Sequence[Action]) -> Action:
    """The flip when it is the only action; else the lowest face-down card or the highest
    card to play."""
    if not legal_actions:
        raise ValueError("no legal action to choose from")
    first = legal_actions[0]
    if first.kind == "flip":
        return first
    if first.kind == "face_down":
        return min(legal_actions, key=_rank)
    return max(legal_actions, key=_rank)
