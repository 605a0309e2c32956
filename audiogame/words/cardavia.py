"""Cardavia's events in words, one function per event kind, and the engine's refusals.

>>> from audiogame.i18n import set_language
>>> from engine.cards import parse_cards
>>> from engine.cardavia import classify
>>> from engine.cardavia.events import Passed, Played, NewRound
>>> seats = Seats(("Anna", "Bruno"), 3)
>>> nines = classify(parse_cards("9h 9s"), first_play=False)
>>> set_language("en"); played(Played(1, nines, None), seats), passed(Passed(0), seats)
('Anna: pair of nines.', 'You pass.')
>>> new_round(NewRound(0), seats)
'Both passed: you lead.'
>>> set_language("it"); played(Played(0, nines, None), seats), new_round(NewRound(2), seats)
('Tu: coppia di nove.', 'Entrambi hanno passato: comincia Bruno.')
>>> set_language("en")
"""

from __future__ import annotations

from collections.abc import Sequence

from audiogame.i18n import _, ngettext
from audiogame.words.cardavia_names import combination_name
from audiogame.words.registry import renderer
from audiogame.words.seats import HUMAN, Seats, capitalize
from engine.cardavia.combination import Combination
from engine.cardavia.events import (
    BombBonus,
    BombPlayed,
    CelestialBomb,
    DealStarted,
    FewCards,
    NewRound,
    Passed,
    Played,
    Settlement,
)
from engine.errors import IllegalAction
from engine.events import GameOver
from engine.protocol import SettlementLine

GAME = "cardavia"


def signed(points: int) -> str:
    """ "plus 20", "minus 10", "0": words a voice cannot misread."""
    if points > 0:
        return _("plus {points}").format(points=points)
    if points < 0:
        return _("minus {points}").format(points=-points)
    return "0"


def play_text(seat: int, combination: Combination, seats: Seats) -> str:
    """ "Anna: pair of nines." """
    return _("{name}: {combination}.").format(
        name=capitalize(seats.subject(seat)), combination=combination_name(combination)
    )


@renderer(GAME, "deal_started")
def deal_started(event: DealStarted, seats: Seats) -> str:
    if seats.is_me(event.leader):
        return _("You lead, with the three of hearts.")  # T: it must be in your first play
    return _("{name} holds the three of hearts and leads.").format(name=seats.subject(event.leader))


@renderer(GAME, "played")
def played(event: Played, seats: Seats) -> str:
    return play_text(event.seat, event.combination, seats)


@renderer(GAME, "bomb")
def bomb(event: BombPlayed, seats: Seats) -> str:
    return _("{name}: {combination}!").format(
        name=capitalize(seats.subject(event.seat)),
        combination=combination_name(event.combination),
    )


@renderer(GAME, "celestial_bomb")
def celestial_bomb(event: CelestialBomb, seats: Seats) -> str:
    return _("{name}: the four threes, celestial bomb! Nothing can beat it.").format(
        name=capitalize(seats.subject(event.seat))
    )


@renderer(GAME, "passed")
def passed(event: Passed, seats: Seats) -> str:
    if seats.is_me(event.seat):
        return _("You pass.")
    return _("{name} passes.").format(name=seats.subject(event.seat))


@renderer(GAME, "new_round")
def new_round(event: NewRound, seats: Seats) -> str:
    if seats.players != 3:  # a round is won when all the others have passed (CV-10)
        if seats.is_me(event.leader):
            return _("Everyone passed: you lead.")
        return _("Everyone passed: {name} leads.").format(name=seats.subject(event.leader))
    if seats.is_me(event.leader):
        return _("Both passed: you lead.")
    return _("Both passed: {name} leads.").format(name=seats.subject(event.leader))


@renderer(GAME, "few_cards")
def few_cards(event: FewCards, seats: Seats) -> str:
    if seats.is_me(event.seat):
        text = ngettext("You have {count} card left.", "You have {count} cards left.", event.count)
    else:
        text = ngettext(
            "{name} has {count} card left.", "{name} has {count} cards left.", event.count
        )
    return text.format(name=seats.subject(event.seat), count=event.count)


