"""Where the terminal program's log goes: a file in its log folder, never the terminal.

What the program logs (a server's message it did not understand, a task in the background
that failed) is for whoever looks into a problem. Printed on the terminal, as Python prints a
warning nobody handles, it would be read out by the screen reader, in English and in the
words of a library, before the program's own sentence: so every warning of the process goes to
``audiogame.log`` in the log folder (:func:`audiogame.saves.paths.log_dir`), owner-only, and a
line that cannot be written (a full disk, no folder) is lost, and nothing else.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

LOG_NAME = "audiogame.log"


class LogFile(logging.Handler):
    """Each record appended to ``path`` (created 0600, with its folder, at the first one)."""

    def __init__(self, path: Path) -> None:
        super().__init__(logging.WARNING)
        self.path = path
        self.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = self.format(record) + "\n"
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            with os.fdopen(handle, "a", encoding="utf-8") as file:
                file.write(line)
        except (OSError, ValueError):
            pass


def log_to_file(folder: Path) -> LogFile:
    """Every warning and error of the process, from now on, in ``folder``/``audiogame.log``
    and not on the terminal (the root logger has a handler, so Python prints none)."""
    handler = LogFile(folder / LOG_NAME)
    logging.getLogger().addHandler(handler)
    return handler
