"""The save file: one small JSON file per interrupted game, finished games kept for replays.

Reading, writing and setting aside go through :mod:`audiogame.persist` (limits, atomic writes
with unique temporary names, a damaged file renamed aside and never lost). Every value of a save
is checked against its schema (:meth:`SavedGame.from_json`): the game, each setup value against
the game's own options, the deal number's range, the moves, the names (cleaned of control and
bidirectional characters), a match's totals. A save that fails is a :class:`SaveError`.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from audiogame.persist import (
    FileProblem,
    clean_text,
    read_json,
    set_aside,
    sync_file,
    write_bytes,
    write_json,
)
from audiogame.saves.moves import is_deal

FORMAT = "audiogame-save"
SAVE_VERSION = 1
AUTOSAVE = "autosave.json"
FINISHED = "finished"
RESUMING = ".resuming"
"""Beside the save while it is being rebuilt (see :meth:`SaveStore.begin_resume`)."""
KEEP_FINISHED = 20
"""Finished games kept for replays; older ones are deleted."""
MAX_SEED = 10**15 - 1
"""The largest deal number: fifteen digits."""
MAX_MOVE_TEXT = 400
"""The longest line of the move log (a Cardavia deal line is about 170 characters)."""
MAX_NAMES = 8
NAME_LIMIT = 40
FINISHED_NAME = re.compile(r"^\d{8}-\d{6}-[a-z]+-\d+(-\d+)?\.json$")
"""The name the program gives a finished game; no other file there is ever deleted."""


class SaveError(FileProblem):
    """A save that cannot be used; ``problem`` is ``"corrupt"``, ``"unreadable"`` or
    ``"newer"``."""

    def __init__(self, problem: str, detail: str) -> None:
        super().__init__(problem, detail)
        self.args = (f"{problem} save: {detail}",)


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def check_config(game: str, config: Any) -> dict[str, Any]:
    """``config`` checked against ``game``'s setup options (the deal number a whole number
    from 0 to :data:`MAX_SEED`); :class:`SaveError` for anything else."""
    from audiogame.catalog import game_entry
    from audiogame.computer_players import LEVELS
    from audiogame.saves.codes import CUSTOM_LIMIT

    try:
        entry = game_entry(game)
    except KeyError:
        raise SaveError("corrupt", f"no game {game!r}") from None
    if not isinstance(config, dict):
        raise SaveError("corrupt", "the setup is not an object")
    known = {option.key: option for option in entry.options}
    checked: dict[str, Any] = {}
    for key, value in config.items():
        option = known.get(key)
        if option is None:
            raise SaveError("corrupt", f"unknown setup {key!r}")
        if option.is_seed:
            ok = _whole(value, 0, MAX_SEED)
        elif key == "level":
            ok = value in (*LEVELS, "greedy", "random")
        elif key == "trick_limit":
            ok = _whole(value, 1, CUSTOM_LIMIT - 1)
        elif all(isinstance(choice, bool) for choice in option.values):
            ok = isinstance(value, bool)
        elif all(_whole(choice, 0, MAX_SEED) for choice in option.values):
            ok = _whole(value, min(option.values), max(option.values))  # within the menu's span
        else:
            ok = value in option.values
        if not ok:
            raise SaveError("corrupt", f"bad {key}: {str(value)[:40]!r}")
        checked[key] = value
    if "seed" not in checked:
        raise SaveError("corrupt", "no deal number")
    return checked


def _scores(value: Any, optional: bool = False) -> bool:
    if optional and value is None:
        return True
    return (
        isinstance(value, list)
        and len(value) == 3
        and all(_whole(item, -(10**9), 10**9) for item in value)
    )


MATCH_FIELDS: dict[str, Any] = {
    "seed": lambda value: _whole(value, 0, MAX_SEED + 100),
    "deals": lambda value: _whole(value, 1, 100),
    "number": lambda value: _whole(value, 1, 100),
    "totals": _scores,
    "counted": lambda value: isinstance(value, bool),
    "last_scores": lambda value: _scores(value, optional=True),
    "verdict": lambda value: isinstance(value, str) and len(value) <= 400,
}
"""The schema of a Cardavia match's saved totals (:data:`audiogame.saves.record.EXTRAS`)."""


