"""Battaglia's events in words: one function per event kind, compact enough for long games.

>>> from audiogame.i18n import set_language
>>> from engine.events import Reveal, TrickWon
>>> from engine.cards import parse_cards
>>> seats = Seats(("Bruno",), 2)
>>> k, five = parse_cards("Kh 5s")
>>> set_language("en"); reveal(Reveal(((0, k), (1, five))), seats)
'You: king. Bruno: five.'
>>> trick_won(TrickWon(0, (k, five)), seats)
'You take 2 cards.'
>>> set_language("it"); trick_won(TrickWon(1, (k, five)), seats)
'Bruno prende 2 carte.'
>>> set_language("en")
"""

from __future__ import annotations

from typing import Any

from audiogame.i18n import _, ngettext
from audiogame.words import trick_games
from audiogame.words.cards import rank_list, rank_name
from audiogame.words.registry import renderer
from audiogame.words.scientific import hand_summary
from audiogame.words.seats import HUMAN, Seats, capitalize
from engine.battle.events import CardsSetAside, FaceDownLaid
from engine.cards import Card
from engine.errors import IllegalAction
from engine.events import (
    ChoiceMade,
    Reveal,
    TrickWon,
    War,
)

GAME = "battle"


def shown_cards(cards: tuple[tuple[int, object], ...], seats: Seats) -> str:
    """ "You: king. Bruno: five." """
    return " ".join(
        _("{name}: {rank}.").format(
            name=capitalize(seats.subject(seat)), rank=rank_name(getattr(card, "rank", None))
        )
        for seat, card in cards
    )


@renderer(GAME, "reveal")
def reveal(event: Reveal, seats: Seats) -> str:
    text = shown_cards(event.cards, seats)
    if not event.face_down:
        return text
    up_only = [seat for seat, _card in event.cards if seat not in event.face_down]
    # In the war, but with one card left: it went face up, with no card under it.
    last = ngettext(
        "{names}: last card, face up.", "{names}: last cards, face up.", len(up_only)
    ).format(names=capitalize(seats.subjects(up_only)))
    if seats.options.get("open"):  # the face-down cards were announced when they were laid
        return f"{last} {text}" if up_only else text
    down = _("Face down: {names}.").format(names=seats.subjects(event.face_down))
    if up_only:
        down += " " + last
    return f"{down} {text}"


@renderer(GAME, "war")
def war(event: War, seats: Seats) -> str:
    pot = ngettext("{count} card on the table.", "{count} cards on the table.", event.pot).format(
        count=event.pot
    )
    return _("War between {names}! {pot}").format(names=seats.objects(event.seats), pot=pot)


@renderer(GAME, "trick_won")
def trick_won(event: TrickWon, seats: Seats) -> str:
    count = event.count
    if event.cause == "last_player":
        # Said the same from every seat: the one who ran out has just heard it of himself.
        if seats.is_me(event.seat):
            text = ngettext(
                "Only you have cards left in the war: you take the {count} card on the table.",
                "Only you have cards left in the war: you take the {count} cards on the table.",
                count,
            )
        else:
            text = ngettext(
                "Only {name} has cards left in the war: {name} takes the {count} card on the "
                "table.",
                "Only {name} has cards left in the war: {name} takes the {count} cards on the "
                "table.",
                count,
            )
        return text.format(name=seats.subject(event.seat), count=count)
    if seats.is_me(event.seat):
        text = ngettext("You take {count} card.", "You take {count} cards.", count)
    else:
        text = ngettext("{name} takes {count} card.", "{name} takes {count} cards.", count)
    text = text.format(name=seats.subject(event.seat), count=count)
    if event.cause == "abandoned_war":
        return _("Everybody in the war ran out of cards. {outcome}").format(outcome=text)
    return text


@renderer(GAME, "choice_made")
def choice_made(event: ChoiceMade, seats: Seats) -> str:
    if seats.is_me(event.seat):
        return _("You have chosen.")
    return _("{name} has chosen.").format(name=seats.subject(event.seat))


trick_games.register(GAME)


@renderer(GAME, "set_aside")
def set_aside(event: CardsSetAside, seats: Seats) -> str:
    count = len(event.cards)
    return ngettext(
        "{count} card set aside, out of play: {cards}.",
        "{count} cards set aside, out of play: {cards}.",
        count,
    ).format(count=count, cards=rank_list(event.cards))


@renderer(GAME, "face_down_laid")
def face_down_laid(event: FaceDownLaid, seats: Seats) -> str:
    pot = ngettext("{count} card on the table.", "{count} cards on the table.", event.pot).format(
        count=event.pot
    )
    return _("Face down: {names}. {pot}").format(names=seats.subjects(event.seats), pot=pot)


def refusal(error: IllegalAction, view: object) -> str:
    """Why the engine refused the player's action, in the player's language."""
    code = error.code
    if code == "game_over":
        return _("The game is over.")
    if code == "not_your_turn":
        if 0 in getattr(view, "eliminated", ()):
            return _("You are out of the game.")
        if 0 in getattr(view, "in_step", ()):
            if getattr(view, "open", False):
                return _("You have one card left: it is played face up after the face-down cards.")
            return _("You have already turned up your card.")
        return _("It is not your turn: you are not in this war.")
    if code == "wrong_action":
        wanted = error.params.get("wanted")
        if wanted == "face_down":
            return _("Now choose a card to put face down.")
        if wanted == "play":
            return _("Now choose a card to play face up.")
        return _("Press Space to turn up your card.")
    if code == "not_in_hand":
        card = error.params.get("card")
        name = rank_name(card.rank) if isinstance(card, Card) else str(card)
        return _("You do not hold that card: {card}.").format(card=name)
    return str(error)


def cards_owned(view: Any, seats: Seats) -> str:
    """E at a Battaglia table and in its replay: each player's cards, and the pot."""
    parts = [
        _("{name} out").format(name=seats.subject(seat))
        if seat in view.eliminated
        else _("{name} {count}").format(name=seats.subject(seat), count=view.owned[seat])
        for seat in range(view.players)
    ]
    text = _("Cards owned: {list}.").format(list=", ".join(parts))
    if view.pot:
        text += " " + ngettext(
            "{count} card on the table.", "{count} cards on the table.", view.pot
        ).format(count=view.pot)
    return text


def hand_text(view: Any, open_hand: bool) -> str:
    """W: the open hand's cards, or in classic War the stock and the won pile."""
    if not open_hand:
        return _("Your stock: {stock}. Your won pile: {won}.").format(
            stock=view.stock[HUMAN], won=view.won[HUMAN]
        )
    if not view.hand:
        return _("Your hand is empty.")
    return ngettext(
        "Your hand, {count} card: {cards}.",
        "Your hand, {count} cards: {cards}.",
        len(view.hand),
    ).format(count=len(view.hand), cards=hand_summary(view.hand))


def trick_text(view: Any, open_hand: bool, play_key: str) -> str:
    """T while the game goes on: the trick, a war's round, and whether it is the player's turn
    (``play_key`` turns up the card in classic War)."""
    if HUMAN in view.eliminated:
        return _("You are out of the game.")
    trick = _("Trick {number} of {limit}.").format(number=view.tricks + 1, limit=view.trick_limit)
    if view.war_round:
        trick += " " + _("War, round {round}.").format(round=view.war_round)
    if HUMAN not in view.awaiting:
        return trick
    if not open_hand:
        return trick + " " + _("Your turn: press {key}.").format(key=play_key)
    if view.phase == "face_down":
        return trick + " " + _("Your turn: choose a card to put face down.")
    return trick + " " + _("Your turn: choose a card to play.")
