"""What one seat may know in Scientific Battle: everything the R, T, E and C keys speak
(SB-16), and nothing hidden from him (other hands, other choices but a seer's privilege)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.cards import Card, sorted_cards

if TYPE_CHECKING:
    from engine.scientific.fields import GameFields

_NO_CHOICES: Mapping[int, Card] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class ScientificView:
    """One seat's knowledge.

    ``hand`` holds his cards, the chosen one included until the reveal (``my_choice`` says
    which). ``owned`` (hand + won pile by seat) and ``powers`` are public. ``seen_choices`` is
    filled only for a seer while the seers choose (SB-8); ``hand_counts`` only while his
    counting power lasts (SB-12). ``pot`` is the cards waiting on the table after wars;
    ``trick`` counts the tricks settled.
    """

    seat: int
    players: int
    hand: tuple[Card, ...]
    owned: tuple[int, ...]
    won_pile: tuple[Card, ...]
    seen_choices: Mapping[int, Card]
    hand_counts: tuple[int, ...] | None
    reversed: bool
    pot: tuple[Card, ...]
    powers: Mapping[int, tuple[str, ...]]
    chosen: tuple[int, ...]
    awaiting: tuple[int, ...]
    my_choice: Card | None
    exchange_offered: bool
    seers_phase: bool
    trick: int
    trick_limit: int
    eliminated: tuple[int, ...]
    last_reveal: tuple[tuple[int, Card], ...]
    is_over: bool


def active_powers(state: GameFields) -> dict[int, tuple[str, ...]]:
    """Powers in force now, by seat: ``"seer"``, ``"counting"``, ``"exchange"`` (public)."""
    powers: dict[int, tuple[str, ...]] = {}
    if not (state.seers or state.counting or state.exchange):
        return powers
    for seat in range(state.players):
        held = tuple(
            name
            for name, holders in (
                ("seer", state.seers),
                ("counting", state.counting),
                ("exchange", state.exchange),
            )
            if seat in holders
        )
        if held:
            powers[seat] = held
    return powers


def build_view(state: GameFields, seat: int) -> ScientificView:
    """The view of ``seat`` (the seat is already checked)."""
    seen: Mapping[int, Card] = _NO_CHOICES
    seers = state.seers
    if state.seers_phase and seat in seers:
        seen = MappingProxyType(
            {s: card for s, card in sorted(state.chosen.items()) if s not in seers}
        )
    return ScientificView(
        seat=seat,
        players=state.players,
        hand=sorted_cards(state.hands[seat]),
        owned=state.owned(),
        won_pile=tuple(state.won[seat]),
        seen_choices=seen,
        hand_counts=tuple(len(h) for h in state.hands) if seat in state.counting else None,
        reversed=state.reversed,
        pot=tuple(state.pot),
        powers=MappingProxyType(active_powers(state)),
        chosen=tuple(sorted(state.chosen)),
        awaiting=state.to_act(),
        my_choice=state.chosen.get(seat),
        exchange_offered=seat in state.exchange,
        seers_phase=state.seers_phase,
        trick=state.trick,
        trick_limit=state.trick_limit,
        eliminated=tuple(s for s in range(state.players) if state.out[s]),
        last_reveal=state.last_reveal,
        is_over=state.is_over,
    )
