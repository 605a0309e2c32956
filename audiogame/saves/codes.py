"""Deal codes: a game, its setup and its deal number in a few letters and digits, to play the
same deal again or to give it to a friend.

A code is written in base 32 (digits and capital letters without I, L, O and U, so that nothing
reads as something else):

- the first character holds the code's version and its length modulo 4, so that a character
  left out or typed twice is caught, and a code of a later version is told apart;
- the second is the game, by a fixed number that never changes (its registration's
  ``code_id``, :func:`game_ids`);
- then the setup and the deal number, as one number, by fixed tables of each version (its
  registration's ``code_fields``, :func:`fields`), never by the menus of the day: adding a
  game or a menu value can never turn an old code into another deal;
- two check characters, sums with a different non-zero weight per position in the field of 32
  elements, that catch any one wrong character and any two neighbours swapped.

Decoding checks everything: a code that passes gives settings in range (each value of its
table, the deal number at most :data:`MAX_SEED`), and is the one code of those settings.
Typing is forgiving: lower case, spaces and dashes are accepted, and I, L, O are read as 1, 1,
0. Codes of the first version of the program (before the version character) are recognised
and refused with their own reason, never read as another deal.

>>> code = encode("battle", {"players": 3, "deck": 32, "face_down": True, "open": False,
...                          "trick_limit": 2000, "seed": 4711})
>>> code
'90250DRKN'
>>> decode("902-50d-rkn") == ("battle", {"players": 3, "deck": 32, "face_down": True,
...     "open": False, "trick_limit": 2000, "seed": 4711})
True
>>> decode("50250DRB0") == decode(code)  # the same deal, as version 1 wrote it
True
>>> spell("6F198M")
'6, F, 1, 9, 8, M'
>>> try:  # the same deal, as the first version wrote it: refused, never another deal
...     decode("6F198M")
... except CodeError as error:
...     error.reason
'older'
"""

from __future__ import annotations

from typing import Any, TypeGuard

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {char: index for index, char in enumerate(ALPHABET)}
_VALUE.update({"I": 1, "L": 1, "O": 0})
_FIELD = 0b100101
"""x⁵ + x² + 1: characters are elements of the field of 32 elements."""
VERSION = 2
"""The version written in new codes (0 was never written: the first codes had no version;
version 2 came with matches of 1 to 20 Cardavia deals). Codes of every version in
:data:`VERSIONS` are read."""
VERSIONS = (1, 2)
"""The versions read. Each game's registration holds its number in codes
(``GameEntry.code_id``, fixed for ever: a new game takes a number no other game had) and its
setup fields of each version in code order (``GameEntry.code_fields``, frozen once released:
a change of the menus makes a new version); :func:`game_ids` and :func:`fields` read them."""
Fields = tuple[tuple[str, tuple[Any, ...]], ...]
CUSTOM = frozenset({"trick_limit"})
"""Fields that may hold a value typed on the command line rather than one of the table."""
CUSTOM_LIMIT = 1 << 20
"""A setup value typed on the command line (a trick limit not in the menu) below this."""
MAX_SEED = 10**15 - 1
"""The largest deal number: fifteen digits."""
MAX_LENGTH = 40
"""No code of valid settings is longer."""
_LEGACY_GAMES = ("battle", "scientific", "cardavia")
"""The games of the first version's codes, in the order that set their radix (history: a game
added since never joins them, so it stays here)."""


def game_ids() -> dict[str, int]:
    """Each game's number in codes, from its registration (games without one have no code)."""
    from audiogame.catalog import GAMES

    return {entry.key: entry.code_id for entry in GAMES if entry.code_id is not None}


def fields(version: int, game: str) -> Fields | None:
    """``game``'s setup fields in codes of ``version`` (``None``: no such code)."""
    from audiogame.catalog import game_entry

    try:
        return game_entry(game).code_fields.get(version)
    except KeyError:
        return None


