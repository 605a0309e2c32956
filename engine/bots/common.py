"""What every computer player shares: the input checks, the time budget and the hint value.

A bot is handed one seat's view and that seat's legal actions, never the state: whatever it
knows, the view told it.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from engine.actions import Action

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")

_NO_PARAMS: Mapping[str, object] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Hint:
    """An action and why: ``code`` names the reason for translation (``"keeps_straight"``,
    ``"go_out"``...), ``params`` carries what the sentence needs (cards, ranks, counts)."""

    action: Action
    code: str
    params: Mapping[str, object] = field(default_factory=lambda: _NO_PARAMS)


def hint_of(action: Action, code: str, **params: object) -> Hint:
    """A hint with its parameters frozen."""
    return Hint(action, code, MappingProxyType(dict(params)) if params else _NO_PARAMS)


class Deadline:
    """A time budget started now; ``None`` seconds means no limit."""

    __slots__ = ("_end",)

    def __init__(self, seconds: float | None) -> None:
        self._end = None if seconds is None else time.perf_counter() + seconds

    def passed(self) -> bool:
        """True once the budget is spent: a search stops and answers with its best so far."""
        return self._end is not None and time.perf_counter() >= self._end


def check_input(view: Any, legal_actions: Sequence[Action]) -> None:
    """The two mistakes a caller can make: a finished game, or nothing to choose from."""
    if getattr(view, "is_over", False):
        raise ValueError("the game is over: there is nothing left to choose")
    if not legal_actions:
        raise ValueError("no legal action to choose from: this seat is not to act now")


class Bot(ABC):
    """A computer player: ``choose(view, legal_actions)`` returns one of ``legal_actions``.

    ``seed`` makes it reproducible (as long as the time budget is not overrun: the searches
    also stop at a fixed amount of work, well inside the budget on an ordinary machine);
    ``budget`` is the most seconds one decision may take (``None``: no limit)."""

    game = ""
    level = ""

    def __init__(self, seed: int | None = None, budget: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.budget = budget

    def choose(self, view: Any, legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions`` (the very object), chosen from what ``view`` shows."""
        return self.advise(view, legal_actions).action

    def advise(self, view: Any, legal_actions: Sequence[Action]) -> Hint:
        """The chosen action and the reason for it."""
        check_input(view, legal_actions)
        hint = self.decide(view, list(legal_actions), Deadline(self.budget))
        if not any(hint.action is action for action in legal_actions):
            # Found by value (an equal action built elsewhere): hand back the caller's object.
            for action in legal_actions:
                if action == hint.action:
                    return Hint(action, hint.code, hint.params)
            raise AssertionError(f"{type(self).__name__} chose {hint.action}, which is not legal")
        return hint

    @abstractmethod
    def decide(self, view: Any, legal: list[Action], deadline: Deadline) -> Hint:
        """The decision itself; ``legal`` is not empty and the game is not over."""
