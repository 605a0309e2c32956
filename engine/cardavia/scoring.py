"""The settlement of a Cardavia deal (CV-12 to CV-14).

>>> from engine.cards import parse_cards
>>> from engine.cardavia.deck import mask_of
>>> hands = (0, mask_of(parse_cards("2s 5h")), mask_of(parse_cards("9h 9s 9d 9c")))
>>> lines, totals = settle(0, hands, has_played=(True, True, False), bonus_seats=())
>>> totals
(30, -12, -18)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cardavia.deck import ACE, POP, SHIFTS, TWO_SPADES_BIT
from engine.protocol import SettlementLine

BOMB_BONUS = 20
"""What a standing bomb earns its player; each opponent pays half of it (CV-13)."""
BOMB_HELD = 10
SPADE_TWO = 10


_NIBBLE_BASES = 0x1111111111111
"""One bit per rank: the lowest bit of each rank's four (see :mod:`engine.cardavia.deck`)."""


def bombs_held(hand: int) -> int:
    """Bombs held: each rank held four times (the four 3s too) and the three aces (CV-12)."""
    bombs = 1 if POP[hand >> SHIFTS[ACE] & 15] == 3 else 0
    full = hand & hand >> 1 & hand >> 2 & hand >> 3 & _NIBBLE_BASES
    return bombs + full.bit_count()


def penalty(hand: int, has_played: bool) -> int:
    """What a player who did not go out loses with this hand left (CV-12): a point a card,
    twice that if he never played, 10 for the 2 of spades, 10 a bomb held. The lines of
    :func:`settle` add up to it."""
    cards = hand.bit_count()
    points = cards if has_played else 2 * cards
    if hand & TWO_SPADES_BIT:
        points += SPADE_TWO
    return points + BOMB_HELD * bombs_held(hand)


def bonus_lines(seat: int, players: int = 3) -> list[SettlementLine]:
    """The lines of one bomb bonus: +20 for ``seat``, -10 for each opponent."""
    lines = [SettlementLine(seat, "bomb_bonus", BOMB_BONUS, 1)]
    lines += [
        SettlementLine(other, "bomb_bonus", -BOMB_BONUS // 2, 1)
        for other in range(players)
        if other != seat
    ]
    return lines


def settle(
    winner: int,
    hands: Sequence[int],
    *,
    has_played: Sequence[bool],
    bonus_seats: Sequence[int],
) -> tuple[tuple[SettlementLine, ...], tuple[int, ...]]:
    """Settlement lines and totals by seat once ``winner`` went out.

    Per opponent: ``cards`` (-1 a card), ``never_played`` (the same again if he never played),
    ``spade_two`` (-10), ``bombs_held`` (-10 a bomb); then one ``bomb_bonus`` line per seat
    for each bonus of the deal, in order; then ``winner``: the sum of the penalties. Lines
    worth nothing are left out. The totals sum to zero (CV-14)."""
    players = len(hands)
    lines: list[SettlementLine] = []
    penalties = 0
    for seat in range(players):
        if seat == winner:
            continue
        hand = hands[seat]
        cards = hand.bit_count()
        seat_lines = [SettlementLine(seat, "cards", -cards, cards)]
        if not has_played[seat]:
            seat_lines.append(SettlementLine(seat, "never_played", -cards, cards))
        if hand & TWO_SPADES_BIT:
            seat_lines.append(SettlementLine(seat, "spade_two", -SPADE_TWO, 1))
        bombs = bombs_held(hand)
        if bombs:
            seat_lines.append(SettlementLine(seat, "bombs_held", -BOMB_HELD * bombs, bombs))
        seat_lines = [line for line in seat_lines if line.points]
        penalties += penalty(hand, has_played[seat])
        lines += seat_lines
    for seat in bonus_seats:
        lines += bonus_lines(seat, players)
    lines.append(SettlementLine(winner, "winner", penalties, 0))
    totals = [0] * players
    for line in lines:
        totals[line.seat] += line.points
    return tuple(lines), tuple(totals)
