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
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import os
from pathlib import Path

DOMAIN = "audiogame"
LANGUAGES: tuple[str, ...] = ("en", "it")
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def set_language(language: str) -> None:
    """Switch every later message to ``language`` (``"en"`` or ``"it"``)."""
    global _translations, _language
    if language not in LANGUAGES:
        raise ValueError(f"no language {language!r}; the languages are {', '.join(LANGUAGES)}")
    _translations = gettext.translation(
        DOMAIN, localedir=str(LOCALE_DIR), languages=[language], fallback=True
    )
    _language = language


def language() -> str:
    """The language messages are in now."""
    return _language


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count``, in the current language."""
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart by ``context`` (``"object"`` forms)."""
    return _translations.pgettext(context, message)


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
