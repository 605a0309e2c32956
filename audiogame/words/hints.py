"""Hints in words: what the strong computer player would do in the player's place, and why.

The engine's hint (:func:`engine.bots.hint`) is an action and a reason code with its
parameters; here they become "Hint: what to play. Why." in the player's language.

>>> from audiogame.i18n import set_language
>>> from engine.actions import Play
>>> from engine.bots import Hint
>>> from engine.cards import parse_cards
>>> from audiogame.words.seats import Seats
>>> seats = Seats(("Anna", "Bruno"), 3)
>>> nines = Hint(Play(parse_cards("9h 9s")), "keeps_straight", {"kind": "pair", "rank": 9,
...     "length": 2, "kept": {"kind": "straight", "rank": 11, "length": 5}})
>>> set_language("en"); hint_text("cardavia", nines, seats)
'Hint: pair of nines. It keeps your straight from 7 to jack whole.'
>>> set_language("it"); hint_text("cardavia", nines, seats)
'Suggerimento: coppia di nove. Tiene intera la tua scala dal 7 al fante.'
>>> set_language("en")
"""

from __future__ import annotations

from collections.abc import Mapping

from audiogame.i18n import N_, _, ngettext, pgettext
from audiogame.words.cardavia_names import combination_name
from audiogame.words.cards import card_name, rank_name
from audiogame.words.seats import Seats
from engine.bots import Hint
from engine.cardavia.combination import BOMB_KINDS, ORDINARY_KINDS, Combination
from engine.cards import Card

# Why, in Cardavia.
_CARDAVIA: dict[str, str] = {
    "only_play": N_("It is your only play."),
    "go_out": N_("It empties your hand: you win the deal."),
    "bomb_stands": N_("No bomb still unseen can beat it: the bomb bonus is yours."),
    "bomb_bonus": N_("A bomb on their play earns the bomb bonus if nobody beats it."),
    "sure_then_out": N_("Nobody can beat it, and then your {last} takes you out."),
    "take_round": N_("Nobody can beat it: the round is not left to {name}."),
    "saves_low_cards": N_("It beats the table and leaves your hand easier to empty."),
    "lead_weakest": N_("Lead your weakest cards while you can."),
    "cheapest_answer": N_("The cheapest answer to the table."),
}  # fmt: skip

# Why, in Battaglia scientifica and open Battaglia.
_CARDS: dict[str, str] = {
    "only_card": N_("It is your only card."),
    "seer": N_("It is the best answer to the cards you see."),
    "opponent_seer": N_("The seer will see it, and it is the card that loses least."),
    "opponent_seer_strongest": N_(
        "The seer will see it, but it is your strongest card: the hardest for him to beat."
    ),
    "wins_cheaply": N_("It should win the trick."),
    "revolution": N_("The jack turns the order, and it should win the trick."),
    "joker_cancels_war": N_("A war looks likely, and a lone joker takes it."),
    "joker_forces_war": N_("The joker forces a war."),
    "war": N_(
        "It should tie for the strongest: nobody takes the trick; its cards wait for the next."
    ),
    "others_war": N_("The others should bring about a war: give up a weak card."),
    "sacrifice": N_("The trick looks lost: give up a weak card."),
    "fights_for_pot": N_("It should win the cards waiting on the table."),
    "wins_or_ties": N_("It should win the trick, or tie and start a war."),
    "strongest_chance": N_("The others may hold stronger cards: it is your best chance."),
    "best_average": N_("It does best against what the others may play."),
    "face_down_weakest": N_("A face-down card only feeds the pot: give your weakest."),
}

ROOM = 26
"""Words a card game's reason and its likely cards take at most: with "Hint: queen of
diamonds." (four words) a hint stays within the 30 words of a message."""


