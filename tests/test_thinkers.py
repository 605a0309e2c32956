"""The pool of worker processes where computer players think: work that cannot go to a worker
is done in the server's process instead, and said in the log."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from audiogame.online.thinkers import Thinkers


def twice(function: Any) -> Any:
    return 2 * function()


def test_work_that_cannot_be_sent_to_a_worker_is_done_in_the_server() -> None:
    said: list[str] = []
    thinkers = Thinkers(2, say=said.append)

    async def go() -> Any:
        return await thinkers.run("table TEST seat 1", twice, lambda: 21)  # a lambda: no pickle

    try:
        assert asyncio.run(go()) == 42
    finally:
        thinkers.shutdown()
    assert thinkers.in_process == 1
    assert said == ["table TEST seat 1 thinks in the server process: the worker processes failed"]


def test_no_worker_can_start_then_every_decision_is_made_in_the_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    said: list[str] = []
    thinkers = Thinkers(2, say=said.append)

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise OSError("no processes allowed")

    monkeypatch.setattr(thinkers.pool, "submit", refuse)

    async def go() -> Any:
        return await thinkers.run("table TEST seat 2", twice, int)

    try:
        assert asyncio.run(go()) == 0
    finally:
        thinkers.shutdown()
    assert thinkers.in_process == 1 and thinkers.restarts == 0
    assert said == ["table TEST seat 2 thinks in the server process: the worker processes failed"]


def fails() -> None:
    raise ValueError("a bug in a computer player")


def test_a_computer_player_that_fails_in_a_worker_fails_as_it_would_in_the_server() -> None:
    said: list[str] = []
    thinkers = Thinkers(2, say=said.append)

    async def go() -> Any:
        return await thinkers.run("table TEST seat 1", fails)

    try:
        with pytest.raises(Exception, match="ValueError: a bug in a computer player"):
            asyncio.run(go())
    finally:
        thinkers.shutdown()
    assert thinkers.in_process == 0 and said == []  # not tried again: it would fail again
