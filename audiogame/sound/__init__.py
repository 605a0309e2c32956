"""Sound cues: which cue each event plays (:mod:`.cues`), where it sits in the stereo field
(:mod:`.pan`), and the mixer that plays it (:mod:`.player`).

Typical use by the front end::

    cues = make_cue_player(enabled=settings.sound, volume=settings.cue_volume / 100,
                           on_notice=speak_once)
    for event in events:
        play_event(cues, event, players=4)

pygame is imported only when :func:`make_cue_player` is called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from audiogame.sound.cues import EVENT_CUES, EVENT_VARIANTS, UI_CUES, cue_for, event_seat
from audiogame.sound.pan import pan_gains, seat_pan
from audiogame.sound.player import NullCuePlayer, make_cue_player

if TYPE_CHECKING:
    from audiogame.sound.cue_players import CuePlayer


def play_event(player: CuePlayer, event: Any, players: int, listener: int | None = 0) -> str:
    """Play ``event``'s cue from the seat that caused it, as heard by seat ``listener``
    (who sits in the middle); return the cue name ("" when the event has none)."""
    cue = cue_for(event, listener)
    if cue:
        seat = event_seat(event)
        me = listener or 0
        heard_from = None if seat is None else (seat - me) % players
        player.play(cue, seat_pan(heard_from, players))
    return cue


__all__ = [
    "EVENT_CUES",
    "EVENT_VARIANTS",
    "UI_CUES",
    "NullCuePlayer",
    "cue_for",
    "event_seat",
    "make_cue_player",
    "pan_gains",
    "play_event",
    "seat_pan",
]
