"""What the information keys of the Cardavia table say: whose turn, the play on the table,
cards left, the round so far, the high cards already played, the whole hand, the selection;
and where the deal stands, told to whoever arrives (a spectator, a player coming back).

Each function reads a :class:`CardaviaView` (what the player may know; a spectator's holds no
hand) and returns one message in the listener's language: ``seats`` says who listens (a
spectator hears every seat by its name).
"""

from __future__ import annotations

from collections.abc import Sequence

from audiogame.i18n import _, ngettext
from audiogame.words.cardavia import play_order, play_text
from audiogame.words.cardavia_names import combination_name, rank_count, rank_plural
from audiogame.words.cards import card_name, rank_name
from audiogame.words.seats import Seats, capitalize
from engine.cardavia.combination import Combination
from engine.cardavia.view import CardaviaView, HistoryEntry
from engine.cards import Card

# The high cards the memory key follows, with how many of each the deck holds (CV-2).
HIGH_RANKS: tuple[tuple[int, int], ...] = ((14, 3), (13, 4))
TWO_OF_SPADES = Card.parse("2s")


def table_text(view: CardaviaView, seats: Seats) -> str:
    """L: the play to beat and who made it, and who passed on it since."""
    if view.table is None:
        if view.is_over:
            return _("The deal is over.")
        if seats.is_me(view.leader):
            return _("The table is empty: you lead.")
        return _("The table is empty: {name} leads.").format(name=seats.subject(view.leader))
    seat, combination = view.table
    text = _("On the table, from {name}: {combination}.").format(
        name=seats.object(seat), combination=combination_name(combination)
    )
    passes = []
    for _round, who, played in reversed(view.history):
        if played is not None:
            break
        passes.append(passed_text(who, seats))
    return " ".join([text, *reversed(passes)])


def passed_text(seat: int, seats: Seats) -> str:
    """ "Bruno passed." (told afterwards, unlike the event's "Bruno passes.")."""
    if seats.is_me(seat):
        return _("You passed.")
    return _("{name} passed.").format(name=seats.subject(seat))


def turn_text(view: CardaviaView, seats: Seats) -> str:
    """T: the round, and whose turn it is (with what to beat on the player's turn)."""
    if view.is_over:
        return _("The deal is over.")
    number = _("Round {number}.").format(number=view.round)
    if not seats.is_me(view.awaiting or 0):
        turn = _("It is {name}'s turn.").format(name=seats.subject(view.awaiting or 0))
        return f"{number} {turn}"
    if view.table is None:
        turn = _("Your turn: you lead.")
        if view.first_play:
            turn += " " + _("Your first play must include the three of hearts.")
        return f"{number} {turn}"
    return " ".join([number, _("Your turn."), table_text(view, seats)])


def standing_text(view: CardaviaView, seats: Seats, own_turn: bool = True) -> str:
    """Where the deal stands, in few words, for whoever arrives: the round, the play to beat
    (or who leads), whose turn, the cards each holds. ``own_turn`` false: "Your turn." left
    to the prompt that follows (a player coming back on their turn hears it once)."""
    if view.is_over:
        return " ".join([_("The deal is over."), cards_left_text(view, seats)])
    parts = [_("Round {number}.").format(number=view.round), table_text(view, seats)]
    if view.table is not None:  # an empty table says who leads, whose turn it is
        awaiting = view.awaiting or 0
        if seats.is_me(awaiting):
            if own_turn:
                parts.append(_("Your turn."))
        else:
            parts.append(_("It is {name}'s turn.").format(name=seats.subject(awaiting)))
    if view.first_play:
        parts.append(_("The first play must include the three of hearts."))
    parts.append(cards_left_text(view, seats))
    return " ".join(parts)


def cards_left_text(view: CardaviaView, seats: Seats) -> str:
    """E: cards left to each player, in the order of play."""
    parts = [
        _("{name} {count}").format(name=seats.subject(seat), count=view.hand_counts[seat])
        for seat in play_order(seats)
    ]
    return _("Cards left: {list}.").format(list=", ".join(parts))


def history_entry_text(entry: HistoryEntry, seats: Seats) -> str:
    _round, seat, combination = entry
    if combination is None:
        return passed_text(seat, seats)
    return play_text(seat, combination, seats)