@renderer(GAME, "bomb_bonus")
def bomb_bonus(event: BombBonus, seats: Seats) -> str:
    others = [seat for seat in seats.all() if seat != event.seat]
    return _("Bomb bonus for the {combination}: {name} {gain}, {others} {loss} each.").format(
        combination=combination_name(event.combination),
        name=seats.subject(event.seat),
        gain=signed(event.points),
        others=seats.subjects(others),
        loss=signed(-event.points // 2),
    )


@renderer(GAME, "game_over")
def game_over(event: GameOver, seats: Seats) -> str:
    winner = event.winners[0]
    if seats.is_me(winner):
        return _("You go out and win the deal!")
    return _("{name} goes out and wins the deal.").format(name=seats.subject(winner))


def line_text(line: SettlementLine, bomber: int | None = None, seats: Seats | None = None) -> str:
    """One settlement line without its player: "9 cards left, minus 9"; a bomb bonus paid
    names whose bomb it was (``bomber``'s, at the table of ``seats``)."""
    points = signed(line.points)
    if line.item == "bomb_bonus" and line.points < 0 and bomber is not None and seats:
        if seats.is_me(bomber):
            return _("your bomb, {points}").format(points=points)
        return _("{name}'s bomb, {points}").format(name=seats.name(bomber), points=points)
    if line.item == "cards":
        text = ngettext("{count} card left, {points}", "{count} cards left, {points}", line.count)
    elif line.item == "never_played":
        text = _("never played, so doubled, {points}")
    elif line.item == "spade_two":
        text = _("two of spades held, {points}")
    elif line.item == "bombs_held":
        text = ngettext("{count} bomb held, {points}", "{count} bombs held, {points}", line.count)
    elif line.item == "bomb_bonus":
        text = _("bomb bonus, {points}")
    else:
        text = _("the penalties of the others, {points}")
    return text.format(count=line.count, points=points)


def settlement_lines(
    lines: Sequence[SettlementLine], totals: Sequence[int], seats: Seats
) -> list[str]:
    """The settlement read player by player, winner last, then the totals of the deal."""
    winner = next((line.seat for line in lines if line.item == "winner"), None)
    order = [seat for seat in play_order(seats) if seat != winner]
    if winner is not None:
        order.append(winner)
    bombers: list[int | None] = []  # for each line, whose bomb a bonus paid comes from
    bomber: int | None = None
    for line in lines:
        if line.item == "bomb_bonus" and line.points > 0:  # a bomb's lines: its +20 first
            bomber = line.seat
        bombers.append(bomber if line.item == "bomb_bonus" else None)
    said = []
    for seat in order:
        parts = [
            line_text(line, bomber, seats)
            for line, bomber in zip(lines, bombers, strict=True)
            if line.seat == seat
        ]
        if not parts:
            continue
        said.append(
            _("{name}: {items}; this deal {total}.").format(
                name=capitalize(seats.subject(seat)),
                items="; ".join(parts),
                total=signed(totals[seat]),
            )
        )
    said.append(_("Deal scores: {scores}.").format(scores=score_list(totals, seats)))
    return said


def play_order(seats: Seats) -> list[int]:
    """The seats in the order they play, from the player: counter-clockwise (CV-3)."""
    first = HUMAN if seats.me is None else seats.me
    return [(first - step) % seats.players for step in range(seats.players)]


def score_list(scores: Sequence[int], seats: Seats) -> str:
    """ "you plus 28, Bruno minus 10, Anna minus 18" (in the order of play)."""
    return ", ".join(
        _("{name} {points}").format(name=seats.subject(seat), points=signed(scores[seat]))
        for seat in play_order(seats)
    )


@renderer(GAME, "settlement")
def settlement(event: Settlement, seats: Seats) -> str:
    """The deal's scores, as the table says them: the lines (cards left, doubling, bombs) are
    on S once the deal is over (:func:`settlement_lines`), and line by line in a replay."""
    return _("Deal scores: {scores}.").format(scores=score_list(event.totals, seats))


def refusal(error: IllegalAction, seats: Seats) -> str:
    """Why the engine refused the player's action, in the player's language."""
    code = error.code
    if code == "not_a_combination":
        return _("These cards are not a combination.")
    if code == "does_not_beat":
        table = error.params.get("table")
        if isinstance(table, Combination):
            return _("That does not beat the play on the table: {combination}.").format(
                combination=combination_name(table)
            )
        return _("That does not beat the play on the table.")
    if code == "must_beat":
        return _(
            "You cannot pass: you can beat the play on the table. Tab steps through your answers."
        )
    if code == "leader_cannot_pass":
        return _("You lead: you cannot pass. Play any combination.")
    if code == "must_include_3h":
        return _("Your first play must include the three of hearts.")
    if code == "not_in_hand":
        return _("You do not hold those cards.")
    if code == "game_over":
        return _("The deal is over.")
    if code == "not_your_turn":
        return _("It is not your turn.")
    return str(error)
