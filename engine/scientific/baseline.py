"""The simple greedy player of Scientific Battle."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action
from engine.scientific.view import ScientificView

_JOKER_STRENGTH = -100


def greedy_choice(view: ScientificView, legal_actions: Sequence[Action]) -> Action:
    """Play the strongest card in the current order; jokers count as weakest; never exchange.

    Only when no card may be played (a seer waiting, with an exchange offered) is the first
    legal action returned.
    """
    sign = -1 if view.reversed else 1
    best: Action | None = None
    best_strength = _JOKER_STRENGTH - 1
    for action in legal_actions:
        if action.kind != "play":
            continue
        rank = action.cards[0].rank
        strength = _JOKER_STRENGTH if rank is None else rank * sign
        if strength > best_strength:
            best, best_strength = action, strength
    if best is None:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        return legal_actions[0]
    return best
