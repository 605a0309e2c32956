"""The events of a Scientific Battle trick as its table groups them: computer players gaining
one power together, the player's own card in a reveal."""

from __future__ import annotations

from audiogame.words.seats import HUMAN
from engine.cards import Card
from engine.events import Event, Reveal
from engine.scientific.events import PowerGained


def same_power(events: list[Event], start: int) -> list[int]:
    """Computer players gaining the power of ``events[start]`` in the same trick: named in
    one message (with eight players, seven "is the seer" would be a long wait)."""
    first = events[start]
    assert isinstance(first, PowerGained)
    group = []
    for index in range(start, len(events)):
        event = events[index]
        if not isinstance(event, PowerGained):
            break
        if event.power == first.power and event.seat != HUMAN:
            group.append(index)
    return group


def revealed_card(events: list[Event]) -> Card | None:
    """The player's card in the first reveal among ``events`` that shows one."""
    for event in events:
        if isinstance(event, Reveal):
            card = dict(event.cards).get(HUMAN)
            if card is not None:
                return card
    return None
