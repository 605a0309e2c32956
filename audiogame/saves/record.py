"""What a table screen keeps across deals and saves beside the moves (a match's totals and
verdict): the moves themselves are the table's (:class:`audiogame.table.local.SaveLog`)."""

from __future__ import annotations

from typing import Any

EXTRAS = ("match",)
"""Table attributes kept with the moves: what a table counts across deals (a match's totals)
is not in any engine state. Each is saved as its plain attributes."""


def table_extras(table: Any) -> dict[str, Any]:
    """The :data:`EXTRAS` of ``table`` as plain JSON values."""
    extras: dict[str, Any] = {}
    for name in EXTRAS:
        value = getattr(table, name, None)
        if value is None or not hasattr(value, "__dict__"):
            continue
        extras[name] = {
            key: list(item) if isinstance(item, tuple) else item
            for key, item in vars(value).items()
            if _plain(item)
        }
    return extras


def restore_extras(table: Any, extras: dict[str, Any]) -> None:
    """Put saved :data:`EXTRAS` back (tuples stay tuples); unknown names are ignored."""
    for name, saved in extras.items():
        target = getattr(table, name, None)
        if name not in EXTRAS or target is None or not isinstance(saved, dict):
            continue
        for key, value in saved.items():
            if not hasattr(target, key):
                continue
            current = getattr(target, key)
            if isinstance(current, tuple) and isinstance(value, list):
                value = tuple(value)
            elif current is None and isinstance(value, list):
                value = tuple(value)  # an optional tuple (last scores) saved as a list
            setattr(target, key, value)


def _plain(value: Any) -> bool:
    if value is None or isinstance(value, bool | int | float | str):
        return True
    if isinstance(value, list | tuple):
        return all(_plain(item) for item in value)
    return False
