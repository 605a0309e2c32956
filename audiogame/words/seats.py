"""How seats are named: "you" for the player (seat 0), a real name for the others."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from audiogame.i18n import _, pgettext

HUMAN = 0
"""The seat of the player at the keyboard, in every game; defined here once (the words call
it "you")."""


def join_words(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` in the player's language."""
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


def capitalize(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Seats:
    """The names at one table: ``names[k]`` is seat k+1; seat 0 is the player. ``options``
    are the table's options, for words that depend on the variant."""

    names: tuple[str, ...]
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)

    def subject(self, seat: int) -> str:
        """As the subject of a sentence: "you", "Bruno"."""
        return _("you") if seat == HUMAN else self.names[seat - 1]

    def object(self, seat: int) -> str:
        """After a preposition ("between you and Bruno"; Italian "te")."""
        return pgettext("object", "you") if seat == HUMAN else self.names[seat - 1]

    def subjects(self, seats: Sequence[int]) -> str:
        return join_words([self.subject(s) for s in seats])

    def objects(self, seats: Sequence[int]) -> str:
        return join_words([self.object(s) for s in seats])

    def all(self) -> range:
        return range(self.players)
