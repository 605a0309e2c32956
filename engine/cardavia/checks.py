"""Whether a Cardavia play may be made: the cards held, a combination, the three of hearts at
the first play, beating the table. Checks only: nothing here changes a deal."""

from __future__ import annotations

from typing import NoReturn

from engine.actions import Action
from engine.cardavia.catalog import entry_get
from engine.cardavia.classify import (
    BOMB,
    CELESTIAL,
    Key,
    classify_mask,
    key_beats,
    make_combination,
)
from engine.cardavia.combination import Combination
from engine.cardavia.deck import BIT_OF, THREE_HEARTS_BIT
from engine.cardavia.describe import describe
from engine.errors import IllegalAction, bad_seat

PLAYERS = 3
"""Cardavia is played by three (:mod:`engine.cardavia.state` takes the number from here)."""


def refuse_seat(seat: object, over: bool) -> NoReturn:
    """The refusal of a seat that may not act now: not a seat, the game over, or not its turn."""
    if type(seat) is not int or not 0 <= seat < PLAYERS:
        raise bad_seat(seat, PLAYERS)
    if over:
        raise IllegalAction("the game is over", code="game_over")
    raise IllegalAction("it is not your turn", code="not_your_turn")


def checked_play(
    hand: int, action: Action, first_play: bool, table: tuple[int, Key, Combination] | None
) -> tuple[Key, int, Combination]:
    """The key, mask and combination of a play from ``hand`` (a bit mask) onto ``table``, or
    the refusal with its reason (CV-8: the four 3s and the three of hearts at the first play)."""
    entry = entry_get(id(action))
    if entry is not None and entry[0] is action:
        # A shared listed action: its cards are known to form this combination.
        _, key, mask, combination = entry
        if mask & ~hand:
            raise IllegalAction("you do not hold those cards", code="not_in_hand")
        if key[1] == 0 and key[2] == 4:
            # The four 3s: celestial only as the very first play (CV-8).
            kind = CELESTIAL if first_play else BOMB
            if key[0] != kind:
                key = (kind, 0, 4)
                combination = make_combination(key, action.cards)
    else:
        mask = 0
        for card in action.cards:
            bit = BIT_OF.get(card)
            if bit is None or mask & bit or not hand & bit:
                raise IllegalAction("you do not hold those cards", code="not_in_hand")
            mask |= bit
        found = classify_mask(mask, first_play=first_play)
        if found is None:
            raise IllegalAction("these cards are not a combination", code="not_a_combination")
        key = found
        combination = make_combination(key, action.cards)
    if first_play and hand & THREE_HEARTS_BIT and not mask & THREE_HEARTS_BIT:
        raise IllegalAction(
            "the first play must include the three of hearts", code="must_include_3h"
        )
    if table is not None and not key_beats(key, table[1]):
        raise IllegalAction(
            f"that does not beat {describe(table[2])} on the table",
            code="does_not_beat",
            table=table[2],
        )
    return key, mask, combination
