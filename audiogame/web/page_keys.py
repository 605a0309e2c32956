"""The keys as a page shows and sends them, the same for a browser seat of the server
(:mod:`audiogame.web.seat`) and for the page that plays alone (:mod:`audiogame.web.alone`):
the page's names of the keys the terminal names otherwise, and the list of a screen's keys,
each with its line of F1's list and a button."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from audiogame.app.actions import command_line, key_name
from audiogame.app.command import BACKSPACE, ENTER, TAB, Command
from audiogame.i18n import _

PAGE_KEYS = {"enter": ENTER, "tab": TAB, "backspace": BACKSPACE, "space": " "}
"""The page's key names that the terminal names otherwise."""


def key_list(commands: list[Command], kept: Collection[str] = ()) -> list[dict[str, Any]]:
    """Every key of the screen that applies now but those in ``kept`` (the page's own): its
    line of the keys help (the terminal's F1 line), and a button for each of its keys, named
    by the key, with what it does ("Space: turn up your card.")."""
    entries: list[dict[str, Any]] = []
    seen: set[str] = set()
    for command in commands:
        if not command.listed():
            continue
        keys = [key for key in command.keys if key not in kept]
        if not keys and command.keys:
            continue
        line = command_line(command)
        entries.append({"text": line, "button": False})
        what = _(command.help) if command.id else line.split(": ", 1)[-1]
        for key in keys:
            if len(command.each) == len(command.keys):  # a pair: what this key does
                what = _(command.each[command.keys.index(key)])
            name = key.lower() if len(key) == 1 else key  # D and d: one button
            if name in seen:
                continue
            seen.add(name)
            page = next((p for p, t in PAGE_KEYS.items() if t == key), name)
            entries.append({"key": page, "label": f"{key_name(key)}: {what}", "text": "",
                            "button": True})  # fmt: skip
    return entries
