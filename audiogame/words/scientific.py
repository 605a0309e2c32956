"""Battaglia scientifica's events in words: one short message per event, since a blind player
hears them all at every trick. Cards are said by rank alone in the reveal (suits never matter
in this game, SB-3); the hand, explored at the player's pace, names them in full.

>>> from audiogame.i18n import set_language
>>> from engine.events import Reveal, War
>>> from engine.cards import parse_cards
>>> seats = Seats(("Anna", "Bruno"), 3)
>>> seven, jack, joker = parse_cards("7h Js joker")
>>> set_language("en"); reveal(Reveal(((0, seven), (1, jack), (2, joker))), seats)
'You: seven. Anna: jack. Bruno: joker.'
>>> war(War((0, 1), 7, 4), seats)
'War between you and Anna! 4 cards on the table.'
>>> set_language("it"); war(War((2,), None, 3), seats)
'Battaglia! 3 carte sul tavolo.'
>>> set_language("en")
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from audiogame.i18n import _, ngettext
from audiogame.words import trick_games
from audiogame.words.cards import rank_name
from audiogame.words.registry import renderer
from audiogame.words.seats import Seats, capitalize
from engine.cards import Card
from engine.errors import IllegalAction
from engine.events import (
    ChoiceMade,
    Reveal,
    TrickWon,
    War,
)
from engine.scientific.events import (
    Exchanged,
    ExchangeDeclined,
    JacksCancel,
    JokerCancelsWar,
    JokerForcesWar,
    JokersCancel,
    PowerGained,
    Revolution,
    SeerTurn,
)

GAME = "scientific"
YOU = 0


def shown_cards(cards: Sequence[tuple[int, Card]], seats: Seats) -> str:
    """ "You: seven. Anna and Bruno: jack." (ranks only; everyone showing the same rank is
    said together, at the place of the first of them in seat order, which makes a tie easy to
    hear: "You and Carla: nine. Bruno: four.")."""
    groups: list[tuple[list[int], int | None]] = []
    for seat, card in cards:
        same = next((group for group in groups if group[1] == card.rank), None)
        if same is not None:
            same[0].append(seat)
        else:
            groups.append(([seat], card.rank))
    return " ".join(
        _("{name}: {rank}.").format(name=capitalize(seats.subjects(group)), rank=rank_name(rank))
        for group, rank in groups
    )


# "3 twos": each rank with its own plural (Italian plurals differ rank by rank).
_RANK_COUNTS: dict[int | None, Callable[[int], str]] = {
    2: lambda n: ngettext("{count} two", "{count} twos", n),
    3: lambda n: ngettext("{count} three", "{count} threes", n),
    4: lambda n: ngettext("{count} four", "{count} fours", n),
    5: lambda n: ngettext("{count} five", "{count} fives", n),
    6: lambda n: ngettext("{count} six", "{count} sixes", n),
    7: lambda n: ngettext("{count} seven", "{count} sevens", n),
    8: lambda n: ngettext("{count} eight", "{count} eights", n),
    9: lambda n: ngettext("{count} nine", "{count} nines", n),
    10: lambda n: ngettext("{count} ten", "{count} tens", n),
    11: lambda n: ngettext("{count} jack", "{count} jacks", n),
    12: lambda n: ngettext("{count} queen", "{count} queens", n),
    13: lambda n: ngettext("{count} king", "{count} kings", n),
    14: lambda n: ngettext("{count} ace", "{count} aces", n),
    None: lambda n: ngettext("{count} joker", "{count} jokers", n),
}


def hand_summary(cards: Sequence[Card]) -> str:
    """Ranks in hand order, repeats counted: "two, 3 fives, joker"."""
    counts: dict[int | None, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    return ", ".join(
        rank_name(rank) if count == 1 else _RANK_COUNTS[rank](count).format(count=count)
        for rank, count in counts.items()
    )


def on_table(pot: int) -> str:
    return ngettext("{count} card on the table.", "{count} cards on the table.", pot).format(
        count=pot
    )


@renderer(GAME, "reveal")
def reveal(event: Reveal, seats: Seats) -> str:
    return shown_cards(event.cards, seats)


@renderer(GAME, "war")
def war(event: War, seats: Seats) -> str:
    if event.rank is None:  # forced by a joker, or only jokers: no tie to name
        return _("War! {pot}").format(pot=on_table(event.pot))
    # With many players, "everybody" is quicker to hear than seven names.
    if seats.players >= 3 and len(event.seats) == seats.players:
        return _("War between everybody! {pot}").format(pot=on_table(event.pot))
    if seats.players >= 4 and len(event.seats) == seats.players - 1 and seats.me not in event.seats:
        return _("War between all the others! {pot}").format(pot=on_table(event.pot))
    return _("War between {names}! {pot}").format(
        names=seats.objects(event.seats), pot=on_table(event.pot)
    )


@renderer(GAME, "trick_won")
def trick_won(event: TrickWon, seats: Seats) -> str:
    count = event.count
    if event.cause == "last_player":
        if seats.is_me(event.seat):
            text = ngettext(
                "You take the {count} card left on the table.",
                "You take the {count} cards left on the table.",
                count,
            )
        else:
            text = ngettext(
                "{name} takes the {count} card left on the table.",
                "{name} takes the {count} cards left on the table.",
                count,
            )
    elif seats.is_me(event.seat):
        text = ngettext("You take {count} card.", "You take {count} cards.", count)
    else:
        text = ngettext("{name} takes {count} card.", "{name} takes {count} cards.", count)
    return text.format(name=seats.subject(event.seat), count=count)


@renderer(GAME, "choice_made")
def choice_made(event: ChoiceMade, seats: Seats) -> str:
    if seats.is_me(event.seat):
        return _("You have chosen.")
    return _("{name} has chosen.").format(name=seats.subject(event.seat))


@renderer(GAME, "seer_turn")
def seer_turn(event: SeerTurn, seats: Seats) -> str:
    if seats.me in event.seers:
        return _("You are the seer: the others have chosen, C tells their cards.")
    return ngettext(
        "{names}, the seer, chooses now.", "{names}, the seers, choose now.", len(event.seers)
    ).format(names=capitalize(seats.subjects(event.seers)))


@renderer(GAME, "revolution")
def revolution(event: Revolution, seats: Seats) -> str:
    if event.reversed:
        return _("Revolution! The two is now highest, the ace lowest.")
    return _("Revolution! The ace is highest again.")


@renderer(GAME, "jacks_cancel")
def jacks_cancel(event: JacksCancel, seats: Seats) -> str:
    if event.reversed:
        return _("The jacks cancel each other: the two stays highest.")
    return _("The jacks cancel each other: the ace stays highest.")


@renderer(GAME, "joker_cancels_war")
def joker_cancels_war(event: JokerCancelsWar, seats: Seats) -> str:
    if seats.is_me(event.seat):
        return _("Your joker cancels the war.")
    return _("{name}'s joker cancels the war.").format(name=seats.subject(event.seat))


@renderer(GAME, "joker_forces_war")
def joker_forces_war(event: JokerForcesWar, seats: Seats) -> str:
    if seats.is_me(event.seat):
        return _("Your joker forces a war.")
    return _("{name}'s joker forces a war.").format(name=seats.subject(event.seat))


@renderer(GAME, "jokers_cancel")
def jokers_cancel(event: JokersCancel, seats: Seats) -> str:
    return _("The jokers cancel each other.")


@renderer(GAME, "power_gained")
def power_gained(event: PowerGained, seats: Seats) -> str:
    """The power as such; the table says more about an exchange (offered or why not)."""
    if seats.is_me(event.seat):
        if event.power == "seer":
            return _("Queen: you are the seer next trick.")
        if event.power == "counting":
            return _("Three: until the end of the next trick, E also tells the cards in hand.")
        return _("Eight: you may swap your hand and your won pile.")
    return powers_gained(event.power, [event.seat], seats)


def powers_gained(power: str, holders: Sequence[int], seats: Seats) -> str:
    """Computer players gaining the same power in one trick, in one message."""
    count = len(holders)
    if power == "seer":
        text = ngettext(
            "Queen: {names} is the seer next trick.", "Queen: {names} are seers next trick.", count
        )
    elif power == "counting":
        text = ngettext(
            "Three: {names} may count the cards in hand next trick.",
            "Three: {names} may count the cards in hand next trick.",
            count,
        )
    else:
        text = ngettext(
            "Eight: {names} may swap hand and won pile.",
            "Eight: {names} may swap hand and won pile.",
            count,
        )
    return text.format(names=seats.subjects(holders))


def exchange_offer(hand: int, won: int, key: str = "S") -> str:
    """The player's exchange offer, with what it would change; ``key``: the swap's key."""
    return _("Eight: {key} swaps your hand, {hand}, for your won pile, {won}.").format(
        hand=cards(hand), won=cards(won), key=key
    )  # choosing a card declines it: said then ("You keep your hand"), and by F1 on S


def cards(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


@renderer(GAME, "exchanged")
def exchanged(event: Exchanged, seats: Seats) -> str:
    if seats.is_me(event.seat):
        return _("Swapped: now {hand} in your hand, {won} in your won pile.").format(
            hand=cards(event.hand), won=cards(event.won)
        )
    return _("{name} swaps hand and won pile: now {hand} in hand.").format(
        name=seats.subject(event.seat), hand=cards(event.hand)
    )


@renderer(GAME, "exchange_declined")
def exchange_declined(event: ExchangeDeclined, seats: Seats) -> str:
    if seats.is_me(event.seat):
        return _("You keep your hand: no swap.")
    return _("{name} does not swap.").format(name=seats.subject(event.seat))


trick_games.register(GAME)


def refusal(error: IllegalAction, seer: bool) -> str:
    """Why the engine refused the player's action; ``seer``: the player holds the seer power."""
    code = error.code
    if code == "game_over":
        return _("The game is over.")
    if code == "exchange_not_offered":
        return _("No exchange is offered: it comes after you play an eight, with a won pile.")
    if code == "not_your_turn":
        if seer:
            return _("You are the seer: the others choose first.")
        return _("The seer has seen your choice: it can no longer change.")
    return str(error)
