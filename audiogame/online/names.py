"""Which nicknames a public server accepts, and when two are the same name.

A name is spoken before everything a person does at a table, so it must not pass for
another person's, nor for the program's own words (:mod:`audiogame.online.program_words`),
nor be silent. :func:`problem` says why a name is refused, as a reason the clients say in the
player's language (``audiogame/online/table_words.py``):

>>> [problem(name) for name in ("Anna", "Anna Maria", "Zoë", "Пётр", "O'Brien", "Jean-Luc")]
[None, None, None, None, None, None]
>>> [problem(name) for name in ("Carla passes. Your turn", "Anna:", "Anna.B", "[server]")]
['signs', 'signs', 'signs', 'signs']
>>> [problem(name) for name in ("It is your turn", "È il tuo turno", "The server stops")]
['program', 'program', 'program']
>>> [problem(name) for name in ("Connection lost", "Anna leaves", "You", "Round 1")]
['program', 'program', 'program', 'program']
>>> [problem(name) for name in ("Your turn", "Y0ur turn", "Tocca a te", "Hai vinto", "Anna e Ugo")]
['program', 'program', 'program', 'program', 'program']
>>> [problem(name) for name in ("Ana de la Cruz", "Nguyen Van An", "Mohammed Al-Sayed", "Jack")]
[None, None, None, None]
>>> problem("Ann\\u200ba"), problem("\\u3164"), problem("Zoe" + "\\u0308" * 4)
('invisible', 'invisible', 'invisible')
>>> problem("\\u0410nna"), problem("Anna leaves the table"), problem("\\u0301Anna")
('alphabet', 'length', 'invisible')

Two names are the same when they look alike (:func:`same`): the Unicode confusables
skeleton (UTS #39), with case, accents, hyphens and apostrophes left out:

>>> greek, lisu = "\\u0391\\u039d\\u039d\\u0391", "\\ua4ee\\ua4e0\\ua4e0\\ua4ee"
>>> cherokee = "\\u13aa\\u13c1\\u13c1\\u13aa"
>>> same("ANNA", "Anna"), same(greek, "ANNA"), same(lisu, "ANNA"), same(cherokee, "ANNA")
(True, True, True, True)
>>> alpha, dotless, kim = "\\u2c6dnn\\u0251", "L\\u0131sa", "\\u039a\\u0399\\u039c"
>>> same(alpha, "Anna"), same(dotless, "Lisa"), same(kim, "KIM"), same(kim, "Kim")
(True, True, True, True)
>>> same("l0rd", "lord"), same("Zoë", "Zoe"), same("Jean-Luc", "Jean Luc")
(True, True, True)
>>> same("Br\\u028ano", "Bruno"), same("Mar\\u0188o", "Marco"), problem("\\u0199ar\\u0257e")
(True, True, None)
>>> same("Anna", "Anne"), same("Mario", "Maria"), same("ALI", "All"), same("IAN", "LAN")
(False, False, False, False)

or when they are said alike (:func:`sound`: a simple key of how Latin letters are said):

>>> same("Karla", "Carla"), same("Chim", "Kim"), same("Sarah", "Sara"), same("Ana", "Anna")
(True, True, True, True)
>>> same("Elena", "Helena"), same("Giulia", "Julia"), same("Marco", "Marcho")
(True, True, True)
>>> same("Bruno", "Brouno"), same("Carla", "Kharla"), same("Anna", "Hanna")
(True, True, True)
>>> same("Cindy", "Kindy"), same("Carla", "Carlo"), same("Kim", "Jim"), same("Charles", "Karles")
(False, False, False, False)

The letters' prototypes are UTS #39's, from Unicode's current confusables data, as
:func:`disarm.normalize_confusables` maps them (case kept), with the standard's digits 0 and
1 as O and l and its capital I as l. Of the libraries on PyPI, disarm is the one that is
maintained and follows each new version of that data (``confusable_homoglyphs`` and
``confusables`` compare characters on older data; PyICU's spoof checker is built from source
on each machine). Its own ``skeleton_key`` is not used: it puts capital I with small l and
then folds case, so "ALI" would be "All". Where the data has no entry for a letter drawn as a
Latin one (Cherokee NE, drawn as N), :data:`DRAWN_AS` adds it.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterable

import disarm

from audiogame.online import program_words
from audiogame.online.messages import MAX_NAME
from audiogame.online.written import invisible, piled, tidy
from audiogame.settings import DEFAULT_NAMES

SIGNS = frozenset("'\u2019-")
"""The only signs a name holds beside letters, digits and single spaces (O'Brien, Jean-Luc):
a full stop, a colon or a bracket would let a name sound like a sentence of the program's
("Carla passes. Your turn", "Anna: two")."""

DIGITS = str.maketrans({"0": "O", "1": "l"})
DRAWN_AS = str.maketrans({"\u13c1": "N", "\uab91": "n"})
"""Letters drawn as Latin ones that Unicode's confusables data does not map (Cherokee NE)."""

HOOKED = str.maketrans(
    dict(zip("\u028a\u01b1\u0188\u0187\u0253\u0181\u0257\u018a\u0199\u0198\u0260\u0193"
             "\u0266\ua7aa\u0271\u2c6e\u0272\u019d\u014b\u014a\u0288\u01ae\u0256\u0189"
             "\u027d\u2c64\u0282\u0290\u01b4\u01b3\u0269\u0196\u0261",
             "uUcCbBdDkKgGhHmMnNnNtTdDrRszyYiIg", strict=True))
)  # fmt: skip
"""Latin letters drawn as a basic one with a hook or a curl (IPA's and Africa's: \u028a, \u0188,
\u0253, \u0257, \u0199, \u0272, \u014b...), which the confusables data keeps apart: taken as
that letter when names are compared ("Br\u028ano" beside "Bruno", "Mar\u0188o" beside "Marco"),
while a name that holds them is welcome on its own (Hausa writes \u0199, \u0257, \u0253)."""

_PARTS = re.compile("[ '\u2019-]+")
"""What parts a name's words (O'Brien, Jean-Luc): each is checked against the program's."""


def _script(char: str) -> str | None:
    if not char.isalpha():
        return None
    script = unicodedata.name(char, "?").split()[0]
    return "CJK" if script in ("HIRAGANA", "KATAKANA", "HANGUL") else script


def _bare(name: str) -> str:
    """``name`` without accents, hyphens and apostrophes (a hyphen is a space)."""
    name = name.translate(DRAWN_AS).replace("-", " ").replace("'", "").replace("\u2019", "")
    split = unicodedata.normalize("NFD", name)
    return "".join(char for char in split if not unicodedata.combining(char))


def _drawn(name: str) -> str:
    """Each letter as the Latin letter it is drawn as (UTS #39's prototypes, case kept), the
    digits 0 and 1 as O and l."""
    return disarm.normalize_confusables(name).translate(DIGITS)


@functools.lru_cache(maxsize=8192)
def skeletons(name: str) -> tuple[str, str]:
    """What ``name`` looks like: in any case (Greek capitals KIM, Latin "KIM" and "Kim"
    alike; the prototypes taken again once in small letters, where Latin capital alpha
    becomes small alpha, then "a"), and as written, with a capital I taken for a small l
    ("Ian", "lan")."""
    bare = _bare(unicodedata.normalize("NFKC", tidy(name))).translate(HOOKED)
    drawn = _drawn(bare)
    return _drawn(drawn.casefold()).casefold(), drawn.replace("I", "l")


def _fold(word: str) -> str:
    return skeletons(word)[0]


@functools.cache
def _said() -> tuple[frozenset[str], frozenset[str]]:
    """The program's words and the computer players' names, folded, each letter said once
    (:func:`audiogame.online.program_words.single`): its words' names left out."""
    single = program_words.single
    allowed = {single(_fold(word)) for word in program_words.NAME_WORDS}
    said = {single(word) for word in program_words.vocabulary(_fold)} - allowed
    return frozenset(said), frozenset(single(_fold(name)) for name in DEFAULT_NAMES)


def _program(name: str) -> bool:
    """Whether a word of ``name`` is one of the program's (:mod:`audiogame.online.
    program_words`), with letters said more than once ("Passs") or run together with others
    or a computer player's name ("Yourturn", "Brunopassa"), or the word it joins two names with
    stands between two of its words."""
    words = [_fold(part) for part in _PARTS.split(name) if part]
    vocabulary = program_words.vocabulary(_fold)
    said, bots = _said()
    return any(
        len(word) > 1
        and (
            word in vocabulary
            or program_words.single(word) in said
            or program_words.run_together(
                program_words.single(word), said, bots, program_words.pairs(_fold)
            )
        )
        for word in words
    ) or any(word in program_words.JOINS for word in words[1:-1])


def _stray_mark(name: str) -> bool:
    """A combining mark on no letter (first, or after a space or a sign)."""
    previous = " "
    for char in name:
        if unicodedata.category(char)[0] == "M" and unicodedata.category(previous)[0] not in "LMN":
            return True
        previous = char
    return False


_CHECKS: tuple[tuple[str, Callable[[str], bool]], ...] = (
    ("invisible", lambda name: invisible(name) or piled(name) or _stray_mark(name)),
    (
        "signs",
        lambda name: any(
            unicodedata.category(char)[0] not in "LMN" and char != " " and char not in SIGNS
            for char in name
        ),
    ),
    ("signs", lambda name: not any(char.isalnum() for char in name)),
    ("length", lambda name: len(name) > MAX_NAME),
    ("alphabet", lambda name: len({s for s in map(_script, name) if s is not None}) > 1),
    ("program", _program),
)


def problem(name: str) -> str | None:
    """Why ``name`` (as :func:`audiogame.online.written.tidy` leaves it) cannot be a nickname:
    ``invisible``, ``length``, ``signs``, ``alphabet`` or ``program``; ``None`` when it can."""
    name = tidy(name)
    for reason, fails in _CHECKS:
        if fails(name):
            return reason
    return None


def looks_alike(one: str, other: str) -> bool:
    """Whether two names would be taken for one another on reading (in the same case
    form)."""
    return any(a == b for a, b in zip(skeletons(one), skeletons(other), strict=True))


SOUNDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), spoken)
    for pattern, spoken in (
        ("ph", "f"), ("th", "t"), ("sh", "S"), ("gh", "G"), ("^ch(?=[aou])", "C"),
        ("ch(?=[eiyrl])", "k"), ("ch(?=[aou])", "k"), ("ck", "k"), ("c(?![eiyh])", "k"),
        ("h", ""), ("gi(?=[aeou])", "j"), ("g(?=i)", "j"), ("o[ou]", "u"), ("q", "k"),
        ("x", "ks"), ("y", "i"), ("G", "g"),
    )
)  # fmt: skip
"""What a word's letters sound like, in order, on a word in small letters without accents: ph
is f (Philip, Filip), th is t (Thomas, Tomas), sh and gh stay (Sasha; Ghita is not Gita); ch
first in a word before a, o, u stays (Charles is not Karles), elsewhere before a vowel, r or l
it is k (Chiara, Kiara; Christina, Kristina; Chim is Kim as Italian reads it; Marcho, Marco),
and so is ck, a c before any other letter (Carla, Karla; Marco, Marko); every other h is silent
(Sarah, Sara; Helena, Elena; Hugo, Ugo; Kharla, Karla); gi before a vowel and j are one sound
(Giulia, Julia), and so are gi and ji (Gino, Jino); oo and ou are u (Brouno, Broono, Bruno); q
is k, x is ks (Alex, Aleks), y is i (Yvonne, Ivonne). (The word is in small letters: a
capital stands for a sound of two letters, S for sh, C for ch as in Charles.) Then the spaces
go, and a letter said twice is said once (Anna, Ana); digits stay as they are said ("Kim 2"
and "Kim 22" are two names; "Brun0", said "Brun zero", is refused for its look)."""


