"""Computer players for every game, at four levels, and the hint a player can ask for.

>>> from engine import games
>>> state = games["cardavia"].new_state(seed=1)
>>> seat = state.to_act()[0]
>>> bot = make("cardavia", "normal", seed=7)
>>> bot.choose(state.view(seat), state.legal_actions(seat)) in state.legal_actions(seat)
True

A bot is handed one seat's view and that seat's legal actions, never the state, so it cannot
know what the seat may not. ``make(game, level, seed)`` is reproducible for a given seed on
any machine: searches count their work in play-outs, not in seconds. ``hint(game, view,
legal)`` says what the hard player would do in that seat, with a reason as a code and
parameters for the front end to put into words; a table that keeps one hard bot for its hints
(``make(game, "hard").advise(view, legal)``) gives it the whole game to learn from.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any

from engine.actions import Action
from engine.bots.common import LEVELS, Bot, Hint
from engine.registry import registered, registration, shipped

GAMES: tuple[str, ...] = shipped()
"""The games that ship with computer players; any registered game with a ``bots`` module has
them too (:mod:`engine.registry`)."""


def make(game: str, level: str, seed: int | None = None, *, budget: float | None = None) -> Bot:
    """A computer player for ``game`` (``"battle"``, ``"scientific"``, ``"cardavia"``, or any
    game registered with its computer players) at ``level`` (``"easy"``, ``"normal"``,
    ``"hard"``, ``"expert"``). Every level counts its work (play-outs, iterations), never
    seconds, so a seed gives the same choices on any machine; ``budget``, when given, is a
    most seconds a decision may take on top of that (then a slow machine may cut a search
    short, and choices may differ)."""
    found = {name: registration(name).bots for name in registered()}
    if not found.get(game):
        with_bots = ", ".join(name for name, module in found.items() if module)
        raise ValueError(f"no game {game!r}; the games are {with_bots}")
    if level not in LEVELS:
        raise ValueError(f"no level {level!r}; the levels are {', '.join(LEVELS)}")
    players: Mapping[str, type[Bot]] = importlib.import_module(found[game]).PLAYERS
    return players[level](seed, budget)


def hint(game: str, view: Any, legal_actions: Sequence[Action], seed: int | None = None) -> Hint:
    """What the hard player would do in this seat, and why (see :class:`Hint`)."""
    return make(game, "hard", seed).advise(view, legal_actions)


__all__ = ["GAMES", "LEVELS", "Bot", "Hint", "hint", "make"]
