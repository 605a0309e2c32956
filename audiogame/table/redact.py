"""What of an event a seat may know.

The engine's events are the table's own record: a trick won lists every card taken, the
face-down war cards too. Before an event reaches a seat (or a spectator) it passes through
:class:`Redactor`, which keeps what that seat saw and counts the rest:

>>> from engine.events import Reveal, TrickWon
>>> from engine.cards import parse_cards
>>> k, five, down1, down2 = parse_cards("Kh 5s 2c 3d")
>>> redactor = Redactor()
>>> redactor.public(Reveal(((0, k), (1, five))))
Reveal(cards=((0, Card(rank=13, suit='h', deck=0)), (1, Card(rank=5, suit='s', deck=0))), \
war_round=0, face_down=())
>>> redactor.public(TrickWon(0, (k, five, down1, down2))).hidden
2

A spectator sits at no seat: the view it is sent is a seat's with every field that only that
seat may know blanked (:func:`spectator_view`, from the fields the game's facts declare
private): the counts, the table, the turn and the rules in force, never a hand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from audiogame.table.frame import field_names
from engine.cards import Card
from engine.events import Event, Reveal, TrickWon
from engine.registry import registration


class Redactor:
    """Follows one table's events in order and gives each one as every seat may see it.

    No event of the three games tells a card to one seat and not to another, so one redactor
    serves every seat and the spectators alike: what it removes, nobody may see."""

    def __init__(self) -> None:
        self._shown: set[Card] = set()

    def public(self, event: Event) -> Event:
        """``event`` as anyone at the table may know it."""
        if isinstance(event, Reveal):
            self._shown.update(card for _, card in event.cards)
            return event
        if isinstance(event, TrickWon):
            seen = tuple(card for card in event.cards if card in self._shown)
            hidden = len(event.cards) - len(seen) + event.hidden
            self._shown.clear()
            if hidden == event.hidden:
                return event
            return dataclasses.replace(event, cards=seen, hidden=hidden)
        return event

    def all_public(self, events: Iterable[Event]) -> list[Event]:
        return [self.public(event) for event in events]


def spectator_view(game: str, view: Any) -> Any | None:
    """``view`` (any seat's) as a spectator may know it: each field ``game``'s facts declare
    private holds the value they give instead. ``None`` when the game declares none (nothing
    says what of its view is secret, so a spectator is given no view)."""
    private = registration(game).private
    if private is None:
        return None
    blanks = dict(private)
    fields = {name: blanks.get(name, getattr(view, name)) for name in field_names(view)}
    return type(view)(**fields)
