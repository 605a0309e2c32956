"""A Battaglia game in progress: who is awaited, what is legal, and the checks that refuse an
action before anything changes."""

from __future__ import annotations

import random
from typing import Self

from engine.actions import Action, Flip
from engine.battle.events import CardsSetAside
from engine.battle.options import Options
from engine.battle.parts import Counts
from engine.battle.steps import begin_step, choose, flip
from engine.battle.table import FACE_DOWN, Table
from engine.battle.view import BattleView, make_view, new_view
from engine.cards import Card, sorted_cards
from engine.errors import IllegalAction, bad_seat
from engine.events import Event
from engine.protocol import Result
from engine.vocabulary import ActionKind

FLIP = Flip()

_WRONG_KIND: dict[ActionKind, str] = {
    "face_down": "first choose the card to put face down, with a face-down action",
    "play": "choose the card to play face up, with a play action",
    "flip": "turn up the top card of your stock, with a flip: in this game you do not choose",
}


def _check_seat(seat: object, players: int) -> None:
    if type(seat) is not int or not 0 <= seat < players:  # a bool is not a seat
        raise bad_seat(seat, players)


class BattleState:
    """One game of Battaglia (classic, senza incognita, aperta, or both)."""

    __slots__ = ("_t", "is_over")

    is_over: bool
    """Whether the game has ended (a plain attribute: it is read before every decision)."""

    def __init__(self, table: Table) -> None:
        self._t = table
        self.is_over = table.result is not None

    @classmethod
    def start(
        cls,
        stocks: list[list[Card]],
        set_aside: tuple[Card, ...],
        rng: random.Random,
        options: Options,
    ) -> BattleState:
        """A new game with these stocks (top card first), awaiting the first trick."""
        table = Table(
            stocks,
            set_aside,
            rng,
            face_down=options.face_down,
            open_mode=options.open,
            deck=options.deck,
            trick_limit=options.trick_limit,
        )
        begin_step(table, tuple(range(table.players)), [])
        return cls(table)

    @property
    def players(self) -> int:
        return self._t.players

    def to_act(self) -> tuple[int, ...]:
        """The seats still to flip or choose in this step (empty when the game is over)."""
        return self._t.awaiting

    def legal_actions(self, seat: int) -> list[Action]:
        """Classic: ``[Flip()]`` until the seat has flipped. Open: one action per card in hand,
        a ``FaceDown`` while face-down cards are due, else a ``Play``; a seat that has chosen
        may still change his choice until everyone has chosen."""
        t = self._t
        if type(seat) is not int or not 0 <= seat < t.players:
            raise bad_seat(seat, t.players)
        if not t.open:
            return [FLIP] if seat in t.awaiting else []
        if seat not in t.choosers:
            return []
        kind: ActionKind = "face_down" if t.phase == FACE_DOWN else "play"
        return [Action(kind, (card,)) for card in sorted_cards(t.stocks[seat])]

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Flip or choose for ``seat``; returns the events caused. An illegal action raises
        :class:`IllegalAction` and changes nothing."""
        t = self._t
        events: list[Event] = []
        awaiting = t.awaiting
        if action is FLIP and type(seat) is int and seat in awaiting and not t.open:
            # The common case, checked at once; a flip that is not the last lays nothing.
            if len(awaiting) > 1:
                if awaiting[0] == seat:  # seats flip in order, as a rule
                    t.awaiting = awaiting[1:]
                else:
                    i = awaiting.index(seat)
                    t.awaiting = awaiting[:i] + awaiting[i + 1 :]
                return events
            flip(t, seat, events)
            if t.result is not None:
                self.is_over = True
            return events
        card = self._checked_card(seat, action)
        if card is None:
            flip(t, seat, events)
        else:
            choose(t, seat, card, events)
        if t.result is not None:
            self.is_over = True
        return events

    def _checked_card(self, seat: int, action: Action) -> Card | None:
        """The card an open-play action chooses (``None`` for a flip); raises for every illegal
        action."""
        t = self._t
        _check_seat(seat, t.players)
        if t.result is not None:
            raise IllegalAction("the game is over", code="game_over")
        if seat in t.eliminated:
            raise IllegalAction("you are out of the game", code="not_your_turn", seat=seat)
        if seat not in (t.choosers if t.open else t.awaiting):
            if seat in t.choosers:
                message = "you have already turned up your card; the others are still to flip"
            elif seat in t.in_step:
                message = (
                    "you have one card left: you play it face up once every face-down card is down"
                )
            else:
                message = "it is not your turn: you are not in this war"
            raise IllegalAction(message, code="not_your_turn", seat=seat)
        wanted: ActionKind = ("face_down" if t.phase == FACE_DOWN else "play") if t.open else "flip"
        if action.kind != wanted:
            raise IllegalAction(_WRONG_KIND[wanted], code="wrong_action", wanted=wanted)
        if not t.open:
            if action.cards:
                raise IllegalAction("a flip names no card", code="wrong_action", wanted=wanted)
            return None
        if len(action.cards) != 1:
            raise IllegalAction("choose exactly one card", code="wrong_action", wanted=wanted)
        card = action.cards[0]
        if card not in t.stocks[seat]:
            raise IllegalAction(f"you do not hold the {card}", code="not_in_hand", card=card)
        return card

    def opening_events(self) -> list[Event]:
        """What is announced before the first trick: the cards set aside, if any (BT-2)."""
        aside = self._t.set_aside
        return [CardsSetAside(aside)] if aside else []

    def view(self, seat: int) -> BattleView:
        """What ``seat`` may know."""
        t = self._t
        if type(seat) is not int or not 0 <= seat < t.players:
            raise bad_seat(seat, t.players)
        step = t.step
        if step is None or t.open:
            return make_view(t, seat)
        # Classic play, the step still current: the view is built here at once.
        counts = t.counts
        if counts is None:  # the first view after cards moved (as new_counts builds it)
            counts = t.counts = new_view(
                Counts,
                (
                    tuple(t.stock_count),
                    tuple(t.won_count),
                    tuple(t.shown),
                    len(t.pot),
                    t.tricks,
                ),
            )
        return new_view(BattleView, (seat, (), None, t.awaiting, counts, step))

    def result(self) -> Result:
        """Winners (several for a draw), owned cards by seat, and why the game ended."""
        if self._t.result is None:
            raise ValueError("the game is not over yet")
        return self._t.result

    def clone(self) -> Self:
        """An independent copy, random source included (cheap: no deep copy)."""
        return type(self)(self._t.copy())

    def zones(self) -> dict[str, tuple[Card, ...]]:
        """Every place a card can be (``stock0``, ``won0``, ..., ``table``, ``set_aside``)."""
        return self._t.zones()
