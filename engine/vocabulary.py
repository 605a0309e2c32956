"""The engine's words: every kind, cause, reason and code a game can produce, as ``Literal``
types, so that a misspelt kind is a type error and a front end can list every case it must
put into words.

The values are plain strings (saves and deal logs write them as they are); ``values(T)``
lists the strings of one of these types.

>>> values(TrickCause)
('highest', 'joker', 'abandoned_war', 'last_player')
>>> "flip" in values(ActionKind)
True
"""

from __future__ import annotations

from typing import Literal, get_args

ActionKind = Literal["play", "pass", "flip", "face_down", "exchange"]
"""What a seat does: play cards, pass (Cardavia), flip (classic Battaglia), lay a card face
down (Battaglia aperta), swap hand and won pile (Scientific Battle, SB-13)."""

EventKind = str
"""One kind per thing a player must hear (see ``docs/engine.md``). Each game declares its
own, as the classes of its events (``engine/<game>/events.py``, named by its facts):
:func:`engine.event_kinds` lists them, for one game or all, and a game added later needs no
line here."""

TrickCause = Literal["highest", "joker", "abandoned_war", "last_player"]
"""Why a seat takes the cards on the table: the strongest card, a lone joker that cancelled a
war (SB-9), a war that everybody in it abandoned (BT-6), the last player left (SB-6)."""

EndReason = Literal["all_cards", "last_player", "trick_limit", "nobody_left", "went_out"]
"""Why a game ended: one seat owns every card, the others are eliminated, the trick limit,
everybody ran out together (a draw), a Cardavia player went out."""

RefusalCode = Literal[
    "bad_seat",
    "game_over",
    "not_your_turn",
    "wrong_action",
    "not_in_hand",
    "not_a_combination",
    "does_not_beat",
    "must_beat",
    "leader_cannot_pass",
    "exchange_not_offered",
    "must_include_3h",
]
"""Why an action is refused (:attr:`engine.IllegalAction.code`)."""

Power = Literal["seer", "counting", "exchange"]
"""A Scientific Battle power: the queen's (SB-8), the 3's (SB-12), the 8's (SB-13)."""

Phase = Literal["face_up", "face_down"]
"""Battaglia: whether the seats awaited choose face-down or face-up cards."""

SettlementItem = Literal["cards", "never_played", "spade_two", "bombs_held", "bomb_bonus", "winner"]
"""One line of a Cardavia settlement (CV-12 to CV-14)."""

CombinationKind = Literal[
    "single", "pair", "triple", "straight", "pair_sequence", "bomb", "ace_bomb", "celestial_bomb"
]
"""A Cardavia combination (CV-5, CV-7, CV-8)."""


def values(vocabulary: object) -> tuple[str, ...]:
    """The strings of one of the ``Literal`` types above."""
    found: tuple[str, ...] = get_args(vocabulary)
    return found
