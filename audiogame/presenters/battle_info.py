"""What a Battaglia table says to whoever arrives: where the game stands (the trick, a war
under way, who has still to play, the cards each owns), and a spectator's W, the size of each
player's stock (or open hand) and won pile. Built from a view and the listener's ``Seats``: a
spectator's view holds no card of anyone's, and names every seat.

>>> from audiogame.i18n import set_language
>>> from engine import games
>>> view = games["battle"].new_state(players=2, deck=32).view(0)
>>> set_language("en"); standing_text(view, Seats.watching(("Anna", "Bruno")))
'Trick 1 of 2000. Still to play: Anna and Bruno. Cards owned: Anna 16, Bruno 16.'
>>> piles_text(view, Seats.watching(("Anna", "Bruno")))
'Stocks: Anna 16, Bruno 16. Won piles: Anna 0, Bruno 0.'
"""

from __future__ import annotations

from audiogame.i18n import _
from audiogame.words.battle import cards_owned
from audiogame.words.seats import Seats
from engine.battle.view import BattleView


def standing_text(view: BattleView, seats: Seats) -> str:
    """Where the game stands, in few words."""
    if view.is_over:
        return " ".join([_("The game is over."), cards_owned(view, seats)])
    parts = [_("Trick {number} of {limit}.").format(number=view.tricks + 1, limit=view.trick_limit)]
    if view.war_round:
        parts.append(
            _("War, round {round}, between {names}.").format(
                round=view.war_round, names=seats.objects(view.in_step)
            )
        )
    if any(seats.is_me(seat) for seat in view.eliminated):
        parts.append(_("You are out of the game."))
    elif any(seats.is_me(seat) for seat in view.awaiting):
        parts.append(_("Your turn."))
    elif view.awaiting:
        parts.append(_("Still to play: {names}.").format(names=seats.subjects(view.awaiting)))
    parts.append(cards_owned(view, seats))
    return " ".join(parts)


def piles_text(view: BattleView, seats: Seats) -> str:
    """A spectator's W: how many cards each player still in holds and has won."""
    still_in = [seat for seat in range(view.players) if seat not in view.eliminated]
    held = ", ".join(
        _("{name} {count}").format(name=seats.subject(seat), count=view.stock[seat])
        for seat in still_in
    )
    won = ", ".join(
        _("{name} {count}").format(name=seats.subject(seat), count=view.won[seat])
        for seat in still_in
    )
    if view.open:
        return _("Hands: {hands}. Won piles: {won}.").format(hands=held, won=won)
    return _("Stocks: {stocks}. Won piles: {won}.").format(stocks=held, won=won)