def _kept(kind: str, name: str) -> str:
    """ "It keeps your straight ... whole": one message per kind, as the words agree with it."""
    if kind == "straight":
        text = pgettext("straight", "It keeps your {kept} whole.")
    elif kind == "pair_sequence":
        text = pgettext("pair sequence", "It keeps your {kept} whole.")
    elif kind == "triple":
        text = pgettext("triple", "It keeps your {kept} whole.")
    elif kind == "pair":
        text = pgettext("pair", "It keeps your {kept} whole.")
    else:
        text = pgettext("bomb", "It keeps your {kept} whole.")
    return text.format(kept=name)


def _combination(params: object) -> str:
    if not isinstance(params, Mapping):
        return ""
    word, rank, length = params.get("kind"), params.get("rank"), params.get("length")
    kind = next((kind for kind in (*ORDINARY_KINDS, *BOMB_KINDS) if kind == word), None)
    if kind is None or not isinstance(rank, int) or not isinstance(length, int):
        return ""
    return combination_name(Combination(kind, rank, length, ()))


def _seat(seats: Seats, seat: object) -> str:
    return seats.subject(seat) if isinstance(seat, int) and 0 <= seat < seats.players else ""


def _passed_on(kind: str, name: str, passed: str) -> str:
    """ "Bruno passed on the pair of nines.": one message per kind, as the words agree."""
    if kind == "single":
        text = pgettext("single", "{name} passed on a single {passed}.")
    elif kind == "pair":
        text = pgettext("pair", "{name} passed on the {passed}.")
    elif kind == "triple":
        text = pgettext("triple", "{name} passed on the {passed}.")
    elif kind == "straight":
        text = pgettext("straight", "{name} passed on the {passed}.")
    elif kind == "pair_sequence":
        text = pgettext("pair sequence", "{name} passed on the {passed}.")
    else:
        text = pgettext("bomb", "{name} passed on the {passed}.")
    return text.format(name=name, passed=passed)


def _bomb_kept(params: Mapping[str, object], seats: Seats) -> str:
    """ "Keep your bomb of fives: Bruno has 1 card left. Bruno passed on the pair of nines." """
    count = params.get("cards")
    count = count if isinstance(count, int) else 1
    name = _seat(seats, params.get("seat"))
    text = ngettext(
        "Keep your {bomb}: {name} has {count} card left.",
        "Keep your {bomb}: {name} has {count} cards left.",
        count,
    ).format(bomb=_combination(params.get("bomb")), name=name, count=count)
    passed = params.get("passed")
    if isinstance(passed, Mapping):
        text += " " + _passed_on(str(passed.get("kind")), name, _combination(passed))
    return text


def cardavia_reason(hint: Hint, seats: Seats) -> str:
    """Why the hint's play (or pass) is good, in one sentence."""
    code, params = hint.code, hint.params
    if code == "must_pass":
        return _("You cannot beat the play on the table.")
    if code == "guard":
        count = params.get("cards")
        count = count if isinstance(count, int) else 1
        return ngettext(
            "{name} has {count} card left: do not hand over the way out.",
            "{name} has {count} cards left: do not hand over the way out.",
            count,
        ).format(name=_seat(seats, params.get("seat")), count=count)
    if code == "bomb_kept":
        return _bomb_kept(params, seats)
    if code.startswith("keeps_"):
        kept = params.get("kept")
        kind = kept.get("kind") if isinstance(kept, Mapping) else ""
        return _kept(str(kind), _combination(kept))
    if code == "best_odds":
        return _best_odds(params.get("deals"), params.get("wins"))
    template = _CARDAVIA.get(code, _CARDAVIA["cheapest_answer"])
    return _(template).format(
        last=_combination(params.get("last")),
        name=_seat(seats, params.get("seat")),
        deals=params.get("deals"),
        wins=params.get("wins"),
    )


