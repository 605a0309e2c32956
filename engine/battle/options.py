"""Table options of Battaglia and the deal: players, deck, variants, trick limit (BT-1, BT-2,
BT-8 to BT-11)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.battle.facts import FACTS
from engine.cards import Card, full_deck

MIN_PLAYERS = FACTS.min_players
MAX_PLAYERS = FACTS.max_players
DEFAULT_TRICK_LIMIT = int(FACTS.option("trick_limit").default)
MAX_TRICK_LIMIT = FACTS.option("trick_limit").maximum
DECK_SIZES: tuple[int, ...] = tuple(int(size) for size in FACTS.option("deck").choices)
OPTION_NAMES: tuple[str, ...] = FACTS.engine_options


@dataclass(frozen=True, slots=True)
class Options:
    """Checked options. ``face_down=False`` is "senza incognita" (BT-9), ``open=True`` is
    "aperta" (BT-10); they combine (BT-11)."""

    players: int = MIN_PLAYERS
    deck: int = 52
    face_down: bool = True
    open: bool = False
    trick_limit: int = DEFAULT_TRICK_LIMIT


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_options(options: Mapping[str, Any], *, seats: int | None = None) -> Options:
    """Check the options; ``seats`` is the number of hands given with ``hands=``, if any.

    >>> parse_options({"players": 6, "deck": 32}).deck
    32
    >>> parse_options({"deck": 40})
    Traceback (most recent call last):
    ...
    ValueError: deck must be 52 or 32, got 40
    """
    for name in options:
        if name not in OPTION_NAMES:
            raise ValueError(f"no option {name!r}; the options are {', '.join(OPTION_NAMES)}")
    players = options.get("players", seats if seats is not None else MIN_PLAYERS)
    if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, got {players!r}"
        )
    if seats is not None and players != seats:
        raise ValueError(f"players is {players} but {seats} hands were given")
    deck = options.get("deck", 52)
    if not _is_int(deck) or deck not in DECK_SIZES:
        raise ValueError(f"deck must be 52 or 32, got {deck!r}")
    flags = {}
    for name, default in (("face_down", True), ("open", False)):
        value = options.get(name, default)
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be True or False, got {value!r}")
        flags[name] = value
    trick_limit = options.get("trick_limit", DEFAULT_TRICK_LIMIT)
    if not FACTS.option("trick_limit").allows(trick_limit):
        raise ValueError(
            f"trick_limit must be a whole number from 1 to {MAX_TRICK_LIMIT}, got {trick_limit!r}"
        )
    return Options(players, deck, flags["face_down"], flags["open"], trick_limit)


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
