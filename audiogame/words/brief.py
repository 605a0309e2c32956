"""Brief mode: routine events in the fewest words, their cues carrying the rest.

A trick of Battaglia, "You: ace. Anna: four. Anna takes 2 cards.", becomes "ace, four." and
"Anna." (the cards in seat order, you first, then who took them); what a cue cannot say (a
war, who is out, a power, the end) keeps its full words.

>>> from audiogame.i18n import set_language
>>> from engine.events import Reveal, TrickWon
>>> from engine.cards import parse_cards
>>> seats = Seats(("Anna",), 2)
>>> ace, four = parse_cards("Ah 4s")
>>> set_language("en"); brief_message(Reveal(((0, ace), (1, four))), seats)
'ace, four.'
>>> brief_message(TrickWon(1, (ace, four)), seats)
'Anna.'
"""

from __future__ import annotations

from audiogame.i18n import _
from audiogame.words.cards import rank_name
from audiogame.words.seats import Seats, capitalize
from engine.events import Event, Reveal, TrickWon, War


def brief_message(event: Event, seats: Seats) -> str | None:
    """The brief words for a routine event, or ``None``: say it in full."""
    if isinstance(event, Reveal):
        cards = event.cards
        down = event.face_down
        if any(seat not in down for seat, _card in cards) and down:
            return None  # a last card played face up: said in full
        ranks = [rank_name(getattr(card, "rank", None)) for _seat, card in cards]
        return _("{ranks}.").format(ranks=", ".join(ranks))
    if isinstance(event, War):
        war_seats = event.seats
        if len(war_seats) == seats.players == 2:
            return _("War.")
        return _("War: {names}.").format(names=seats.subjects(war_seats))
    if isinstance(event, TrickWon) and event.cause == "highest":
        return _("{name}.").format(name=capitalize(seats.subject(event.seat)))
    return None
