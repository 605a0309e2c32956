"""What a table did, move by move: every action an engine state of the table accepted, in
order, with its events. A table gets this by assigning its engine state to ``self.state``
(:class:`audiogame.app.table.TableScreen` wraps it); no table records anything by hand."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from audiogame.saves.moves import DEAL, RecordedState, deal_recipe, move_text
from engine.actions import Action
from engine.events import Event

if TYPE_CHECKING:
    from audiogame.app.table import TableScreen

EXTRAS = ("match",)
"""Table attributes kept with the moves: what a table counts across deals (a match's totals)
is not in any engine state. Each is saved as its plain attributes."""


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S")


class TableRecord:
    """The moves of one table (text lines, see :mod:`audiogame.saves.moves`) and their events."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.moves: list[str] = []
        self.events: list[Event] = []
        self.deals = 0
        self.started = now()
        self.replaying = False
        """While a save is being rebuilt: record, but do not save again."""

    def track(self, state: Any) -> RecordedState:
        """Wrap a new engine state of the table; a second one is a new deal, logged so that
        it can be dealt again."""
        raw = state.raw if isinstance(state, RecordedState) else state
        if self.deals:
            recipe = deal_recipe(self.table.game, raw)
            self.moves.append(recipe if recipe is not None else DEAL + " ?")
            self.changed()
        self.deals += 1
        return RecordedState(raw, self.on_move)

    def on_move(self, seat: int, action: Action, events: list[Event]) -> None:
        self.moves.append(move_text(seat, action))
        self.events.extend(events)
        self.changed()

    def changed(self) -> None:
        autosave = getattr(self.table.app, "autosave", None)
        if autosave is not None and not self.replaying:
            autosave.changed(self.table)


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