def _best_odds(deals: object, wins: object) -> str:
    """ "In 48 deals played out from here, it does best: you go out first 12 times in 100." """
    count = wins if isinstance(wins, int) else 0
    if count <= 0:
        text = _("In {deals} deals played out from here, it does best, though you never go out "
                 "first.")  # fmt: skip
    else:
        text = ngettext(
            "In {deals} deals played out from here, it does best: you go out first {wins} time "
            "in 100.",
            "In {deals} deals played out from here, it does best: you go out first {wins} times "
            "in 100.",
            count,
        )
    return text.format(deals=deals, wins=count)


def card_reason(hint: Hint) -> str:
    """Why the hint's card (or the exchange) is good, in one sentence (empty: no reason to
    give, as for a flip)."""
    if hint.action.kind == "exchange":
        return _("Your won pile is stronger than your hand.")
    code = hint.code
    chance = hint.params.get("chance")
    if code == "mixed" and (not isinstance(chance, int | float) or chance >= 100):
        code = "best_average"  # a "mixed" choice of one card is simply the best one
    if code == "mixed" and isinstance(chance, int | float):
        count = max(1, round(chance))
        return ngettext(
            "Vary your play: this card {chance} time in 100 keeps the others guessing.",
            "Vary your play: this card {chance} times in 100 keeps the others guessing.",
            count,
        ).format(chance=count)
    template = _CARDS.get(code)
    return _(template) if template else ""


def cardavia_play(hint: Hint) -> str:
    """The combination a Cardavia hint plays: "pair of nines"."""
    return _combination(hint.params)


def card_play(hint: Hint) -> str:
    """The card a hint of the card games plays: "seven of hearts"."""
    return card_name(hint.action.cards[0])


def rank_play(hint: Hint) -> str:
    """The card a hint of Battaglia plays, by its rank alone ("ace"): suits never matter
    there and the game never names them (BT-1)."""
    return rank_name(hint.action.cards[0].rank)


def card_reason_at(hint: Hint, seats: Seats) -> str:
    """:func:`card_reason` as a game's registration names it, followed by the cards the
    others are likely to show when the hint names them (a table of three or more): "Likely
    cards: Bruno, king of spades; Carla, nine of diamonds." """
    reason = card_reason(hint)
    parts = _likely_parts(hint.params.get("likely"), seats)
    while parts:  # as many as the hint has room for, in the order of the seats
        likely = _("Likely cards: {cards}.").format(cards="; ".join(parts))
        text = f"{reason} {likely}" if reason else likely
        if len(text.split()) <= ROOM:
            return text
        parts.pop()
    return reason


def _likely_parts(found: object, seats: Seats) -> list[str]:
    """ "Bruno, king of spades", one for each card named (none: none named)."""
    if not isinstance(found, list | tuple):
        return []
    parts: list[str] = []
    for entry in found:
        if not isinstance(entry, list | tuple) or len(entry) != 2:
            continue
        seat, token = entry
        name = _seat(seats, seat)
        if not name or not isinstance(token, str):
            continue
        try:
            card = Card.parse(token)
        except ValueError:
            continue
        parts.append(_("{name}, {card}").format(name=name, card=card_name(card)))
    return parts


def hint_text(game: str, hint: Hint, seats: Seats, swap_key: str = "S") -> str:
    """ "Hint: pair of nines. It keeps your straight from 7 to jack whole." ``swap_key``: the
    key bound to the swap, named in the hint that advises it. How a game's play and reason
    are said is its registration's (:class:`audiogame.catalog.GameEntry`)."""
    from audiogame.catalog import game_entry

    play, why = game_entry(game).hint_words()
    action = hint.action
    if action.kind == "pass":
        what = _("pass")
    elif action.kind == "exchange":
        what = _("press {key} to swap your hand and your won pile").format(key=swap_key)
    elif action.kind == "flip":
        what = _("turn up your card")
    else:
        what = play(hint)
    reason = why(hint, seats)
    if not reason:
        return _("Hint: {action}.").format(action=what)
    return _("Hint: {action}. {reason}").format(action=what, reason=reason)
