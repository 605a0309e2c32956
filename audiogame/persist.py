"""Files the program keeps (options, saved games, finished games, practice scores): read with
limits, written atomically, set aside when damaged. One place for all of them.

Reading: only a regular file, at most :data:`MAX_BYTES`, strict JSON (no ``NaN``, no infinite
or absurd numbers, at most :data:`MAX_DEPTH` levels of nesting); anything else is a
:class:`FileProblem`. Each file then checks its own schema (its strict dataclass).

Writing: to a temporary file with a unique name created safely (``O_EXCL``: a planted link is
never followed) in the same folder, flushed to the disk, then renamed over the old file, so
that a crash or a power cut leaves the old file or the new one, never half of one, and two
copies of the program never write into each other's temporary file.

Setting aside: a damaged file is renamed ``NAME.bad-<time>`` (the same bytes, never an earlier
one overwritten); whether that worked is returned, so that "kept aside" is said only when true.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> write_json(folder / "x.json", {"a": [1, 2.5, "b"]})
>>> read_json(folder / "x.json")
{'a': [1, 2.5, 'b']}
>>> parse_json(b'{"rate": 1e400}')
Traceback (most recent call last):
...
audiogame.persist.FileProblem: corrupt file: not a finite number: '1e400'
>>> clean_text("Anna\\x1b[2J\\u202e")
'Anna[2J'
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import stat
import tempfile
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

MAX_BYTES = 4 * 1024 * 1024
"""The largest file read: a save of a very long game is well under 1 MB."""
MAX_DEPTH = 16
"""The deepest nesting of lists and objects any file of the program has (a save: 4)."""
MAX_NUMBER = 10**18
"""The largest whole number a file may hold (a deal number, a score)."""
_STRIPPED = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
"""Control, format (bidirectional overrides, zero-width), surrogate, private and unassigned
characters, line and paragraph separators: never shown nor spoken from a file."""


class FileProblem(ValueError):
    """A file that cannot be used; ``problem`` is ``"corrupt"``, ``"unreadable"`` or
    ``"newer"``."""

    def __init__(self, problem: str, detail: str) -> None:
        super().__init__(f"{problem} file: {detail}")
        self.problem = problem
        self.detail = detail


def corrupt(detail: str) -> FileProblem:
    return FileProblem("corrupt", detail)


def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path`` (``FileNotFoundError`` when there is none). Not a regular file
    (a device, a pipe, a folder), larger than ``limit``, or unreadable: :class:`FileProblem`.
    Never blocks on a pipe, never reads more than ``limit`` bytes."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise FileProblem("unreadable", error.strerror or str(error)) from error
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem("unreadable", "not a regular file")
        if info.st_size > limit:
            raise FileProblem("corrupt", f"{info.st_size} bytes, more than {limit}")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(65536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise FileProblem("corrupt", f"more than {limit} bytes")
        return b"".join(chunks)
    except OSError as error:
        raise FileProblem("unreadable", error.strerror or str(error)) from error
    finally:
        os.close(fd)


def _constant(name: str) -> Any:
    raise corrupt(f"not a finite number: {name!r}")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise corrupt(f"not a finite number: {text!r}")
    return value


def _int(text: str) -> int:
    value = int(text)
    if abs(value) > MAX_NUMBER:
        raise corrupt(f"a number too large: {text[:20]!r}")
    return value


def parse_json(data: bytes, max_depth: int = MAX_DEPTH) -> Any:
    """Strict JSON from ``data``: :class:`FileProblem` for text that is not UTF-8
    (``"unreadable"``), or not JSON, or holds non-finite or huge numbers, or is nested deeper
    than ``max_depth`` (``"corrupt"``)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileProblem("unreadable", "not UTF-8 text") from error
    try:
        value = json.loads(text, parse_constant=_constant, parse_float=_float, parse_int=_int)
    except FileProblem:
        raise
    except (ValueError, RecursionError) as error:
        raise corrupt(str(error)[:200] or "not JSON") from error
    if depth(value) > max_depth:
        raise corrupt(f"nested deeper than {max_depth}")
    return value


def depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (a number or text: 0), without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children)
    return deepest


def read_json(path: Path, limit: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """:func:`read_bytes` then :func:`parse_json`."""
    return parse_json(read_bytes(path, limit), max_depth)


REPLACE_WAITS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.25, 0.25, 0.25)
"""Seconds between the tries of :func:`replace` on Windows (about 1.4 s in all)."""


