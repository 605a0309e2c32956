"""What the information keys of the Battaglia scientifica table say (SB-16), built from the
player's view only: R the rules in force, T who has chosen, E the cards owned (and in hand with
the counting power), C the others' choices for a seer, H the player's own cards; and where the
game stands, told to whoever arrives (a spectator, whose view holds no card of anyone's, and
who hears every seat by its name; a player coming back).

>>> from audiogame.i18n import set_language
>>> from audiogame.words.seats import Seats
>>> from engine import games
>>> state = games["scientific"].new_state(players=3)
>>> seats = Seats(("Anna", "Bruno"), 3)
>>> set_language("en"); rules_text(state.view(0), seats)
'Normal order: the ace is highest. No cards waiting on the table. No powers in force.'
>>> choices_text(state.view(0), seats)
'Trick 1 of 500. Nobody has chosen yet. Still to choose: you, Anna and Bruno.'
>>> seer_text(state.view(0), seats)
'The seer power is not active.'
>>> standing_text(state.view(0), seats)
'Trick 1 of 500. Still to choose: you, Anna and Bruno. Cards owned: you 14, Anna 14, Bruno 14.'
"""

from __future__ import annotations

from collections.abc import Sequence

from audiogame.i18n import N_, _, ngettext
from audiogame.words.scientific import hand_summary, on_table, shown_cards
from audiogame.words.seats import Seats
from engine.cards import Card
from engine.scientific.view import ScientificView

_POWER_LABELS = (
    ("seer", N_("Seer: {names}.")),
    ("counting", N_("Counting: {names}.")),
    ("exchange", N_("Exchange offered: {names}.")),
)


def holders(view: ScientificView, power: str) -> list[int]:
    """Seats holding ``power`` now (public)."""
    return [seat for seat, held in sorted(view.powers.items()) if power in held]


def rules_text(view: ScientificView, seats: Seats) -> str:
    """R: the order, the cards waiting from wars, and who holds which power."""
    if view.reversed:
        parts = [_("Reversed order: the two is highest, the ace lowest.")]
    else:
        parts = [_("Normal order: the ace is highest.")]
    pot = len(view.pot)
    if pot:
        parts.append(
            ngettext(
                "{count} card waits on the table from wars.",
                "{count} cards wait on the table from wars.",
                pot,
            ).format(count=pot)
        )
    else:
        parts.append(_("No cards waiting on the table."))
    powers = [
        _(label).format(names=seats.subjects(found))
        for power, label in _POWER_LABELS
        if (found := holders(view, power))
    ]
    parts += powers or [_("No powers in force.")]
    return " ".join(parts)


def seers_waiting(view: ScientificView) -> list[int]:
    """Seers who choose after the others and are not yet awaited."""
    return [
        seat
        for seat in holders(view, "seer")
        if seat not in view.chosen and seat not in view.awaiting and not view.seers_phase
    ]


def choices_text(view: ScientificView, seats: Seats) -> str:
    """T: the trick, who has chosen and who has still to choose (never what)."""
    if view.is_over:
        return _("The game is over. Press Enter to go back to the game setup.")
    if any(seats.is_me(seat) for seat in view.eliminated):
        return _("You are out of the game.")
    parts = [_("Trick {number} of {limit}.").format(number=view.trick + 1, limit=view.trick_limit)]
    if len(view.chosen) == 1 and seats.is_me(view.chosen[0]):
        parts.append(_("Chosen: you."))
    elif view.chosen:
        parts.append(
            ngettext("Chosen: {names}.", "Chosen: {names}.", len(view.chosen)).format(
                names=seats.subjects(view.chosen)
            )
        )
    else:
        parts.append(_("Nobody has chosen yet."))
    parts += still_to_choose(view, seats)
    return " ".join(parts)


def still_to_choose(view: ScientificView, seats: Seats) -> list[str]:
    """Who has still to choose this trick, and the seers who choose after them."""
    parts = []
    if len(view.awaiting) == 1 and seats.is_me(view.awaiting[0]):
        parts.append(_("Still to choose: you."))
    elif view.awaiting:
        parts.append(
            ngettext(
                "Still to choose: {names}.", "Still to choose: {names}.", len(view.awaiting)
            ).format(names=seats.subjects(view.awaiting))
        )
    later = seers_waiting(view)
    if later:
        parts.append(
            ngettext("Then the seer: {names}.", "Then the seers: {names}.", len(later)).format(
                names=seats.subjects(later)
            )
        )
    return parts


