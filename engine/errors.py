"""The one exception a player can cause: an action the rules refuse."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType


class IllegalAction(ValueError):
    """An action that is not legal now; the state is left untouched.

    ``str(error)`` is a plain English sentence. ``code`` names the reason for translation
    (``"not_your_turn"``, ``"must_beat"``, ...) and ``params`` carries what the sentence needs.
    """

    def __init__(self, message: str, *, code: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params: Mapping[str, object] = MappingProxyType(dict(params))
