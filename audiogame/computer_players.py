"""Computer players, made in one place: the engine's players at four levels (easy, normal,
hard, expert), and the baseline ones (random, greedy) that tests use to know exactly what a
table's computer players will do."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from engine.actions import Action

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
DEFAULT_LEVEL = "normal"


class Bot(Protocol):
    def choose(self, view: Any, legal_actions: Sequence[Action]) -> Action: ...


def make_bot(game: str, level: str = DEFAULT_LEVEL, seed: int | None = None) -> Bot:
    """A computer player for ``game``: ``level`` is ``"easy"``, ``"normal"``, ``"hard"`` or
    ``"expert"`` (or a baseline, ``"greedy"`` or ``"random"``)."""
    if level in ("greedy", "random"):
        from engine.baseline import make_baseline

        return make_baseline(game, level, seed)
    from engine.bots import make

    return make(game, level, seed)
