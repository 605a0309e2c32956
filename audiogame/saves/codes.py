"""Deal codes: a game, its setup and its deal number in a few letters and digits, to play the
same deal again or to give it to a friend.

The code is a number written in base 32 (digits and capital letters without I, L, O and U, so
that nothing reads as something else), followed by one check character that catches any one
wrong character and any two neighbours swapped. Typing is forgiving: lower case, spaces and
dashes are accepted, and I, L, O are read as 1, 1, 0.

>>> code = encode("battle", {"players": 3, "deck": 32, "face_down": True, "open": False,
...                          "trick_limit": 2000, "seed": 4711})
>>> code
'6F198M'
>>> decode("6f1-98m") == ("battle", {"players": 3, "deck": 32, "face_down": True,
...     "open": False, "trick_limit": 2000, "seed": 4711})
True
>>> spell("6F198M")
'6, F, 1, 9, 8, M'
"""

from __future__ import annotations

from typing import Any

from audiogame.catalog import GAMES, GameEntry

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {char: index for index, char in enumerate(ALPHABET)}
_VALUE.update({"I": 1, "L": 1, "O": 0})
_FIELD = 0b100101
"""x⁵ + x² + 1: characters are elements of the field of 32 elements, so that the check, a sum
with a different non-zero weight per position, changes with any one wrong character and any
two neighbours swapped."""
CUSTOM_LIMIT = 1 << 20
"""A setup value typed on the command line (a trick limit not in the menu) up to this."""


class CodeError(ValueError):
    """Text that is not a deal code."""


def _options(entry: GameEntry) -> list[Any]:
    return [option for option in entry.options if not option.is_seed and option.in_code]


def encode(game: str, config: dict[str, Any]) -> str:
    """The deal code of ``game`` with ``config`` (its options and its deal number)."""
    index = next(i for i, entry in enumerate(GAMES) if entry.key == game)
    entry = GAMES[index]
    seed = config.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise CodeError(f"no deal number to encode: {seed!r}")
    options = _options(entry)
    values = [config.get(option.key, option.default) for option in options]
    custom = any(value not in option.values for option, value in zip(options, values, strict=True))
    number = seed
    for option, value in zip(options, values, strict=True):
        if custom and value not in option.values:
            if not isinstance(value, int) or not 0 <= value < CUSTOM_LIMIT:
                raise CodeError(f"{option.key} {value!r} cannot be put in a code")
            number = number * CUSTOM_LIMIT + value
    for option, value in zip(options, values, strict=True):
        radix = len(option.values) + custom
        digit = option.values.index(value) if value in option.values else len(option.values)
        number = number * radix + digit
    number = (number * 2 + custom) * len(GAMES) + index
    body = ""
    while True:
        number, digit = divmod(number, 32)
        body = ALPHABET[digit] + body
        if not number:
            break
    return body + ALPHABET[_check(body)]


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


def _check(body: str) -> int:
    """The check character's value: the body's characters weighted by x, x², x³, ... (the
    check itself has weight 1, so every position has its own weight)."""
    check, weight = 0, 1
    for char in body:
        weight = _times(weight, 2)
        check ^= _times(weight, _VALUE[char])
    return check


def normalize(text: str) -> str:
    """The code as typed, in capitals, without spaces or dashes."""
    return "".join(char for char in text.upper() if char not in " -.,")


def decode(text: str) -> tuple[str, dict[str, Any]]:
    """The game and its setup (deal number included); :class:`CodeError` when ``text`` is not
    a valid code."""
    code = normalize(text)
    if len(code) < 2 or any(char not in _VALUE for char in code):
        raise CodeError(f"not a deal code: {text!r}")
    body, check = code[:-1], code[-1]
    if _check(body) != _VALUE[check]:
        raise CodeError(f"the check character of {text!r} does not match")
    number = 0
    for char in body:
        number = number * 32 + _VALUE[char]
    number, index = divmod(number, len(GAMES))
    number, custom = divmod(number, 2)
    entry = GAMES[index]
    options = _options(entry)
    digits: list[int] = []
    for option in reversed(options):
        number, digit = divmod(number, len(option.values) + custom)
        digits.insert(0, digit)
    config: dict[str, Any] = {}
    for option, digit in reversed(list(zip(options, digits, strict=True))):
        if digit < len(option.values):
            config[option.key] = option.values[digit]
        else:
            number, config[option.key] = divmod(number, CUSTOM_LIMIT)
    config = {option.key: config[option.key] for option in options}
    config["seed"] = number
    return entry.key, config


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
