"""How seats are named: "you" for the seat that listens (seat 0 at a player's table), a real
name for the others; a spectator listens from no seat, and hears every seat by its name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from audiogame.i18n import _, pgettext

HUMAN = 0
"""The seat of the player at the keyboard, in every game; defined here once (the words call
it "you" when the player is the one who listens)."""


def join_words(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` in the player's language; before a word beginning
    with an e, the language may say it otherwise (Italian: "Dario ed Elena").

    >>> from audiogame.i18n import set_language
    >>> set_language("it")
    >>> join_words(["Dario", "Elena"]), join_words(["Anna", "Bruno", "Elena"])
    ('Dario ed Elena', 'Anna, Bruno ed Elena')
    >>> set_language("en")
    """
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    first, last = ", ".join(words[:-1]), words[-1]
    if last[:1].lower() in ("e", "è", "é"):
        return pgettext("before a word beginning with e", "{first} and {last}").format(
            first=first, last=last
        )
    return _("{first} and {last}").format(first=first, last=last)


def capitalize(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Seats:
    """The names at one table and who listens. ``me`` is the seat that listens (the words
    call it "you"; every seat sees itself as seat 0, so a player's is 0), or ``None`` for a
    spectator, who hears every seat by its name. ``names`` are the other seats' names in
    order from ``me`` (``names[k]`` is seat k+1 for a player), or every seat's for a spectator.
    ``options`` are the table's options, for words that depend on the variant.

    >>> from audiogame.i18n import set_language
    >>> set_language("en")
    >>> Seats(("Bruno",), 2).subjects([0, 1])
    'you and Bruno'
    >>> Seats.watching(("Anna", "Bruno")).subjects([0, 1])
    'Anna and Bruno'
    """

    names: tuple[str, ...]
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    me: int | None = HUMAN

    @classmethod
    def watching(cls, names: Sequence[str], options: Mapping[str, Any] | None = None) -> Seats:
        """A spectator's: every seat by its name, nobody is "you"."""
        return cls(tuple(names), len(names), dict(options or {}), me=None)

    def is_me(self, seat: int) -> bool:
        """Whether ``seat`` is the one who listens (never, for a spectator)."""
        return self.me is not None and seat == self.me

    def name(self, seat: int) -> str:
        """The name of a seat that is not the listener's."""
        if self.me is None:
            return self.names[seat]
        return self.names[(seat - self.me) % self.players - 1]

    def subject(self, seat: int) -> str:
        """As the subject of a sentence: "you", "Bruno"."""
        return _("you") if self.is_me(seat) else self.name(seat)

    def object(self, seat: int) -> str:
        """After a preposition ("between you and Bruno"; Italian "te")."""
        return pgettext("object", "you") if self.is_me(seat) else self.name(seat)

    def subjects(self, seats: Sequence[int]) -> str:
        return join_words([self.subject(s) for s in seats])

    def objects(self, seats: Sequence[int]) -> str:
        return join_words([self.object(s) for s in seats])

    def all(self) -> range:
        return range(self.players)
