"""The legal actions the state lists come from tables of shared actions; they must be the
plays that ``moves`` generates, in the same order (CV-5 to CV-10)."""

from __future__ import annotations

import random

from engine.cardavia import catalog
from engine.cardavia.catalog import action_of, answer_actions, entry_of, lead_actions
from engine.cardavia.classify import (
    ACE_BOMB,
    BOMB,
    CELESTIAL,
    PAIR,
    PAIR_SEQUENCE,
    SINGLE,
    STRAIGHT,
    TRIPLE,
)
from engine.cardavia.deck import CARD_AT, deal
from engine.cardavia.moves import answers, leads

TABLES = [
    *[(SINGLE, top, 1) for top in range(13)],
    *[(PAIR, top, 2) for top in range(13)],
    *[(TRIPLE, top, 3) for top in range(11)],
    *[(STRAIGHT, top, length) for top in range(4, 12) for length in range(5, top + 2)],
    *[(PAIR_SEQUENCE, top, 2 * n) for top in range(1, 12) for n in range(2, top + 2)],
    *[(BOMB, top, 4) for top in range(13)],
    (ACE_BOMB, 11, 3),
    (CELESTIAL, 0, 4),
]


def hands() -> list[int]:
    """Dealt hands, and random hands of 1 to 48 cards (all four 3s, three aces and long runs
    show up among them)."""
    rng = random.Random(5)
    bits = [i for i, card in enumerate(CARD_AT) if card is not None]
    found = [hand for seed in range(40) for hand in deal(seed)]
    for _ in range(200):
        found.append(sum(1 << bit for bit in rng.sample(bits, rng.randint(1, 48))))
    found.append(sum(1 << bit for bit in bits))
    return found


def test_lead_actions_are_the_leads_in_order() -> None:
    for hand in hands():
        expected = [action_of(code) for code in leads(hand, first_play=False)]
        assert lead_actions(hand) == expected


def test_answer_actions_are_the_answers_in_order() -> None:
    for hand in hands()[::4]:
        for table in TABLES:
            expected = [action_of(code) for code in answers(hand, table)]
            assert answer_actions(hand, table) == expected, (hand, table)


def test_listed_plays_stay_known_when_the_catalogue_starts_afresh() -> None:
    """A listed action is recognised by ``apply`` without classifying its cards, even after
    the catalogue dropped what it held."""
    hand = deal(3)[0]
    listed = lead_actions(hand)
    catalog.clear()
    for action in lead_actions(hand):
        if len(action.cards) <= 4 and len({card.rank for card in action.cards}) == 1:
            assert entry_of(action) is not None, action
    assert lead_actions(hand) == listed
