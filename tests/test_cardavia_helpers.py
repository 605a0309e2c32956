"""Helpers shared by the Cardavia tests (no tests here)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import IllegalAction, Pass, Play
from engine.cardavia import GAME, CardaviaState
from engine.cards import parse_cards
from engine.events import Event


def deal(*hands: str, **options: Any) -> CardaviaState:
    """A deal with exactly these hands, one text per seat: ``deal("3h 4h", "5s", "6c")``."""
    return GAME.new_state(hands=[parse_cards(text) for text in hands], **options)


def play(state: CardaviaState, seat: int, text: str) -> list[Event]:
    return state.apply(seat, Play(parse_cards(text)))


def pass_(state: CardaviaState, seat: int) -> list[Event]:
    return state.apply(seat, Pass())


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


def texts(state: CardaviaState, seat: int) -> list[str]:
    """The legal actions of ``seat`` as text: ``["play 3h", "pass"]``."""
    return [str(action) for action in state.legal_actions(seat)]


def snapshot(state: CardaviaState) -> tuple[Any, ...]:
    return (
        state.to_act(),
        tuple(state.view(seat) for seat in range(3)),
        state.zones(),
        tuple(tuple(state.legal_actions(seat)) for seat in range(3)),
    )


def refused(state: CardaviaState, seat: int, text: str | None, code: str) -> IllegalAction:
    """Apply a play (``None``: a pass) that must be refused with ``code`` and change nothing."""
    before = snapshot(state)
    action = Pass() if text is None else Play(parse_cards(text))
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    assert caught.value.code == code, str(caught.value)
    assert snapshot(state) == before
    return caught.value
