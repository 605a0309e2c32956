"""Seats that never stall, heard in a real browser on the real server: a player who drops is
taken over by a computer player after the table's grace period, and the page says so; the turn
timer's spoken warning reaches the page (urgent), then a computer player moves for its seat."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest

from tests.browser import wait_for
from tests.online_support import Recorder
from tests.web_support import enter_lobby, history, live_server, wait_said

pytestmark = pytest.mark.browser
T = TypeVar("T")


class Remote:
    """A protocol client (Bruno) in an event loop of its own, so that it stays connected while
    the test drives the browser."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, work: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(30)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@contextmanager
def bruno_hosts(url: str, **table: Any) -> Iterator[tuple[Remote, Recorder, str]]:
    """Bruno creates a table of Battaglia for two (``table``: grace, turn_timer); its code."""
    remote = Remote()
    bruno = Recorder(url.replace("http", "ws", 1), "Bruno")

    async def create() -> str:
        await bruno.open()
        options = {"players": 2, "deck": 32, "trick_limit": 100}
        await bruno.send({"type": "create", "game": "battle", "seats": ["person", "person"],
                          "options": options, **table})  # fmt: skip
        return str((await bruno.expect("joined"))["table"]["id"])

    try:
        yield remote, bruno, remote.run(create())
    finally:
        remote.run(bruno.close())
        remote.stop()


def anna_joins(driver: Any, url: str, code: str) -> None:
    from selenium.webdriver.common.keys import Keys

    enter_lobby(driver, url, "Anna")
    driver.find_element("id", "code").send_keys(code, Keys.ENTER)
    wait_for(lambda: driver.find_element("id", "table").is_displayed())


def test_a_dropped_player_taken_over_is_said_in_the_page(tmp_path: Path, browser: Any) -> None:
    driver = browser
    with live_server(tmp_path) as server, bruno_hosts(server["url"], grace=1) as (remote, bruno,
                                                                                 code):  # fmt: skip
        anna_joins(driver, server["url"], code)

        async def start_then_drop() -> None:
            await bruno.expect("presence")  # Anna sat down
            await bruno.send({"type": "start"})
            await bruno.expect("started")
            await bruno.close()  # the connection is gone: the seat waits for the grace period

        remote.run(start_then_drop())
        wait_said(driver, "Bruno has lost the connection; the seat is kept.")
        wait_said(driver, "A computer player plays for Bruno until they return.")
        said = history(driver)
        assert said.index("A computer player plays for Bruno until they return.") > said.index(
            "Bruno has lost the connection; the seat is kept.")  # fmt: skip


def test_the_turn_timer_warning_is_said_in_the_page(tmp_path: Path, browser: Any) -> None:
    driver = browser
    with live_server(tmp_path) as server, bruno_hosts(server["url"], turn_timer=2) as (
        remote, bruno, code):  # fmt: skip
        anna_joins(driver, server["url"], code)

        async def start() -> None:
            await bruno.expect("presence")
            await bruno.send({"type": "start"})
            await bruno.expect("started")

        remote.run(start())
        warning = "Your time is running out: in 2 seconds a computer player moves for you."
        wait_for(lambda: warning in history(driver),
                 message=f"no warning: {history(driver)[-5:]}")  # fmt: skip
        # Nobody pressed a key: the timers moved for both seats, and the trick was played.
        wait_said(driver, "You: ")
        assert driver.find_element("id", "table").is_displayed()
