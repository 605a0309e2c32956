"""The greedy Cardavia player: cheap plays first, bombs kept for need.

* If a listed play empties the hand, play it: going out ends the deal (CV-11).
* Answering: the weakest non-bomb answer (even a pair split from a bomb: the rule is kept
  simple); a bomb (the weakest) only when nothing else answers; pass only when forced
  (Pass is then the only legal action).
* Leading: the weakest combination using the most cards of the lowest rank, i.e. the play
  whose lowest card is weakest, the longest among those, then the weakest top: with
  3 4 5 6 7 9 9 it leads the straight 3-7; with 3 3 5 it leads the pair of threes. Bombs are
  led only when the hand offers nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action
from engine.cardavia.catalog import entry_of
from engine.cardavia.classify import BOMB, classify_mask
from engine.cardavia.deck import BIT_OF
from engine.cardavia.view import CardaviaView


def greedy_choice(view: CardaviaView, legal_actions: Sequence[Action]) -> Action:
    """The greedy rule above; ``view`` is the seat's own view."""
    plays = [a for a in legal_actions if a.kind == "play"]
    if not plays:
        return legal_actions[0]
    hand_size = len(view.hand)
    best: tuple[int, ...] | None = None
    choice = plays[0]
    for action in plays:
        if len(action.cards) == hand_size:
            return action
        entry = entry_of(action)
        if entry is not None:
            key, mask = entry[1], entry[2]  # a shared listed action: already classified
        else:
            mask = 0
            for card in action.cards:
                mask |= BIT_OF[card]
            found = classify_mask(mask, first_play=view.first_play)
            if found is None:
                continue
            key = found
        kind, top, length = key
        is_bomb = 1 if kind >= BOMB else 0
        if view.table is None:
            lowest = (mask & -mask).bit_length() // 4  # rank index of the lowest card
            rank_key = (is_bomb, lowest, -length, top)
        else:
            rank_key = (is_bomb, kind, top, 0)  # a higher bomb kind is the stronger bomb
        if best is None or rank_key < best:
            best, choice = rank_key, action
    return choice
