"""Rank keys beyond the table's own: the Italian letter of the jack, and the 1 that is no rank.

The tables jump to a rank with 2 to 9, 0 for the ten and J, Q, K, A. A player who names the
cards in Italian also reaches for F (fante, the jack): in Italian it jumps to the jack, at every
table, as no table binds F. D (donna) and R (re) are not taken: D is the deal code at every
table, R the rules in force at Battaglia scientifica and the plays of the round at Cardavia.
The 1 names no card: it says how to reach the ten.

>>> from audiogame.i18n import set_language
>>> set_language("it"); letter_rank("F"), letter_rank("d")
(11, None)
>>> set_language("en"); letter_rank("f")
>>> one_text()
'1 is no rank: 0 is the ten.'
"""

from __future__ import annotations

from audiogame import i18n
from audiogame.i18n import _

# Ranks a digit or letter jumps to in a hand (0 is the ten).
JUMP_KEYS: dict[str, int] = {
    **{str(rank): rank for rank in range(2, 10)},
    "0": 10,
    "j": 11,
    "q": 12,
    "k": 13,
    "a": 14,
}

ITALIAN_LETTERS: dict[str, int] = {"f": 11}
"""Italian rank letters no table binds: F, fante (the jack)."""


def letter_rank(char: str) -> int | None:
    """The rank an Italian letter jumps to, when the program speaks Italian."""
    if i18n.language() != "it":
        return None
    return ITALIAN_LETTERS.get(char.lower())


def one_text() -> str:
    """What the 1 says: there is no rank 1, and the ten is the 0."""
    return _("1 is no rank: 0 is the ten.")
