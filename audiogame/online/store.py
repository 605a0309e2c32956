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
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any


class TableStore:
    """One row a table (its setup and seats as JSON, written when they change) and one row a
    move (the server writes the moves of one turn of its event loop in one transaction,
    :meth:`together`)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path, isolation_level=None)
        # WAL keeps a commit atomic; without fsync it is cheap. A killed process loses nothing
        # (what was written is in the system's cache); a power cut may lose the last moves.
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=OFF")
        self.db.execute("CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, record TEXT)")
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS moves (id TEXT, n INTEGER, line TEXT, PRIMARY KEY (id, n))"
        )

    def save(self, record: dict[str, Any]) -> None:
        """The table's record (its ``log`` is kept by :meth:`append`)."""
        record = {key: value for key, value in record.items() if key != "log"}
        self.db.execute(
            "INSERT OR REPLACE INTO tables (id, record) VALUES (?, ?)",
            (record["id"], json.dumps(record, separators=(",", ":"))),
        )

    def append(self, table_id: str, first: int, lines: list[str]) -> None:
        """Moves ``first``, ``first + 1``... of a table's log."""
        self.db.executemany(
            "INSERT OR REPLACE INTO moves (id, n, line) VALUES (?, ?, ?)",
            [(table_id, first + k, line) for k, line in enumerate(lines)],
        )

    @contextlib.contextmanager
    def together(self) -> Iterator[None]:
        """The writes within as one transaction (one commit)."""
        self.db.execute("BEGIN")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def delete(self, table_id: str) -> None:
        self.db.execute("DELETE FROM tables WHERE id = ?", (table_id,))
        self.db.execute("DELETE FROM moves WHERE id = ?", (table_id,))

    def load_all(self) -> list[dict[str, Any]]:
        """Every table, its ``log`` with it."""
        records = []
        for table_id, text in self.db.execute("SELECT id, record FROM tables ORDER BY id"):
            try:
                record = json.loads(text)
            except ValueError:
                continue
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
