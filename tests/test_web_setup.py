"""The page's new-table form in a real browser, on the real server: a level for each computer
seat (expert too), the grace period and the turn timer, kept by the server; the lobby says each
computer seat's level; axe-core finds nothing to fault in the form."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tests.browser import axe_violations, describe, texts, unnamed_controls, wait_for
from tests.online_support import player
from tests.web_support import create_table, enter_lobby, live_server

pytestmark = pytest.mark.browser


def visible_levels(driver: Any) -> list[str]:
    ids: list[str] = driver.execute_script(
        "return [...document.querySelectorAll('#levels [data-seat]')]"
        ".filter(e => !e.hidden && !e.closest('[hidden]')).map(e => e.querySelector('select').id)"
    )
    return ids


def test_each_seat_level_grace_and_turn_timer_from_the_form(tmp_path: Path, browser: Any) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = browser
    with live_server(tmp_path) as server:

        async def bruno_creates() -> None:
            bruno = await player(server["url"].replace("http", "ws"), "Bruno")
            await bruno.send({"type": "create", "game": "cardavia",
                              "seats": ["person", "bot:expert", "person"]})  # fmt: skip
            await bruno.expect("joined")
            await bruno.close()  # the seat is kept: the table stays listed

        asyncio.run(bruno_creates())
        enter_lobby(driver, server["url"], "Anna")
        wait_for(lambda: any("a computer player (expert)" in t
                             for t in texts(driver, "#tables li")),
                 message=f"{texts(driver, '#tables li')}")  # fmt: skip
        driver.find_element("id", "game-scientific").send_keys(Keys.SPACE)
        players = driver.find_element("id", "players")
        players.clear()
        players.send_keys("4")
        assert visible_levels(driver) == ["level-2", "level-3", "level-4"]
        people = driver.find_element("id", "people")
        people.clear()
        people.send_keys("2")
        assert visible_levels(driver) == ["level-3", "level-4"]
        violations = axe_violations(driver)
        assert violations == [], describe(violations)
        assert unnamed_controls(driver) == []
        levels = {"level-3": "expert", "level-4": "easy", "grace": "120", "turn_timer": "30"}
        code = create_table(driver, "scientific", people=2, players="4", **levels)
        room = server["server"].rooms[code]
        assert [(seat.kind, seat.level) for seat in room.seats[2:]] == [
            ("bot", "expert"), ("bot", "easy")]  # fmt: skip
        assert (room.grace, room.turn_timer) == (120, 30)
