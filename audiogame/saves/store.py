"""The save file: one small JSON file per interrupted game, finished games kept for replays.

Writes go to a temporary file that is flushed to the disk and then renamed over the old one, so
that a crash or a power cut mid-write leaves the old save or the new one, never a broken file.
A damaged, unreadable or newer-version save is renamed aside (never deleted) and reported.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from audiogame.saves.moves import is_deal

FORMAT = "audiogame-save"
SAVE_VERSION = 1
AUTOSAVE = "autosave.json"
FINISHED = "finished"
KEEP_FINISHED = 20
"""Finished games kept for replays; older ones are deleted."""


class SaveError(ValueError):
    """A save that cannot be used; ``problem`` is ``"corrupt"``, ``"unreadable"`` or
    ``"newer"``."""

    def __init__(self, problem: str, detail: str) -> None:
        super().__init__(f"{problem} save: {detail}")
        self.problem = problem


@dataclass
class SavedGame:
    """A game as saved: enough to rebuild it exactly (game, setup, moves) and to name it."""

    game: str
    config: dict[str, Any]
    moves: list[str] = field(default_factory=list)
    names: tuple[str, ...] = ()
    extras: dict[str, Any] = field(default_factory=dict)
    started: str = ""
    finished: bool = False

    @property
    def seed(self) -> int:
        return int(self.config.get("seed") or 0)

    @property
    def move_count(self) -> int:
        """Moves made (new deals are not moves)."""
        return sum(1 for line in self.moves if not is_deal(line))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": SAVE_VERSION,
            "game": self.game,
            "config": self.config,
            "names": list(self.names),
            "started": self.started,
            "finished": self.finished,
            "extras": self.extras,
            "moves": self.moves,
        }

    @classmethod
    def from_json(cls, data: Any) -> SavedGame:
        """A save from parsed JSON; :class:`SaveError` when it is not one this version reads."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError("corrupt", "not an audiogame save")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise SaveError("corrupt", "no version")
        if version > SAVE_VERSION:
            raise SaveError("newer", f"version {version}")
        game, config, moves = data.get("game"), data.get("config"), data.get("moves")
        names, extras = data.get("names", []), data.get("extras", {})
        if not (
            isinstance(game, str)
            and isinstance(config, dict)
            and isinstance(moves, list)
            and all(isinstance(line, str) for line in moves)
            and isinstance(names, list)
            and all(isinstance(name, str) for name in names)
            and isinstance(extras, dict)
        ):
            raise SaveError("corrupt", "missing or wrong fields")
        return cls(
            game,
            config,
            moves,
            tuple(names),
            extras,
            str(data.get("started", "")),
            bool(data.get("finished", False)),
        )


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file flushed to the disk and renamed."""
    temporary = path.with_name(path.name + ".tmp")
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise


def read_save(path: Path) -> SavedGame:
    """The save in ``path``; :class:`SaveError` for a damaged, unreadable or newer file
    (``FileNotFoundError`` when there is none)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise
    except (OSError, UnicodeDecodeError) as error:
        raise SaveError("unreadable", str(error)) from error
    try:
        data = json.loads(text)
    except ValueError as error:
        raise SaveError("corrupt", str(error)) from error
    return SavedGame.from_json(data)


def keep_aside(path: Path) -> Path | None:
    """Rename a bad file with a ``.bad-<time>`` suffix, never overwriting an earlier one."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for attempt in range(100):
        target = path.with_name(path.name + f".bad-{stamp}" + (f"-{attempt}" if attempt else ""))
        if target.exists():
            continue
        try:
            os.replace(path, target)
        except OSError:
            return None
        return target
    return None


class SaveStore:
    """The saves in one folder: ``autosave.json`` for the game in progress, ``finished/`` for
    the last finished games."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.path = self.folder / AUTOSAVE
        self.finished_dir = self.folder / FINISHED

    def load(self) -> tuple[SavedGame | None, str | None]:
        """The interrupted game (or None) and a problem to announce (``None``, ``"corrupt"``,
        ``"unreadable"``, ``"newer"``); a bad file is kept aside."""
        try:
            return read_save(self.path), None
        except FileNotFoundError:
            return None, None
        except SaveError as error:
            self.set_aside()
            return None, error.problem

    def set_aside(self) -> Path | None:
        """Keep the current save aside (damaged, or it could not be rebuilt)."""
        return keep_aside(self.path)

    def save(self, saved: SavedGame) -> None:
        """Write the game in progress (``OSError`` when the disk refuses)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        write_atomic(self.path, encode(saved))

    def clear(self) -> None:
        """No game in progress any more."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def archive(self, saved: SavedGame) -> Path:
        """Keep a finished game for replays (the last :data:`KEEP_FINISHED`); its path."""
        self.finished_dir.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.finished_dir / f"{stamp}-{saved.game}-{saved.seed}.json"
        write_atomic(path, encode(saved))
        for old in self.finished_games()[:-KEEP_FINISHED]:
            with contextlib.suppress(OSError):
                old.unlink()
        return path

    def finished_games(self) -> list[Path]:
        """The finished games kept, oldest first."""
        if not self.finished_dir.is_dir():
            return []
        return sorted(self.finished_dir.glob("*.json"))

    def latest(self) -> Path | None:
        """The game to replay when none is named: the one in progress, else the last finished."""
        if self.path.exists():
            return self.path
        finished = self.finished_games()
        return finished[-1] if finished else None


def encode(saved: SavedGame) -> str:
    """The file's text: compact JSON (a save is rewritten after every move)."""
    return json.dumps(saved.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n"
