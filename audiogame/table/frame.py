"""A seat's frame of reference: events and views renumbered so that the seat is seat 0.

The engine numbers seats from the table's first seat; a presenter speaks to one seat, who is
"you", seat 0, with the others in order around the table after him (as offline, where the player
always sits at seat 0). :func:`to_frame` renumbers every seat a value names; everything else is
kept. Every field of every event and view is named in one of the sets below, so that a new
field cannot pass through unrenumbered: :func:`unclassified` finds, from a game's facts (its
declared event kinds and view type, and every record their fields hold), any field no set
names, and a test wants none for every registered game.

>>> from engine.events import Reveal, TrickWon
>>> from engine.cards import parse_cards
>>> k, five, two = parse_cards("Kh 5s 2c")
>>> to_frame(Reveal(((0, k), (1, five), (2, two))), me=1, players=3)
Reveal(cards=((0, Card(rank=5, suit='s', deck=0)), (1, Card(rank=2, suit='c', deck=0)), \
(2, Card(rank=13, suit='h', deck=0))), war_round=0, face_down=())
>>> to_frame(TrickWon(2, (k, five)), me=2, players=3).seat
0
"""

from __future__ import annotations

import dataclasses
import functools
from types import MappingProxyType
from typing import Any, TypeVar, get_args, get_type_hints

from engine.registry import registration

T = TypeVar("T")

SEAT = frozenset({"seat", "leader"})
"""A seat number."""
SEAT_SET = frozenset(
    {"seats", "winners", "eliminated", "chosen", "in_step", "face_down_seats", "to_act", "seers",
     "choosers"}
)  # fmt: skip
"""A set of seats, as a sorted tuple."""
PER_SEAT = frozenset(
    {"stock", "won", "owned", "scores", "hand_counts", "has_played", "bonuses", "totals",
     "hand_sizes"}
)  # fmt: skip
"""One value for each seat, indexed by seat."""
SEAT_PAIRS = frozenset({"last_reveal"})
"""``(seat, card)`` pairs, sorted by seat."""
SEAT_KEYS = frozenset({"seen_choices", "powers"})
"""A mapping keyed by seat."""
NESTED = frozenset({"counts", "step"})
"""A record of its own (Battaglia's view), renumbered field by field."""
BY_SHAPE = frozenset({"awaiting", "cards", "table", "face_down", "history", "lines"})
"""Fields whose meaning depends on the value: ``awaiting`` is one seat (Cardavia) or a set;
``cards`` pairs (a reveal) or plain cards; ``table`` pairs (Battaglia) or ``(seat, play)``
(Cardavia); ``face_down`` seats (a reveal) or a flag (a view); ``history`` Cardavia's
``(round, seat, play)`` entries; ``lines`` settlement lines, each with its seat."""
NEUTRAL = frozenset(
    {"players", "hand", "pot", "war_round", "phase", "my_choice", "tricks", "trick_limit",
     "set_aside", "open", "is_over", "won_pile", "reversed", "exchange_offered", "seers_phase",
     "trick", "round", "first_play", "played_cards", "rank", "cause", "hidden", "limit",
     "reason", "combination", "beaten", "count", "power", "points", "item", "deck"}
)  # fmt: skip
"""Fields that name no seat."""
KNOWN = SEAT | SEAT_SET | PER_SEAT | SEAT_PAIRS | SEAT_KEYS | NESTED | BY_SHAPE | NEUTRAL


def field_names(value: Any) -> tuple[str, ...]:
    """The fields of a dataclass or a named tuple (class or instance); ``()`` for others."""
    return _field_names(value if isinstance(value, type) else type(value))


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    """A class's fields, found once (every event and view of every seat asks)."""
    if dataclasses.is_dataclass(cls):
        return tuple(f.name for f in dataclasses.fields(cls))
    fields = getattr(cls, "_fields", None)
    if isinstance(fields, tuple) and issubclass(cls, tuple):
        return fields
    return ()


