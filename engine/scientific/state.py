"""A game of Scientific Battle in progress: whose choice is awaited, what is legal, and the
choices themselves (SB-2, SB-8, SB-13). The reveal and what follows are in ``resolve``."""

from __future__ import annotations

import random
from typing import Self

from engine.actions import Action
from engine.cards import Card
from engine.errors import IllegalAction, bad_seat
from engine.events import ChoiceMade, Event
from engine.protocol import Result
from engine.scientific.events import Exchanged, ExchangeDeclined, SeerTurn
from engine.scientific.resolve import resolve_trick, settle_empty_hands
from engine.scientific.view import ScientificView, build_view

_EXCHANGE = Action("exchange")
# One play action per physical card, built once: legal_actions runs for every decision.
_PLAYS: dict[Card, Action] = {}


def _play(card: Card) -> Action:
    action = _PLAYS.get(card)
    if action is None:
        action = _PLAYS[card] = Action("play", (card,))
    return action


class ScientificState:
    """One game. The attributes are read by ``resolve`` and ``view``; players use the methods.

    A chosen card stays in its owner's ``hands`` list (it is still his until the reveal) and is
    recorded in ``chosen``; the reveal takes it out.
    """

    __slots__ = (
        "_rng",
        "_views",
        "chosen",
        "counting",
        "exchange",
        "hands",
        "last_reveal",
        "opening",
        "out",
        "outcome",
        "players",
        "pot",
        "reversed",
        "seed",
        "seer_split",
        "seers",
        "seers_phase",
        "trick",
        "trick_limit",
        "won",
    )

    players: int
    hands: list[list[Card]]
    won: list[list[Card]]
    chosen: dict[int, Card]
    pot: list[Card]
    reversed: bool
    out: list[bool]
    seers: frozenset[int]
    seer_split: bool
    seers_phase: bool
    counting: frozenset[int]
    exchange: set[int]
    trick: int
    trick_limit: int
    outcome: Result | None
    last_reveal: tuple[tuple[int, Card], ...]
    seed: int | None
    _rng: random.Random | None
    _views: dict[int, ScientificView]
    opening: list[Event]

    def __init__(self, hands: list[list[Card]], *, trick_limit: int, seed: int | None) -> None:
        n = len(hands)
        self.players = n
        self.hands = hands
        self.won = [[] for _ in range(n)]
        self.chosen = {}
        self.pot = []
        self.reversed = False
        self.out = [False] * n
        # seers: who played a queen in the last trick. seer_split: some players still in are
        # not seers, so they choose first (SB-8); seers_phase: they have, now the seers choose.
        self.seers = frozenset()
        self.seer_split = False
        self.seers_phase = False
        self.counting = frozenset()
        self.exchange = set()
        self.trick = 0
        self.trick_limit = trick_limit
        self.outcome = None
        self.last_reveal = ()
        # The deal is fixed by SB-1 and nothing else is left to chance; the seeded source is
        # kept (made on first use, so that clones stay cheap) for any randomness to come.
        self.seed = seed
        self._rng = None
        # Views are immutable: each is built once per state of the game, as front ends and
        # checks ask for them again and again between two actions.
        self._views = {}
        # Hands given empty (tests, puzzles) are settled as before any choice (SB-6).
        self.opening = []
        settle_empty_hands(self, range(n), self.opening)

    # -- who acts ------------------------------------------------------------------------

    @property
    def rng(self) -> random.Random:
        """The game's seeded random source."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def opening_events(self) -> list[Event]:
        """Nothing to announce at the start of an ordinary deal."""
        return list(self.opening)

    def to_act(self) -> tuple[int, ...]:
        """Seats still in whose choice is awaited (SB-2); non-seers before seers (SB-8)."""
        if self.outcome is not None:
            return ()
        out, chosen = self.out, self.chosen
        if self.seer_split:
            seers, phase = self.seers, self.seers_phase
            return tuple(
                s
                for s in range(self.players)
                if not out[s] and s not in chosen and (s in seers) == phase
            )
        return tuple(s for s in range(self.players) if not out[s] and s not in chosen)

    def _someone_awaited(self) -> bool:
        out, chosen = self.out, self.chosen
        if self.seer_split:
            seers, phase = self.seers, self.seers_phase
            return any(
                not out[s] and s not in chosen and (s in seers) == phase
                for s in range(self.players)
            )
        return len(chosen) < out.count(False)

    def _may_choose(self, seat: int) -> bool:
        """Whether ``seat`` may choose or change his card now (its group is choosing)."""
        if not self.seer_split:
            return True
        return (seat in self.seers) == self.seers_phase

    def legal_actions(self, seat: int) -> list[Action]:
        """One play per card in hand while his group chooses, plus the exchange when offered."""
        self._check_seat(seat)
        if self.outcome is not None or self.out[seat]:
            return []
        actions: list[Action] = []
        if self._may_choose(seat):
            plays = _PLAYS
            actions = [plays.get(card) or _play(card) for card in self.hands[seat]]
        if seat in self.exchange:
            actions.append(_EXCHANGE)
        return actions

    # -- acting --------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Choose (or change) a card, or take the exchange; the last choice plays the trick."""
        self._check_seat(seat)
        if self.outcome is not None:
            raise IllegalAction("the game is over", code="game_over")
        if self.out[seat]:
            raise IllegalAction("you are out of the game", code="not_your_turn", seat=seat)
        kind = action.kind
        if kind == "exchange":
            return self._exchange(seat)
        if kind != "play" or len(action.cards) != 1:
            raise IllegalAction(
                "choose exactly one card from your hand", code="wrong_action", action=str(action)
            )
        if not self._may_choose(seat):
            if seat in self.seers:
                raise IllegalAction(
                    "the other players choose first: you are the seer",
                    code="not_your_turn",
                    seat=seat,
                )
            raise IllegalAction(
                "the seers have seen your choice: it can no longer change",
                code="not_your_turn",
                seat=seat,
            )
        card = action.cards[0]
        if card not in self.hands[seat]:
            raise IllegalAction(
                f"you have no {card} in your hand", code="not_in_hand", card=card.token()
            )
        self._views = {}
        # Choosing a card declines the exchange (SB-13), and everyone hears it.
        declined = seat in self.exchange
        self.exchange.discard(seat)
        first = seat not in self.chosen
        self.chosen[seat] = card
        if not first:
            return []
        events: list[Event] = [ExchangeDeclined(seat)] if declined else []
        events.append(ChoiceMade(seat))
        if self._someone_awaited():
            return events
        if self.seer_split and not self.seers_phase:
            self.seers_phase = True
            events.append(SeerTurn(tuple(sorted(self.seers))))
            return events
        resolve_trick(self, events)
        return events

    def _exchange(self, seat: int) -> list[Event]:
        if seat not in self.exchange:
            raise IllegalAction(
                "you have no exchange to make now", code="exchange_not_offered", seat=seat
            )
        self._views = {}
        self.exchange.discard(seat)
        hand, won = self.hands[seat], self.won[seat]
        self.hands[seat], self.won[seat] = won, hand
        return [Exchanged(seat, hand=len(won), won=len(hand))]

    def _check_seat(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise bad_seat(seat, self.players)

    # -- what is known -------------------------------------------------------------------

    def view(self, seat: int) -> ScientificView:
        """What ``seat`` may know now; nothing hidden from him is in it."""
        self._check_seat(seat)
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = build_view(self, seat)
        return view

    def owned(self) -> tuple[int, ...]:
        """Cards owned by each seat, hand plus won pile (public, key E)."""
        return tuple(len(h) + len(w) for h, w in zip(self.hands, self.won, strict=True))

    def result(self) -> Result:
        """How the game ended; asking before the end is an error."""
        if self.outcome is None:
            raise ValueError("the game is not over yet")
        return self.outcome

    def zones(self) -> dict[str, tuple[Card, ...]]:
        """Every place a card can be, for the conservation checks."""
        zones: dict[str, tuple[Card, ...]] = {}
        for seat in range(self.players):
            choice = self.chosen.get(seat)
            hand = self.hands[seat]
            zones[f"hand{seat}"] = tuple(c for c in hand if c != choice) if choice else tuple(hand)
            zones[f"won{seat}"] = tuple(self.won[seat])
        zones["chosen"] = tuple(self.chosen[s] for s in sorted(self.chosen))
        zones["pot"] = tuple(self.pot)
        return zones

    def clone(self) -> Self:
        """An independent copy (lists copied, cards shared: they are immutable)."""
        new = object.__new__(type(self))
        new.players = self.players
        new.hands = [h[:] for h in self.hands]
        new.won = [w[:] for w in self.won]
        new.chosen = dict(self.chosen)
        new.pot = self.pot[:]
        new.reversed = self.reversed
        new.out = self.out[:]
        new.seers = self.seers
        new.seer_split = self.seer_split
        new.seers_phase = self.seers_phase
        new.counting = self.counting
        new.exchange = set(self.exchange)
        new.trick = self.trick
        new.trick_limit = self.trick_limit
        new.outcome = self.outcome
        new.last_reveal = self.last_reveal
        new.seed = self.seed
        new._rng = None
        new._views = {}
        if self._rng is not None:
            new._rng = random.Random()
            new._rng.setstate(self._rng.getstate())
        new.opening = self.opening[:]
        return new
