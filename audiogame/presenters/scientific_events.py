"""The events of a Scientific Battle trick as its table groups them: computer players gaining
one power together, the player's own card in a reveal, a trick's eights told last and
together."""

from __future__ import annotations

from audiogame.words.seats import HUMAN
from engine.cards import Card
from engine.events import Event, Reveal
from engine.scientific.events import Exchanged, ExchangeDeclined, PowerGained


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


# What comes after a trick in the same delivery: the answers to its eights, the next choices.
_AFTER_TRICK = frozenset({"choice_made", "exchanged", "exchange_declined", "seer_turn"})


def telling_order(events: list[Event]) -> tuple[list[Event], int | None]:
    """``events`` in the order the table tells them, and where the last trick's own events end
    (``None``: no trick among them). The trick's eights (SB-13) come at that end, together:
    after what else the trick did (a won pile taken up, a player out), before the answers to
    them and the next choices, so that no other news falls between two offers of one trick."""
    reveals = [index for index, event in enumerate(events) if event.kind == "reveal"]
    if not reveals:
        return list(events), None
    start = reveals[-1]
    end = next(
        (index for index in range(start + 1, len(events)) if events[index].kind in _AFTER_TRICK),
        len(events),
    )
    trick = events[start:end]
    eights = [e for e in trick if isinstance(e, PowerGained) and e.power == "exchange"]
    rest = [event for event in trick if all(event is not eight for eight in eights)]
    return [*events[:start], *rest, *eights, *events[end:]], start + len(rest)


def answered(events: list[Event], seat: int) -> bool:
    """Whether ``seat`` took or declined its exchange among ``events``: its answer says the
    offer, which is then not said before it."""
    return any(
        isinstance(event, (Exchanged, ExchangeDeclined)) and event.seat == seat for event in events
    )
