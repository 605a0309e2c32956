"""The one exception a player can cause: an action the rules refuse."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.vocabulary import RefusalCode


class IllegalAction(ValueError):
    """An action that is not legal now; the state is left untouched.

    ``str(error)`` is a plain English sentence. ``code`` names the reason for translation
    (``"not_your_turn"``, ``"must_beat"``, ...) and ``params`` carries what the sentence needs.
    """

    def __init__(self, message: str, *, code: RefusalCode, **params: object) -> None:
        super().__init__(message)
        self.code: RefusalCode = code
        self.params: Mapping[str, object] = MappingProxyType(dict(params))


def bad_seat(seat: object, players: int) -> IllegalAction:
    """The refusal of anything that is not a seat of the table (a number out of range, a bool,
    a string...): the same in every game, from ``view``, ``legal_actions`` and ``apply``."""
    return IllegalAction(
        f"there is no seat {seat!r}; the seats are 0 to {players - 1}", code="bad_seat", seat=seat
    )