def standing_text(view: ScientificView, seats: Seats) -> str:
    """Where the game stands, in few words, for whoever arrives: the trick, who has still to
    choose, the rules in force (a reversed order, the powers held), the cards each owns."""
    if view.is_over:
        parts = [_("The game is over.")]
    else:
        parts = [
            _("Trick {number} of {limit}.").format(number=view.trick + 1, limit=view.trick_limit),
            *still_to_choose(view, seats),
        ]
        if view.reversed:
            parts.append(_("Reversed order."))
        later = seers_waiting(view)  # "Then the seer: Anna." says the seer already
        parts += [
            _(label).format(names=seats.subjects(found))
            for power, label in _POWER_LABELS
            if (found := holders(view, power)) and not (power == "seer" and later)
        ]
    parts.append(owned_text(view, seats))
    return " ".join(parts)


def owned_text(view: ScientificView, seats: Seats) -> str:
    """E: cards owned by each player, the cards on the table, and with the counting power the
    cards each player holds in hand."""
    parts = []
    for seat in range(view.players):
        if seat in view.eliminated:
            parts.append(_("{name} out").format(name=seats.subject(seat)))
        else:
            parts.append(
                _("{name} {count}").format(name=seats.subject(seat), count=view.owned[seat])
            )
    text = _("Cards owned: {list}.").format(list=", ".join(parts))
    if view.pot:
        text += " " + on_table(len(view.pot))
    if view.hand_counts is not None:
        in_hand = ", ".join(
            _("{name} {count}").format(name=seats.subject(seat), count=count)
            for seat, count in enumerate(view.hand_counts)
            if seat not in view.eliminated
        )
        text += " " + _("In hand: {list}.").format(list=in_hand)
    return text


def seer_text(view: ScientificView, seats: Seats) -> str:
    """C: the others' choices for a seer in his seer phase; otherwise why there are none."""
    if view.seen_choices:
        return shown_cards(sorted(view.seen_choices.items()), seats)
    if any(seats.is_me(seat) for seat in holders(view, "seer")) and not view.is_over:
        still_in = [s for s in range(view.players) if s not in view.eliminated]
        if all(s in holders(view, "seer") for s in still_in):
            return _("Everybody still in is a seer this trick: nobody chooses first.")
        return _("You are the seer: the others have not all chosen yet.")
    others = [seat for seat in holders(view, "seer") if not seats.is_me(seat)]
    if others and not view.is_over:
        return ngettext(
            "{names} has the seer power: only the seer hears the others' cards.",
            "{names} have the seer power: only the seers hear the others' cards.",
            len(others),
        ).format(names=seats.subjects(others))
    return _("The seer power is not active.")


def hand_text(view: ScientificView) -> str:
    """W: the ranks in the player's hand (repeats counted), and the size of his won pile."""
    if not view.hand:
        text = _("Your hand is empty.")
    else:
        text = ngettext(
            "Your hand, {count} card: {cards}.",
            "Your hand, {count} cards: {cards}.",
            len(view.hand),
        ).format(count=len(view.hand), cards=hand_summary(view.hand))
    return text + " " + won_pile_text(view.won_pile, view.reversed)


WON_PILE_IN_FULL = 8
"""Up to this many cards, W reads every rank of the won pile; beyond, the highest ones."""


def won_pile_text(won: Sequence[Card], reversed: bool = False) -> str:
    """The won pile by rank, strongest first in the order in force (``reversed``: the two
    first, SB-7): in full when small, else any joker, its four strongest ranks and how many
    cards are weaker ("14 cards: joker, 3 aces, ..."): a joker is never counted among them."""
    if not won:
        return _("Won pile: empty.")
    jokers = [card for card in won if card.rank is None]  # always said: it cancels a war
    sign = 1 if reversed else -1  # the strongest first
    ordered = jokers + sorted((card for card in won if card.rank is not None),
                              key=lambda card: sign * (card.rank or 0))  # fmt: skip
    if len(won) <= WON_PILE_IN_FULL:
        return ngettext("Won pile, {count} card: {cards}.", "Won pile, {count} cards: {cards}.",
                        len(won)).format(count=len(won), cards=hand_summary(ordered))  # fmt: skip
    top = list(dict.fromkeys(card.rank for card in ordered[len(jokers) :]))[:4]
    shown = jokers + [card for card in ordered[len(jokers) :] if card.rank in top]
    rest = len(won) - len(shown)
    text = ngettext(
        "Won pile, {count} card: {cards}", "Won pile, {count} cards: {cards}", len(won)
    ).format(count=len(won), cards=hand_summary(shown))
    return text + ngettext(" and {rest} weaker card.", " and {rest} weaker cards.", rest).format(
        rest=rest
    )
