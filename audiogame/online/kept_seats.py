"""The seats a player keeps across restarts of the terminal program: for each server and name,
the seat's token, in a file of the user data folder that only its owner may read.

Starting ``audiogame connect`` again with the same server and name greets the server with the
kept token, and the seat comes back: within the table's grace period, or after it (the computer
player that kept it hands it back). A token the server no longer knows is forgotten.

>>> import tempfile
>>> from pathlib import Path
>>> kept = KeptSeats(Path(tempfile.mkdtemp()) / "seats.json")
>>> kept.keep("ws://127.0.0.1:8765/", "Bruno", "t0k3n", "AB12")
>>> kept.token("ws://127.0.0.1:8765/", "bruno")
't0k3n'
>>> kept.forget("ws://127.0.0.1:8765/", "Bruno")
>>> kept.token("ws://127.0.0.1:8765/", "Bruno") is None
True
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from pathlib import Path
from typing import Any

from audiogame.persist import FileProblem, read_json, set_aside, write_json

log = logging.getLogger("audiogame")

FILE_NAME = "online-seats.json"
KEPT_FOR = 7 * 24 * 3600.0
"""Seconds a kept token is offered again (the server forgets a table long before)."""
MAX_SEATS = 50
"""Servers and names kept at most (the oldest go first)."""


def key_of(url: str, name: str) -> str:
    return f"{url} {name.casefold()}"


class KeptSeats:
    """The file ``path`` (``None``: nothing is kept, e.g. a folder that cannot be written)."""

    def __init__(self, path: Path | None, clock: Any = time.time) -> None:
        self.path = path
        self.clock = clock

    def _read(self) -> dict[str, dict[str, Any]]:
        if self.path is None:
            return {}
        try:
            data = read_json(self.path)
        except FileNotFoundError:
            return {}
        except FileProblem as problem:
            log.warning("kept seats set aside: %s", problem)
            set_aside(self.path)
            return {}
        seats = data.get("seats") if isinstance(data, dict) else None
        if not isinstance(seats, dict):
            set_aside(self.path)
            return {}
        now = self.clock()
        return {
            key: entry
            for key, entry in seats.items()
            if isinstance(entry, dict)
            and isinstance(entry.get("token"), str)
            and isinstance(entry.get("saved"), int | float)
            and 0 <= now - entry["saved"] < KEPT_FOR
        }

    def _write(self, seats: dict[str, dict[str, Any]]) -> None:
        if self.path is None:
            return
        newest = sorted(seats.items(), key=lambda item: item[1]["saved"])[-MAX_SEATS:]
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_json(self.path, {"version": 1, "seats": dict(newest)})
            os.chmod(self.path, 0o600)  # a token is the seat: for its owner's eyes only
        except OSError as error:  # the seat is kept for this run of the program only
            log.warning("kept seats not written: %s", error)

    def token(self, url: str, name: str) -> str | None:
        entry = self._read().get(key_of(url, name))
        return None if entry is None else str(entry["token"])

    def keep(self, url: str, name: str, token: str, table: str) -> None:
        seats = self._read()
        seats[key_of(url, name)] = {"token": token, "table": table, "saved": self.clock()}
        self._write(seats)

    def forget(self, url: str, name: str) -> None:
        seats = self._read()
        if seats.pop(key_of(url, name), None) is not None:
            self._write(seats)


def kept_seats(data_dir: str | os.PathLike[str] | None) -> KeptSeats:
    """The player's kept seats in the data folder (:func:`audiogame.saves.paths.data_dir`)."""
    from audiogame.saves.paths import data_dir as folder

    with contextlib.suppress(OSError):
        return KeptSeats(folder(data_dir) / FILE_NAME)
    return KeptSeats(None)
