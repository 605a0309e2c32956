"""Baseline computer players for every game: a random legal player and a simple greedy one.

They follow the bot interface, ``choose(view, legal_actions)``, and see only their seat's view.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.actions import Action

GreedyRule = Callable[[Any, Sequence[Action]], Action]


class RandomPlayer:
    """Picks uniformly among the legal actions (seeded: reproducible)."""

    __slots__ = ("_random", "_rng")

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._random = self._rng.random

    def choose(self, view: Any, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        # random() is one call into C; randrange() runs several lines of Python each time.
        return legal_actions[int(self._random() * len(legal_actions))]


class GreedyPlayer:
    """Follows the game's simple greedy rule (each game's ``baseline.greedy_choice``)."""

    def __init__(self, rule: GreedyRule) -> None:
        self._rule = rule

    def choose(self, view: Any, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        return self._rule(view, legal_actions)


def make_baseline(game: str, kind: str, seed: int | None = None) -> RandomPlayer | GreedyPlayer:
    """``make_baseline("cardavia", "greedy")``; kinds are ``"random"`` and ``"greedy"``."""
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        module = importlib.import_module(f"engine.{game}.baseline")
        rule: GreedyRule = module.greedy_choice
        return GreedyPlayer(rule)
    raise ValueError(f"no baseline player {kind!r}; the kinds are random and greedy")