def check_extras(extras: Any) -> dict[str, Any]:
    """What a table keeps across deals, checked field by field; :class:`SaveError` else."""
    if not isinstance(extras, dict):
        raise SaveError("corrupt", "extras not an object")
    checked: dict[str, Any] = {}
    for name, saved in extras.items():
        if name != "match":
            raise SaveError("corrupt", f"unknown extra {name!r}")
        if not isinstance(saved, dict) or set(saved) - set(MATCH_FIELDS):
            raise SaveError("corrupt", "match: wrong fields")
        for key, value in saved.items():
            if not MATCH_FIELDS[key](value):
                raise SaveError("corrupt", f"match {key}: {str(value)[:40]!r}")
        if "verdict" in saved:
            saved = {**saved, "verdict": clean_text(saved["verdict"], 400)}
        checked[name] = saved
    return checked


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
    ended: str = ""
    """When the game finished (``2026-11-30T17:02:03``): finished games are kept by it."""

    @property
    def seed(self) -> int:
        return int(self.config.get("seed") or 0)

    @property
    def move_count(self) -> int:
        """Moves made (new deals are not moves)."""
        return sum(1 for line in self.moves if not is_deal(line))

    def to_json(self) -> dict[str, Any]:
        data = {
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
        if self.ended:
            data["ended"] = self.ended
        return data

    @classmethod
    def from_json(cls, data: Any) -> SavedGame:
        """A save from parsed JSON, every value checked; :class:`SaveError` when it is not
        one this version reads."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError("corrupt", "not an audiogame save")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise SaveError("corrupt", "no version")
        if version > SAVE_VERSION:
            raise SaveError("newer", f"version {version}")
        game, moves = data.get("game"), data.get("moves")
        names, started = data.get("names", []), data.get("started", "")
        finished, ended = data.get("finished", False), data.get("ended", "")
        if not isinstance(game, str):
            raise SaveError("corrupt", "no game")
        config = check_config(game, data.get("config"))
        if not (
            isinstance(moves, list)
            and all(isinstance(line, str) and len(line) <= MAX_MOVE_TEXT for line in moves)
        ):
            raise SaveError("corrupt", "the moves are not lines of text")
        if not (
            isinstance(names, list)
            and len(names) <= MAX_NAMES
            and all(isinstance(name, str) for name in names)
        ):
            raise SaveError("corrupt", "the names are not a short list of text")
        if not (isinstance(started, str) and isinstance(ended, str)):
            raise SaveError("corrupt", "the times are not text")
        if not isinstance(finished, bool):
            raise SaveError("corrupt", "finished is not yes or no")
        return cls(
            game,
            config,
            list(moves),
            tuple(clean_text(name, NAME_LIMIT) for name in names),
            check_extras(data.get("extras", {})),
            clean_text(started, 40),
            finished,
            clean_text(ended, 40),
        )


def read_save(path: Path) -> SavedGame:
    """The save in ``path``; :class:`SaveError` for a damaged, unreadable or newer file, or
    one that is not a regular file or is too large (``FileNotFoundError`` when there is none)."""
    try:
        data = read_json(path)
    except FileProblem as error:
        raise SaveError(error.problem, error.detail) from error
    return SavedGame.from_json(data)


def keep_aside(path: Path) -> Path | None:
    """Rename a bad file with a ``.bad-<time>`` suffix, never overwriting an earlier one; None
    when it could not be renamed."""
    return set_aside(path)


class SaveStore:
    """The saves in one folder: ``autosave.json`` for the game in progress, ``finished/`` for
    the last finished games."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.path = self.folder / AUTOSAVE
        self.finished_dir = self.folder / FINISHED
        self.aside: Path | None = None
        """Where the last bad save was set aside (None: not set aside, or it could not be)."""
        self.stuck = False
        """A bad save could not be set aside: it is never written over."""

    @property
    def resuming_mark(self) -> Path:
        return self.path.with_name(self.path.name + RESUMING)

    def begin_resume(self) -> None:
        """Mark the save as being rebuilt: if the program dies before :meth:`end_resume` (a
        crash no handler saw), the next start sets the save aside rather than dying again."""
        with contextlib.suppress(OSError):
            write_bytes(self.resuming_mark, b"", sync=False)

    def end_resume(self) -> None:
        with contextlib.suppress(OSError):
            self.resuming_mark.unlink()

    def load(self) -> tuple[SavedGame | None, str | None]:
        """The interrupted game (or None) and a problem to announce (``None``, ``"corrupt"``,
        ``"unreadable"``, ``"newer"``); a bad file is set aside (:attr:`aside`), and so is a
        save whose last resume never finished."""
        if self.resuming_mark.exists():
            self.end_resume()
            if self.path.exists():
                self.set_aside()
                return None, "corrupt"
        try:
            return read_save(self.path), None
        except FileNotFoundError:
            return None, None
        except SaveError as error:
            self.set_aside()
            return None, error.problem

    def set_aside(self) -> Path | None:
        """Keep the current save aside (damaged, or it could not be rebuilt); where, or None
        when the rename failed (then the file is never written over)."""
        self.aside = keep_aside(self.path)
        self.stuck = self.aside is None and self.path.exists()
        return self.aside

    def save(self, saved: SavedGame, *, sync: bool = True) -> None:
        """Write the game in progress (``OSError`` when the disk refuses, or when a bad save
        that could not be set aside is in the way); ``sync=False``: :meth:`sync` follows."""
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.stuck and self.set_aside() is None and self.path.exists():
            raise PermissionError(13, "the damaged save could not be set aside")
        write_json(self.path, saved.to_json(), sync=sync)

    def sync(self) -> None:
        """Flush the save written with ``sync=False`` to the disk."""
        with contextlib.suppress(FileNotFoundError):
            sync_file(self.path)

    def clear(self) -> None:
        """No game in progress any more."""
        if self.stuck:
            return  # a bad save that could not be set aside stays as it is
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def archive(self, saved: SavedGame) -> Path:
        """Keep a finished game for replays (the last :data:`KEEP_FINISHED` of the program's
        own, by the time recorded inside; never the one just written); its path."""
        self.finished_dir.mkdir(parents=True, exist_ok=True)
        if not saved.ended:
            saved.ended = time.strftime("%Y-%m-%dT%H:%M:%S")
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.finished_dir / f"{stamp}-{saved.game}-{saved.seed}.json"
        for attempt in range(1, 1000):
            if not path.exists():
                break
            path = self.finished_dir / f"{stamp}-{saved.game}-{saved.seed}-{attempt}.json"
        write_json(path, saved.to_json())
        kept = [old for old in self.finished_games() if old != path]
        for old in kept[: max(0, len(kept) - (KEEP_FINISHED - 1))]:
            with contextlib.suppress(OSError):
                old.unlink()
        return path

    def finished_games(self) -> list[Path]:
        """The program's own finished games, oldest first by the time recorded inside (other
        files, and finished games it cannot read, are never counted nor deleted)."""
        if not self.finished_dir.is_dir():
            return []
        games: list[tuple[str, str, Path]] = []
        for path in self.finished_dir.iterdir():
            if not FINISHED_NAME.match(path.name) or not path.is_file():
                continue
            try:
                ended = read_save(path).ended
            except (OSError, SaveError):
                continue
            games.append((ended, path.name, path))
        return [path for _ended, _name, path in sorted(games)]

    def latest(self) -> Path | None:
        """The game to replay when none is named: the last finished (the one a player asks to
        hear again), else the one in progress."""
        if self.finished_dir.is_dir():
            own = [path for path in self.finished_dir.iterdir() if FINISHED_NAME.match(path.name)]
            if own:
                return max(own, key=lambda path: path.name)  # named by the time written
        return self.path if self.path.exists() else None


def encode(saved: SavedGame) -> str:
    """The file's text, as :meth:`SaveStore.save` writes it."""
    return json.dumps(saved.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n"
