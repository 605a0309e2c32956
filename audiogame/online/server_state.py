"""What the server holds: its tables, the people connected, the limits' counters, its store
and its worker processes, its log."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import string
from pathlib import Path
from typing import Any

from audiogame.online.connection import Connection
from audiogame.online.frames import BURST, RATE
from audiogame.online.limits import Limits, Window
from audiogame.online.room import Room
from audiogame.online.store import TableStore
from audiogame.online.tasks import Tasks
from audiogame.online.thinkers import Thinkers
from audiogame.online.turns import Turns

TABLE_ID_LETTERS = string.ascii_uppercase.replace("O", "").replace("I", "")


class QuietFile(logging.FileHandler):
    """The server's log: a line it cannot write (a full disk) is lost, and nothing else; no
    report of it is printed over the host's terminal."""

    def handleError(self, record: logging.LogRecord) -> None:
        pass


class ServerState:
    """The server's tables, connections and counters (its layers:
    :mod:`audiogame.online.server_tables`, :mod:`audiogame.online.server_lobby`,
    :mod:`audiogame.online.server`)."""

    def __init__(
        self,
        data_dir: Path,
        *,
        password: str | None = None,
        log_file: Path | None = None,
        workers: int | None = None,
        rate: float = RATE,
        burst: float = BURST,
        close_empty_after: float | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.data_dir = data_dir
        self.limits = limits = limits or Limits()
        if close_empty_after is None:
            close_empty_after = limits.unattended_close_after
        self.rate, self.burst = rate, burst
        self.close_empty_after = close_empty_after
        if password is not None and not password.strip():
            raise ValueError("a blank password would let everyone in")
        self.password = password
        self.rooms: dict[str, Room] = {}
        self.resumed = 0
        """Tables found in the store and resumed when the server started."""
        self.names: dict[str, Connection] = {}
        self.connections: dict[str, int] = {}
        """Open connections per address."""
        self.networks: dict[str, int] = {}
        """Open connections per network (:func:`audiogame.online.limits.network_key`)."""
        self.open_connections = 0
        """Open connections, in all."""
        self.turns = Turns()
        """Whose message the loop handles next: the least demanding connection's
        (:mod:`audiogame.online.turns`)."""
        self.codes = Window(limits.codes_per_minute)
        """Codes that named no table, per address."""
        self.passwords = Window(limits.passwords_per_minute)
        """Wrong passwords, per address."""
        self.arrivals = Window(limits.arrivals_per_minute)
        """Spectators arriving, per table."""
        self._lobby: tuple[float, bytes, dict[str, Any]] | None = None
        """The last lobby answer: when it was built, encoded, as a message."""
        self._unsaved: dict[str, Room] = {}
        """Tables with moves to write at the end of this turn of the event loop."""
        self._unwritten: dict[str, Room] = {}
        """Tables the store could not write (a full disk), to be written again."""
        self._retry: asyncio.TimerHandle | None = None
        self._idle_sweep: asyncio.TimerHandle | None = None
        """The next look for tables still to start where nobody does anything."""
        self.port = 0
        self._closers: dict[str, asyncio.TimerHandle] = {}
        self.logger = logging.getLogger(f"audiogame.server.{id(self)}")
        self.logger.propagate = False
        self.logger.setLevel(logging.INFO)
        if log_file is not None:
            log_file.parent.mkdir(parents=True, exist_ok=True)
            handler = QuietFile(log_file, encoding="utf-8")
            with contextlib.suppress(OSError):
                os.chmod(log_file, 0o600)  # addresses and names: the host's only
            handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
            self.logger.addHandler(handler)
        self.store = TableStore(data_dir / "tables.sqlite3", say=self.log_line)
        self.tasks = Tasks(logging.getLogger("audiogame.server"))
        """What the server started and does not wait for (closing a connection)."""
        self.thinkers = Thinkers(workers, say=self.log_line)
        """Where computer players think: worker processes, one per core, each started when a
        decision first needs it."""

    def log_line(self, text: str) -> None:
        self.logger.info(text)

    def lobby_changed(self) -> None:
        """A table came, went, started, or someone sat or left: the next ``list`` is built
        again (many ``list`` in between share one answer)."""
        self._lobby = None

    def new_id(self, private: bool = False) -> str:
        letters = self.limits.private_code_letters if private else 4
        while True:
            table_id = "".join(secrets.choice(TABLE_ID_LETTERS) for _ in range(letters))
            if table_id not in self.rooms:
                return table_id
