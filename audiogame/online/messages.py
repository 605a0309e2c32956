"""The messages of the online protocol (docs/protocol.md), as strict schemas.

Every message a client sends is decoded into one of :data:`ClientMessage`'s structs: an
unknown ``type``, an unknown or missing field, a value of the wrong type or out of its limits
is a :class:`msgspec.ValidationError`, and the message changes nothing.

>>> decode_client(b'{"type": "chat", "text": "hi"}')
Chat(text='hi')
>>> decode_client(b'{"type": "chat", "text": "hi", "admin": true}')
Traceback (most recent call last):
...
msgspec.ValidationError: Object contains unknown field `admin`
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

VERSION = 1
MAX_MESSAGE = 16 * 1024
"""The largest message a client may send, in bytes."""
MAX_NAME = 20
"""The longest nickname, in characters: room for first name and surname, none for a sentence
(:mod:`audiogame.online.names`)."""
MAX_NAME_SENT = 64
"""The longest name a hello may carry: one a little longer than :data:`MAX_NAME` is refused
with that reason (``bad_name``), not as a message the server does not understand."""
MAX_CHAT = 300
"""The longest chat line, in characters (about 20 seconds of speech)."""

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_SENT)]
TableId = Annotated[str, msgspec.Meta(min_length=1, max_length=8, pattern=r"^[A-Z0-9]+$")]
Token = Annotated[str, msgspec.Meta(min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
Seconds = Annotated[int, msgspec.Meta(ge=0, le=600)]
Option = bool | int | float | str | None


class Hello(msgspec.Struct, tag="hello", forbid_unknown_fields=True):
    version: int
    name: Name
    password: Annotated[str, msgspec.Meta(max_length=200)] | None = None
    token: Token | None = None
    client: Annotated[str, msgspec.Meta(pattern=r"^(terminal|browser)$")] = "terminal"
    """A ``browser`` is presented on the server (audiogame.web.seat) in ``lang``."""
    lang: Annotated[str, msgspec.Meta(pattern=r"^[a-z]{2}$")] = "en"


class ListTables(msgspec.Struct, tag="list", forbid_unknown_fields=True):
    pass


SEAT_KINDS = r"^(person|bot:(easy|normal|hard|expert|greedy))$"
"""A person, or a computer player at a level of the setup (greedy: a baseline for tests)."""


GAME_NAME = r"^[a-z][a-z0-9_]{0,29}$"
"""A game's name as the schema checks it; whether such a game is registered, the server says
(``invalid`` too): the schema names no game, so that a game needs no line here."""


class Create(msgspec.Struct, tag="create", forbid_unknown_fields=True):
    game: Annotated[str, msgspec.Meta(pattern=GAME_NAME)]
    seats: Annotated[
        list[Annotated[str, msgspec.Meta(pattern=SEAT_KINDS)]],
        msgspec.Meta(min_length=2, max_length=8),
    ]
    options: Annotated[
        dict[Annotated[str, msgspec.Meta(max_length=20)], Option], msgspec.Meta(max_length=10)
    ] = {}
    private: bool = False
    grace: Seconds = 60
    turn_timer: Seconds = 0


class Join(msgspec.Struct, tag="join", forbid_unknown_fields=True):
    table: TableId
    seat: Annotated[int, msgspec.Meta(ge=0, le=7)] | None = None


class Watch(msgspec.Struct, tag="watch", forbid_unknown_fields=True):
    table: TableId


class Leave(msgspec.Struct, tag="leave", forbid_unknown_fields=True):
    pass


class Start(msgspec.Struct, tag="start", forbid_unknown_fields=True):
    pass


class Act(msgspec.Struct, tag="act", forbid_unknown_fields=True):
    action: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]


class Hurry(msgspec.Struct, tag="hurry", forbid_unknown_fields=True):
    pass


class NextDeal(msgspec.Struct, tag="next_deal", forbid_unknown_fields=True):
    pass


class Chat(msgspec.Struct, tag="chat", forbid_unknown_fields=True):
    text: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_CHAT)]


class Who(msgspec.Struct, tag="who", forbid_unknown_fields=True):
    pass


class Key(msgspec.Struct, tag="key", forbid_unknown_fields=True):
    """A browser seat's key, handled by its presenter on the server."""

    key: Annotated[str, msgspec.Meta(min_length=1, max_length=12)]


class Pick(msgspec.Struct, tag="pick", forbid_unknown_fields=True):
    """A browser seat's card clicked or tapped: its place in the hand."""

    index: Annotated[int, msgspec.Meta(ge=0, le=63)]


class SeatOption(msgspec.Struct, tag="seat_option", forbid_unknown_fields=True):
    """One of the player's own options of the game (its registration's ``player_options``),
    kept for the seat by the table: ``auto_pass``."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=20, pattern=r"^[a-z_]+$")]
    value: Option


ClientMessage = (
    Hello
    | ListTables
    | Create
    | Join
    | Watch
    | Leave
    | Start
    | Act
    | Hurry
    | NextDeal
    | Chat
    | Who
    | Key
    | Pick
    | SeatOption
)

_decoder = msgspec.json.Decoder(ClientMessage)


def decode_client(data: bytes | str) -> ClientMessage:
    """One client message; :class:`msgspec.ValidationError` or :class:`msgspec.DecodeError`
    when it is not one."""
    message: ClientMessage = _decoder.decode(data)
    return message


def encode(message: dict[str, Any] | msgspec.Struct) -> bytes:
    return msgspec.json.encode(message)
