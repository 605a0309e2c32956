"""The two parts of a Battaglia view that every seat shares (see ``view.py``): the table keeps
each until it changes, so they live below both the table and the view."""

from __future__ import annotations

from operator import add
from typing import NamedTuple

from engine.cards import Card
from engine.vocabulary import Phase


class Counts(NamedTuple):
    """Cards by seat and on the table, the same for every seat."""

    stock: tuple[int, ...]
    won: tuple[int, ...]
    table: tuple[tuple[int, Card], ...]
    pot: int
    tricks: int

    @property
    def owned(self) -> tuple[int, ...]:
        """Stock and won pile together, by seat."""
        return tuple(map(add, self.stock, self.won))


class Step(NamedTuple):
    """The current step and the game's setup, the same for every seat."""

    players: int
    in_step: tuple[int, ...]
    face_down_seats: tuple[int, ...]
    war_round: int
    phase: Phase
    choosers: tuple[int, ...]
    trick_limit: int
    eliminated: tuple[int, ...]
    set_aside: tuple[Card, ...]
    face_down: bool
    open: bool
    is_over: bool
    deck: int
