"""Legal actions as play codes (the engine's int form: card mask plus kind) and back."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action
from engine.cardavia.catalog import entry_of
from engine.cardavia.classify import KIND_NAMES, Key, classify_mask
from engine.cardavia.deck import BIT_OF, RANK_OF
from engine.cardavia.moves import KIND_SHIFT


def code_of(action: Action, *, first_play: bool) -> int | None:
    """The code of a play (``None`` for a pass or cards that form no combination)."""
    if action.kind != "play":
        return None
    entry = entry_of(action)
    if entry is not None:
        return entry[2] | entry[1][0] << KIND_SHIFT
    mask = 0
    for card in action.cards:
        mask |= BIT_OF[card]
    key = classify_mask(mask, first_play=first_play)
    return None if key is None else mask | key[0] << KIND_SHIFT


def codes_of(legal: Sequence[Action], *, first_play: bool) -> dict[int, Action]:
    """Each legal play by its code, in the order given (passes left out)."""
    found: dict[int, Action] = {}
    for action in legal:
        code = code_of(action, first_play=first_play)
        if code is not None and code not in found:
            found[code] = action
    return found


def describe_key(key: Key) -> dict[str, object]:
    """Hint parameters naming a combination: ``kind``, ``rank`` (the deciding card rank, 2 to
    14) and ``length`` (number of cards)."""
    kind, top, length = key
    return {"kind": KIND_NAMES[kind], "rank": RANK_OF[top], "length": length}