@functools.lru_cache(maxsize=8192)
def sound(name: str) -> str:
    """What ``name`` sounds like, as :data:`SOUNDS` says, for the Latin letters (a name in
    another alphabet is compared as it is written, in small letters without accents)."""
    bare = _bare(unicodedata.normalize("NFKC", tidy(name))).casefold()
    words = []
    for word in bare.split():
        for pattern, spoken in SOUNDS:
            word = pattern.sub(spoken, word)
        words.append(word)
    return re.sub(r"([^\W\d_])\1+", r"\1", "".join(words))


def sounds_alike(one: str, other: str) -> bool:
    """Whether two names are said alike (:func:`sound`)."""
    return sound(one) == sound(other)


def same(one: str, other: str) -> bool:
    """Whether two names would be taken for one another, on reading or on hearing."""
    return looks_alike(one, other) or sounds_alike(one, other)


def keys(name: str) -> frozenset[tuple[str, str]]:
    """What ``name`` is known by: two names share one exactly when they are the :func:`same`
    (a set of them is searched at once for every name it holds)."""
    drawn, written = skeletons(name)
    return frozenset((("drawn", drawn), ("written", written), ("sound", sound(name))))


def likeness(name: str, others: Iterable[str]) -> str | None:
    """How ``name`` would be taken for one of ``others``: ``look_alike``, else
    ``sound_alike``; ``None`` when it would not."""
    others = list(others)
    if any(looks_alike(name, other) for other in others):
        return "look_alike"
    if any(sounds_alike(name, other) for other in others):
        return "sound_alike"
    return None


def dressed_as(name: str, names: Iterable[str]) -> bool:
    """Whether ``name`` looks like one of ``names`` only by look-alike letters or digits
    ("Brun0", "Anna" in Greek capitals, beside "Bruno" and "Anna"), not by being that name in
    another case or with other accents ("BRUNO", "Fábio" beside "Fabio")."""
    plain = _bare(unicodedata.normalize("NFKC", tidy(name))).casefold()
    return any(
        looks_alike(name, other)
        and plain != _bare(unicodedata.normalize("NFKC", tidy(other))).casefold()
        for other in names
    )
