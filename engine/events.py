"""Events shared by several games.

Every event is a frozen dataclass whose ``kind`` names one thing a player must hear; the front
end turns each into one message and one sound. Game-specific events live in each game's
``events.py``; :data:`engine.EVENT_KINDS` lists them all.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, TypeVar

from engine.cards import Card
from engine.vocabulary import EndReason, EventKind, TrickCause


@dataclass(frozen=True, slots=True)
class Event:
    kind: ClassVar[EventKind]


E = TypeVar("E", bound=Event)


def quick_init(cls: type[E]) -> type[E]:
    """Give a frozen event class an ``__init__`` that stores each field through its slot.

    Events are built at every move. The ``__init__`` that ``dataclass`` writes for a frozen
    class stores each field with ``object.__setattr__``, looked up anew every time; this one
    calls each slot's own setter, bound once, and is otherwise the same: the same parameters
    and defaults, in the same order. The class stays a frozen dataclass (assigning a field
    still raises ``FrozenInstanceError``; ``fields``, ``replace``, equality and hashing are
    unchanged).
    """
    setters: dict[str, Any] = {}
    parameters: list[str] = []
    body: list[str] = []
    for field in fields(cls):
        if field.default is not MISSING:
            setters[f"_default_{field.name}"] = field.default
            parameters.append(f"{field.name}=_default_{field.name}")
        else:
            parameters.append(field.name)
        setters[f"_set_{field.name}"] = getattr(cls, field.name).__set__
        body.append(f"    _set_{field.name}(self, {field.name})\n")
    source = f"def __init__(self, {', '.join(parameters)}):\n" + ("".join(body) or "    pass\n")
    exec(source, setters)  # the way dataclass itself writes __init__
    init = setters["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


@quick_init
@dataclass(frozen=True, slots=True)
class Reveal(Event):
    """Cards turned up together, in seat order (Battaglia tricks and wars, Scientific reveals).

    ``war_round`` is 0 for an ordinary trick and n for the n-th war step on the same pot;
    ``face_down`` lists the seats that first laid a card face down in that war step."""

    kind: ClassVar[EventKind] = "reveal"
    cards: tuple[tuple[int, Card], ...]
    war_round: int = 0
    face_down: tuple[int, ...] = ()


@quick_init
@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """``seat`` takes ``cards`` (all that was on the table).

    ``cause``: ``"highest"`` (strongest card), ``"joker"`` (a lone joker cancelled a war, SB-9),
    ``"abandoned_war"`` (everybody in the war ran out, BT-6), ``"last_player"`` (the last player
    left takes what is on the table, SB-6).

    ``hidden`` counts cards taken that this listener never saw (face-down war cards): a seat's
    stream carries their number, never the cards (the engine itself always says 0)."""

    kind: ClassVar[EventKind] = "trick_won"
    seat: int
    cards: tuple[Card, ...]
    cause: TrickCause = "highest"
    hidden: int = 0

    @property
    def count(self) -> int:
        """Every card taken, seen or not."""
        return len(self.cards) + self.hidden


@quick_init
@dataclass(frozen=True, slots=True)
class War(Event):
    """A tie for the strongest card: ``seats`` tied on ``rank`` (``None``: only jokers, or a
    forced war); ``pot`` cards now wait on the table."""

    kind: ClassVar[EventKind] = "war"
    seats: tuple[int, ...]
    rank: int | None
    pot: int


@quick_init
@dataclass(frozen=True, slots=True)
class PileTakenUp(Event):
    """``seat`` had no card to play and took up his won pile: ``count`` cards (BT-5, SB-6)."""

    kind: ClassVar[EventKind] = "pile_taken_up"
    seat: int
    count: int


@quick_init
@dataclass(frozen=True, slots=True)
class ChoiceMade(Event):
    """``seat`` has chosen his card in secret (never which one)."""

    kind: ClassVar[EventKind] = "choice_made"
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    """``seat`` owns no card any more and is out of the game."""

    kind: ClassVar[EventKind] = "eliminated"
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class TrickLimitReached(Event):
    """The table's trick limit was reached; ``owned`` is each seat's card count."""

    kind: ClassVar[EventKind] = "trick_limit"
    limit: int
    owned: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game has ended. Several winners mean a draw.

    ``reason``: ``"all_cards"`` (one player owns every card), ``"last_player"`` (the others are
    eliminated), ``"trick_limit"``, ``"nobody_left"`` (everybody ran out together: a draw), or
    ``"went_out"`` (Cardavia)."""

    kind: ClassVar[EventKind] = "game_over"
    winners: tuple[int, ...]
    reason: EndReason
    scores: tuple[int, ...]
