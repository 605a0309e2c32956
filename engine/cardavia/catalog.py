"""One shared action object per play code, built the first time it is needed.

Legal-action lists are built at every decision; handing out the same :class:`Action` for the
same play saves building it again, and lets :meth:`CardaviaState.apply` recognise a listed
action by identity without classifying its cards.

The plays of one rank (singles, pairs, triples, bombs of four: about two hundred) are kept for
good, in tables that give the actions of two ranks of a hand at once, so that listing the
legal actions of a hand looks up no code one by one but its straights, pair sequences and
bombs (:func:`lead_actions`, :func:`answer_actions`).
"""

from __future__ import annotations

from engine.actions import Action
from engine.cardavia.classify import ACE_BOMB, TRIPLE, Key, make_combination
from engine.cardavia.combination import Combination
from engine.cardavia.deck import hand_cards
from engine.cardavia.moves import (
    ANSWER_BYTES,
    CARDS,
    LEAD_BYTES,
    answers,
    bomb_answers,
    key_of_code,
    sequences,
)

Entry = tuple[Action, Key, int, Combination]
"""A listed play: the action, its key, the mask of its cards, its combination."""

_LIMIT = 8192
"""Entries kept at most (a few megabytes); when full the catalogue starts afresh, so it
keeps the plays in use. Common plays recur; most straights are seen once and dropped."""
_ACTIONS: dict[int, Action] = {}
_BY_ID: dict[int, Entry] = {}
_KEPT_ACTIONS: dict[int, Action] = {}
_KEPT_BY_ID: dict[int, Entry] = {}
"""The entries kept for good (the plays of one rank), put back whenever the rest is dropped."""


def action_of(code: int) -> Action:
    """The shared action of a play code."""
    action = _ACTIONS.get(code)
    if action is None:
        mask = code & CARDS
        key = key_of_code(code)
        cards = hand_cards(mask)  # Cardavia order is the canonical order for every play
        action = Action("play", cards)
        if len(_ACTIONS) >= _LIMIT:
            clear()
        _ACTIONS[code] = action
        _BY_ID[id(action)] = (action, key, mask, make_combination(key, cards))
    return action


catalog_get = _ACTIONS.get
"""``catalog_get(code)``: the shared action if it exists already (else ``None``)."""


entry_get = _BY_ID.get
"""``entry_get(id(action))``: the entry of a shared action (check ``entry[0] is action``: an
identity can be reused once an action is gone); :func:`entry_of` in one call."""


def entry_of(action: Action) -> Entry | None:
    """What a shared action is, or ``None`` for an action not built here."""
    entry = _BY_ID.get(id(action))
    if entry is not None and entry[0] is action:
        return entry
    return None


def clear() -> None:
    """Forget every shared action but the plays of one rank, kept for good. Actions handed
    out before stay valid: ``apply`` then classifies their cards like any other action."""
    _ACTIONS.clear()
    _BY_ID.clear()
    _ACTIONS.update(_KEPT_ACTIONS)
    _BY_ID.update(_KEPT_BY_ID)


def _kept(code: int) -> Action:
    """The shared action of a play code, kept for good."""
    action = action_of(code)
    _KEPT_ACTIONS[code] = action
    _KEPT_BY_ID[id(action)] = _BY_ID[id(action)]
    return action


ActionBytes = tuple[tuple[tuple[Action, ...], ...], ...]
"""``table[chunk][byte]``: the actions of the play codes of ``moves.LEAD_BYTES`` or
``moves.ANSWER_BYTES`` at the same place."""


def _actions_by_byte(codes: tuple[tuple[tuple[int, ...], ...], ...]) -> ActionBytes:
    return tuple(tuple(tuple(_kept(code) for code in byte) for byte in chunk) for chunk in codes)


_LEAD_ACTIONS = _actions_by_byte(LEAD_BYTES)
_ANSWER_ACTIONS = {kind: _actions_by_byte(table) for kind, table in ANSWER_BYTES.items()}


def lead_actions(hand: int) -> list[Action]:
    """The actions of :func:`engine.cardavia.moves.leads` for a lead that is not the first
    play of the deal, in the same order."""
    b = _LEAD_ACTIONS
    actions = [
        *b[0][hand & 255],
        *b[1][hand >> 8 & 255],
        *b[2][hand >> 16 & 255],
        *b[3][hand >> 24 & 255],
        *b[4][hand >> 32 & 255],
        *b[5][hand >> 40 & 255],
        *b[6][hand >> 48],
    ]
    for code in sequences(hand):
        actions.append(catalog_get(code) or action_of(code))
    return actions


def answer_actions(hand: int, table: Key) -> list[Action]:
    """The actions of :func:`engine.cardavia.moves.answers`, in the same order."""
    kind, top, _ = table
    if kind >= ACE_BOMB:
        return []  # nothing beats three aces (there are only three) or the celestial bomb
    actions: list[Action] = []
    codes: list[int]
    if kind <= TRIPLE:
        # Two ranks at a time, the ranks up to the table's masked out (as answers() does).
        table_bytes = _ANSWER_ACTIONS[kind]
        above = hand & -1 << 4 * (top + 1)
        for chunk in range((top + 1) >> 1, 7):
            byte = above >> 8 * chunk & 255
            if byte:
                actions += table_bytes[chunk][byte]
        codes = []
        bomb_answers(hand, table, codes)
    else:
        codes = answers(hand, table)
    for code in codes:
        actions.append(catalog_get(code) or action_of(code))
    return actions
