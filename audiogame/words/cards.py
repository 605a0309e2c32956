"""Card names: "king of hearts" / "re di cuori", and ranks alone: "king" / "re".

>>> from audiogame.i18n import set_language
>>> from engine.cards import Card
>>> set_language("en"); card_name(Card.parse("Kh")), rank_name(14)
('king of hearts', 'ace')
>>> set_language("it"); card_name(Card.parse("Qs")), card_name(Card.parse("joker"))
('donna di picche', 'jolly')
>>> set_language("en")
"""

from __future__ import annotations

from audiogame.i18n import N_, _
from engine.cards import Card

RANK_NAMES: dict[int, str] = {
    2: N_("two"),
    3: N_("three"),
    4: N_("four"),
    5: N_("five"),
    6: N_("six"),
    7: N_("seven"),
    8: N_("eight"),
    9: N_("nine"),
    10: N_("ten"),
    11: N_("jack"),
    12: N_("queen"),
    13: N_("king"),
    14: N_("ace"),
}

# Whole names are separate messages: in some languages the rank and suit do not simply join.
_SUIT_FORMS = {
    "h": N_("{rank} of hearts"),
    "s": N_("{rank} of spades"),
    "d": N_("{rank} of diamonds"),
    "c": N_("{rank} of clubs"),
}


def rank_name(rank: int | None) -> str:
    """The rank alone ("king"); ``None`` is the joker."""
    if rank is None:
        return _("joker")
    return _(RANK_NAMES[rank])


def card_name(card: Card) -> str:
    """The full name of a card ("king of hearts", "joker")."""
    if card.rank is None or card.suit is None:
        return _("joker")
    return _(_SUIT_FORMS[card.suit]).format(rank=rank_name(card.rank))


def rank_list(cards: tuple[Card, ...] | list[Card]) -> str:
    """Ranks of several cards, comma separated ("king, five, two")."""
    return ", ".join(rank_name(card.rank) for card in cards)


def seconds_text(value: float) -> str:
    """ "1 second", "1.5 seconds" (Italian: "1 secondo", "1,5 secondi")."""
    from audiogame.i18n import language, ngettext

    number = f"{value:g}"
    if language() == "it":
        number = number.replace(".", ",")
    count = int(value) if float(value).is_integer() else 2  # a fraction takes the plural
    return ngettext("{value} second", "{value} seconds", count).format(value=number)
