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

from collections.abc import Sequence
from typing import Any

from engine.actions import Action
from engine.bots.common import LEVELS, Bot, Hint

GAMES: tuple[str, ...] = ("battle", "scientific", "cardavia")


def make(game: str, level: str, seed: int | None = None, *, budget: float | None = None) -> Bot:
    """A computer player for ``game`` (``"battle"``, ``"scientific"``, ``"cardavia"``) at
    ``level`` (``"easy"``, ``"normal"``, ``"hard"``, ``"expert"``). Every level counts its
    work (play-outs, iterations), never seconds, so a seed gives the same choices on any
    machine; ``budget``, when given, is a most seconds a decision may take on top of that
    (then a slow machine may cut a search short, and choices may differ)."""
    if game not in GAMES:
        raise ValueError(f"no game {game!r}; the games are {', '.join(GAMES)}")
    if level not in LEVELS:
        raise ValueError(f"no level {level!r}; the levels are {', '.join(LEVELS)}")
    if game == "cardavia":
        from engine.bots.cardavia import players as cardavia

        kind: type[Bot] = {
            "easy": cardavia.EasyCardavia,
            "normal": cardavia.NormalCardavia,
            "hard": cardavia.HardCardavia,
            "expert": cardavia.ExpertCardavia,
        }[level]
    elif game == "scientific":
        from engine.bots.scientific import players as scientific

        kind = {
            "easy": scientific.EasyScientific,
            "normal": scientific.NormalScientific,
            "hard": scientific.HardScientific,
            "expert": scientific.ExpertScientific,
        }[level]
    else:
        from engine.bots import battle

        kind = {
            "easy": battle.EasyBattle,
            "normal": battle.NormalBattle,
            "hard": battle.HardBattle,
            "expert": battle.ExpertBattle,
        }[level]
    return kind(seed, budget)


def hint(game: str, view: Any, legal_actions: Sequence[Action], seed: int | None = None) -> Hint:
    """What the hard player would do in this seat, and why (see :class:`Hint`)."""
    return make(game, "hard", seed).advise(view, legal_actions)


__all__ = ["GAMES", "LEVELS", "Bot", "Hint", "hint", "make"]
