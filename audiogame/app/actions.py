"""What a screen's actions are called and how F1 lists them.

Each screen registers its actions (:class:`audiogame.app.screen.Command`: an id, the keys
bound to it, what it does, its group, when it is enabled, what it runs). The key names the
player hears come from those bindings (:func:`keys_name`), never from the help text, so that a
key bound elsewhere is named right everywhere; F1 opens :class:`KeysScreen`, the list of them
by group, browsed like the rules.

>>> from audiogame.i18n import set_language
>>> set_language("en")
>>> keys_name(("left", "right")), keys_name(("h", "H", "?")), keys_name(("2", "3", "4", "0"))
('Left and Right arrows', 'H or question mark', '2 to 4 or 0')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from audiogame.i18n import KEY, N_, NP_, _, language, pgettext

if TYPE_CHECKING:
    from audiogame.app.command import Command

# The groups of F1's list, in the order it reads them.
MOVING, CHOOSING, INFORMATION, EVERYWHERE = "moving", "choosing", "information", "everywhere"
REPLAYING = "replaying"  # a replay's keys: nothing is chosen or played there
GROUPS: dict[str, str] = {
    MOVING: N_("Moving"),
    REPLAYING: N_("Moving through the game"),
    CHOOSING: N_("Choosing and playing"),
    INFORMATION: N_("Information"),
    EVERYWHERE: N_("Everywhere"),
}

KEY_NAMES: dict[str, str] = {
    "left": NP_("key", "Left arrow"),
    "right": NP_("key", "Right arrow"),
    "up": NP_("key", "Up arrow"),
    "down": NP_("key", "Down arrow"),
    "home": NP_("key", "Home"),
    "end": NP_("key", "End"),
    "c-m": NP_("key", "Enter"),
    "escape": NP_("key", "Escape"),
    " ": NP_("key", "Space"),
    "c-i": NP_("key", "Tab"),
    "s-tab": NP_("key", "Shift+Tab"),
    "c-h": NP_("key", "Backspace"),
    "pageup": NP_("key", "Page Up"),
    "pagedown": NP_("key", "Page Down"),
    "s-pageup": NP_("key", "Shift+Page Up"),
    "s-pagedown": NP_("key", "Shift+Page Down"),
    "c-home": NP_("key", "Control+Home"),
    "c-end": NP_("key", "Control+End"),
    "c-c": NP_("key", "Control+C"),
    "c-r": NP_("key", "Control+R"),
    "?": NP_("key", "question mark"),
    "*": NP_("key", "asterisk"),
}
# Keys that go together and are said together.
PAIRS: dict[tuple[str, str], str] = {
    ("left", "right"): NP_("key", "Left and Right arrows"),
    ("up", "down"): NP_("key", "Up and Down arrows"),
    ("home", "end"): NP_("key", "Home and End"),
    ("c-i", "s-tab"): NP_("key", "Tab and Shift+Tab"),
    ("pageup", "pagedown"): NP_("key", "Page Up and Page Down"),
    ("s-pageup", "s-pagedown"): NP_("key", "Shift+Page Up and Shift+Page Down"),
    ("c-home", "c-end"): NP_("key", "Control+Home and Control+End"),
}


def key_name(key: str) -> str:
    """One key as the player hears it: "Left arrow", "F1", "W"."""
    if key in KEY_NAMES:
        return pgettext(KEY, KEY_NAMES[key])
    if len(key) == 2 and key[0] == "f" and key[1].isdigit():
        return key.upper()
    return key.upper() if len(key) == 1 else key


def keys_name(keys: Sequence[str]) -> str:
    """The keys of one action as the player hears them: letters once whatever their case,
    runs of digits as a range, pairs by their common name."""
    return _keys_name(language(), tuple(keys))


@lru_cache(maxsize=1024)
def _keys_name(speech: str, pressed: tuple[str, ...]) -> str:
    """:func:`keys_name` in the language ``speech`` (the current one, the cache's key): the
    same keys are named at every key a table answers, in the same words."""
    keys = list(dict.fromkeys(key.lower() if len(key) == 1 else key for key in pressed))
    words: list[str] = []
    index = 0
    while index < len(keys):
        key = keys[index]
        pair = (key, keys[index + 1]) if index + 1 < len(keys) else None
        if pair is not None and pair in PAIRS:
            words.append(pgettext(KEY, PAIRS[pair]))
            index += 2
            continue
        if key.isdigit():
            end = index
            while (
                end + 1 < len(keys)
                and keys[end + 1].isdigit()
                and int(keys[end + 1]) == int(keys[end]) + 1
            ):
                end += 1
            if end > index + 1:
                words.append(_("{first} to {last}").format(first=key, last=keys[end]))
                index = end + 1
                continue
        words.append(key_name(key))
        index += 1
    if len(words) == 1:
        return words[0]
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


def command_line(command: Command) -> str:
    """F1's line for one action: its keys, named from the binding, and what it does."""
    if not command.id:
        return _(command.help)  # a screen whose help still names its keys
    names = _(command.keys_text) if command.keys_text else keys_name(command.keys)
    return _("{keys}: {help}").format(keys=names, help=_(command.help))


def key_list(commands: Sequence[Command]) -> list[tuple[str, str]]:
    """(group, line) for each action, grouped in :data:`GROUPS` order, registry order within."""
    listed = [command for command in commands if command.listed()]
    order = list(GROUPS)
    listed.sort(key=lambda command: order.index(command.group))
    return [(command.group, command_line(command)) for command in listed]
