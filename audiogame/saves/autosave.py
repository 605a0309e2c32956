"""Saving after every move: cheap (one small JSON file rewritten once per key, however many
moves the key caused), atomic, and never in the way. A save that fails (a full disk) is said
once, and the game goes on; a finished game is kept for replays and its save cleared."""

from __future__ import annotations

import asyncio
import errno
from pathlib import Path
from typing import TYPE_CHECKING, Any

from audiogame.i18n import N_, _
from audiogame.saves.store import SavedGame, SaveStore

if TYPE_CHECKING:
    from audiogame.app.host import Host

SAVE_FAILED = N_(
    "The game could not be saved: {reason}. Play goes on; saving is tried again after every move."
)
DISK_FULL = N_("the disk is full")
SAVED_AGAIN = N_("The game is saved again.")


def is_finished(table: Any) -> bool:
    """Whether the table's game is over for good (a match: its last deal)."""
    return bool(table.finished)


def saved_game(table: Any) -> SavedGame:
    """What ``table`` (:class:`audiogame.table.local.LocalTable`) is now, as a save."""
    record = table.record
    return SavedGame(
        game=table.game,
        config=dict(table.config),
        moves=list(record.moves),
        names=tuple(table.names),
        extras=table.extras(),
        started=record.started,
        finished=is_finished(table),
    )


class Autosaver:
    """Saves the table that last moved; :meth:`changed` after a move, :meth:`flush` to write."""

    def __init__(
        self,
        app: Host,
        store: SaveStore,
        *,
        log_folder: Path | None = None,
        shared: bool = False,
    ) -> None:
        self.app = app
        self.store = store
        self.log_folder = log_folder if log_folder is not None else store.folder / "logs"
        self.shared = shared
        """Another copy of the program holds the folder: no resume offer, nothing saved."""
        self.resumed_unchanged = False
        """A resumed game with no move since: a crash now sets its save aside (no loop)."""
        self.table: Any = None
        self.unsynced = False
        """The last save is complete under its name but not yet flushed to the disk."""
        self.dirty = False
        self._scheduled = False
        self.failing = False
        self.writes = 0

    def changed(self, table: Any) -> None:
        """``table`` moved: save it once the key (or the timer) that moved it is done."""
        self.table = table
        self.dirty = True
        if self._scheduled:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # the program's loop is not running yet: save at once
            self.flush()
            return
        self._scheduled = True
        loop.call_soon(self.flush)

    def flush(self, sync: bool = True) -> bool:
        """Write what changed; whether the game in progress is safely on the disk.

        ``sync=False`` (a move about to be announced) writes the complete new file under its
        name at once, so that nothing said can be lost to a killed program, and leaves its
        flush to the disk for the end of the key, where it does not delay the speech."""
        self._scheduled = False
        if self.shared:
            self.dirty = False
            return False
        if not self.dirty or self.table is None:
            if self.unsynced and sync:
                return self._sync()
            return not self.failing
        saved = saved_game(self.table)
        try:
            if saved.finished:
                self.store.archive(saved)
                self.store.clear()
            else:
                self.store.save(saved, sync=sync)
        except OSError as error:
            self._failed(error)
            return False
        self.unsynced = not sync and not saved.finished
        self.dirty = False
        self.resumed_unchanged = False
        self.writes += 1
        if self.unsynced:
            self._later()
            return True
        self._saved_again()
        return True

    def keep(self) -> bool:
        """The program ends: what changed written; whether a game still in progress stays
        saved (the next start offers to resume it)."""
        table = self.table
        kept = self.flush()
        return kept and not self.shared and table is not None and not is_finished(table)

    def _saved_again(self) -> None:
        if self.failing:
            self.failing = False
            self.app.say(_(SAVED_AGAIN))

    def _later(self) -> None:
        """Flush to the disk once the key (or the timer) is done; at once without a loop."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._sync()
            return
        if not self._scheduled:
            self._scheduled = True
            loop.call_soon(self.flush)

    def _sync(self) -> bool:
        try:
            self.store.sync()
        except OSError as error:
            self._failed(error)
            return False
        self.unsynced = False
        self._saved_again()
        return True

    def _failed(self, error: OSError) -> None:
        if self.failing:
            return  # said once: the player knows, and the game goes on
        self.failing = True
        reason = _(DISK_FULL) if error.errno == errno.ENOSPC else (error.strerror or str(error))
        self.app.say(_(SAVE_FAILED).format(reason=reason), cue="not_allowed")

    def resumed(self, table: Any) -> None:
        """``table`` was rebuilt from the save: the game in progress, not changed yet."""
        self.table = table
        self.resumed_unchanged = True

    def load(self) -> tuple[SavedGame | None, str | None]:
        """The interrupted game, if any, and a problem with the save file to announce (none
        when another copy of the program holds the folder: its game is not offered)."""
        if self.shared:
            return None, None
        return self.store.load()
