"""What happens once every choice is made, in the order of SB-14: reveal, revolutions,
jokers and the comparison, the trick won or the war, the powers, empty hands, the end."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.cards import JACK, QUEEN, Card
from engine.events import (
    Eliminated,
    Event,
    GameOver,
    PileTakenUp,
    Reveal,
    TrickLimitReached,
    TrickWon,
    War,
)
from engine.protocol import Result
from engine.scientific.events import (
    JacksCancel,
    JokerCancelsWar,
    JokerForcesWar,
    JokersCancel,
    PowerGained,
    Revolution,
)
from engine.vocabulary import EndReason, Power, TrickCause

if TYPE_CHECKING:
    from engine.scientific.state import ScientificState

COUNTING_RANK = 3
EXCHANGE_RANK = 8
_POWERS: dict[int, Power] = {QUEEN: "seer", COUNTING_RANK: "counting", EXCHANGE_RANK: "exchange"}


def resolve_trick(state: ScientificState, events: list[Event]) -> None:
    """Reveal the chosen cards and play the trick out, appending what players hear."""
    chosen = state.chosen
    played = tuple((seat, chosen[seat]) for seat in sorted(chosen))
    for seat, card in played:
        state.hands[seat].remove(card)
    state.chosen = {}
    state.seers_phase = False
    state.last_reveal = played
    events.append(Reveal(played))

    jacks = tuple(seat for seat, card in played if card.rank == JACK)
    if jacks:
        # SB-7: jacks cancel in pairs; an odd number flips the order, for this trick already.
        if len(jacks) % 2:
            state.reversed = not state.reversed
            events.append(Revolution(jacks, state.reversed))
        else:
            events.append(JacksCancel(jacks, state.reversed))

    _settle(state, played, events)

    seers: list[int] = []
    counting: list[int] = []
    exchange: list[int] = []
    for seat, card in played:
        power = _POWERS.get(card.rank) if card.rank is not None else None
        if power is None:
            continue
        events.append(PowerGained(seat, power))
        (seers if power == "seer" else counting if power == "counting" else exchange).append(seat)

    state.trick += 1
    settle_empty_hands(state, (seat for seat, _ in played), events)
    if state.outcome is None and state.trick >= state.trick_limit:
        owned = state.owned()
        events.append(TrickLimitReached(state.trick_limit, owned))
        best = max(owned)
        _finish(
            state, tuple(s for s in range(state.players) if owned[s] == best), "trick_limit", events
        )
    if state.outcome is not None:
        return
    out = state.out
    state.seers = frozenset(s for s in seers if not out[s])
    state.seer_split = bool(state.seers) and len(state.seers) < out.count(False)
    state.counting = frozenset(s for s in counting if not out[s])
    # SB-13: offered only when it changes something (a won pile to take up).
    state.exchange = {s for s in exchange if not out[s] and state.won[s]}


def _settle(
    state: ScientificState, played: tuple[tuple[int, Card], ...], events: list[Event]
) -> None:
    """Compare in the current order and apply the jokers (SB-3 to SB-5, SB-9 to SB-11)."""
    sign = -1 if state.reversed else 1
    best = 0
    tied: list[int] = []
    jokers: list[int] = []
    for seat, card in played:
        rank = card.rank
        if rank is None:
            jokers.append(seat)
            continue
        value = rank * sign
        if not tied or value > best:
            best = value
            tied = [seat]
        elif value == best:
            tied.append(seat)
    cards = tuple(card for _, card in played)
    if len(jokers) == 1:
        joker = jokers[0]
        if len(tied) >= 2:
            events.append(JokerCancelsWar(joker))
            _take(state, joker, cards, "joker", events)
        else:
            events.append(JokerForcesWar(joker))
            _war(state, (joker,), None, cards, events)
        return
    if jokers:
        events.append(JokersCancel(tuple(jokers)))
    if not tied:
        _war(state, tuple(jokers), None, cards, events)
    elif len(tied) == 1:
        _take(state, tied[0], cards, "highest", events)
    else:
        _war(state, tuple(tied), best * sign, cards, events)


def _take(
    state: ScientificState,
    seat: int,
    cards: tuple[Card, ...],
    cause: TrickCause,
    events: list[Event],
) -> None:
    """SB-4: the trick and every card waiting from earlier wars go to the winner's pile."""
    taken = cards + tuple(state.pot) if state.pot else cards
    state.pot = []
    state.won[seat].extend(taken)
    events.append(TrickWon(seat, taken, cause))


def _war(
    state: ScientificState,
    seats: tuple[int, ...],
    rank: int | None,
    cards: tuple[Card, ...],
    events: list[Event],
) -> None:
    """SB-5: nobody takes the trick; its cards wait on the table for the next trick won."""
    state.pot.extend(cards)
    events.append(War(seats, rank, len(state.pot)))


def settle_empty_hands(state: ScientificState, seats: Iterable[int], events: list[Event]) -> None:
    """SB-6: an empty hand takes up the won pile, or its player is out; then the end."""
    out, hands, won = state.out, state.hands, state.won
    ran_out: list[int] = []
    for seat in seats:
        if out[seat] or hands[seat]:
            continue
        if won[seat]:
            hands[seat], won[seat] = won[seat], []
            events.append(PileTakenUp(seat, len(hands[seat])))
        else:
            out[seat] = True
            ran_out.append(seat)
            events.append(Eliminated(seat))
    if not ran_out:
        return
    still_in = [s for s in range(state.players) if not out[s]]
    if len(still_in) == 1:
        last = still_in[0]
        if state.pot:
            _take(state, last, (), "last_player", events)
        _finish(state, (last,), "last_player", events)
    elif not still_in:
        _finish(state, tuple(ran_out), "nobody_left", events)


def _finish(
    state: ScientificState, winners: tuple[int, ...], reason: EndReason, events: list[Event]
) -> None:
    scores = state.owned()
    state.outcome = Result(winners=winners, scores=scores, reason=reason)
    state.seers = frozenset()
    state.seer_split = False
    state.counting = frozenset()
    state.exchange = set()
    events.append(GameOver(winners, reason, scores))