class CodeError(ValueError):
    """Text that is not a deal code this version reads; ``reason`` is ``"invalid"``,
    ``"short"`` (one character missing from a code of this version), ``"newer"``, ``"older"``
    or ``"range"``."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def _times(a: int, b: int) -> int:
    """Product in the field of 32 elements."""
    product = 0
    while b:
        if b & 1:
            product ^= a
        b >>= 1
        a <<= 1
        if a & 32:
            a ^= _FIELD
    return product


_PRODUCTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_times(a, b) for b in range(32)) for a in range(32)
)
"""Every product of the field, worked out once (:func:`_times`): a code is checked in a few
table look-ups a character, and a code one character short is found among its hundreds of
candidates at once."""


def _checks(body: str) -> str:
    """The two check characters of ``body``: its characters weighted by x, x², ... and by
    x², x⁴, ... (x has order 31: codes are far shorter)."""
    first = second = 0
    weight = 1
    products = _PRODUCTS
    for char in body:
        weight = products[weight][2]
        value = _VALUE[char]
        first ^= products[weight][value]
        second ^= products[products[weight][weight]][value]
    return ALPHABET[first] + ALPHABET[second]


def _digits(number: int) -> str:
    text = ""
    while True:
        number, digit = divmod(number, 32)
        text = ALPHABET[digit] + text
        if not number:
            return text


def _is_whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def encode(game: str, config: dict[str, Any]) -> str:
    """The deal code of ``game`` with ``config`` (its options and its deal number);
    :class:`CodeError` when the setup cannot be put in a code."""
    return _encode(VERSION, game, config)


def _encode(version: int, game: str, config: dict[str, Any]) -> str:
    game_id, setup = game_ids().get(game), fields(version, game)
    if game_id is None or setup is None:
        raise CodeError("invalid", f"no deal code for the game {game!r}")
    seed = config.get("seed")
    if not _is_whole(seed) or not 0 <= seed <= MAX_SEED:
        raise CodeError("range", f"no deal number to encode: {seed!r}")
    from audiogame.catalog import game_entry

    entry = game_entry(game)
    values = [config.get(key, entry.option(key).default) for key, _choices in setup]
    custom = any(value not in choices for (_key, choices), value in zip(setup, values, strict=True))
    number = seed
    for (key, choices), value in zip(setup, values, strict=True):
        if value in choices:
            continue
        if key not in CUSTOM or not _is_whole(value) or not 0 < value < CUSTOM_LIMIT:
            raise CodeError("range", f"{key} {value!r} cannot be put in a code")
        number = number * CUSTOM_LIMIT + value
    for (_key, choices), value in zip(setup, values, strict=True):
        radix = len(choices) + custom
        number = number * radix + (choices.index(value) if value in choices else len(choices))
    body = ALPHABET[game_id] + _digits(number * 2 + custom)
    length = len(body) + 3
    head = ALPHABET[version * 4 + length % 4]
    return head + body + _checks(head + body)


def normalize(text: str) -> str:
    """The code as typed, in capitals, without spaces or dashes."""
    return "".join(char for char in text.upper() if char not in " -.,")


def decode(text: str) -> tuple[str, dict[str, Any]]:
    """The game and its setup (deal number included); :class:`CodeError`, with its reason,
    when ``text`` is not a code of valid settings that this version reads."""
    code = normalize(text)
    shown = code if len(code) <= MAX_LENGTH else code[:MAX_LENGTH] + "..."
    if not 4 <= len(code) <= MAX_LENGTH or any(char not in _VALUE for char in code):
        raise CodeError("invalid", f"not a deal code: {shown!r}")
    head = _VALUE[code[0]]
    version, length = divmod(head, 4)
    if length != len(code) % 4 or _checks(code[:-2]) != _canonical(code[-2:]):
        if _one_short(code):
            raise CodeError("short", f"{shown!r} is not a deal code: a character is missing")
        if _legacy(code):
            raise CodeError(
                "older",
                f"{code!r} is a deal code of an earlier version, which this version cannot read",
            )
        raise CodeError("invalid", f"{shown!r} is not a deal code: a character is wrong")
    if version not in VERSIONS:
        if version > VERSION:
            raise CodeError("newer", f"{code!r} is a deal code of a newer version")
        raise CodeError("invalid", f"{shown!r} is not a deal code")
    game_id = _VALUE[code[1]]
    game = next((key for key, number in game_ids().items() if number == game_id), None)
    setup = None if game is None else fields(version, game)
    if game is None or setup is None:
        raise CodeError("newer", f"{code!r} is a deal of a game this version does not have")
    config = _settings(setup, code[2:-2])
    if _encode(version, game, config) != _canonical(code):
        raise CodeError("range", f"{code!r} does not hold valid settings")
    return game, config


def _canonical(chars: str) -> str:
    return "".join(ALPHABET[_VALUE[char]] for char in chars)


def _settings(setup: Fields, digits: str) -> dict[str, Any]:
    """The setup in ``digits``; :class:`CodeError` for a value out of range."""
    number = 0
    for char in digits:
        number = number * 32 + _VALUE[char]
    number, custom = divmod(number, 2)
    indexes: list[int] = []
    for _key, choices in reversed(setup):
        number, index = divmod(number, len(choices) + custom)
        indexes.insert(0, index)
    config: dict[str, Any] = {}
    for (key, choices), index in reversed(list(zip(setup, indexes, strict=True))):
        if index < len(choices):
            config[key] = choices[index]
        elif key in CUSTOM:
            number, config[key] = divmod(number, CUSTOM_LIMIT)
        else:
            raise CodeError("range", f"{key} out of range")
    if number > MAX_SEED:
        raise CodeError("range", "the deal number is too large")
    config = {key: config[key] for key, _choices in setup}
    config["seed"] = number
    return config


def _one_short(code: str) -> bool:
    """Whether one character put back somewhere in ``code`` makes a code this version reads:
    a character left out, more likely than a code of the first version (no code of the first
    version is one character short of a code of this one)."""
    if len(code) + 1 > MAX_LENGTH:
        return False
    for place in range(len(code) + 1):
        for char in ALPHABET:
            candidate = code[:place] + char + code[place:]
            if _VALUE[candidate[0]] % 4 != len(candidate) % 4:
                continue
            if _checks(candidate[:-2]) != _canonical(candidate[-2:]):
                continue
            try:
                decode(candidate)
            except CodeError:
                continue
            return True
    return False


def _legacy(code: str) -> bool:
    """Whether ``code`` is a valid code of the first version (one check character, the game
    as the last digit of a number whose radix was the number of games)."""
    body, check = code[:-1], code[-1]
    value, weight = 0, 1
    for char in body:
        weight = _times(weight, 2)
        value ^= _times(weight, _VALUE[char])
    if value != _VALUE[check]:
        return False
    number = 0
    for char in body:
        number = number * 32 + _VALUE[char]
    number, index = divmod(number, len(_LEGACY_GAMES))
    number, custom = divmod(number, 2)
    setup = fields(1, _LEGACY_GAMES[index])
    if setup is None:
        return False
    try:
        config = _settings(setup, _digits(number * 2 + custom))
    except CodeError:
        return False
    return bool(config["seed"] <= MAX_SEED)


def spell(code: str) -> str:
    """The code character by character, as speech reads it best."""
    return ", ".join(code)


def code_message(game: str, config: dict[str, Any]) -> str:
    """What the deal-code key says at a table."""
    from audiogame.i18n import _

    try:
        code = encode(game, config)
    except CodeError:
        return _("This deal has no code: its setup was typed on the command line.")
    return _("Deal code: {code}.").format(code=spell(code))
