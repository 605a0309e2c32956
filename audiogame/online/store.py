"""Tables kept in SQLite, so that a server killed at any moment starts again with every table
as it was: its setup, its seats (names and reconnect tokens) and its move log.

>>> import tempfile, pathlib
>>> store = TableStore(pathlib.Path(tempfile.mkdtemp()) / "tables.sqlite3")
>>> store.save({"id": "K7QX", "game": "battle"})
>>> store.append("K7QX", 0, ["0 flip", "1 flip"])
>>> [row["log"] for row in store.load_all()]
[['0 flip', '1 flip']]
>>> store.delete("K7QX"); store.load_all()
[]
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from audiogame.persist import set_aside

HASHED = "sha256:"
"""How a seat's token is kept on disk: its SHA-256, never the token itself."""


def at_rest(token: str | None) -> str | None:
    """A seat's token as the store keeps it: a copy of the file seats nobody.

    >>> at_rest("abc")
    'sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
    >>> at_rest(at_rest("abc")) == at_rest("abc"), at_rest(None)
    (True, None)
    """
    if token is None or token.startswith(HASHED):
        return token
    return HASHED + hashlib.sha256(token.encode()).hexdigest()


def token_matches(kept: str, given: str) -> bool:
    """Whether ``given`` (from a client) is the seat's token, kept as it came or at rest."""
    if kept.startswith(HASHED):
        return secrets.compare_digest(kept, at_rest(given) or "")
    return secrets.compare_digest(kept, given)


class StoreFull(Exception):
    """The store could not write (its disk is full, or failing): nothing of that write was
    kept; what was kept before is whole."""


@contextlib.contextmanager
def writing() -> Iterator[None]:
    """A write to the store: SQLite's "database or disk is full" (or any failure to write,
    an OSError from below) raised as :class:`StoreFull`."""
    try:
        yield
    except (sqlite3.OperationalError, OSError) as error:
        raise StoreFull(str(error)) from error


SUFFIXES = ("", "-wal", "-shm")
"""The files of one SQLite store."""


class TableStore:
    """One row a table (its setup and seats as JSON, written when they change) and one row a
    move (the server writes the moves of one turn of its event loop in one transaction,
    :meth:`together`)."""

    def __init__(self, path: Path, say: Callable[[str], None] | None = None) -> None:
        """Open (or make) the store; a damaged file is set aside byte for byte beside it
        (``tables.sqlite3.bad-<time>``, said through ``say``) and the server starts empty.
        The folder and files are the owner's only: they hold the seats' tokens."""
        self.path = path
        self.say = say or (lambda text: None)
        self.set_aside_as: Path | None = None
        """Where a damaged store was set aside at start."""
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(OSError):
            os.chmod(path.parent, 0o700)
        if path.exists() and path.stat().st_size == 0 and not Path(f"{path}-wal").exists():
            self._set_aside("an empty file")  # a store is never empty once made
        try:
            self.db = self._open()
        except sqlite3.DatabaseError as error:
            self._set_aside(str(error))
            self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        path = self.path
        os.close(os.open(path, os.O_CREAT | os.O_RDWR, 0o600))
        for suffix in SUFFIXES:
            with contextlib.suppress(OSError):
                os.chmod(f"{path}{suffix}", 0o600)
        db = sqlite3.connect(path, isolation_level=None)
        try:
            # WAL keeps a commit atomic; without fsync it is cheap. A killed process loses
            # nothing (what was written is in the system's cache); a power cut may lose the
            # last moves.
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=OFF")
            if db.execute("PRAGMA quick_check").fetchone() != ("ok",):
                raise sqlite3.DatabaseError("the file fails its check")
            for table in ("tables", "tables_aside"):
                db.execute(f"CREATE TABLE IF NOT EXISTS {table} (id TEXT PRIMARY KEY, record TEXT)")
            for moves in ("moves", "moves_aside"):
                db.execute(
                    f"CREATE TABLE IF NOT EXISTS {moves} "
                    "(id TEXT, n INTEGER, line TEXT, PRIMARY KEY (id, n))"
                )
            db.execute("SELECT count(*) FROM tables").fetchone()
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def _set_aside(self, why: str) -> None:
        aside = None
        for suffix in SUFFIXES:
            moved = set_aside(Path(f"{self.path}{suffix}"))
            if suffix == "":
                aside = moved
        self.set_aside_as = aside
        self.say(f"the table store was damaged ({why}): set aside as {aside}; starting empty")

    def set_aside(self, table_id: str) -> None:
        """A table that cannot be resumed: its rows kept as they were, apart, never served
        nor written over (a new table never gets its code while the server runs)."""
        with self.together():
            self.db.execute(
                "INSERT OR REPLACE INTO tables_aside SELECT * FROM tables WHERE id = ?",
                (table_id,),
            )
            self.db.execute(
                "INSERT OR REPLACE INTO moves_aside SELECT * FROM moves WHERE id = ?",
                (table_id,),
            )
            self.delete(table_id)

    def save(self, record: dict[str, Any]) -> None:
        """The table's record (its ``log`` is kept by :meth:`append`)."""
        record = {key: value for key, value in record.items() if key != "log"}
        with writing():
            self.db.execute(
                "INSERT OR REPLACE INTO tables (id, record) VALUES (?, ?)",
                (record["id"], json.dumps(record, separators=(",", ":"))),
            )

    def append(self, table_id: str, first: int, lines: list[str]) -> None:
        """Moves ``first``, ``first + 1``... of a table's log."""
        with writing():
            self.db.executemany(
                "INSERT OR REPLACE INTO moves (id, n, line) VALUES (?, ?, ?)",
                [(table_id, first + k, line) for k, line in enumerate(lines)],
            )

    @contextlib.contextmanager
    def together(self) -> Iterator[None]:
        """The writes within as one transaction (one commit); when one of them, or the
        commit, fails, none of them is kept."""
        with writing():
            self.db.execute("BEGIN")
        try:
            yield
            with writing():
                self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    self.db.execute("ROLLBACK")
            raise

    def delete(self, table_id: str) -> None:
        with writing():
            self.db.execute("DELETE FROM tables WHERE id = ?", (table_id,))
            self.db.execute("DELETE FROM moves WHERE id = ?", (table_id,))

    def holding(self, token: str) -> dict[str, Any] | None:
        """The table one of whose seats is kept for ``token`` (as the store keeps it, at
        rest), its ``log`` with it; None if no table has it."""
        kept = at_rest(token) or ""
        for table_id, text in self.db.execute(
            "SELECT id, record FROM tables WHERE instr(record, ?) > 0", (kept,)
        ):
            record = next((r for r in self._records([(table_id, text)])), None)
            if record is not None and any(
                isinstance(seat, dict) and seat.get("token") == kept
                for seat in record.get("seats") or []
            ):
                return record
        return None

    def load_all(self) -> list[dict[str, Any]]:
        """Every table, its ``log`` with it."""
        return self._records(self.db.execute("SELECT id, record FROM tables ORDER BY id"))

    def _records(self, rows: Iterable[tuple[str, str]]) -> list[dict[str, Any]]:
        records = []
        for table_id, text in list(rows):
            try:
                record = json.loads(text)
            except ValueError:
                record = None
            if not isinstance(record, dict) or record.get("id") != table_id:
                record = {"id": table_id, "damaged": True}  # set aside by the server
            if isinstance(record, dict):
                record["log"] = [
                    line
                    for (line,) in self.db.execute(
                        "SELECT line FROM moves WHERE id = ? ORDER BY n", (table_id,)
                    )
                ]
                records.append(record)
        return records

    def close(self) -> None:
        self.db.close()
