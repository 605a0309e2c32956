"""What a person at an online table hears about the turn timer, in the same words in the
terminal and on the page."""

from __future__ import annotations

from audiogame.i18n import _, ngettext


def timer_warning(seconds: int) -> str:
    """The seat's time is nearly up: a computer player moves for it in ``seconds``."""
    return ngettext(
        "Your time is running out: in {seconds} second a computer player moves for you.",
        "Your time is running out: in {seconds} seconds a computer player moves for you.",
        seconds,
    ).format(seconds=seconds)


def timed_out() -> str:
    """The time ran out and a computer player made the seat's move."""
    return _("Your time ran out: a computer player moved for you.")
