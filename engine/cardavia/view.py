"""What one Cardavia seat may know: his own hand and everything played in the open."""

from __future__ import annotations

from typing import NamedTuple

from engine.cardavia.combination import Combination
from engine.cards import Card

HistoryEntry = tuple[int, int, Combination | None]
"""``(round number, seat, combination)``; ``None`` for a pass."""


class CardaviaView(NamedTuple):
    """One seat's view of a deal: an immutable value (a named tuple, the cheapest immutable
    record to build, as a view is built at every decision). Only ``hand`` is private;
    everything else is public.

    ``table`` is ``(seat, combination)`` of the play to beat, ``None`` when ``leader`` leads;
    ``to_act`` the seats awaited (``awaiting`` the one seat, ``None`` once over);
    ``first_play`` is true until the first play of the deal; ``history`` holds every play and
    pass of the deal; ``bonuses`` the points each seat got from bomb bonuses so far."""

    seat: int
    players: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    owned: tuple[int, ...]
    table: tuple[int, Combination] | None
    leader: int
    to_act: tuple[int, ...]
    awaiting: int | None
    round: int
    first_play: bool
    history: tuple[HistoryEntry, ...]
    played_cards: tuple[Card, ...]
    has_played: tuple[bool, ...]
    bonuses: tuple[int, ...]
    is_over: bool
