"""The messages a server sends (docs/protocol.md), as strict schemas: what the terminal client
takes from a server, checked before anything is done with it.

A client trusts no server: a message must be one of :data:`ServerMessage`'s structs (an
unknown ``type``, a missing field or a value of the wrong type is refused), at most
:data:`MAX_MESSAGE` bytes, nested at most :data:`MAX_DEPTH` deep. Fields a struct does not
name are let through unread (a later server may add some). Engine values (events, views,
refusals) are checked by their own decoder (:mod:`audiogame.table.codec`) where they are used.

>>> check(b'{"type": "chat", "name": "Anna", "text": "hi"}')
>>> check(b'{"type": "lobby", "tables": "x"}')
Traceback (most recent call last):
...
msgspec.ValidationError: Expected `array`, got `str` - at `$.tables`
>>> check(b'{"type": "update", "events": ' + b"[" * 100_000 + b"]" * 100_000 + b"}")
Traceback (most recent call last):
...
audiogame.online.server_messages.TooDeep: nested 100001 deep: at most 32
"""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Annotated, Any

import msgspec

MAX_MESSAGE = 1024 * 1024
"""The largest message a client takes, in bytes (the server never queues more than
``Limits.send_bytes`` for one reader, 512 KB by default)."""
MAX_DEPTH = 32
"""How deep a message may nest (an engine view is about 6 deep)."""

Seat = Annotated[int, msgspec.Meta(ge=0, le=15)]
Count = Annotated[int, msgspec.Meta(ge=0)]
Text = Annotated[str, msgspec.Meta(max_length=4096)]
Value = dict[str, Any]
"""An engine value (an event, a view) or a table's options: its own decoder checks it."""


class SeatInfo(msgspec.Struct):
    kind: Text
    name: Text | None = None
    connected: bool = False
    taken_over: bool = False
    level: Text | None = None


class TableInfo(msgspec.Struct):
    id: Text
    game: Text
    options: Value
    seats: list[SeatInfo]
    watching: Count = 0
    started: bool = False
    private: bool = False
    player_options: list[Text] = []


class Welcome(msgspec.Struct, tag="welcome"):
    version: int
    name: Text


class Lobby(msgspec.Struct, tag="lobby"):
    tables: list[TableInfo]


class Joined(msgspec.Struct, tag="joined"):
    table: TableInfo
    seat: Seat | None
    token: Text | None
    names: list[Text]


class Left(msgspec.Struct, tag="left"):
    pass


class _Stream(msgspec.Struct):
    seq: Count
    events: list[Value]
    to_act: list[Seat] = []
    totals: list[int] = []
    deal: Count | None = None
    deals: Count | None = None
    by: Seat | None = None
    names: list[Text] | None = None
    view: Value | None = None
    legal: list[Text] | None = None


class Started(_Stream, tag="started"):
    pass


class Update(_Stream, tag="update"):
    pass


class Dealt(_Stream, tag="dealt"):
    pass


class Refused(msgspec.Struct, tag="refused"):
    refusal: Value


class SeatOptions(msgspec.Struct, tag="seat_options"):
    options: Value


class AutoPassed(msgspec.Struct, tag="auto_passed"):
    pass


class Timer(msgspec.Struct, tag="timer"):
    seconds: Count


class TimedOut(msgspec.Struct, tag="timed_out"):
    pass


class Chat(msgspec.Struct, tag="chat"):
    name: Text
    text: Text


class Who(msgspec.Struct, tag="who"):
    seats: list[SeatInfo]
    watching: list[Text] = []


class Presence(msgspec.Struct, tag="presence"):
    what: Text
    name: Text
    seat: Seat | None = None


class Closing(msgspec.Struct, tag="closing"):
    reason: Text
    minutes: Count | None = None


class Error(msgspec.Struct, tag="error"):
    code: Text
    message: Text = ""
    reason: Text | None = None
    version: int | None = None


ServerMessage = (
    Welcome
    | Lobby
    | Joined
    | Left
    | Started
    | Update
    | Dealt
    | Refused
    | SeatOptions
    | AutoPassed
    | Timer
    | TimedOut
    | Chat
    | Who
    | Presence
    | Closing
    | Error
)

_decoder = msgspec.json.Decoder(ServerMessage)


class TooDeep(ValueError):
    """A message nested deeper than :data:`MAX_DEPTH`."""


_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def depth(raw: bytes) -> int:
    """How deep the JSON text ``raw`` nests (its strings left out), without decoding it."""
    brackets = _STRINGS.sub(b"", raw).translate(None, _NOT_BRACKETS)
    return max(accumulate(_STEP[byte] for byte in brackets), default=0)


def check(raw: bytes | str) -> None:
    """Nothing when ``raw`` is a server message; else :class:`TooDeep`,
    :class:`msgspec.DecodeError` or :class:`msgspec.ValidationError`."""
    data = raw.encode() if isinstance(raw, str) else raw
    nested = depth(data)
    if nested > MAX_DEPTH:
        raise TooDeep(f"nested {nested} deep: at most {MAX_DEPTH}")
    _decoder.decode(data)
