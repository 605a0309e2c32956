"""What a seat hears of an event: its words, its cue and where the cue sits (:class:`Utterance`).

Every place that speaks a table's events (the table screens, a replay, a browser seat, an
online watcher) asks :func:`utterances`, so that an event sounds the same wherever it is heard.

>>> from audiogame.i18n import set_language
>>> from audiogame.words.seats import Seats
>>> from engine.cards import parse_cards
>>> from engine.events import TrickWon
>>> set_language("en")
>>> seats = Seats(("Anna", "Bruno"), 2, {})
>>> utterances("battle", TrickWon(seat=1, cards=tuple(parse_cards("7h 9s"))), seats)
(Utterance(text='Anna takes 2 cards.', cue='trick_won', pan=-1.0),)
>>> utterances("battle", TrickWon(seat=0, cards=tuple(parse_cards("7h 9s"))), seats, brief=True)
(Utterance(text='You.', cue='trick_won', pan=0.0),)
"""

from __future__ import annotations

from dataclasses import dataclass

from audiogame.sound.cues import cue_for, event_seat
from audiogame.sound.pan import seat_pan
from audiogame.words.brief import brief_message
from audiogame.words.registry import render
from audiogame.words.seats import HUMAN, Seats
from engine.events import Event


@dataclass(frozen=True)
class Utterance:
    """One message: ``text`` (may be empty: a cue alone), the ``cue`` played with it (``None``:
    none) and ``pan``, where the cue sits (-1 left .. +1 right)."""

    text: str
    cue: str | None = None
    pan: float = 0.0


def utterances(
    game: str,
    event: Event,
    seats: Seats,
    listener: int | None = HUMAN,
    brief: bool = False,
    by_line: bool = True,
) -> tuple[Utterance, ...]:
    """What ``listener`` (a seat; ``None``: a spectator) hears of ``event`` at a ``game``
    table seated as ``seats``: one message, or one per line for a deal's settlement read line
    by line, as a replay reads it (the cue with the first; ``by_line=False``: the deal's
    scores in one message, as the table and a watcher say it, its lines on S). ``brief``:
    routine events in the fewest words (the cue says the rest)."""
    cue = cue_for(event, listener) or None
    pan = seat_pan(event_seat(event), seats.players)
    lines = getattr(event, "lines", None)
    if by_line and event.kind == "settlement" and lines is not None:
        from audiogame.words.cardavia import settlement_lines

        said = settlement_lines(lines, getattr(event, "totals"), seats)  # noqa: B009
        return tuple(Utterance(line, cue if not i else None, pan) for i, line in enumerate(said))
    text = brief_message(event, seats) if brief else None
    if text is None:
        text = render(game, event, seats)
    return (Utterance(text, cue, pan),)


def spoken_order(events: list[Event]) -> list[Event]:
    """``events`` in the order they are said: a deal's settlement after the end of the deal
    (who went out and won it first, then the scores), for a player and a spectator alike."""
    settlements = [event for event in events if event.kind == "settlement"]
    if not settlements or not any(event.kind == "game_over" for event in events):
        return events
    ordered: list[Event] = []
    for event in events:
        if event.kind == "settlement":
            continue
        ordered.append(event)
        if event.kind == "game_over":
            ordered += settlements
    return ordered
