"""Table options of Scientific Battle: how many players, and the trick limit (SB-1, SB-15)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.scientific.facts import FACTS


@dataclass(frozen=True, slots=True)
class Options:
    """Options checked against :data:`engine.scientific.facts.FACTS`, which holds their values
    and defaults."""

    players: int
    trick_limit: int


def parse_options(options: Mapping[str, Any], *, seats: int | None = None) -> Options:
    """Check the options against Scientific Battle's facts; ``seats`` is the number of hands
    given with ``hands=``, if any.

    >>> parse_options({"players": 3}).players
    3
    >>> parse_options({"players": 9})
    Traceback (most recent call last):
    ...
    ValueError: players cannot be 9: it must be a whole number from 2 to 8
    """
    return Options(**FACTS.checked(options, seats))
