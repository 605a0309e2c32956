"""Helpers shared by the Scientific Battle tests (no tests here)."""

from __future__ import annotations

from typing import Any

from engine import IllegalAction, Play
from engine.actions import Action
from engine.cards import Card, parse_cards
from engine.events import Event
from engine.scientific import GAME, ScientificState


def deal(*hands: str, **options: Any) -> ScientificState:
    """A game with exactly these hands, one text per seat: ``deal("Ah 2h", "Ks joker")``."""
    return GAME.new_state(hands=[parse_cards(text) for text in hands], **options)


def card(text: str) -> Card:
    return Card.parse(text)


def choose(state: ScientificState, seat: int, text: str) -> list[Event]:
    return state.apply(seat, Play([card(text)]))


def trick(state: ScientificState, *cards: str | None) -> list[Event]:
    """Seat i chooses ``cards[i]`` (None: the seat is out), in the order the game awaits them
    (non-seers before seers); returns every event of the trick."""
    pending = {seat: card(text) for seat, text in enumerate(cards) if text is not None}
    events: list[Event] = []
    while pending:
        awaited = state.to_act()
        seat = next(s for s in awaited if s in pending)
        events += state.apply(seat, Play([pending.pop(seat)]))
    return events


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


def of_kind(events: list[Event], kind: str) -> list[Any]:
    return [event for event in events if event.kind == kind]


def snapshot(state: ScientificState) -> tuple[Any, ...]:
    """Everything a refusal must leave as it was."""
    return (
        state.to_act(),
        state.is_over,
        tuple(repr(state.view(s)) for s in range(state.players)),
        tuple(sorted(state.zones().items())),
        tuple(tuple(state.legal_actions(s)) for s in range(state.players)),
    )


def refused(state: ScientificState, seat: Any, action: Action, code: str) -> IllegalAction:
    """Apply an illegal action: it must raise with ``code`` and change nothing."""
    before = snapshot(state)
    try:
        state.apply(seat, action)
    except IllegalAction as error:
        assert error.code == code, (error.code, str(error))
        assert str(error), "a refusal says why"
        assert snapshot(state) == before, "a refused action changed the state"
        return error
    raise AssertionError(f"{action} by seat {seat} was accepted")
