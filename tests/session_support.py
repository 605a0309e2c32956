"""Helpers for the tests that run the program in their own process (a
:class:`audiogame.testing.Session`): a program started on a data folder of its own, keys pressed
and what they made it say, lines said in a given order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from audiogame.testing import Session, make_session, opening


def start_program(
    data_dir: Path, game: str | None = None, config: dict[str, Any] | None = None, **options: Any
) -> Session:
    """A program keeping its saves in ``data_dir``, started at a table of ``game`` with
    ``config`` (no game: at its first screen, where an interrupted game is offered);
    ``options`` go to :func:`audiogame.testing.make_session`."""
    session = make_session(data_dir=data_dir, **options)
    session.app.start(opening(session.app, game, dict(config or {})))
    return session


def press(session: Session, keys: list[str]) -> list[str]:
    """Press ``keys`` one by one; what the program said meanwhile."""
    before = len(session.spoken)
    for key in keys:
        session.app.dispatch(key)
    return session.spoken[before:]


def is_subsequence(needed: list[str], said: list[str]) -> bool:
    """Every line of ``needed`` is in ``said``, in that order (other lines between them)."""
    position = iter(said)
    return all(any(line == text for text in position) for line in needed)
