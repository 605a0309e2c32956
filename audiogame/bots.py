"""Computer players, made in one place so that stronger ones can replace the baseline."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from engine.actions import Action


class Bot(Protocol):
    def choose(self, view: Any, legal_actions: Sequence[Action]) -> Action: ...


def make_bot(game: str, level: str = "greedy", seed: int | None = None) -> Bot:
    """A computer player for ``game``: ``level`` is ``"greedy"`` or ``"random"``."""
    from engine.baseline import make_baseline

    return make_baseline(game, level, seed)
