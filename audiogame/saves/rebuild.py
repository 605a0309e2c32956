"""A saved game rebuilt: the table itself (to resume it), or its engine states move by move
(to replay it). Both start from the table's own first deal (its setup and deal number) and
apply the logged moves; a move the rules refuse means the save is damaged."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from audiogame.catalog import game_entry
from audiogame.narrator import Narrator
from audiogame.saves.moves import is_deal, parse_deal, parse_move
from audiogame.saves.record import restore_extras
from audiogame.saves.store import SavedGame, SaveError
from audiogame.table.local import LocalTable, table_of
from engine import games
from engine.events import Event

if TYPE_CHECKING:
    from audiogame.app.host import CoreHost


@contextlib.contextmanager
def muted(app: CoreHost) -> Iterator[None]:
    """Nothing said, no cue played, nothing kept in the history."""
    from audiogame.speech.base import SilentSpeaker

    narrator = app.narrator
    app.narrator = Narrator(SilentSpeaker())
    try:
        yield
    finally:
        app.narrator = narrator


def new_table(app: CoreHost, saved: SavedGame) -> Any:
    """The table of ``saved``'s game with its setup, at its first deal (not yet opened)."""
    try:
        factory = game_entry(saved.game).table_factory()
    except KeyError as error:
        raise SaveError("corrupt", f"no game {saved.game!r}") from error
    if factory is None:
        raise SaveError("corrupt", f"the {saved.game} table is missing")
    try:
        return factory(app, dict(saved.config))
    except (KeyError, ValueError, TypeError) as error:
        raise SaveError("corrupt", f"bad setup {saved.config!r}: {error}") from error


def local_table(table: Any) -> LocalTable:
    """The table in this process behind the screen ``table``."""
    local = table_of(table.state)
    if local is None:
        raise SaveError("corrupt", f"the {table.game} table is kept elsewhere")
    return local


def rebuild_table(app: CoreHost, saved: SavedGame) -> Any:
    """The table exactly as it was left: every saved move applied in silence, then the events
    its seat received shown to the screen (silently) so that what it keeps track of is as it
    was."""
    table = new_table(app, saved)
    local = local_table(table)
    try:
        local.replay(saved.moves)
    except ValueError as error:  # IllegalAction is a ValueError too
        number = len(local.record.moves) + 1
        line = saved.moves[number - 1] if number <= len(saved.moves) else ""
        raise SaveError("corrupt", f"line {number} {line!r}: {error}") from error
    with muted(app):
        restore_extras(table, saved.extras)
        table.announce(list(local.record.events))
    if saved.started:
        local.record.started = saved.started
    return table


class Line:
    """The engine states of a saved game: step ``k`` is the state after the first ``k`` lines of
    the log. Going back rebuilds from the start (states are not kept)."""

    def __init__(self, app: CoreHost, saved: SavedGame) -> None:
        self.saved = saved
        table = new_table(app, saved)
        self.seats = table.seats
        self._first = local_table(table).state.clone()
        self.position = 0
        self.state: Any = self._first.clone()
        self.deal_ends: dict[int, tuple[int, ...]] = {}
        """Each deal's scores, by the step that ended it (for a match's totals)."""
        self.check()

    def __len__(self) -> int:
        return len(self.saved.moves)

    def check(self) -> None:
        """Play the whole log once: :class:`SaveError` if a line is damaged or refused."""
        state = self._first.clone()
        over = state.is_over
        for number in range(len(self)):
            try:
                state, _ = self._step(state, number)
            except ValueError as error:
                raise SaveError("corrupt", f"line {number + 1}: {error}") from error
            if state.is_over and not over:
                self.deal_ends[number + 1] = tuple(state.result().scores)
            over = state.is_over

    def moves_before(self, position: int) -> int:
        """How many moves the first ``position`` steps hold (a new deal is no move)."""
        return sum(1 for line in self.saved.moves[:position] if not is_deal(line))

    def deal_of(self, position: int) -> int:
        """The deal (from 1) the first ``position`` steps have reached."""
        return 1 + sum(1 for line in self.saved.moves[:position] if is_deal(line))

    def _step(self, state: Any, index: int) -> tuple[Any, list[Event]]:
        line = self.saved.moves[index]
        if is_deal(line):
            fresh = games[self.saved.game].new_state(hands=parse_deal(line))
            return fresh, list(fresh.opening_events())
        seat, action = parse_move(line)
        return state, state.apply(seat, action)

    def opening(self) -> list[Event]:
        return list(self._first.opening_events())

    def forward(self) -> list[Event]:
        """The next step's events (empty at the end)."""
        if self.position >= len(self):
            return []
        self.state, events = self._step(self.state, self.position)
        self.position += 1
        return events

    def go_to(self, position: int) -> list[Event]:
        """Rebuild the state after ``position`` steps; the events of the last of them."""
        position = max(0, min(len(self), position))
        self.state, self.position = self._first.clone(), 0
        events: list[Event] = self.opening()
        while self.position < position:
            events = self.forward()
        return events
