"""Cardavia combinations and rank counts in words: "pair of nines", "straight from 3 to 7",
"pair sequence from fives to sevens", "bomb of kings", "2 nines".

Each rank has its own "from"/"to" phrase, because other languages join the preposition to
the rank in ways a template cannot guess (Italian "dal 3", "dall'8", "alla donna").

>>> from audiogame.i18n import set_language
>>> from engine.cards import parse_cards
>>> from engine.cardavia import classify
>>> def name(text): return combination_name(classify(parse_cards(text), first_play=False))
>>> set_language("en"); name("9h 9s"), name("3h 4h 5s 6d 7c"), name("5h 5s 6h 6s 7h 7s")
('pair of nines', 'straight from 3 to 7', 'pair sequence from fives to sevens')
>>> name("Kh Ks Kd Kc"), name("As Ad Ac"), rank_count(2, 9), rank_count(1, 12)
('bomb of kings', 'three aces bomb', '2 nines', '1 queen')
>>> set_language("it"); name("9h 9s"), name("3h 4h 5s 6d 7c"), name("8h 9s 10d Jc Qh")
('coppia di nove', 'scala dal 3 al 7', "scala dall'8 alla donna")
>>> name("5h 5s 6h 6s"), name("Jh Js Jd"), rank_count(3, 14)
('scala di coppie dal 5 al 6', 'tris di fanti', '3 assi')
>>> set_language("en")
"""

from __future__ import annotations

from audiogame.i18n import N_, _
from audiogame.words.cards import rank_name
from engine.cardavia.combination import Combination

RANK_PLURALS: dict[int, str] = {
    2: N_("twos"),
    3: N_("threes"),
    4: N_("fours"),
    5: N_("fives"),
    6: N_("sixes"),
    7: N_("sevens"),
    8: N_("eights"),
    9: N_("nines"),
    10: N_("tens"),
    11: N_("jacks"),
    12: N_("queens"),
    13: N_("kings"),
    14: N_("aces"),
}

# Where a straight starts and ends (a straight never holds the two; the ace is only high).
STRAIGHT_FROM: dict[int, str] = {
    3: N_("from 3"),
    4: N_("from 4"),
    5: N_("from 5"),
    6: N_("from 6"),
    7: N_("from 7"),
    8: N_("from 8"),
    9: N_("from 9"),
    10: N_("from 10"),
    11: N_("from jack"),
    12: N_("from queen"),
    13: N_("from king"),
}
STRAIGHT_TO: dict[int, str] = {
    4: N_("to 4"),
    5: N_("to 5"),
    6: N_("to 6"),
    7: N_("to 7"),
    8: N_("to 8"),
    9: N_("to 9"),
    10: N_("to 10"),
    11: N_("to jack"),
    12: N_("to queen"),
    13: N_("to king"),
    14: N_("to ace"),
}
# Where a sequence of pairs starts and ends: the ranks in the plural.
PAIRS_FROM: dict[int, str] = {
    3: N_("from threes"),
    4: N_("from fours"),
    5: N_("from fives"),
    6: N_("from sixes"),
    7: N_("from sevens"),
    8: N_("from eights"),
    9: N_("from nines"),
    10: N_("from tens"),
    11: N_("from jacks"),
    12: N_("from queens"),
    13: N_("from kings"),
}
PAIRS_TO: dict[int, str] = {
    4: N_("to fours"),
    5: N_("to fives"),
    6: N_("to sixes"),
    7: N_("to sevens"),
    8: N_("to eights"),
    9: N_("to nines"),
    10: N_("to tens"),
    11: N_("to jacks"),
    12: N_("to queens"),
    13: N_("to kings"),
    14: N_("to aces"),
}


def rank_plural(rank: int) -> str:
    """ "nines", "kings" (Italian "nove", "re")."""
    return _(RANK_PLURALS[rank])


def rank_count(count: int, rank: int) -> str:
    """How many of a rank: "1 nine", "2 nines"."""
    ranks = rank_name(rank) if count == 1 else rank_plural(rank)
    return _("{count} {ranks}").format(count=count, ranks=ranks)


def combination_name(combination: Combination) -> str:
    """The combination as the table hears it: "pair of nines", "celestial bomb"..."""
    kind, rank, length = combination.kind, combination.rank, combination.length
    if kind == "single":
        return rank_name(rank)
    if kind == "pair":
        return _("pair of {ranks}").format(ranks=rank_plural(rank))
    if kind == "triple":
        return _("triple of {ranks}").format(ranks=rank_plural(rank))
    if kind == "straight":
        return _("straight {from_rank} {to_rank}").format(
            from_rank=_(STRAIGHT_FROM[rank - length + 1]), to_rank=_(STRAIGHT_TO[rank])
        )
    if kind == "pair_sequence":
        return _("pair sequence {from_ranks} {to_ranks}").format(
            from_ranks=_(PAIRS_FROM[rank - length // 2 + 1]), to_ranks=_(PAIRS_TO[rank])
        )
    if kind == "bomb":
        return _("bomb of {ranks}").format(ranks=rank_plural(rank))
    if kind == "ace_bomb":
        return _("three aces bomb")
    return _("celestial bomb")
