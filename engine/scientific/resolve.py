"""What happens once every choice is made, in the order of SB-14: reveal, revolutions,
jokers and the comparison, the trick won or the war, the powers, empty hands, the end."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

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
    from engine.scientific.fields import GameFields

COUNTING_RANK = 3
EXCHANGE_RANK = 8
_POWERS: dict[int, Power] = {QUEEN: "seer", COUNTING_RANK: "counting", EXCHANGE_RANK: "exchange"}


def resolve_trick(state: GameFields, events: list[Event]) -> None:
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
        if order_after(played, state.reversed) != state.reversed:
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


class Comparison(NamedTuple):
    """How the cards of one trick compare (SB-3 to SB-5, SB-9 to SB-11), before anything
    moves: ``winner`` takes the trick (``None``: a war); ``cause`` is ``"highest"``,
    ``"joker"`` (a lone joker cancels a war), ``"joker_war"`` (a lone joker forces one) or
    ``"war"``; ``war_seats`` and ``war_rank`` are those of the war; ``jokers`` the seats that
    showed one."""

    winner: int | None
    cause: str
    war_seats: tuple[int, ...]
    war_rank: int | None
    jokers: tuple[int, ...]


def order_after(played: Sequence[tuple[int, Card]], reversed_order: bool) -> bool:
    """The order in force for this trick: an odd number of jacks flips it (SB-7)."""
    jacks = sum(1 for _, card in played if card.rank == JACK)
    return not reversed_order if jacks % 2 else reversed_order


def compare(played: Sequence[tuple[int, Card]], reversed_order: bool) -> Comparison:
    """Compare the cards of a trick in the order ``reversed_order`` (jacks already applied:
    see :func:`order_after`). The engine settles every trick with it; computer players
    foresee tricks with :func:`winner_with`, which decides by the same rule
    (:func:`_decided`).

    >>> from engine.cards import parse_cards
    >>> ace, two, ace2 = parse_cards("As 2h Ad")
    >>> compare(((0, ace), (1, two)), False).winner, compare(((0, ace), (1, two)), True).winner
    (0, 1)
    >>> compare(((0, ace), (1, ace2)), False)[:4]
    (None, 'war', (0, 1), 14)
    """
    summed = trick_so_far(played)
    if reversed_order:
        best, best_seat, tied = summed.low, summed.low_seat, summed.low_tied
    else:
        best, best_seat, tied = summed.high, summed.high_seat, summed.high_tied
    winner = _decided(summed.jokers, summed.joker, best_seat, tied)
    shown = tuple(seat for seat, card in played if card.rank is None)
    if summed.jokers == 1:
        if winner is not None:
            return Comparison(winner, "joker", (), None, shown)
        return Comparison(None, "joker_war", (summed.joker,), None, shown)
    if winner is not None:
        return Comparison(winner, "highest", (), None, shown)
    if best_seat < 0:
        return Comparison(None, "war", shown, None, shown)
    war = tuple(seat for seat, card in played if card.rank == best)
    return Comparison(None, "war", war, best, shown)


def _decided(jokers: int, joker: int, best_seat: int, tied: bool) -> int | None:
    """The rule that settles a trick, written once: the seat that takes it (``None``: a war),
    given how many jokers were shown (``joker``: the seat of the last), the seat of the best
    rank in the order in force (-1: none) and whether another card ties it."""
    if jokers == 1:
        return joker if tied else None  # SB-9, SB-10
    if best_seat < 0 or tied:
        return None  # SB-5 (SB-11: two jokers or more leave the others to decide)
    return best_seat


class TrickSoFar(NamedTuple):
    """Some cards of a trick summed up (:func:`trick_so_far`): what :func:`winner_with` needs
    to settle the trick once one more card is added. A computer player weighs every card of
    its hand against the same others this way, each card in a few steps."""

    jacks: int
    jokers: int
    joker: int
    """The seat of the last joker."""
    high: int
    high_seat: int
    """The seat of the highest rank, -1 when no ranked card is shown."""
    high_tied: bool
    low: int
    low_seat: int
    low_tied: bool


def trick_so_far(played: Iterable[tuple[int, Card]]) -> TrickSoFar:
    """``played`` summed up for :func:`winner_with`."""
    jacks = jokers = 0
    joker = high = low = 0
    high_seat = low_seat = -1
    high_tied = low_tied = False
    for seat, card in played:
        rank = card.rank
        if rank is None:
            jokers += 1
            joker = seat
            continue
        if rank == JACK:
            jacks += 1
        if rank > high:
            high, high_seat, high_tied = rank, seat, False
        elif rank == high:
            high_tied = True
        if low_seat < 0 or rank < low:
            low, low_seat, low_tied = rank, seat, False
        elif rank == low:
            low_tied = True
    return TrickSoFar(jacks, jokers, joker, high, high_seat, high_tied, low, low_seat, low_tied)


def winner_with(
    so_far: TrickSoFar, seat: int, card: Card, reversed_order: bool
) -> tuple[int | None, bool]:
    """The seat that takes the trick (``None``: a war) once ``seat`` adds ``card`` to the
    cards of ``so_far``, and the order in force for it: the same answer as
    ``compare(played, order_after(played, reversed_order)).winner`` and that order."""
    jacks, jokers, joker, high, high_seat, high_tied, low, low_seat, low_tied = so_far
    rank = card.rank
    if rank is None:
        jokers += 1
        joker = seat
    else:
        if rank == JACK:
            jacks += 1
        if rank > high:
            high_seat, high_tied = seat, False
        elif rank == high:
            high_tied = True
        if low_seat < 0 or rank < low:
            low_seat, low_tied = seat, False
        elif rank == low:
            low_tied = True
    order = not reversed_order if jacks & 1 else reversed_order  # SB-7
    if order:
        return _decided(jokers, joker, low_seat, low_tied), order
    return _decided(jokers, joker, high_seat, high_tied), order


def trick_winner(
    played: Sequence[tuple[int, Card]], reversed_order: bool
) -> tuple[int | None, bool]:
    """The seat that takes the trick (``None``: a war) and the order in force for it:
    ``compare(played, order_after(played, reversed_order)).winner`` and that order, without
    the comparison's details (:func:`winner_with` of the first card against the others).

    >>> from engine.cards import parse_cards
    >>> ace, jack, joker = parse_cards("As Jh joker")
    >>> trick_winner(((0, ace), (1, jack)), False)
    (1, True)
    >>> trick_winner(((0, ace), (1, joker)), False)
    (None, False)
    """
    seat, card = played[0]
    return winner_with(trick_so_far(played[1:]), seat, card, reversed_order)


def _settle(state: GameFields, played: tuple[tuple[int, Card], ...], events: list[Event]) -> None:
    """Compare in the current order and apply the jokers (SB-3 to SB-5, SB-9 to SB-11)."""
    found = compare(played, state.reversed)
    cards = tuple(card for _, card in played)
    if found.cause == "joker":
        assert found.winner is not None
        events.append(JokerCancelsWar(found.winner))
        _take(state, found.winner, cards, "joker", events)
        return
    if found.cause == "joker_war":
        events.append(JokerForcesWar(found.war_seats[0]))
        _war(state, found.war_seats, None, cards, events)
        return
    if len(found.jokers) >= 2:
        events.append(JokersCancel(found.jokers))
    if found.winner is not None:
        _take(state, found.winner, cards, "highest", events)
    else:
        _war(state, found.war_seats, found.war_rank, cards, events)


def _take(
    state: GameFields,
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
    state: GameFields,
    seats: tuple[int, ...],
    rank: int | None,
    cards: tuple[Card, ...],
    events: list[Event],
) -> None:
    """SB-5: nobody takes the trick; its cards wait on the table for the next trick won."""
    state.pot.extend(cards)
    events.append(War(seats, rank, len(state.pot)))


def settle_empty_hands(state: GameFields, seats: Iterable[int], events: list[Event]) -> None:
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
    state: GameFields, winners: tuple[int, ...], reason: EndReason, events: list[Event]
) -> None:
    scores = state.owned()
    state.outcome = Result(winners=winners, scores=scores, reason=reason)
    state.seers = frozenset()
    state.seer_split = False
    state.counting = frozenset()
    state.exchange = set()
    events.append(GameOver(winners, reason, scores))
