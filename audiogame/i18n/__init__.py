"""Translations: the gettext domain ``audiogame`` in English and Italian, switchable live.

Every user-facing string goes through :func:`_` (or :func:`ngettext` for plurals). Strings kept
as data (menu labels, key descriptions) are marked with :func:`N_` and translated when spoken, so
that a language change in the options takes effect at once.

>>> set_language("it"); _("Options")
'Opzioni'
>>> ngettext("{count} card", "{count} cards", 2).format(count=2)
'2 carte'
>>> set_language("en"); _("Options")
'Options'

One part of the program can speak a language of its own without changing anybody else's (a
browser seat at a server, each seat in its player's language): :func:`speaking` holds for the
code it wraps, in its thread or task only.

>>> with speaking("it"): _("Options")
'Opzioni'
>>> _("Options")
'Options'
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext
import locale
import os
from collections.abc import Iterator
from pathlib import Path

DOMAIN = "audiogame"
LANGUAGES: tuple[str, ...] = ("en", "it")
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
_LOADED: dict[str, gettext.NullTranslations] = {}
_speaking: contextvars.ContextVar[tuple[str, gettext.NullTranslations] | None] = (
    contextvars.ContextVar("audiogame_speaking", default=None)
)
"""The language of the code running now, when it speaks one of its own (:func:`speaking`)."""


def _loaded(language: str) -> gettext.NullTranslations:
    if language not in LANGUAGES:
        raise ValueError(f"no language {language!r}; the languages are {', '.join(LANGUAGES)}")
    found = _LOADED.get(language)
    if found is None:
        found = gettext.translation(
            DOMAIN, localedir=str(LOCALE_DIR), languages=[language], fallback=True
        )
        _LOADED[language] = found
    return found


def set_language(language: str) -> None:
    """Switch every later message to ``language`` (``"en"`` or ``"it"``), except where a part
    of the program speaks its own (:func:`speaking`)."""
    global _translations, _language
    _translations = _loaded(language)
    _language = language


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """Messages in ``language`` for the code this wraps, in this thread or task only: the
    program's own language (:func:`set_language`) stays, everywhere else too."""
    token = _speaking.set((language, _loaded(language)))
    try:
        yield
    finally:
        _speaking.reset(token)


def _current() -> gettext.NullTranslations:
    here = _speaking.get()
    return _translations if here is None else here[1]


def language() -> str:
    """The language messages are in now."""
    here = _speaking.get()
    return _language if here is None else here[0]


def _(message: str) -> str:
    """``message`` in the current language."""
    return _current().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count``, in the current language."""
    return _current().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart by ``context`` (``"object"`` forms)."""
    return _current().pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction only; translate it later with :func:`_`."""
    return message


# The gettext context of every key name, so that the key "Enter" never shares a msgid (and so
# a translation) with the verb "Enter".
KEY = "key"


def NP_(context: str, message: str) -> str:
    """Mark ``message`` for extraction under ``context``; translate it later with
    :func:`pgettext`."""
    return message


def system_language() -> str:
    """``"it"`` when the system locale is Italian, else ``"en"``."""
    candidates = [os.environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError):  # an unparsable locale is just not Italian
        candidates.append(locale.getlocale()[0] or "")
    for value in candidates:
        if value:
            return "it" if value.lower().startswith("it") else "en"
    return "en"
