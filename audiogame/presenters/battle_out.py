"""The Battaglia table once the player is out of the game (issue 32): the others play on at
the pace of the options, and the player hears, as a spectator would in brief, who takes each
trick, each war, who goes out and the end; offline, N has them finish at once, and then only
who goes out and the end are said."""

from __future__ import annotations

from audiogame.i18n import _
from engine.events import Event

TOLD_WHEN_OUT = frozenset({"war", "trick_won", "eliminated", "trick_limit", "game_over"})
"""What the player out of the game hears of the others' play."""
SPOKEN_WHEN_OUT = frozenset({"eliminated", "trick_limit", "game_over"})
"""What is still said once the player asked the others to finish at once (N)."""


class OthersPlayOn(Event):
    """Not an engine event: the table's note that the others play on to the end."""

    __slots__ = ()
    kind = "others_play_on"


OTHERS_PLAY_ON = OthersPlayOn()


def others_play_on(online: bool, finish_key: str) -> str:
    """The note, said once as the player goes out of a game the others play on."""
    if online:  # people play on in their own time: nothing hurries them
        return _("The others play on to the end: you hear who takes each trick.")
    return _(
        "The others play on to the end: you hear who takes each trick. {key}: straight to the end."
    ).format(key=finish_key)
