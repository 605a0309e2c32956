"""What a game declares about itself, once: its players, its options, its view, its rules'
id prefix, its events and computer players. Everything else that lists a game's facts (the
setup forms of the terminal and of the page, the server's check of a new table's options, the
conformance suite, the docs test) reads them from here.

>>> deck = OptionSpec("deck", 52, choices=(52, 32))
>>> deck.refusal(40)
'deck cannot be 40: it must be 52 or 32'
>>> OptionSpec("trick_limit", 500, minimum=1).refusal(True)
'trick_limit cannot be True: it must be a whole number of 1 or more'
>>> deck.refusal(32) is None
True
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.events import Event
from engine.protocol import Game

OptionValue = int | bool
"""An option's value: a whole number or yes/no (a table's setup travels as JSON)."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game: its ``name``, its ``default`` (whose type is the option's type),
    the values it may take (``choices``, or a whole number from ``minimum`` to ``maximum``;
    yes/no takes either). ``table`` marks an option of the table rather than of a deal (a
    Cardavia match's number of deals): the table keeps it, the engine's ``new_state`` never
    sees it."""

    name: str
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    table: bool = False

    @property
    def is_switch(self) -> bool:
        return isinstance(self.default, bool)

    def allows(self, value: object) -> bool:
        """Whether ``value`` is one of this option's values (``True`` is no number, ``2.0``
        no number of players)."""
        if self.is_switch:
            return isinstance(value, bool)
        if type(value) is not int:
            return False
        if self.choices:
            return value in self.choices
        too_low = self.minimum is not None and value < self.minimum
        return not too_low and (self.maximum is None or value <= self.maximum)

    def allowed_text(self) -> str:
        """What the option may be, said to a person: "52 or 32", "a whole number from 1 to 20"."""
        if self.is_switch:
            return "true or false"
        if self.choices:
            return " or ".join((", ".join(str(c) for c in self.choices[:-1]),
                                str(self.choices[-1])))  # fmt: skip
        if self.maximum is None:
            return f"a whole number of {self.minimum} or more"
        if self.minimum is None:
            return f"a whole number of {self.maximum} or less"
        return f"a whole number from {self.minimum} to {self.maximum}"

    def refusal(self, value: object) -> str | None:
        """Why ``value`` is no value of this option (a sentence), or ``None`` when it is one."""
        if self.allows(value):
            return None
        return f"{self.name} cannot be {value!r}: it must be {self.allowed_text()}"

    def describe(self) -> dict[str, Any]:
        """The specification as plain values (for the page and the docs)."""
        found: dict[str, Any] = {"name": self.name, "default": self.default}
        if self.is_switch:
            found["type"] = "bool"
        else:
            found["type"] = "int"
            if self.choices:
                found["choices"] = list(self.choices)
            if self.minimum is not None:
                found["minimum"] = self.minimum
            if self.maximum is not None:
                found["maximum"] = self.maximum
        return found


@dataclass(frozen=True, slots=True)
class GameFacts:
    """One game's declaration.

    ``name`` is the game's name everywhere (saves, the wire, the front end's registration);
    ``module`` holds its ``GAME`` (imported the first time the game is played); ``rule_prefix``
    the prefix of its rules' ids in RULES.md (``CV`` for ``CV-12``); ``min_players``,
    ``max_players`` and ``default_players`` its seats; ``options`` the options of a table
    besides ``players``; ``view`` the dotted name of the class of its seats' views;
    ``event_modules`` the modules of its own events (the shared ones of :mod:`engine.events`
    are every game's); ``bots`` the module of its computer players' ``PLAYERS`` (empty: it has
    none); ``simultaneous`` whether several seats act at once. ``private`` names the fields of
    a seat's view that only that seat may know (its hand, its secret choice), each with the
    value a spectator's view holds instead; ``None``: not declared, and a spectator is given
    no view at all."""

    name: str
    module: str
    rule_prefix: str
    min_players: int
    max_players: int
    default_players: int
    view: str
    options: tuple[OptionSpec, ...] = ()
    event_modules: tuple[str, ...] = ()
    bots: str = ""
    simultaneous: bool = False
    private: tuple[tuple[str, object], ...] | None = None

    def __post_init__(self) -> None:
        if not self.min_players <= self.default_players <= self.max_players:
            raise ValueError(f"{self.name}: the default number of players is out of its range")
        names = [option.name for option in self.options]
        if "players" in names or len(set(names)) != len(names):
            raise ValueError(f"{self.name}: an option is declared twice (players included)")
        for option in self.options:
            if not option.allows(option.default):
                raise ValueError(f"{self.name}: {option.name}'s default is none of its values")

    @property
    def players(self) -> OptionSpec:
        """The number of players, as an option like the others."""
        return OptionSpec(
            "players", self.default_players, minimum=self.min_players, maximum=self.max_players
        )

    def all_options(self) -> tuple[OptionSpec, ...]:
        """``players`` first, then the others in their declared order."""
        return (self.players, *self.options)

    def option(self, name: str) -> OptionSpec:
        """The option called ``name`` (``KeyError`` naming the options there are)."""
        for option in self.all_options():
            if option.name == name:
                return option
        known = ", ".join(option.name for option in self.all_options())
        raise KeyError(f"{self.name} has no option {name!r}; its options are {known}")

    @property
    def engine_options(self) -> tuple[str, ...]:
        """The options ``new_state`` takes (those of the table left out)."""
        return tuple(option.name for option in self.all_options() if not option.table)

    def defaults(self) -> dict[str, OptionValue]:
        return {option.name: option.default for option in self.all_options()}

    def checked(self, given: Mapping[str, Any], seats: int | None = None) -> dict[str, Any]:
        """The engine's options checked against these facts alone, each one absent given its
        default: ``ValueError`` with the reason at the first wrong one. ``seats``: the number
        of hands given instead of a deal, which the number of players must match.

        >>> from engine.battle.facts import FACTS
        >>> FACTS.checked({"deck": 32})["deck"], FACTS.checked({}, seats=3)["players"]
        (32, 3)
        >>> FACTS.checked({"deck": 40})
        Traceback (most recent call last):
        ...
        ValueError: deck cannot be 40: it must be 52 or 32
        >>> FACTS.checked({"colour": 1})
        Traceback (most recent call last):
        ...
        ValueError: battle has no option 'colour'; its options are players, deck, face_down, open, trick_limit
        """  # noqa: E501
        known = self.engine_options
        for name in given:
            if name not in known:
                raise ValueError(
                    f"{self.name} has no option {name!r}; its options are {', '.join(known)}"
                )
        values: dict[str, Any] = {}
        for option in self.all_options():
            if option.table:
                continue
            default = seats if option.name == "players" and seats is not None else option.default
            value = given.get(option.name, default)
            refusal = option.refusal(value)
            if refusal is not None:
                raise ValueError(refusal)
            values[option.name] = value
        if seats is not None and values["players"] != seats:
            raise ValueError(f"players is {values['players']} but {seats} hands were given")
        return values

    def game(self) -> Game:
        """The game's ``GAME``, imported the first time it is asked for."""
        game: Game = importlib.import_module(self.module).GAME
        return game

    def view_class(self) -> type:
        module, _, name = self.view.rpartition(".")
        found: type = getattr(importlib.import_module(module), name)
        return found

    def event_classes(self) -> dict[str, type[Event]]:
        """Every event kind this game can emit (the shared ones and its own), to its class."""
        kinds: dict[str, type[Event]] = {}
        for module_name in ("engine.events", *self.event_modules):
            for value in vars(importlib.import_module(module_name)).values():
                if isinstance(value, type) and issubclass(value, Event) and value is not Event:
                    kinds[value.kind] = value
        return kinds
