"""Table options of Battaglia and the deal: players, deck, variants, trick limit (BT-1, BT-2,
BT-8 to BT-11)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.battle.facts import FACTS
from engine.cards import Card, full_deck


@dataclass(frozen=True, slots=True)
class Options:
    """Options checked against :data:`engine.battle.facts.FACTS`, which holds their values and
    defaults. ``face_down=False`` is "senza incognita" (BT-9), ``open=True`` is "aperta"
    (BT-10); they combine (BT-11)."""

    players: int
    deck: int
    face_down: bool
    open: bool
    trick_limit: int


def parse_options(options: Mapping[str, Any], *, seats: int | None = None) -> Options:
    """Check the options against Battaglia's facts; ``seats`` is the number of hands given with
    ``hands=``, if any.

    >>> parse_options({"players": 6, "deck": 32}).deck
    32
    >>> parse_options({"deck": 40})
    Traceback (most recent call last):
    ...
    ValueError: deck cannot be 40: it must be 52 or 32
    """
    return Options(**FACTS.checked(options, seats))


def deal(
    rng: random.Random, players: int, deck_size: int
) -> tuple[list[list[Card]], tuple[Card, ...]]:
    """Shuffle and deal one card at a time round the table (BT-2).

    Returns each seat's stock, top card first, and the cards set aside.

    >>> stocks, aside = deal(random.Random(1), 6, 52)
    >>> [len(s) for s in stocks], len(aside)
    ([8, 8, 8, 8, 8, 8], 4)
    """
    deck = full_deck(low=2 if deck_size == 52 else 7)
    rng.shuffle(deck)
    each = len(deck) // players
    dealt = each * players
    return [deck[seat:dealt:players] for seat in range(players)], tuple(deck[dealt:])


def check_hands(hands: Sequence[Sequence[Card]]) -> list[list[Card]]:
    """Hands given for a test, puzzle or replay: distinct cards, none a joker, none empty."""
    stocks = [list(hand) for hand in hands]
    seen: set[Card] = set()
    for seat, stock in enumerate(stocks):
        if not stock:
            raise ValueError(f"seat {seat} has no card; every seat needs at least one")
        for card in stock:
            if not isinstance(card, Card) or card.is_joker:
                raise ValueError(f"Battaglia has no jokers and takes only cards, got {card!r}")
            if card in seen:
                raise ValueError(f"the card {card.token()} is dealt twice")
            seen.add(card)
    return stocks
