"""Follows a Scientific Battle game from one seat's views: a private copy of the game in which
the other hands are worked out from what is public.

Hands start as whole suits (SB-1); every reveal is seen by all; who takes a trick follows from
the rules; an empty hand takes up its won pile; an exchange shows itself at the next reveal
(the card played is in the won pile, not the hand). So with two players the other hand is
known exactly, trick after trick. When the copy cannot be followed (a bot that joins late, a
custom deal), it is rebuilt from the view with a plausible guess of the hidden split.
"""

from __future__ import annotations

import random

from engine.actions import Action
from engine.cards import Card
from engine.scientific import ScientificGame
from engine.scientific.deal import deal_suits
from engine.scientific.state import ScientificState
from engine.scientific.view import ScientificView

_EXCHANGE = Action("exchange")
_GAME = ScientificGame()


def _play(card: Card) -> Action:
    return Action("play", (card,))


class Tracker:
    """The copy of one game as one seat can know it; :meth:`follow` it with every view."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.state: ScientificState | None = None
        self.seat = -1
        self.exact = False
        """Whether the copy was followed from the deal, trick by trick: its other hands are
        then what the seat can know they are, not a guess."""

    def follow(self, view: ScientificView) -> ScientificState:
        """The copy brought up to ``view`` (before any choice of the trick in progress), with
        the seat's own hand and won pile exactly as the view shows them."""
        state = self.state
        if state is None or view.seat != self.seat or view.trick < state.trick:
            state = self._start(view)
        elif view.trick == state.trick + 1 and view.last_reveal:
            if not self._advance(state, view.last_reveal):
                state = None
        elif view.trick != state.trick:
            state = None
        if state is None or not _agrees(state, view):
            state = rebuild(view, self.rng)
            self.exact = False
        state.hands[view.seat] = list(view.hand)
        state.won[view.seat] = list(view.won_pile)
        if view.exchange_offered:
            state.exchange.add(view.seat)
        else:
            state.exchange.discard(view.seat)
        self.state = state
        self.seat = view.seat
        return state

    def _start(self, view: ScientificView) -> ScientificState:
        if view.trick == 0 and not view.pot and not view.won_pile:
            hands = deal_suits(view.players)
            if sorted(hands[view.seat], key=Card.sort_key) == list(view.hand):
                self.exact = True
                return _GAME.new_state(
                    hands=hands, players=view.players, trick_limit=view.trick_limit
                )
        return rebuild(view, self.rng)

    @staticmethod
    def _advance(state: ScientificState, reveal: tuple[tuple[int, Card], ...]) -> bool:
        """Play the revealed trick on the copy; False when it cannot be (lost track)."""
        cards = dict(reveal)
        for seat, card in reveal:
            if card in state.hands[seat]:
                continue
            if card in state.won[seat] and seat in state.exchange:
                state.apply(seat, _EXCHANGE)
            else:
                return False
        trick = state.trick
        try:
            for _ in range(2):  # the players who are not seers, then the seers (SB-8)
                awaited = state.to_act()
                if not awaited or any(seat not in cards for seat in awaited):
                    return False
                for seat in awaited:
                    state.apply(seat, _play(cards[seat]))
                if state.trick != trick or state.is_over:
                    return True
        except ValueError:
            return False
        return False


def _agrees(state: ScientificState, view: ScientificView) -> bool:
    """The copy shows what the view shows of the public facts."""
    return (
        state.owned() == view.owned
        and len(state.pot) == len(view.pot)
        and state.reversed == view.reversed
        and tuple(s for s in range(state.players) if state.out[s]) == view.eliminated
        and state.trick == view.trick
    )


def rebuild(view: ScientificView, rng: random.Random) -> ScientificState:
    """A copy that agrees with every public fact of ``view``; the other hands are the cards
    nobody can place, dealt to the others by their owned counts, all in hand."""
    mine = set(view.hand) | set(view.won_pile) | set(view.pot)
    everything = [card for hand in deal_suits(view.players) for card in hand]
    if not set(view.hand) <= set(everything):
        everything = list(view.hand) + list(view.won_pile)  # an unusual deal: only what we see
    rest = [card for card in everything if card not in mine]
    rng.shuffle(rest)
    hands: list[list[Card]] = []
    for seat in range(view.players):
        if seat == view.seat:
            hands.append(list(view.hand))
            continue
        count = view.owned[seat]
        hands.append(rest[:count])
        rest = rest[count:]
    state = _GAME.new_state(hands=hands, players=view.players, trick_limit=view.trick_limit)
    state.won[view.seat] = list(view.won_pile)
    state.pot = list(view.pot)
    state.reversed = view.reversed
    state.trick = view.trick
    state.outcome = None
    state.out = [seat in view.eliminated for seat in range(view.players)]
    state.opening = []
    powers = view.powers
    state.seers = frozenset(s for s, held in powers.items() if "seer" in held)
    alive = view.players - len(view.eliminated)
    state.seer_split = bool(state.seers) and len(state.seers) < alive
    state.seers_phase = False
    state.counting = frozenset(s for s, held in powers.items() if "counting" in held)
    state.exchange = {s for s, held in powers.items() if "exchange" in held}
    return state
