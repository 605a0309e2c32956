"""One copy of the program at a time keeps a data folder: the first takes a lock on it, a second
copy started on the same folder neither offers the first one's game for resuming nor saves
over it, and says so. The lock goes with the process that holds it, however that process ends
(a crash, SIGKILL, a power cut): nothing to clean up by hand.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> first, second = DataLock(folder), DataLock(folder)
>>> first.acquire(), second.acquire()
(True, False)
>>> first.release(); second.acquire()
True
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from audiogame.i18n import N_

LOCK_FILE = "audiogame.lock"
SHARED_NOTICE = N_(
    "Another copy of Audiogame is running with the same saved games: this copy does not offer "
    "that game for resuming, and does not save the games played here."
)


class DataLock:
    """An exclusive lock on a data folder, held until :meth:`release` or the process ends."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / LOCK_FILE
        self._fd: int | None = None

    def acquire(self) -> bool:
        """Whether this copy holds the folder now. A folder where no lock can be made (read
        only, missing and not creatable) counts as held: nothing can be saved there anyway,
        and the saving itself says so."""
        if self._fd is not None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except OSError:
            return True
        if not _lock(fd):
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)  # closing the file releases the lock
            self._fd = None


def _lock(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True
