"""Which nicknames a public server accepts, and when two are the same name.

A name is spoken before everything a person does at a table, so it must not pass for
another person's, nor for the program's own words, nor be silent:

>>> problem("Anna"), problem("Anna Maria"), problem("Zoë"), problem("Пётр")
(None, None, None, None)
>>> problem("\\u3164") is not None, problem("Ann\\u200ba") is not None
(True, True)
>>> problem("\\u0410nna") is not None  # a Cyrillic A among Latin letters
True
>>> problem("Your turn123") is not None
True
>>> [problem(name) is not None for name in ("Anna:", "Anna (bot)", "[server]", "Round 1", "You")]
[True, True, True, True, True]
>>> problem("O'Brien"), problem("Jean-Luc"), problem("Youssef"), problem("Roundtree")
(None, None, None, None)
>>> same("anna", "ANNA"), same("Anna", "\\u0410nna"), same("l0rd", "lord"), same("Anna", "Anne")
(True, True, True, False)
"""

from __future__ import annotations

import unicodedata

INVISIBLE = frozenset(
    chr(code) for code in (0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x180E, 0x17B4, 0x17B5)
)
"""Letters (by their category) that show and say nothing: Hangul fillers, the blank Braille
pattern, Mongolian and Khmer invisible vowels."""

_LOOK_ALIKES: dict[str | int, str] = {
        # Cyrillic and Greek letters drawn as Latin ones (by code point)
        0x0430: "a", 0x0432: "b", 0x0435: "e", 0x043A: "k", 0x043C: "m", 0x043D: "h",
        0x043E: "o", 0x0440: "p", 0x0441: "c", 0x0442: "t", 0x0443: "y", 0x0445: "x",
        0x0456: "l", 0x0458: "j", 0x0455: "s", 0x0501: "d", 0x03B1: "a", 0x03B2: "b",
        0x03B5: "e", 0x03B9: "l", 0x03BA: "k", 0x03BD: "v", 0x03BF: "o", 0x03C1: "p",
        0x03C4: "t", 0x03C5: "u", 0x03C7: "x", 0x03F2: "c",
        # digits and signs taken for letters
        "0": "o", "1": "l", "|": "l", "i": "l", "3": "e", "5": "s", "$": "s", "@": "a",
        "_": " ", "-": " ", ".": " ",
}  # fmt: skip
LOOK_ALIKES = str.maketrans(_LOOK_ALIKES)

PROGRAM_WORDS = (
    "your turn", "il tuo turno", "tocca a te", "server", "system", "sistema", "admin",
    "table", "tavolo", "computer", "audiogame",
)  # fmt: skip
"""How the program's own sentences start: no name starts so."""

PROGRAM_FIRST_WORDS = frozenset(
    (
        "you", "tu", "te", "everyone", "everybody", "tutti", "entrambi", "both", "nobody",
        "nessuno", "round", "giro", "deal", "smazzata", "trick", "presa", "hint",
        "suggerimento", "game", "partita", "narrator", "narratore", "bot", "robot", "cards",
        "carte", "chat", "moderator", "moderatore",
    )
)  # fmt: skip
"""Words that open the program's own sentences: no name is one of them, or starts with one
and a space."""

_FIRST_WORDS = frozenset(map(lambda word: " ".join(word.translate(LOOK_ALIKES).split()),
                             PROGRAM_FIRST_WORDS))  # fmt: skip

JOINERS = frozenset("'\u2019-._")
"""The only signs a name may hold (O'Brien, Jean-Luc, Anna.B): a colon, a bracket or a
parenthesis in a name would make it sound like the program's own words ("Anna: two")."""


def skeleton(name: str) -> str:
    """What a name looks and sounds like: compatible forms folded, accents and case dropped,
    look-alike letters mapped to one, spaces collapsed."""
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    bare = "".join(char for char in folded if not unicodedata.combining(char))
    return " ".join(bare.translate(LOOK_ALIKES).split())


def _script(char: str) -> str | None:
    if not char.isalpha():
        return None
    script = unicodedata.name(char, "?").split()[0]
    return "CJK" if script in ("HIRAGANA", "KATAKANA", "HANGUL") else script


def problem(name: str) -> str | None:
    """Why ``name`` cannot be a nickname on the server (a sentence), or ``None``."""
    if any(char in INVISIBLE for char in name):
        return "a name holds no invisible letters"
    for char in name:
        category = unicodedata.category(char)
        if category[0] not in "LN" and char != " " and char not in JOINERS:
            return "a name holds letters, digits, single spaces and ' - . _ only"
    if "  " in name:
        return "a name holds letters, digits, single spaces and ' - . _ only"
    if not any(char.isalnum() for char in name):
        return "a name holds at least one letter or digit"
    scripts = {script for script in map(_script, name) if script is not None}
    if len(scripts) > 1:
        return "a name is written in one alphabet"
    bare = skeleton(name)
    if any(bare.startswith(skeleton(words)) for words in PROGRAM_WORDS) or (
        bare.split() and bare.split()[0] in _FIRST_WORDS
    ):
        return "a name cannot start as the program's own words"
    return None


def same(one: str, other: str) -> bool:
    """Whether two names would be taken for one another."""
    return skeleton(one) == skeleton(other)