class Frame:
    """Renumbering for seat ``me`` at a table of ``players``."""

    def __init__(self, me: int, players: int) -> None:
        self.me = me
        self.players = players

    def seat(self, seat: int) -> int:
        return (seat - self.me) % self.players

    def seats(self, seats: Any) -> tuple[int, ...]:
        return tuple(sorted(self.seat(seat) for seat in seats))

    def per_seat(self, values: Any) -> Any:
        if values is None or isinstance(values, int):
            return values  # a count of one seat's cards (Exchanged's ``won``), not per seat
        count = len(values)
        return tuple(values[(seat + self.me) % count] for seat in range(count))

    def pairs(self, pairs: Any) -> tuple[Any, ...]:
        return tuple(sorted(((self.seat(s), v) for s, v in pairs), key=lambda pair: pair[0]))

    def field(self, name: str, value: Any) -> Any:
        if name in SEAT:
            return self.seat(value)
        if name in SEAT_SET:
            return self.seats(value)
        if name in PER_SEAT:
            return self.per_seat(value)
        if name in SEAT_PAIRS:
            return self.pairs(value)
        if name in NESTED:
            return self.value(value)
        if name in SEAT_KEYS:
            return MappingProxyType({self.seat(s): v for s, v in sorted(value.items(),
                                     key=lambda item: self.seat(item[0]))})  # fmt: skip
        if name in BY_SHAPE:
            return self.by_shape(name, value)
        return value

    def by_shape(self, name: str, value: Any) -> Any:
        if name == "awaiting":
            if value is None:
                return None
            return self.seat(value) if isinstance(value, int) else self.seats(value)
        if name == "face_down":
            return value if isinstance(value, bool) else self.seats(value)
        if name == "cards":
            if value and isinstance(value[0], tuple):
                return self.pairs(value)
            return value
        if name == "table":
            if value is None:
                return None
            if len(value) == 2 and isinstance(value[0], int):
                return (self.seat(value[0]), value[1])
            return self.pairs(value)
        if name == "history":
            return tuple((number, self.seat(seat), play) for number, seat, play in value)
        if name == "lines":
            return tuple(self.value(line) for line in value)
        raise KeyError(name)

    def value(self, value: T) -> T:
        """``value`` (an event, a view, a settlement line) renumbered."""
        names = field_names(value)
        if self.me == 0 or not names or isinstance(value, type):
            return value
        changed = {name: self.field(name, getattr(value, name)) for name in names}
        return type(value)(**changed)


def to_frame(value: T, me: int, players: int) -> T:
    """``value`` as seat ``me`` sees it, ``me`` being seat 0."""
    return Frame(me, players).value(value)


def unknown_fields(cls: type) -> list[str]:
    """Fields of a dataclass or named tuple that no set above names (a test wants none)."""
    return [name for name in field_names(cls) if name not in KNOWN]


def _records_in(annotation: Any) -> list[type]:
    """The dataclasses and named tuples a field's type names (``tuple[Line, ...]``: Line)."""
    found: list[type] = []
    if isinstance(annotation, type) and field_names(annotation):
        found.append(annotation)
    for argument in get_args(annotation):
        found += _records_in(argument)
    return found


def records_of(game: str) -> list[type]:
    """Every record a seat of ``game`` may receive that :class:`Frame` renumbers: the classes
    of its declared event kinds and of its view, and the records their fields hold where the
    frame goes into them (:data:`NESTED`, settlement ``lines``), found from their types (a
    card or a combination names no seat: it passes whole)."""
    facts = registration(game)
    waiting: list[type] = [*facts.event_classes().values(), facts.view_class()]
    seen: list[type] = []
    while waiting:
        cls = waiting.pop(0)
        if cls in seen:
            continue
        seen.append(cls)
        for name, annotation in get_type_hints(cls).items():
            if name in NESTED or name == "lines":
                waiting += _records_in(annotation)
    return seen


def unclassified(game: str) -> dict[str, list[str]]:
    """Each record of ``game`` (:func:`records_of`) with fields no set above names."""
    return {cls.__name__: unknown_fields(cls) for cls in records_of(game) if unknown_fields(cls)}
