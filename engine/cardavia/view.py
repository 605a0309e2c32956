"""What one Cardavia seat may know: his own hand and everything played in the open."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cardavia.combination import Combination
from engine.cards import Card

HistoryEntry = tuple[int, int, Combination | None]
"""``(round number, seat, combination)``; ``None`` for a pass."""


@dataclass(frozen=True)
class CardaviaView:
    """One seat's view of a deal. Only ``hand`` is private; everything else is public.

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


_new = object.__new__
_set = object.__setattr__


def build_view(
    seat: int,
    players: int,
    hand: tuple[Card, ...],
    hand_counts: tuple[int, ...],
    table: tuple[int, Combination] | None,
    leader: int,
    awaiting: int | None,
    round_number: int,
    first_play: bool,
    history: tuple[HistoryEntry, ...],
    played_cards: tuple[Card, ...],
    has_played: tuple[bool, ...],
    bonuses: tuple[int, ...],
) -> CardaviaView:
    """A view built without the dataclass ``__init__``: a view is built at every decision and
    filling the instance dictionary at once is three times faster than sixteen frozen
    attribute sets. The result equals ``CardaviaView(...)`` with the same values."""
    view: CardaviaView = _new(CardaviaView)
    _set(
        view,
        "__dict__",
        {
            "seat": seat,
            "players": players,
            "hand": hand,
            "hand_counts": hand_counts,
            "owned": hand_counts,
            "table": table,
            "leader": leader,
            "to_act": () if awaiting is None else (awaiting,),
            "awaiting": awaiting,
            "round": round_number,
            "first_play": first_play,
            "history": history,
            "played_cards": played_cards,
            "has_played": has_played,
            "bonuses": bonuses,
            "is_over": awaiting is None,
        },
    )
    return view
