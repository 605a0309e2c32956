"""What one seat may know of a Battaglia table: nothing hidden of any other seat."""

from __future__ import annotations

from dataclasses import dataclass
from operator import add
from typing import TYPE_CHECKING, Any

from engine.battle.table import Table
from engine.cards import Card, sorted_cards


@dataclass(frozen=True)
class BattleView:
    """One seat's view of the table.

    ``hand`` is the seat's own hand in open play, sorted (``()`` in classic play: the stock is
    face down). ``stock``, ``won`` and ``owned`` count cards by seat. ``table`` lists the face-up
    cards on the table, in the order laid; ``pot`` counts every card there, face-down ones
    included. ``in_step`` takes part in the current trick or war step (``war_round`` 0 for a
    trick, n for the n-th war step), ``face_down_seats`` lay a face-down card in it; ``phase``
    is ``"face_down"`` while an open war awaits face-down cards, else ``"face_up"``.
    ``awaiting`` is ``to_act()``; ``chosen`` the seats that have chosen or flipped in this
    phase; ``my_choice`` this seat's own secret choice (open play), or ``None``. ``deck`` is
    the size of the deck the game is played with (52 or 32, BT-1).
    """

    seat: int
    players: int
    hand: tuple[Card, ...]
    stock: tuple[int, ...]
    won: tuple[int, ...]
    owned: tuple[int, ...]
    table: tuple[tuple[int, Card], ...]
    pot: int
    in_step: tuple[int, ...]
    face_down_seats: tuple[int, ...]
    war_round: int
    phase: str
    awaiting: tuple[int, ...]
    chosen: tuple[int, ...]
    my_choice: Card | None
    tricks: int
    trick_limit: int
    deck: int
    eliminated: tuple[int, ...]
    set_aside: tuple[Card, ...]
    face_down: bool
    open: bool
    is_over: bool

    if not TYPE_CHECKING:  # mypy keeps checking field names; this only serves lookups

        def __getattr__(self, name: str) -> Any:
            # Reached only for fields this view does not hold itself: those every seat shares
            # in the current step, kept in one dict built once per step (see make_view).
            own = object.__getattribute__(self, "__dict__")
            shared = own.get(_SHARED)
            if shared is not None:
                if name in shared:
                    return shared[name]
                if name == "owned":
                    shared[name] = tuple(map(add, shared["stock"], shared["won"]))
                    return shared[name]
                if name == "chosen":
                    awaiting = own["awaiting"]
                    own[name] = tuple(s for s in shared[_CHOOSERS] if s not in awaiting)
                    return own[name]
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


_SHARED = "_shared"
_CHOOSERS = "_choosers"


def make_view(t: Table, seat: int) -> BattleView:
    """The view of ``seat`` (already checked to be a seat of this table).

    A view is asked for at every decision, and building a 22-field object each time would cost
    as much as the game itself. So a view holds only what is its own (seat, ``awaiting``, the
    open hand and choice) and finds the fields every seat shares in one dict, built at the
    first view after cards moved and cached on the table (``view_base``); the part that only
    changes when a step does not simply follow a plain trick is cached apart (``view_step``).
    ``owned`` and ``chosen`` are worked out when first read. It is a frozen dataclass all the
    same: fields, ``repr``, equality and hashing as usual.
    """
    base = t.view_base
    if base is None:
        step = t.view_step
        if step is None:
            step = t.view_step = _step_fields(t)
        base = t.view_base = {
            **step,
            "stock": tuple(map(len, t.stocks)),
            "won": tuple(map(len, t.won)),
            "table": tuple(t.shown),
            "pot": len(t.pot),
            "tricks": t.tricks,
        }
    if t.open:
        fields = {
            "seat": seat,
            "awaiting": t.awaiting,
            "hand": sorted_cards(t.stocks[seat]),
            "my_choice": t.choices.get(seat),
            _SHARED: base,
        }
    else:
        fields = {"seat": seat, "awaiting": t.awaiting, _SHARED: base}
    view = object.__new__(BattleView)
    object.__setattr__(view, "__dict__", fields)
    return view


def _step_fields(t: Table) -> dict[str, Any]:
    """The shared fields that a plain trick leaves as they were."""
    return {
        "players": t.players,
        "hand": (),
        "in_step": t.in_step,
        "face_down_seats": t.down_seats,
        "war_round": t.war_round,
        "phase": t.phase,
        "my_choice": None,
        "trick_limit": t.trick_limit,
        "deck": t.deck,
        "eliminated": t.eliminated,
        "set_aside": t.set_aside,
        "face_down": t.face_down,
        "open": t.open,
        "is_over": t.result is not None,
        _CHOOSERS: t.choosers,
    }
