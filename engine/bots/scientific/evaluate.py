"""What one trick of Scientific Battle is worth, for every pair of cards two players may show.

Every trick is settled by the engine's own comparison (SB-7 jacks, SB-9 to SB-11 jokers,
SB-4/SB-5 the trick or the war), in its quick forms
:func:`engine.scientific.resolve.trick_winner` and :func:`engine.scientific.resolve.winner_with`.
:func:`payoff_matrix` turns outcomes into values: cards won and lost, the strength of the
cards each side then owns (in the order then in force), and a queen's seer power.
:func:`trick_gain` values one player's card in a trick of any number of players, and
:func:`trick_gains` every card of a hand against the same others.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import QUEEN, Card
from engine.scientific.resolve import trick_so_far, trick_winner, winner_with

WIN = 100.0
"""The value of winning the game outright (a draw is worth 0)."""
QUALITY = 0.35
"""What the strength of the owned cards weighs beside their number."""
SEER = 0.6
"""What seeing the other's card at the next trick is worth."""
JOKER_STRENGTH = 0.6


def strength(card: Card, reversed_order: bool) -> float:
    """How good a card is to hold, from -1 (the weakest rank) to 1 (the strongest); jokers
    fixed (they win or force wars whatever the order)."""
    rank = card.rank
    if rank is None:
        return JOKER_STRENGTH
    value = (rank - 8) / 6
    return -value if reversed_order else value


def _quality(cards: Sequence[Card], reversed_order: bool) -> float:
    return sum(strength(card, reversed_order) for card in cards)


def payoff_matrix(
    mine: Sequence[Card],
    theirs: Sequence[Card],
    me: int,
    other: int,
    my_owned: Sequence[Card],
    their_owned: Sequence[Card],
    pot: Sequence[Card],
    reversed_order: bool,
) -> list[list[float]]:
    """``[i][j]``: the value to ``me`` of showing ``mine[i]`` against ``theirs[j]`` (two
    players), from ``me``'s side: positive is good for him."""
    count_me, count_them = len(my_owned), len(their_owned)
    pot_count = len(pot)
    base = {
        False: (_quality(my_owned, False), _quality(their_owned, False), _quality(pot, False)),
        True: (_quality(my_owned, True), _quality(their_owned, True), _quality(pot, True)),
    }
    matrix: list[list[float]] = []
    for a in mine:
        line: list[float] = []
        for b in theirs:
            winner, order = trick_winner(((me, a), (other, b)), reversed_order)
            q_me, q_them, q_pot = base[order]
            sa, sb = strength(a, order), strength(b, order)
            if winner == me:
                n_me = count_me + 1 + pot_count
                n_them = count_them - 1
                q_me += sb + q_pot
                q_them -= sb
            elif winner == other:
                n_me = count_me - 1 - 0
                n_them = count_them + 1 + pot_count
                q_me -= sa
                q_them += sa + q_pot
            else:
                n_me, n_them = count_me - 1, count_them - 1
                q_me -= sa
                q_them -= sb
            if n_them <= 0 < n_me:
                line.append(WIN)
                continue
            if n_me <= 0:
                line.append(-WIN if n_them > 0 else 0.0)
                continue
            value = n_me - n_them + QUALITY * (q_me - q_them)
            if a.rank == QUEEN:
                value += SEER
            if b.rank == QUEEN:
                value -= SEER
            line.append(value)
        matrix.append(line)
    return matrix


def trick_gain(
    seat: int,
    card: Card,
    others: Sequence[tuple[int, Card]],
    pot: int,
    reversed_order: bool,
) -> float:
    """What showing ``card`` is worth to ``seat`` when the others show ``others`` (any number
    of players), by the engine's comparison: a trick won brings every card shown and the
    ``pot`` cards, with their strength in the order then in force; a war loses the card to
    the table; a trick lost gives the card away, the stronger the worse."""
    return trick_gains(seat, (card,), others, pot, reversed_order)[0]


def trick_gains(
    seat: int,
    cards: Sequence[Card],
    others: Sequence[tuple[int, Card]],
    pot: int,
    reversed_order: bool,
) -> list[float]:
    """:func:`trick_gain` of each of ``cards`` against the same ``others``: the others are
    summed up once (:func:`engine.scientific.resolve.trick_so_far`), then each card settles
    the trick in a few steps."""
    so_far = trick_so_far(others)
    taken = len(others) + pot
    won = (
        taken + sum(strength(c, False) for _, c in others),
        taken + sum(strength(c, True) for _, c in others),
    )
    gains: list[float] = []
    for card in cards:
        winner, order = winner_with(so_far, seat, card, reversed_order)
        if winner == seat:
            gains.append(won[order])
        elif winner is None:
            gains.append(-1.0)
        else:
            gains.append(-1.0 - strength(card, order))
    return gains
