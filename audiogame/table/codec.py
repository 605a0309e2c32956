"""Engine values as plain JSON values and back: events, views, actions and refusals.

Cards travel as their tokens (``"10h"``, ``"joker#1"``); a dataclass as an object of its fields
(an event also names its ``kind``); a mapping as a list of ``[key, value]`` pairs. Decoding is
led by the type hints of the class, so that what comes back is the same value.

>>> from engine.events import TrickWon
>>> from engine.cards import parse_cards
>>> event = TrickWon(1, parse_cards("Kh 5s"))
>>> encode_event(event)
{'kind': 'trick_won', 'seat': 1, 'cards': ['Kh', '5s'], 'cause': 'highest', 'hidden': 0}
>>> decode_event(encode_event(event)) == event
True
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, cast

from audiogame.table.frame import field_names
from engine import event_kinds
from engine.actions import Action
from engine.cards import Card
from engine.errors import IllegalAction
from engine.events import Event
from engine.registry import registered
from engine.vocabulary import ActionKind, RefusalCode, values

Json = Any
"""A plain JSON value (dicts, lists, strings, numbers, booleans, None)."""


class DecodeError(ValueError):
    """A value that is not what its type says."""


def encode(value: Any) -> Json:
    """Any engine value as plain JSON values."""
    if isinstance(value, Card):
        return value.token()
    if isinstance(value, bool | int | str) or value is None:
        return value
    if isinstance(value, Event):
        return {"kind": value.kind, **_fields(value)}
    if field_names(value) and not isinstance(value, type):
        return _fields(value)
    if isinstance(value, Mapping):
        return [[encode(key), encode(item)] for key, item in value.items()]
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    raise TypeError(f"cannot encode {type(value).__name__}")


def _fields(value: Any) -> dict[str, Json]:
    return {name: encode(getattr(value, name)) for name in field_names(value)}


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    module = __import__(cls.__module__, fromlist=["_"])
    return typing.get_type_hints(cls, vars(module))


def decode(hint: Any, data: Json) -> Any:
    """``data`` read back as a value of type ``hint``; :class:`DecodeError` when it is not."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return data
    if origin is typing.Literal:
        if data not in args:
            raise DecodeError(f"{data!r} is none of {args}")
        return data
    if origin in (types.UnionType, typing.Union):
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return decode(arg, data)
            except (DecodeError, TypeError, ValueError) as error:
                errors.append(error)
        raise DecodeError(f"no type of {hint} fits {data!r}")
    if hint is Card:
        if not isinstance(data, str):
            raise DecodeError(f"a card must be text, not {data!r}")
        return Card.parse(data)
    if hint in (int, str, bool):
        if type(data) is not hint:
            raise DecodeError(f"expected {hint.__name__}, got {data!r}")
        return data
    if origin is tuple:
        if not isinstance(data, list):
            raise DecodeError(f"expected a list, got {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], item) for item in data)
        if len(args) != len(data):
            raise DecodeError(f"expected {len(args)} items, got {len(data)}")
        return tuple(decode(arg, item) for arg, item in zip(args, data, strict=True))
    if origin in (Mapping, dict, typing.Mapping) or (
        isinstance(origin, type) and issubclass(origin, Mapping)
    ):
        if not isinstance(data, list):
            raise DecodeError(f"expected pairs, got {data!r}")
        return MappingProxyType(
            {decode(args[0], pair[0]): decode(args[1], pair[1]) for pair in _pairs(data)}
        )
    if isinstance(hint, type) and field_names(hint):
        return decode_dataclass(hint, data)
    raise DecodeError(f"cannot decode {hint}")


def _pairs(data: list[Any]) -> list[list[Any]]:
    if not all(isinstance(pair, list) and len(pair) == 2 for pair in data):
        raise DecodeError("expected [key, value] pairs")
    return data


def _has_default(cls: type, name: str) -> bool:
    if dataclasses.is_dataclass(cls):
        field = next(f for f in dataclasses.fields(cls) if f.name == name)
        return field.default is not dataclasses.MISSING
    return name in getattr(cls, "_field_defaults", {})


def decode_dataclass(cls: type, data: Json) -> Any:
    """An object of a dataclass or named tuple, field by field."""
    if not isinstance(data, dict):
        raise DecodeError(f"expected an object for {cls.__name__}")
    hints = _hints(cls)
    names = field_names(cls)
    found = {}
    for name in names:
        if name not in data:
            if not _has_default(cls, name):
                raise DecodeError(f"{cls.__name__} lacks {name}")
            continue
        found[name] = decode(hints[name], data[name])
    extra = set(data) - set(names) - {"kind"}
    if extra:
        raise DecodeError(f"{cls.__name__} has no field {sorted(extra)[0]}")
    return cls(**found)


def _event_classes() -> dict[str, type[Event]]:
    return _classes_of(registered())


@functools.cache
def _classes_of(games: tuple[str, ...]) -> dict[str, type[Event]]:
    """The event classes of these registered games (a game registered later is known too)."""
    return event_kinds()


def encode_event(event: Event) -> dict[str, Json]:
    data: dict[str, Json] = encode(event)
    return data


def decode_event(data: Json) -> Event:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise DecodeError("an event names its kind")
    cls = _event_classes().get(data["kind"])
    if cls is None:
        raise DecodeError(f"no event kind {data['kind']!r}")
    event: Event = decode_dataclass(cls, data)
    return event


def encode_action(action: Action) -> str:
    """``"play 9h 9s"``: the kind, then the cards."""
    return str(action)


def decode_action(text: str) -> Action:
    parts = text.split()
    if not parts or parts[0] not in values(ActionKind):
        raise DecodeError(f"not an action: {text!r}")
    try:
        return Action.make(cast(ActionKind, parts[0]), (Card.parse(token) for token in parts[1:]))
    except ValueError as error:
        raise DecodeError(f"not an action: {text!r}") from error


def encode_refusal(error: IllegalAction) -> dict[str, Json]:
    return {"code": error.code, "message": str(error), "params": encode(dict(error.params))}


def decode_refusal(data: Json) -> IllegalAction:
    if not isinstance(data, dict):
        raise DecodeError("a refusal is an object")
    params: dict[str, Any] = {}
    for pair in _pairs(data.get("params", [])):
        key, value = pair
        params[str(key)] = _loose(value)
    code = str(data.get("code", ""))
    if code not in values(RefusalCode):
        raise DecodeError(f"no refusal {code!r}")
    return IllegalAction(str(data.get("message", "")), code=cast(RefusalCode, code), **params)


def _loose(value: Json) -> Any:
    """A refusal's parameter: a card or a combination where it reads as one, else as it is."""
    if isinstance(value, dict) and set(value) == {"kind", "rank", "length", "cards"}:
        from engine.cardavia.combination import Combination

        return decode_dataclass(Combination, value)
    if isinstance(value, str):
        try:
            return Card.parse(value)
        except ValueError:
            return value
    if isinstance(value, list):
        return tuple(_loose(item) for item in value)
    return value


def decode_view(cls: type[Any], data: Json) -> Any:
    return decode_dataclass(cls, data)