def round_text(view: CardaviaView, seats: Seats) -> str:
    """The plays and passes of this round; of the last round when this one has just begun."""
    entries = [entry for entry in view.history if entry[0] == view.round]
    texts = []
    if not entries and view.round > 1 and not view.is_over:
        texts.append(_("Round {number}: no play yet.").format(number=view.round))
        number = view.round - 1
        entries = [entry for entry in view.history if entry[0] == number]
        texts.append(_("Round {number}, finished:").format(number=number))
    elif not entries:
        return _("Round {number}: no play yet.").format(number=view.round)
    else:
        texts.append(_("Round {number}:").format(number=view.round))
    texts += [history_entry_text(entry, seats) for entry in entries]
    return " ".join(texts)


def high_cards_text(view: CardaviaView, seats: Seats | None = None) -> str:
    """The two of spades, the aces and the kings: how many played, held, still out (to a
    spectator, who holds no hand: how many played, how many not yet)."""
    if seats is not None and seats.me is None:
        return _watched_high_cards(view)
    if TWO_OF_SPADES in view.played_cards:
        two = _("Two of spades: played.")
    elif TWO_OF_SPADES in view.hand:
        two = _("Two of spades: in your hand.")
    else:
        two = _("Two of spades: not played yet.")
    texts = [two]
    for rank, in_deck in HIGH_RANKS:
        played = sum(1 for card in view.played_cards if card.rank == rank)
        held = sum(1 for card in view.hand if card.rank == rank)
        out = in_deck - played - held
        parts = []
        if played:
            parts.append(ngettext("{count} played", "{count} played", played).format(count=played))
        if held:
            parts.append(
                ngettext("{count} in your hand", "{count} in your hand", held).format(count=held)
            )
        if out:
            parts.append(
                ngettext("{count} with the others", "{count} with the others", out).format(
                    count=out
                )
            )
        texts.append(
            _("{ranks}: {parts}.").format(
                ranks=capitalize(rank_plural(rank)), parts=", ".join(parts)
            )
        )
    return " ".join(texts)


def _watched_high_cards(view: CardaviaView) -> str:
    if TWO_OF_SPADES in view.played_cards:
        texts = [_("Two of spades: played.")]
    else:
        texts = [_("Two of spades: not played yet.")]
    for rank, in_deck in HIGH_RANKS:
        played = sum(1 for card in view.played_cards if card.rank == rank)
        parts = []
        if played:
            parts.append(ngettext("{count} played", "{count} played", played).format(count=played))
        if in_deck - played:
            parts.append(
                ngettext("{count} not played yet", "{count} not played yet", in_deck - played)
                .format(count=in_deck - played)
            )  # fmt: skip
        texts.append(
            _("{ranks}: {parts}.").format(
                ranks=capitalize(rank_plural(rank)), parts=", ".join(parts)
            )
        )
    return " ".join(texts)


def hand_text(cards: Sequence[Card]) -> str:
    """W: the whole hand rank by rank: "2 threes, four, 3 sevens"."""
    if not cards:
        return _("Your hand is empty.")
    groups: list[tuple[int, int]] = []
    for card in cards:
        rank = card.rank or 0
        if groups and groups[-1][0] == rank:
            groups[-1] = (rank, groups[-1][1] + 1)
        else:
            groups.append((rank, 1))
    ranks = ", ".join(
        rank_name(rank) if count == 1 else rank_count(count, rank) for rank, count in groups
    )
    return ngettext(
        "Your hand, {count} card: {ranks}.", "Your hand, {count} cards: {ranks}.", len(cards)
    ).format(count=len(cards), ranks=ranks)


def card_text(card: Card, count: int, selected: bool) -> str:
    """A card in focus: "nine of hearts, 2 nines", with ", selected" when it is."""
    text = _("{card}, {count}").format(
        card=card_name(card), count=rank_count(count, card.rank or 0)
    )
    if selected:
        text = _("{card}, selected").format(card=text)
    return text


def selection_text(
    cards: Sequence[Card], combination: Combination | None, to_beat: Combination | None
) -> str:
    """C: the selected cards and what they form."""
    if not cards:
        return _("Nothing selected.")
    names = ", ".join(card_name(card) for card in cards)
    if combination is None:
        return ngettext(
            "Selected, {count} card: {cards}. Not a combination.",
            "Selected, {count} cards: {cards}. Not a combination.",
            len(cards),
        ).format(count=len(cards), cards=names)
    if len(cards) == 1:
        text = _("Selected: {cards}.").format(cards=names)
    else:
        text = _("Selected, {combination}: {cards}.").format(
            combination=combination_name(combination), cards=names
        )
    if to_beat is not None and not combination.beats(to_beat):
        text += " " + _("It does not beat the play on the table.")
    return text
