"""What one seat may know of a Battaglia table: nothing hidden of any other seat.

A view is asked for at every decision, so it is built from parts that every seat shares and
that change at different paces: :class:`Counts` (cards by seat and on the table) changes when
cards move, :class:`Step` (who takes part, the phase, the setup) when a step does not simply
follow a plain trick. The table keeps each part until it changes; a view adds what is its
own (seat, hand, choice) and who is awaited. Every field of the parts reads as a field of the
view (``view.stock``, ``view.phase``).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.battle.parts import Counts, Step
from engine.battle.table import Table
from engine.cards import Card, sorted_cards
from engine.vocabulary import Phase


class BattleView(NamedTuple):
    """One seat's view of the table: an immutable value (equal views, equal knowledge).

    ``hand`` is the seat's own hand in open play, sorted (``()`` in classic play: the stock is
    face down). ``stock``, ``won`` and ``owned`` count cards by seat. ``table`` lists the face-up
    cards on the table, in the order laid; ``pot`` counts every card there, face-down ones
    included. ``in_step`` takes part in the current trick or war step (``war_round`` 0 for a
    trick, n for the n-th war step), ``face_down_seats`` lay a face-down card in it; ``phase``
    is ``"face_down"`` while an open war awaits face-down cards, else ``"face_up"``.
    ``awaiting`` is ``to_act()``; ``chosen`` the seats that have chosen or flipped in this
    phase; ``my_choice`` this seat's own secret choice (open play), or ``None``. ``tricks``
    counts the tricks played, ``eliminated`` the seats out of the game, ``set_aside`` the
    cards set aside at the deal (BT-2); ``face_down``, ``open`` and ``trick_limit`` are the
    table's options; ``deck`` is the size of the deck the game is played
    with (52 or 32, BT-1).
    """

    seat: int
    hand: tuple[Card, ...]
    my_choice: Card | None
    awaiting: tuple[int, ...]
    counts: Counts
    step: Step

    @property
    def chosen(self) -> tuple[int, ...]:
        awaiting = self.awaiting
        return tuple(s for s in self.step.choosers if s not in awaiting)

    @property
    def stock(self) -> tuple[int, ...]:
        return self.counts.stock

    @property
    def won(self) -> tuple[int, ...]:
        return self.counts.won

    @property
    def owned(self) -> tuple[int, ...]:
        return self.counts.owned

    @property
    def table(self) -> tuple[tuple[int, Card], ...]:
        return self.counts.table

    @property
    def pot(self) -> int:
        return self.counts.pot

    @property
    def tricks(self) -> int:
        return self.counts.tricks

    @property
    def players(self) -> int:
        return self.step.players

    @property
    def in_step(self) -> tuple[int, ...]:
        return self.step.in_step

    @property
    def face_down_seats(self) -> tuple[int, ...]:
        return self.step.face_down_seats

    @property
    def war_round(self) -> int:
        return self.step.war_round

    @property
    def phase(self) -> Phase:
        return self.step.phase

    @property
    def trick_limit(self) -> int:
        return self.step.trick_limit

    @property
    def eliminated(self) -> tuple[int, ...]:
        return self.step.eliminated

    @property
    def set_aside(self) -> tuple[Card, ...]:
        return self.step.set_aside

    @property
    def face_down(self) -> bool:
        return self.step.face_down

    @property
    def open(self) -> bool:
        return self.step.open

    @property
    def is_over(self) -> bool:
        return self.step.is_over

    @property
    def deck(self) -> int:
        return self.step.deck


new_view = tuple.__new__
"""Builds a named tuple from its fields in one call (what its own ``__new__`` does, without
that extra Python frame: a view is built at every decision)."""


def new_counts(t: Table) -> Counts:
    """The counts of the table as they are now."""
    return new_view(
        Counts, (tuple(t.stock_count), tuple(t.won_count), tuple(t.shown), len(t.pot), t.tricks)
    )


def make_view(t: Table, seat: int) -> BattleView:
    """The view of ``seat`` (already checked to be a seat of this table)."""
    counts = t.counts
    if counts is None:
        counts = t.counts = new_counts(t)
    step = t.step
    if step is None:
        step = t.step = Step(
            t.players,
            t.in_step,
            t.down_seats,
            t.war_round,
            t.phase,
            t.choosers,
            t.trick_limit,
            t.eliminated,
            t.set_aside,
            t.face_down,
            t.open,
            t.result is not None,
            t.deck,
        )
    if t.open:
        return new_view(
            BattleView,
            (seat, sorted_cards(t.stocks[seat]), t.choices.get(seat), t.awaiting, counts, step),
        )
    return new_view(BattleView, (seat, (), None, t.awaiting, counts, step))
