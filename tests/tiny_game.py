"""A game that exists only for the tests: "high card", registered from the tests to prove that
a game needs one registration and nothing else in the engine.

Two to four players are dealt ``cards`` cards each from a shuffled 52-card deck, face down. At
every trick each player turns up his top card, all at once; the highest card takes the trick
(a tie goes to the first of the tied seats, an event of this game's own). When the stocks are
empty, whoever won the most cards wins (a draw when several did). Its computer players, at
every level, turn up their card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Self

from engine.actions import Action, Flip
from engine.cards import Card, full_deck
from engine.errors import IllegalAction, bad_seat
from engine.events import Event, GameOver, Reveal, TrickWon
from engine.facts import GameFacts, OptionSpec
from engine.protocol import Result

FACTS = GameFacts(
    name="high_card",
    module=__name__,
    rule_prefix="HC",
    min_players=2,
    max_players=4,
    default_players=2,
    view=f"{__name__}.HighCardView",
    options=(OptionSpec("cards", 3, choices=(3, 5)),),
    event_modules=(__name__,),
    bots=__name__,
    simultaneous=True,
)
"""Everything the engine and the front ends need to know of the game, declared once."""

FLIP = Flip()


@dataclass(frozen=True, slots=True)
class HighCardTie(Event):
    """``seats`` tied for the highest card: the first of them takes the trick."""

    kind: ClassVar[str] = "high_card_tie"  # a kind of this game alone
    seats: tuple[int, ...]


class HighCardView(NamedTuple):
    seat: int
    players: int
    hand: tuple[Card, ...]
    owned: tuple[int, ...]
    awaiting: tuple[int, ...]
    is_over: bool


class HighCardState:
    def __init__(self, stocks: list[list[Card]]) -> None:
        self.stocks = stocks
        self.won: list[list[Card]] = [[] for _ in stocks]
        self.awaiting = tuple(range(len(stocks)))
        self.outcome: Result | None = None

    @property
    def players(self) -> int:
        return len(self.stocks)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def _check(self, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise bad_seat(seat, self.players)
        return seat

    def to_act(self) -> tuple[int, ...]:
        return self.awaiting

    def legal_actions(self, seat: int) -> list[Action]:
        return [FLIP] if self._check(seat) in self.awaiting else []

    def apply(self, seat: int, action: Action) -> list[Event]:
        self._check(seat)
        if self.outcome is not None:
            raise IllegalAction("the game is over", code="game_over")
        if seat not in self.awaiting:
            raise IllegalAction("it is not your turn", code="not_your_turn", seat=seat)
        if action != FLIP:
            raise IllegalAction("turn up your card", code="wrong_action", wanted="flip")
        self.awaiting = tuple(s for s in self.awaiting if s != seat)
        if self.awaiting:
            return []
        shown = tuple((s, stock.pop(0)) for s, stock in enumerate(self.stocks))
        best = max(card.rank or 0 for _, card in shown)
        tied = tuple(s for s, card in shown if card.rank == best)
        winner = tied[0]
        cards = tuple(card for _, card in shown)
        self.won[winner].extend(cards)
        events: list[Event] = [Reveal(shown)]
        if len(tied) > 1:
            events.append(HighCardTie(tied))
        events.append(TrickWon(winner, cards))
        if self.stocks[0]:
            self.awaiting = tuple(range(self.players))
            return events
        scores = tuple(len(pile) for pile in self.won)
        winners = tuple(s for s, n in enumerate(scores) if n == max(scores))
        self.outcome = Result(winners, scores, "all_cards")
        events.append(GameOver(winners, "all_cards", scores))
        return events

    def opening_events(self) -> list[Event]:
        return []

    def view(self, seat: int) -> HighCardView:
        self._check(seat)
        owned = tuple(len(s) + len(w) for s, w in zip(self.stocks, self.won, strict=True))
        return HighCardView(seat, self.players, (), owned, self.awaiting, self.is_over)

    def result(self) -> Result:
        if self.outcome is None:
            raise ValueError("the game is not over yet")
        return self.outcome

    def clone(self) -> Self:
        other = type(self)([list(stock) for stock in self.stocks])
        other.won = [list(pile) for pile in self.won]
        other.awaiting, other.outcome = self.awaiting, self.outcome
        return other

    def zones(self) -> dict[str, tuple[Card, ...]]:
        zones = {f"stock{s}": tuple(stock) for s, stock in enumerate(self.stocks)}
        zones |= {f"won{s}": tuple(pile) for s, pile in enumerate(self.won)}
        return zones


class HighCardGame:
    name = FACTS.name
    min_players = FACTS.min_players
    max_players = FACTS.max_players
    simultaneous = FACTS.simultaneous

    def new_state(
        self,
        *,
        seed: int | None = None,
        hands: Sequence[Sequence[Card]] | None = None,
        **options: Any,
    ) -> HighCardState:
        if hands is not None:
            return HighCardState([list(hand) for hand in hands])
        players, each = options.get("players", 2), options.get("cards", 3)
        deck = full_deck()
        random.Random(seed).shuffle(deck)
        return HighCardState([deck[s * each : (s + 1) * each] for s in range(players)])


GAME = HighCardGame()


class FlipPlayer:
    """A computer player of this game: there is nothing to choose but to turn up the card."""

    def __init__(self, seed: int | None = None, budget: float | None = None) -> None:
        self.seed = seed

    def choose(self, view: Any, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        return legal_actions[0]


PLAYERS = dict.fromkeys(("easy", "normal", "hard", "expert"), FlipPlayer)
