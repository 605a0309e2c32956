"""How the cards move: tricks, wars, taking up the won pile, elimination and the end (BT-3 to
BT-10). Every function changes the table and appends the events a player must hear, in order.

A *step* is a trick or one round of a war. In classic play a step is settled when the last
awaited seat has flipped; in open play each seat chooses in secret, and a war step with face-down
cards has two phases: every face-down card first, then every face-up card.
"""

from __future__ import annotations

from engine.battle.events import FaceDownLaid
from engine.battle.table import FACE_DOWN, FACE_UP, Table
from engine.cards import Card
from engine.events import (
    ChoiceMade,
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
from engine.vocabulary import EndReason, Phase, TrickCause

Laid = tuple[tuple[int, Card], ...]


def begin_step(t: Table, seats: tuple[int, ...], events: list[Event]) -> None:
    """Await ``seats`` for a trick (``war_round`` 0) or a war step (BT-3, BT-4)."""
    t.in_step = seats
    t.step = None
    stocks = t.stocks
    if t.war_round and t.face_down:
        # BT-6: a player with a single card left plays it face up, without a face-down card.
        won = t.won
        down = tuple(s for s in seats if len(stocks[s]) + len(won[s]) >= 2)
    else:
        down = ()
    t.down_seats = down
    if t.open:
        begin_phase(t, FACE_DOWN if down else FACE_UP, down or seats, events)
        return
    for seat in seats:
        # A face-down card can be the last of the stock: the face-up one then comes from the
        # won pile, taken up under it now (the same cards as taking it up in between).
        if not stocks[seat] or (down and seat in down and len(stocks[seat]) < 2):
            take_up(t, seat, events)
    t.phase = FACE_UP
    t.choosers = t.awaiting = seats


def begin_phase(t: Table, phase: Phase, seats: tuple[int, ...], events: list[Event]) -> None:
    """Open play: ``seats`` now choose a card for ``phase``; empty hands are refilled (BT-10)."""
    t.phase = phase
    t.step = None
    t.choosers = t.awaiting = seats
    t.choices.clear()
    for seat in seats:
        if not t.stocks[seat]:
            take_up(t, seat, events)


def take_up(t: Table, seat: int, events: list[Event]) -> None:
    """The won pile becomes the stock, under what is left of it (BT-5).

    Classic play shuffles it with the game's seeded random source, since a fixed order can
    make the game loop for ever; in open play the player holds it and sees it (BT-10)."""
    pile = t.won[seat]
    if not t.open:
        # Sorting on independent random keys is a uniform shuffle, twice as fast as
        # random.shuffle, and it runs many times in every game.
        draw = t.rng.random
        pile.sort(key=lambda _: draw())
    t.stocks[seat].extend(pile)
    t.won[seat] = []
    t.stock_count[seat] += len(pile)
    t.won_count[seat] = 0
    events.append(PileTakenUp(seat, len(pile)))


def eliminate(t: Table, seat: int, events: list[Event]) -> None:
    """``seat`` owns no card: he is out of the game (BT-6, BT-7)."""
    t.step = None
    t.alive = tuple(s for s in t.alive if s != seat)
    t.eliminated = tuple(sorted((*t.eliminated, seat)))
    events.append(Eliminated(seat))


def flip(t: Table, seat: int, events: list[Event]) -> None:
    """Classic play: ``seat`` has flipped; the last flip lays every card of the step."""
    awaiting = t.awaiting
    if len(awaiting) > 1:
        i = awaiting.index(seat)
        t.awaiting = awaiting[:i] + awaiting[i + 1 :]
        return
    t.awaiting = ()
    t.counts = None
    reveal: list[tuple[int, Card]] = []
    pot, down, stocks, stock_count = t.pot, t.down_seats, t.stocks, t.stock_count
    best, leaders = -1, [seat]
    for s in t.in_step:
        stock = stocks[s]
        if down and s in down:
            pot.append(stock.popleft())
            stock_count[s] -= 1
        card = stock.popleft()
        stock_count[s] -= 1
        pot.append(card)
        reveal.append((s, card))
        rank = card.rank or 0
        if rank > best:
            best, leaders = rank, [s]
        elif rank == best:
            leaders.append(s)
    if len(leaders) == 1 and not t.war_round:
        # The common case, kept lean: a plain trick won outright (as settle and end_trick
        # would do it).
        cards = tuple(pot)
        pot.clear()
        t.won[leaders[0]].extend(cards)
        t.won_count[leaders[0]] += len(cards)
        events.append(Reveal(tuple(reveal)))
        events.append(TrickWon(leaders[0], cards))
        t.tricks += 1
        alive = t.alive
        if t.tricks < t.trick_limit and len(alive) > 1:
            for s in alive:
                if not stocks[s]:
                    break
            else:
                # Every stock can give a card: the next trick starts with the same seats (a
                # plain trick's seats are every seat still in, none of them face down).
                t.awaiting = alive
                return
        after_trick(t, events)
        return
    settle(t, tuple(reveal), best, tuple(leaders), events)


def choose(t: Table, seat: int, card: Card, events: list[Event]) -> None:
    """Open play: ``seat`` chooses (or changes) his card; the last choice lays the cards."""
    if seat not in t.choices:
        t.awaiting = tuple(s for s in t.awaiting if s != seat)
        events.append(ChoiceMade(seat))
    t.choices[seat] = card
    if t.awaiting:
        return
    t.counts = None
    if t.phase == FACE_DOWN:
        for s in t.down_seats:
            chosen = t.choices[s]
            t.stocks[s].remove(chosen)
            t.stock_count[s] -= 1
            t.pot.append(chosen)
        events.append(FaceDownLaid(t.down_seats, len(t.pot)))
        begin_phase(t, FACE_UP, t.in_step, events)
        return
    reveal: list[tuple[int, Card]] = []
    for s in t.in_step:
        chosen = t.choices[s]
        t.stocks[s].remove(chosen)
        t.stock_count[s] -= 1
        t.pot.append(chosen)
        reveal.append((s, chosen))
    t.choices.clear()
    laid = tuple(reveal)
    settle(t, laid, *highest(laid), events)


def highest(laid: Laid) -> tuple[int, tuple[int, ...]]:
    """The highest rank among ``laid`` and the seats that turned it up."""
    best, seats = -1, []
    for seat, card in laid:
        rank = card.rank or 0
        if rank > best:
            best, seats = rank, [seat]
        elif rank == best:
            seats.append(seat)
    return best, tuple(seats)


def settle(
    t: Table, reveal: Laid, rank: int, leaders: tuple[int, ...], events: list[Event]
) -> None:
    """The cards of a step are face up: the single highest takes the pot, a tie is a war."""
    t.shown.extend(reveal)
    events.append(Reveal(reveal, t.war_round, t.down_seats))
    if not t.war_round:
        t.first_reveal = reveal
    if len(leaders) == 1:
        take_pot(t, leaders[0], "highest", events)
        return
    events.append(War(leaders, rank, len(t.pot)))
    start_war(t, leaders, events)


def start_war(t: Table, seats: tuple[int, ...], events: list[Event]) -> None:
    """The tied ``seats`` go to war; those with no card at all are out (BT-4, BT-6)."""
    still: list[int] = []
    for seat in seats:
        if t.stocks[seat] or t.won[seat]:
            still.append(seat)
        else:
            eliminate(t, seat, events)
    if not still:
        abandon_war(t, seats, events)
    elif len(still) == 1:
        # Nobody is left to fight him: the last player in the war takes the pot.
        take_pot(t, still[0], "last_player", events)
    else:
        t.war_round += 1
        begin_step(t, tuple(still), events)


def abandon_war(t: Table, war_seats: tuple[int, ...], events: list[Event]) -> None:
    """Everybody in the war is out: the pot goes to the highest card of the trick that started
    it among the players still in; a tie there is a new war; nobody left is a draw (BT-6)."""
    candidates = tuple((s, c) for s, c in t.first_reveal if s in t.alive)
    if not candidates:
        finish(t, war_seats, "nobody_left", events)
        return
    rank, top = highest(candidates)
    if len(top) == 1:
        take_pot(t, top[0], "abandoned_war", events)
        return
    events.append(War(top, rank, len(t.pot)))
    start_war(t, top, events)


def take_pot(t: Table, seat: int, cause: TrickCause, events: list[Event]) -> None:
    """``seat`` takes every card on the table onto his won pile; the trick ends (BT-3)."""
    cards = tuple(t.pot)
    t.won[seat].extend(cards)
    t.won_count[seat] += len(cards)
    t.pot.clear()
    t.shown.clear()
    events.append(TrickWon(seat, cards, cause))
    end_trick(t, events)


def end_trick(t: Table, events: list[Event]) -> None:
    """Eliminate who owns nothing, end the game if it is over, else start the next trick
    (BT-7, BT-8: a trick counts once, wars included, and the limit is checked here only)."""
    t.tricks += 1
    after_trick(t, events)


def after_trick(t: Table, events: list[Event]) -> None:
    """What :func:`end_trick` does once the trick is counted."""
    if t.war_round:
        t.war_round = 0
        t.step = None
    t.first_reveal = ()
    stocks, won = t.stocks, t.won
    alive = t.alive
    if len(alive) > 1 and t.tricks < t.trick_limit and not t.open:
        for seat in alive:
            if not stocks[seat]:
                break
        else:
            # The common case, kept lean: every stock can give a card, the next trick starts.
            t.in_step = t.choosers = t.awaiting = alive
            t.down_seats = ()
            t.phase = FACE_UP
            return
    for seat in alive:
        if not stocks[seat] and not won[seat]:
            eliminate(t, seat, events)
    alive = t.alive
    if len(alive) == 1:
        finish(t, alive, "all_cards", events)
    elif t.tricks >= t.trick_limit:
        owned = t.owned()
        events.append(TrickLimitReached(t.trick_limit, owned))
        most = max(owned)
        finish(t, tuple(s for s in range(t.players) if owned[s] == most), "trick_limit", events)
    else:
        begin_step(t, alive, events)


def finish(t: Table, winners: tuple[int, ...], reason: EndReason, events: list[Event]) -> None:
    """The game is over: nobody is awaited any more."""
    t.step = None
    owned = t.owned()
    t.result = Result(winners, owned, reason)
    t.in_step = t.choosers = t.awaiting = t.down_seats = ()
    t.choices.clear()
    events.append(GameOver(winners, reason, owned))
