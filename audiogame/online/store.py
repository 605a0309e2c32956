"""Tables kept in SQLite, so that a server killed at any moment starts again with every table
as it was: its setup, its seats (names and reconnect tokens) and its move log.

>>> import tempfile, pathlib
>>> store = TableStore(pathlib.Path(tempfile.mkdtemp()) / "tables.sqlite3")
>>> store.save({"id": "K7QX", "game": "battle", "log": ["0 flip"]})
>>> [row["log"] for row in store.load_all()]
[['0 flip']]
>>> store.delete("K7QX"); store.load_all()
[]
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any


class TableStore:
    """One row a table: its id and its record as JSON (written at every move)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path, isolation_level=None)
        # WAL keeps a commit cheap and atomic: a SIGKILL loses at most the move being written.
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, record TEXT)")

    def save(self, record: dict[str, Any]) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO tables (id, record) VALUES (?, ?)",
            (record["id"], json.dumps(record, separators=(",", ":"))),
        )

    def delete(self, table_id: str) -> None:
        self.db.execute("DELETE FROM tables WHERE id = ?", (table_id,))

    def load_all(self) -> list[dict[str, Any]]:
        records = []
        for (text,) in self.db.execute("SELECT record FROM tables ORDER BY id"):
            try:
                record = json.loads(text)
            except ValueError:
                continue
            if isinstance(record, dict):
                records.append(record)
        return records

    def close(self) -> None:
        self.db.close()
