"""Plain English names of combinations, for the sentences of refusals.

The front end speaks events in the player's language; these words only fill the English
message of :class:`engine.IllegalAction` ("that does not beat the pair of nines on the table").

>>> from engine.cards import parse_cards
>>> from engine.cardavia.classify import classify
>>> describe(classify(parse_cards("9h 9s"), first_play=False))
'the pair of nines'
>>> describe(classify(parse_cards("5h 6h 7s 8d 9c"), first_play=False))
'the straight from five to nine'
"""

from __future__ import annotations

from engine.cardavia.combination import Combination

_WORDS = {
    2: ("two", "twos"),
    3: ("three", "threes"),
    4: ("four", "fours"),
    5: ("five", "fives"),
    6: ("six", "sixes"),
    7: ("seven", "sevens"),
    8: ("eight", "eights"),
    9: ("nine", "nines"),
    10: ("ten", "tens"),
    11: ("jack", "jacks"),
    12: ("queen", "queens"),
    13: ("king", "kings"),
    14: ("ace", "aces"),
}


def describe(combination: Combination) -> str:
    """``"the pair of nines"``, ``"the bomb of fours"``, ``"the celestial bomb"``..."""
    kind, rank = combination.kind, combination.rank
    one, many = _WORDS[rank]
    if kind == "single":
        return f"the {one}"
    if kind == "pair":
        return f"the pair of {many}"
    if kind == "triple":
        return f"the three {many}"
    if kind == "straight":
        low = rank - combination.length + 1
        return f"the straight from {_WORDS[low][0]} to {one}"
    if kind == "pair_sequence":
        low = rank - combination.length // 2 + 1
        return f"the pairs from {_WORDS[low][1]} to {many}"
    if kind == "bomb":
        return f"the bomb of {many}"
    if kind == "ace_bomb":
        return "the ace bomb"
    return "the celestial bomb"
