"""What a person writes that the others will hear (a nickname, a chat line): the characters
that show or say nothing, and accents piled on one letter, are refused the same way in both.

Text is taken in NFC, the form in which an accented letter is one character wherever Unicode
has one (``"e\\u0301"`` is ``"é"``). A letter that has no such form keeps its marks, and a few
scripts put two on one letter as they are written (a Devanagari vowel sign and the anusvara,
a Thai vowel and its tone mark); three or more on one letter are a pile that a screen reader
reads out mark by mark, or not at all. The marks are counted with each letter taken apart
(NFD), so that a letter that already holds two accents ("\\u1ebf", e with a circumflex and an
acute) may carry no more:

>>> piled("Zoe\\u0308"), piled("\\u0915\\u093f\\u0902"), piled("a\\u0301\\u0301\\u0301")
(False, False, True)
>>> piled("Nguy\\u1ec5n"), piled("\\u1ebf\\u0301"), piled("\\u1ec7\\u0301\\u0301")
(False, True, True)

Every kind of space (the ideographic one, the no-break ones) is taken as a plain space, and
spaces are single (:func:`tidy`); what still shows or says nothing is refused:

>>> tidy(" Zoe\\u0308\\u3000\\u3000ciao\\u00a0 "), invisible("An\\u2800na"), invisible("a\\u200bb")
('Zoë ciao', True, True)
>>> chat_problem("well played"), chat_problem("you lead.\\u2800"), chat_problem("\\u3164")
(None, 'invisible', 'invisible')
>>> chat_problem("e" + "\\u0301" * 298), chat_problem(tidy("\\u3000 "))
('marks', 'blank')
>>> tidy("Anna\\ufe0f"), chat_problem(tidy("\\u034f\\ufe0f"))
('Anna', 'blank')
"""

from __future__ import annotations

import unicodedata

MAX_MARKS = 2
"""Combining marks one letter may carry, counted in NFD (a Vietnamese "\u1ec7" is e with two)."""

BLANKS = frozenset(
    chr(code) for code in (0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x180E, 0x17B4, 0x17B5)
)
"""Characters that show and say nothing though Unicode does not call them spaces or format
characters: the Hangul fillers, the blank Braille pattern, the Mongolian vowel separator,
the Khmer invisible vowels."""

IGNORABLE_MARKS = frozenset(
    [chr(0x034F), *map(chr, range(0x180B, 0x1810)), *map(chr, range(0xFE00, 0xFE10)),
     *map(chr, range(0xE0100, 0xE01F0))]
)  # fmt: skip
"""Marks that Unicode says to ignore when they cannot be shown (the combining grapheme
joiner, the variation selectors): no letter of their own, no sound; taken out of what a
person writes (:func:`tidy`), so that "Anna" followed by one is "Anna", and a chat line of
them alone is blank. (The other default-ignorable characters are format characters, refused
as invisible.)"""

_UNSEEN_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
"""Control, format (zero-width, direction), surrogate, private, unassigned, line and
paragraph separators."""


def tidy(text: str) -> str:
    """``text`` in NFC, without the ignorable marks, every space a plain one, single, none at
    either end."""
    text = unicodedata.normalize("NFC", text)
    if not text.isascii():
        text = "".join(char for char in text if char not in IGNORABLE_MARKS)
    if not text.isascii():
        text = "".join(" " if unicodedata.category(char) == "Zs" else char for char in text)
    return " ".join(filter(None, text.split(" ")))


def invisible(text: str) -> bool:
    """Whether ``text`` holds a character that shows or says nothing."""
    return any(char in BLANKS or unicodedata.category(char) in _UNSEEN_CATEGORIES for char in text)


def piled(text: str) -> bool:
    """Whether a letter of ``text`` carries more than :data:`MAX_MARKS` combining marks, its
    own accents counted (NFD)."""
    run = 0
    for char in unicodedata.normalize("NFD", text):
        run = run + 1 if unicodedata.category(char) in ("Mn", "Me", "Mc") else 0
        if run > MAX_MARKS:
            return True
    return False


CHAT_PROBLEMS = {
    "invisible": "a chat line holds no invisible, control or direction characters",
    "marks": "a chat line piles no accents on a letter",
    "blank": "a chat line says something: it is only blanks",
}
"""The server's own words for each reason a chat line is refused (``error`` ``bad_chat``);
the clients say theirs (:mod:`audiogame.online.table_words`)."""


def chat_problem(text: str) -> str | None:
    """Why a chat line (in NFC) is refused: ``invisible``, ``marks`` or ``blank``; ``None``
    when it may be said."""
    if invisible(text):
        return "invisible"
    if piled(text):
        return "marks"
    if not text.strip():
        return "blank"
    return None
