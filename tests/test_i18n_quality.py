"""The Italian catalog reads as Italian: no English left in, no versions glued together, no
translation far longer than its English, and every key name under its own context.

Each check is a function of one catalog, so that the tests can prove it fails on the kinds of
entry a native speaker found (the glued 8's offer, "Valore più alto.H o punto…", "Entra" for
the Enter key) as well as passing on the catalog the program ships.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from audiogame.app.actions import KEY_NAMES, PAIRS, key_name, keys_name
from audiogame.i18n import KEY, LOCALE_DIR, set_language

PLACEHOLDER = re.compile(r"\{\w+\}")
WORD = re.compile(r"[A-Za-zÀ-ÿ']+")
# English words that are not Italian words: one of them in an Italian entry is English left in.
_ENGLISH_WORDS = (
    "the you your and press with is are of to this that these those cards card hand won pile "
    "choosing choose chosen keeps keep may swap highest rank play plays played game games saved "
    "could not be it can was were has have from into when while which what who whose there "
    "their they them its turn trick tricks round deal deals player players start "
    "back leave next again seat table tables set aside resumed until"
)
ENGLISH = frozenset(_ENGLISH_WORDS.split(" "))
# Words that are the same in both languages, or names (the command line's commands, typed as
# they are): allowed in an Italian entry. Options ("--code") are taken out before the check.
SAME = frozenset(
    {"screen", "reader", "Audiogame", "pygame", "ce", "browser", "server", "file", "play"}
)
OPTION = re.compile(r"--[\w-]+")
# A sentence ends and the next begins with no space: two versions glued together.
GLUED = re.compile(r"[a-zà-ÿ\)][.!?;:][A-ZÀ-Ý]")
SENTENCE_END = re.compile(r"[.!?](?:\s|$)")


def italian() -> Catalog:
    with open(LOCALE_DIR / "it" / "LC_MESSAGES" / "audiogame.po", "rb") as file:
        return read_po(file, locale="it")


def pairs(messages: Iterable[Message]) -> Iterator[tuple[Message, str, str]]:
    """(message, English, Italian) for every form of every translated entry."""
    for message in messages:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for index, text in enumerate(strings):
            if text:
                yield message, str(ids[min(index, len(ids) - 1)]), str(text)


def english_words(english: str, text: str) -> set[str]:
    """The English words in ``text`` (placeholders and words of the English kept as names
    aside: "Tab", "Control C" and game names stay as they are)."""
    bare = OPTION.sub(" ", PLACEHOLDER.sub(" ", text))
    found = {word for word in WORD.findall(bare) if word not in SAME}
    if text == english:
        return set()
    return {word for word in found if word.lower() in ENGLISH}


def repeated(text: str, length: int = 5) -> bool:
    """A run of ``length`` words said twice: a version glued onto itself."""
    words = [word.lower() for word in WORD.findall(PLACEHOLDER.sub(" ", text))]
    runs = [tuple(words[i : i + length]) for i in range(len(words) - length + 1)]
    return len(set(runs)) < len(runs)


def glued(english: str, text: str) -> bool:
    """A second sentence stuck on with no space, more sentences than the English has, or the
    same words twice where the English says them once."""
    if repeated(text) and not repeated(english):
        return True
    if GLUED.search(PLACEHOLDER.sub("x", text)) and not GLUED.search(PLACEHOLDER.sub("x", english)):
        return True
    return len(SENTENCE_END.findall(text)) > len(SENTENCE_END.findall(english)) + 1


def too_long(english: str, text: str) -> bool:
    """Longer than twice its English (with a dozen letters of slack for an entry of two or
    three words: "Deal code" is "Codice della smazzata")."""
    return len(text) > 2 * len(english) + 12


def faults(messages: Iterable[Message]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {"english": [], "glued": [], "long": []}
    for _message, english, text in pairs(messages):
        if english_words(english, text):
            found["english"].append(english)
        if glued(english, text):
            found["glued"].append(english)
        if too_long(english, text):
            found["long"].append(english)
    return found


def key_names_without_context(catalog: Catalog) -> list[str]:
    """Every key name must be in the catalog under the context ``key`` and nowhere without it
    (a key name sharing a msgid with a verb is how "Enter" became "Entra")."""
    names = list(KEY_NAMES.values()) + list(PAIRS.values())
    wrong = [name for name in names if catalog.get(name, KEY) is None]
    return wrong + [name for name in names if catalog.get(name) is not None]


def test_the_italian_catalog_has_no_english_no_glued_versions_and_no_overlong_entry() -> None:
    assert faults(italian()) == {"english": [], "glued": [], "long": []}


def test_the_checks_fail_on_the_entries_the_review_found() -> None:
    offer = "Eight: you may swap your hand, {hand}, and your won pile, {won}: press {key}."
    glued_offer = (
        "Otto: puoi scambiare la tua mano, {hand}, con le tue carte vinte, {won}: premi {key}."
        "Eight: you may swap your hand, {hand}, and your won pile, {won}: press S."
    )
    how_well = "how well the computer players play: easy, normal, hard or expert"
    twice = (
        "quanto bene giocano i giocatori del computer: facile, normale, difficile quanto giocano"
        " bene i giocatori del computer: facile, normale, difficile o esperto"
    )
    top = "Valore più alto.H o punto interrogativo: un suggerimento, cosa giocherebbe un forte."
    messages = [
        Message(offer, glued_offer),
        Message("Highest rank.", top),
        Message("Chosen: {names}.", "Hanno già scelto: {names}. Poi. Ancora. E ancora."),
        Message(how_well, twice),
    ]
    found = faults(messages)
    assert found["english"] == [offer]
    assert found["glued"] == [offer, "Highest rank.", "Chosen: {names}.", how_well]
    assert found["long"] == ["Highest rank.", "Chosen: {names}.", how_well]
    # and they pass the corrected entries
    fixed = [
        Message("Highest rank.", "Valore più alto."),
        Message("Seer: {names}.", "Potere del veggente: {names}."),
    ]
    assert faults(fixed) == {"english": [], "glued": [], "long": []}


def test_every_key_name_has_its_own_context() -> None:
    assert key_names_without_context(italian()) == []
    bare = Catalog(locale="it")
    bare.add("Enter", "Entra")
    assert "Enter" in key_names_without_context(bare)


def test_enter_is_invio_as_a_key_and_entra_as_a_verb() -> None:
    set_language("it")
    try:
        assert key_name("c-m") == "Invio"
        assert keys_name((" ", "c-m")) == "Spazio o Invio"
        assert keys_name(("home", "end")) == "Inizio e Fine"
        from audiogame.i18n import _

        assert _("Enter the lobby") == "Entra nella sala"
    finally:
        set_language("en")
    assert key_name("c-m") == "Enter"
