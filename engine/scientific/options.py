"""Table options of Scientific Battle: how many players, and the trick limit (SB-1, SB-15)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.scientific.facts import FACTS

MIN_PLAYERS = FACTS.min_players
MAX_PLAYERS = FACTS.max_players
DEFAULT_TRICK_LIMIT = int(FACTS.option("trick_limit").default)
MAX_TRICK_LIMIT = FACTS.option("trick_limit").maximum
OPTION_NAMES: tuple[str, ...] = FACTS.engine_options


@dataclass(frozen=True, slots=True)
class Options:
    """Checked options: ``players`` 2-8, ``trick_limit`` 1 to 100,000."""

    players: int = MIN_PLAYERS
    trick_limit: int = DEFAULT_TRICK_LIMIT


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_options(options: Mapping[str, Any], *, seats: int | None = None) -> Options:
    """Check the options; ``seats`` is the number of hands given with ``hands=``, if any.

    >>> parse_options({"players": 3}).players
    3
    >>> parse_options({"players": 9})
    Traceback (most recent call last):
    ...
    ValueError: players must be a whole number from 2 to 8, got 9
    """
    for name in options:
        if name not in OPTION_NAMES:
            raise ValueError(f"no option {name!r}; the options are {', '.join(OPTION_NAMES)}")
    players = options.get("players", seats if seats is not None else MIN_PLAYERS)
    if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, got {players!r}"
        )
    if seats is not None and players != seats:
        raise ValueError(f"players is {players} but {seats} hands were given")
    trick_limit = options.get("trick_limit", DEFAULT_TRICK_LIMIT)
    if not FACTS.option("trick_limit").allows(trick_limit):
        raise ValueError(
            f"trick_limit must be a whole number from 1 to {MAX_TRICK_LIMIT}, got {trick_limit!r}"
        )
    return Options(players=players, trick_limit=trick_limit)
