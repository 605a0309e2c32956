"""Legal-play generation agrees with the combination rules (CV-5 to CV-9), checked against a
brute force over every subset of small hands."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cardavia import classify
from engine.cardavia.classify import ACE_BOMB, KIND_NAMES, classify_mask, key_beats, key_of
from engine.cardavia.deck import CARD_AT, DECK, hand_cards
from engine.cardavia.moves import CARDS, key_of_code, legal_plays
from engine.cards import parse_cards

BITS = [i for i, card in enumerate(CARD_AT) if card is not None]


def brute_force(
    hand: int, table: tuple[int, int, int] | None, first: bool
) -> set[tuple[int, int, int]]:
    """Every distinct combination any subset of ``hand`` may play now."""
    held = [bit for bit in BITS if hand >> bit & 1]
    found = set()
    for size in range(1, len(held) + 1):
        for chosen in itertools.combinations(held, size):
            mask = sum(1 << bit for bit in chosen)
            key = classify_mask(mask, first_play=first)
            if key is None or (table is not None and not key_beats(key, table)):
                continue
            if table is None and first and hand & 1 and not mask & 1:
                continue  # the first play must show the 3 of hearts
            found.add(key)
    return found


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_cv5_cv9_generated_plays_are_exactly_the_legal_ones(seed: int) -> None:
    """CV-5 to CV-9: one play per distinct legal combination, no more, no less."""
    rng = random.Random(seed)
    hand = sum(1 << bit for bit in rng.sample(BITS, rng.randint(1, 10)))
    other = sum(1 << bit for bit in rng.sample(BITS, 12))
    tables = [key_of_code(code) for code in legal_plays(other, None, first_play=False)]
    table = rng.choice([*tables, None])
    first = table is None and rng.random() < 0.4
    codes = legal_plays(hand, table, first_play=first)
    keys = [key_of_code(code) for code in codes]
    assert len(keys) == len(set(keys))
    assert set(keys) == brute_force(hand, table, first)
    for code in codes:
        mask = code & CARDS
        assert not mask & ~hand
        assert classify_mask(mask, first_play=first) == key_of_code(code)


def test_cv3_first_play_offers_only_plays_with_the_three_of_hearts() -> None:
    """CV-3: every first-play representative holds the 3 of hearts (hearts are chosen first)."""
    hand = sum(1 << bit for bit in BITS[:20])  # every 3 to 7, 8h
    codes = legal_plays(hand, None, first_play=True)
    assert codes and all(code & 1 for code in codes)
    kinds = {KIND_NAMES[key_of_code(code)[0]] for code in codes}
    assert kinds == {"single", "pair", "triple", "celestial_bomb", "straight", "pair_sequence"}


def test_cv6_cv7_cv8_engine_keys_and_public_beats_agree() -> None:
    """CV-6 to CV-8: ``Combination.beats`` and the engine's comparison never disagree."""
    combos = []
    for text in (
        "3h", "2s", "As", "9h 9s", "As Ad", "Kh Ks Kd", "3h 4h 5h 6h 7h", "10h Js Qh Kh As",
        "4h 5h 6h 7h 8h 9h", "3h 3s 4h 4s", "Kh Ks As Ad", "5h 5s 6h 6s 7h 7s",
        "3h 3s 3d 3c", "4h 4s 4d 4c", "Kh Ks Kd Kc", "As Ad Ac",
    ):  # fmt: skip
        for first in (False, True):
            combo = classify(parse_cards(text), first_play=first)
            assert combo is not None
            combos.append(combo)
    for a in combos:
        for b in combos:
            assert a.beats(b) == key_beats(key_of(a), key_of(b)), (a, b)
    ace_bomb = next(c for c in combos if key_of(c)[0] == ACE_BOMB)
    assert all(ace_bomb.beats(c) for c in combos if c.kind not in ("ace_bomb", "celestial_bomb"))


def test_representatives_use_the_lowest_suits() -> None:
    """The listed cards are chosen by suit order h, s, d, c: deterministic and readable."""
    hand = sum(1 << bit for bit in BITS)
    codes = legal_plays(hand, (1, 5, 2), first_play=False)  # answers to a pair of eights
    assert [" ".join(map(str, hand_cards(code & CARDS))) for code in codes][:2] == [
        "9h 9s",
        "10h 10s",
    ]
    assert len(DECK) == 48
