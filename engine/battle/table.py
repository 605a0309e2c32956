"""Everything on and around the table of one Battaglia game, as plain mutable data.

The rules that change it live in ``steps.py``; ``state.py`` checks actions before any change.
"""

from __future__ import annotations

import random
from collections import deque

from engine.battle.parts import Counts, Step
from engine.cards import Card
from engine.protocol import Result
from engine.vocabulary import Phase

FACE_UP: Phase = "face_up"
FACE_DOWN: Phase = "face_down"


class Table:
    """One game's cards and progress.

    ``stocks[seat]`` is the stock, top card first (the hand in open mode); ``won[seat]`` the
    won pile; ``stock_count`` and ``won_count`` their sizes, kept as cards move (every view
    shows them); ``pot`` every card on the table in the order laid, face-down ones included;
    ``shown`` the face-up cards on the table. A step is a trick or one round of a war:
    ``in_step`` takes part, ``choosers`` act in the current phase and ``awaiting`` are those
    not yet acted. ``down_seats`` lay a face-down card in this step; ``choices`` holds the
    secret choices of open mode.
    """

    __slots__ = (
        "alive",
        "awaiting",
        "choices",
        "choosers",
        "counts",
        "deck",
        "down_seats",
        "eliminated",
        "face_down",
        "first_reveal",
        "in_step",
        "open",
        "phase",
        "players",
        "pot",
        "result",
        "rng",
        "set_aside",
        "shown",
        "step",
        "stock_count",
        "stocks",
        "trick_limit",
        "tricks",
        "war_round",
        "won",
        "won_count",
    )

    def __init__(
        self,
        stocks: list[list[Card]],
        set_aside: tuple[Card, ...],
        rng: random.Random,
        *,
        face_down: bool,
        open_mode: bool,
        trick_limit: int,
        deck: int = 52,
    ) -> None:
        self.players = len(stocks)
        self.stocks: list[deque[Card]] = [deque(stock) for stock in stocks]
        self.won: list[list[Card]] = [[] for _ in stocks]
        self.stock_count = [len(stock) for stock in stocks]
        self.won_count = [0] * self.players
        self.set_aside = set_aside
        self.rng = rng
        self.face_down = face_down
        self.open = open_mode
        self.trick_limit = trick_limit
        self.deck = deck
        self.pot: list[Card] = []
        self.shown: list[tuple[int, Card]] = []
        self.first_reveal: tuple[tuple[int, Card], ...] = ()
        self.alive = tuple(range(self.players))
        self.eliminated: tuple[int, ...] = ()
        self.in_step: tuple[int, ...] = ()
        self.choosers: tuple[int, ...] = ()
        self.awaiting: tuple[int, ...] = ()
        self.down_seats: tuple[int, ...] = ()
        self.choices: dict[int, Card] = {}
        self.phase: Phase = FACE_UP
        self.war_round = 0
        self.tricks = 0
        self.result: Result | None = None
        # The parts of the views every seat shares, kept until they change (see view.py).
        self.counts: Counts | None = None
        self.step: Step | None = None

    def owned(self) -> tuple[int, ...]:
        """Cards owned by each seat: stock (or hand) plus won pile."""
        return tuple(len(s) + len(w) for s, w in zip(self.stocks, self.won, strict=True))

    def copy(self) -> Table:
        """An independent copy: containers and the random source are copied, cards shared."""
        other = Table.__new__(Table)
        for name in Table.__slots__:
            setattr(other, name, getattr(self, name))
        other.stocks = [deque(stock) for stock in self.stocks]
        other.won = [list(pile) for pile in self.won]
        other.stock_count = self.stock_count[:]
        other.won_count = self.won_count[:]
        other.pot = list(self.pot)
        other.shown = list(self.shown)
        other.choices = dict(self.choices)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.counts = other.step = None
        return other

    def zones(self) -> dict[str, tuple[Card, ...]]:
        """Every place a card can be: ``stock<seat>``, ``won<seat>``, ``table``, ``set_aside``."""
        zones: dict[str, tuple[Card, ...]] = {}
        for seat in range(self.players):
            zones[f"stock{seat}"] = tuple(self.stocks[seat])
            zones[f"won{seat}"] = tuple(self.won[seat])
        zones["table"] = tuple(self.pot)
        zones["set_aside"] = self.set_aside
        return zones
