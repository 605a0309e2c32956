"""Words for the events Battaglia and Battaglia scientifica share: a won pile taken up, a
player out, the trick limit, the end of the game. Each game's words module registers these
for its own events."""

from __future__ import annotations

from audiogame.i18n import _, ngettext
from audiogame.words.seats import Seats
from engine.events import Eliminated, GameOver, PileTakenUp, TrickLimitReached


def pile_taken_up(event: PileTakenUp, seats: Seats) -> str:
    """One shape for every seat: "You take up your won pile: 9 cards.", "Bruno takes up their
    won pile: 22 cards." (a name says nothing of its player's gender)."""
    if seats.is_me(event.seat):
        text = ngettext(
            "You take up your won pile: {count} card.",
            "You take up your won pile: {count} cards.",
            event.count,
        )
    else:
        text = ngettext(
            "{name} takes up their won pile: {count} card.",
            "{name} takes up their won pile: {count} cards.",
            event.count,
        )
    return text.format(name=seats.subject(event.seat), count=event.count)


def eliminated(event: Eliminated, seats: Seats) -> str:
    if seats.is_me(event.seat):
        return _("You have no cards left: you are out of the game.")
    return _("{name} has no cards left and is out of the game.").format(
        name=seats.subject(event.seat)
    )


def owned_list(owned: tuple[int, ...], seats: Seats) -> str:
    """ "you 30, Bruno 22" (players still owning cards)."""
    return ", ".join(
        _("{name} {count}").format(name=seats.subject(seat), count=count)
        for seat, count in enumerate(owned)
        if count
    )


def trick_limit(event: TrickLimitReached, seats: Seats) -> str:
    return _("The trick limit of {limit} is reached. Cards owned: {owned}.").format(
        limit=event.limit, owned=owned_list(event.owned, seats)
    )


def game_over(event: GameOver, seats: Seats) -> str:
    """The end and why: every card owned, everybody else out, the trick limit, or a draw."""
    winners = event.winners
    if not winners:
        return _("Game over: nobody has cards left, the game is a draw.")
    if len(winners) > 1:
        return _("Game over: a draw between {names}.").format(names=seats.objects(winners))
    if seats.is_me(winners[0]):
        reasons = {
            "all_cards": _("Game over: you win, you own every card!"),
            "last_player": _("Game over: you win, everybody else is out!"),
            "trick_limit": _("Game over: you win with the most cards!"),
        }
        return reasons.get(event.reason, _("Game over: you win!"))
    name = seats.subject(winners[0])
    reasons = {
        "all_cards": _("Game over: {name} wins, owning every card."),
        "last_player": _("Game over: {name} wins, everybody else is out."),
        "trick_limit": _("Game over: {name} wins with the most cards."),
    }
    return reasons.get(event.reason, _("Game over: {name} wins.")).format(name=name)


def register(game: str) -> None:
    """Give ``game`` these words for its shared events."""
    from audiogame.words.registry import renderer

    renderer(game, "pile_taken_up")(pile_taken_up)
    renderer(game, "eliminated")(eliminated)
    renderer(game, "trick_limit")(trick_limit)
    renderer(game, "game_over")(game_over)
