"""The command line's own words (``usage:``, ``error:``, "invalid choice", the help of
``-h``) in the player's language.

:mod:`argparse` looks its messages up with the module-level ``_`` and ``ngettext`` it took from
:mod:`gettext`; :func:`install` points them at the program's catalog, where the messages below
are translated, so that ``audiogame --lang it`` says "utilizzo:" and "errore:" too.
"""

from __future__ import annotations

import argparse

from audiogame.i18n import N_, _, ngettext

MESSAGES = (
    N_("usage: "),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ignored explicit argument %r"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
)
"""The messages of :mod:`argparse` a player can meet, marked for the catalogs."""


def _plural(singular: str, plural: str, count: int) -> str:
    return ngettext(singular, plural, count)


def install() -> None:
    """From now on :mod:`argparse` speaks the program's current language."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = _plural  # type: ignore[attr-defined]
