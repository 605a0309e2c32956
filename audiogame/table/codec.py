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

from audiogame.table.frame import NESTED, Frame, field_names
from engine import event_kinds
from engine.actions import Action
from engine.cards import Card
from engine.errors import IllegalAction
from engine.events import Event
from engine.vocabulary import ActionKind, RefusalCode, values

Json = Any
"""A plain JSON value (dicts, lists, strings, numbers, booleans, None)."""


class DecodeError(ValueError):
    """A value that is not what its type says."""


def encode(value: Any) -> Json:
    """Any engine value as plain JSON values."""
    kind = type(value)
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        encoder = _ENCODERS[kind] = _encoder_for(kind)
    return encoder(value)


def _same(value: Any) -> Json:
    return value


def _card(value: Card) -> Json:
    return value.token()


def _items(value: Any) -> Json:
    return [encode(item) for item in value]


def encode_framed(value: Any, frame: Frame) -> Json:
    """``encode(frame.value(value))``, in one pass: each field renumbered and encoded, without
    building the renumbered event or view first (the server does this for every seat at
    every move).

    >>> from engine.events import TrickWon
    >>> from engine.cards import parse_cards
    >>> event, frame = TrickWon(1, parse_cards("Kh 5s")), Frame(2, 3)
    >>> encode_framed(event, frame) == encode(frame.value(event))
    True
    """
    names = field_names(type(value))
    if frame.me == 0 or not names:
        return encode(value)
    data: dict[str, Json] = {"kind": value.kind} if isinstance(value, Event) else {}
    for name in names:
        item = getattr(value, name)
        if name in NESTED and field_names(type(item)):
            data[name] = encode_framed(item, frame)
        elif name == "lines" and isinstance(item, tuple):
            data[name] = [encode_framed(line, frame) for line in item]
        else:
            data[name] = encode(frame.field(name, item))
    return data


def _pairs_of(value: Mapping[Any, Any]) -> Json:
    return [[encode(key), encode(item)] for key, item in value.items()]


def _encoder_for(kind: type) -> Any:
    """How every value of class ``kind`` is encoded, decided once for the class."""
    if issubclass(kind, Card):
        return _card
    if issubclass(kind, bool | int | str) or kind is type(None):
        return _same
    names = field_names(kind)
    if issubclass(kind, Event):

        def event(value: Any) -> Json:
            return {"kind": value.kind, **{n: encode(getattr(value, n)) for n in names}}

        return event
    if names:

        def record(value: Any) -> Json:
            return {n: encode(getattr(value, n)) for n in names}

        return record
    if issubclass(kind, Mapping):
        return _pairs_of
    if issubclass(kind, tuple | list):
        return _items

    def refuse(value: Any) -> Json:
        raise TypeError(f"cannot encode {kind.__name__}")

    return refuse


_ENCODERS: dict[type, Any] = {}
"""The encoder of each class met so far."""


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    # Each class of the hierarchy in its own module's names (an event of a game registered
    # elsewhere inherits the engine's ``kind`` hint).
    return typing.get_type_hints(cls)


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


_EVENT_CLASSES: dict[str, type[Event]] = {}


def _event_class(kind: str) -> type[Event] | None:
    """The class of events of ``kind``, looked up again once for a game registered since."""
    if kind not in _EVENT_CLASSES:
        _EVENT_CLASSES.update(event_kinds())
    return _EVENT_CLASSES.get(kind)


def encode_event(event: Event) -> dict[str, Json]:
    data: dict[str, Json] = encode(event)
    return data


def decode_event(data: Json) -> Event:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise DecodeError("an event names its kind")
    cls = _event_class(data["kind"])
    if cls is None:
        raise DecodeError(f"no event kind {data['kind']!r}")
    event: Event = decode_dataclass(cls, data)
    return event


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
