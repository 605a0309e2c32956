"""One shared action object per play code, built the first time it is needed.

Legal-action lists are built at every decision; handing out the same :class:`Action` for the
same play saves building it again, and lets :meth:`CardaviaState.apply` recognise a listed
action by identity without classifying its cards.
"""

from __future__ import annotations

from engine.actions import Action
from engine.cardavia.classify import Key, make_combination
from engine.cardavia.combination import Combination
from engine.cardavia.deck import hand_cards
from engine.cardavia.moves import CARDS, key_of_code

Entry = tuple[Action, Key, int, Combination]
"""A listed play: the action, its key, the mask of its cards, its combination."""

_LIMIT = 8192
"""Entries kept at most (a few megabytes); when full the catalogue starts afresh, so it
keeps the plays in use. Common plays recur; most straights are seen once and dropped."""
_ACTIONS: dict[int, Action] = {}
_BY_ID: dict[int, Entry] = {}


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


def entry_of(action: Action) -> Entry | None:
    """What a shared action is, or ``None`` for an action not built here."""
    entry = _BY_ID.get(id(action))
    if entry is not None and entry[0] is action:
        return entry
    return None


def clear() -> None:
    """Forget every shared action. Actions handed out before stay valid: ``apply`` then
    classifies their cards like any other action."""
    _ACTIONS.clear()
    _BY_ID.clear()
