"""The keys as a page shows and sends them, the same for a browser seat of the server
(:mod:`audiogame.web.seat`) and for the page that plays alone (:mod:`audiogame.web.alone`):
the page's names of the keys the terminal names otherwise, and the list of a screen's keys,
each with its line of F1's list and a button."""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache
from typing import Any

from audiogame.app.actions import command_line, key_name
from audiogame.app.command import BACKSPACE, ENTER, TAB, Command
from audiogame.i18n import _, language

PAGE_KEYS = {"enter": ENTER, "tab": TAB, "backspace": BACKSPACE, "space": " "}
"""The page's key names that the terminal names otherwise."""


Entry = tuple[str, tuple[tuple[str, str, str], ...]]
"""A command's line of the keys help, and for each of its keys: the name it is told apart
by, the page's name of the key, the button's label."""


@lru_cache(maxsize=4096)
def _entry(
    speech: str,
    keys: tuple[str, ...],
    help: str,
    id: str,
    keys_text: str,
    each: tuple[str, ...],
    kept: frozenset[str],
) -> Entry | None:
    """One command's words in the language ``speech`` (the current one, the cache's key):
    the same command says the same words on every key of every seat, so they are made once
    (a key of a browser seat sends the page its keys again, mostly unchanged)."""
    command = Command(keys, help, lambda key: None, id, keys_text=keys_text, each=each)
    page_keys = [key for key in keys if key not in kept]
    if not page_keys and keys:
        return None
    line = command_line(command)
    what = _(help) if id else line.split(": ", 1)[-1]
    buttons = []
    for key in page_keys:
        if len(each) == len(keys):  # a pair: what this key does
            what = _(each[keys.index(key)])
        name = key.lower() if len(key) == 1 else key  # D and d: one button
        page = next((p for p, t in PAGE_KEYS.items() if t == key), name)
        buttons.append((name, page, f"{key_name(key)}: {what}"))
    return line, tuple(buttons)


def key_list(commands: list[Command], kept: Collection[str] = ()) -> list[dict[str, Any]]:
    """Every key of the screen that applies now but those in ``kept`` (the page's own): its
    line of the keys help (the terminal's F1 line), and a button for each of its keys, named
    by the key, with what it does ("Space: turn up your card.")."""
    entries: list[dict[str, Any]] = []
    seen: set[str] = set()
    speech, page_kept = language(), frozenset(kept)
    for command in commands:
        if not command.listed():
            continue
        entry = _entry(speech, command.keys, command.help, command.id, command.keys_text,
                       command.each, page_kept)  # fmt: skip
        if entry is None:
            continue
        line, buttons = entry
        entries.append({"text": line, "button": False})
        for name, page, label in buttons:
            if name in seen:
                continue
            seen.add(name)
            entries.append({"key": page, "label": label, "text": "", "button": True})
    return entries