def replace(
    source: str | Path,
    target: str | Path,
    *,
    windows: bool = os.name == "nt",
    wait: Callable[[float], None] = time.sleep,
) -> None:
    """``os.replace``, tried again for a moment on Windows: there an antivirus or the search
    indexer that opened the file just written (or the old one) makes the rename fail with
    ``PermissionError`` until it lets go. Elsewhere, and once the tries are spent, the error
    is the caller's.

    >>> import unittest.mock
    >>> calls = []
    >>> def busy_twice(source, target):
    ...     calls.append(target)
    ...     if len(calls) < 3:
    ...         raise PermissionError(13, "in use by another process")
    >>> with unittest.mock.patch("os.replace", busy_twice):
    ...     replace("a.tmp", "a.json", windows=True, wait=lambda seconds: None)
    >>> len(calls)
    3
    """
    waits = REPLACE_WAITS if windows else ()
    for pause in waits:
        try:
            os.replace(source, target)
        except PermissionError:
            wait(pause)
        else:
            return
    os.replace(source, target)


def write_bytes(path: Path, data: bytes, *, sync: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically (see the module); ``OSError`` when the disk
    refuses, with nothing left behind. ``sync=False`` leaves the flush to the disk to a later
    :func:`sync_file` (the new file is complete the moment it has its name either way: a
    killed program never leaves half of it; only a power cut before the flush could)."""
    path = Path(path)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with open(fd, "wb") as file:
            file.write(data)
            file.flush()
            if sync:
                os.fsync(file.fileno())
        replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    if sync:
        _sync_folder(path.parent)


def sync_file(path: Path) -> None:
    """Flush ``path`` and its folder entry to the disk (``OSError`` when the disk refuses)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    _sync_folder(Path(path).parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_json(path: Path, data: Any, *, indent: int | None = None, sync: bool = True) -> None:
    """``data`` as JSON in ``path``, atomically; compact unless ``indent`` is given."""
    separators = None if indent else (",", ":")
    text = json.dumps(data, ensure_ascii=False, indent=indent, separators=separators)
    write_bytes(path, (text + "\n").encode("utf-8"), sync=sync)


def set_aside(path: Path) -> Path | None:
    """Rename ``path`` to ``NAME.bad-<time>`` (a further ``-N`` when that exists: an earlier
    file set aside is never overwritten); the new path, or None when it could not be renamed
    (a read-only folder) or is already gone."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for attempt in range(1000):
        target = path.with_name(path.name + f".bad-{stamp}" + (f"-{attempt}" if attempt else ""))
        try:
            os.link(path, target, follow_symlinks=False)  # never overwrites an existing file
        except FileExistsError:
            continue
        except OSError as error:
            if error.errno in (errno.ENOENT, errno.EACCES, errno.EROFS, errno.ENOSPC):
                return None
            return _rename_aside(path, target)  # no hard links here (some file systems)
        try:
            os.unlink(path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(target)
            return None
        return target
    return None


def _rename_aside(path: Path, target: Path) -> Path | None:
    stamp_target = target
    for attempt in range(1000):
        if not stamp_target.exists():
            try:
                replace(path, stamp_target)
            except OSError:
                return None
            return stamp_target
        stamp_target = target.with_name(f"{target.name}-r{attempt}")
    return None


def folder_problem(folder: Path) -> OSError | None:
    """Why ``folder`` cannot hold the program's files (it is a file; a part of its path is a
    file; it cannot be written), or ``None``. Nothing is created."""
    path = Path(folder)
    if path.exists() and not path.is_dir():
        return NotADirectoryError(errno.ENOTDIR, "not a folder", str(path))
    probe = path
    while not probe.exists():
        if probe.parent == probe:
            return None
        probe = probe.parent
    if not probe.is_dir():  # an existing file where a folder of the path should be
        return NotADirectoryError(errno.ENOTDIR, "a part of the path is a file", str(probe))
    if not os.access(probe, os.W_OK | os.X_OK):
        return PermissionError(errno.EACCES, "permission denied", str(probe))
    return None


def clean_text(text: str, limit: int = 200) -> str:
    """``text`` without control, bidirectional and other invisible characters, spaces
    collapsed, at most ``limit`` characters: safe to show on a terminal and to speak."""
    kept = "".join(
        " " if char in "\t\n\r" else char
        for char in text
        if char in "\t\n\r" or unicodedata.category(char) not in _STRIPPED
    )
    return " ".join(kept.split())[:limit]
