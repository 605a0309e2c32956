"""Where saved games and crash logs are kept.

>>> import os
>>> str(data_dir("/tmp/x"))
'/tmp/x'
>>> str(log_dir("/tmp/x"))
'/tmp/x/logs'
"""

from __future__ import annotations

import os
from pathlib import Path

DATA_DIR_VARIABLE = "AUDIOGAME_DATA_DIR"
LOG_DIR_VARIABLE = "AUDIOGAME_LOG_DIR"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder of saved games: ``override``, ``$AUDIOGAME_DATA_DIR``, or the platform's user
    data folder."""
    if override is not None:
        return Path(override)
    if os.environ.get(DATA_DIR_VARIABLE):
        return Path(os.environ[DATA_DIR_VARIABLE])
    from platformdirs import user_data_dir

    return Path(user_data_dir("audiogame", appauthor=False))


def log_dir(data_override: str | os.PathLike[str] | None = None) -> Path:
    """The folder of crash logs: ``$AUDIOGAME_LOG_DIR``; a ``logs`` folder in a data folder
    chosen by hand (tests, portable use); else the platform's user log folder."""
    if os.environ.get(LOG_DIR_VARIABLE):
        return Path(os.environ[LOG_DIR_VARIABLE])
    if data_override is not None:
        return Path(data_override) / "logs"
    if os.environ.get(DATA_DIR_VARIABLE):
        return Path(os.environ[DATA_DIR_VARIABLE]) / "logs"
    from platformdirs import user_log_dir

    return Path(user_log_dir("audiogame", appauthor=False))


def cache_dir() -> Path:
    """The folder of downloads kept for next time (Pyodide for ``export-web``)."""
    if os.environ.get(DATA_DIR_VARIABLE):
        return Path(os.environ[DATA_DIR_VARIABLE]) / "cache"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("audiogame", appauthor=False))
