"""Two browser seats and a terminal client at one Cardavia table on the real server: each page
hears the others by name and plays by keys; a page receives words, never engine values, and
never the name of a card another seat holds."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.browser import sockets, texts, wait_for
from tests.online_support import Recorder, play_out
from tests.web_support import (
    create_table,
    enter_lobby,
    history,
    live_server,
    play_first_or_pass,
    start_game,
    wait_said,
)

pytestmark = pytest.mark.browser
PAGE_MESSAGES = {"welcome", "lobby", "joined", "started", "dealt", "say", "show", "hand", "keys",
                 "chat", "error", "closing", "left", "seat_options"}  # fmt: skip


def terminal_seat(url: str, code: str, result: dict[str, Any]) -> threading.Thread:
    """Carla, at the table through the protocol the terminal program speaks: she plays legal
    moves until the deal is over."""

    async def seat() -> None:
        link = Recorder(url, "Carla")
        await link.open()
        await link.send({"type": "join", "table": code, "seat": None})
        await link.expect("joined")
        start = await link.expect("started", timeout=120)
        await play_out(link, 5, start)
        result["frames"] = link.frames
        await link.close()

    thread = threading.Thread(target=asyncio.run, args=(seat(),), daemon=True)
    thread.start()
    return thread


def state(driver: Any) -> str:
    return " ".join(texts(driver, "#state li"))


def test_two_browser_seats_and_a_terminal_client_play_a_deal(tmp_path: Path, browser: Any) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = browser
    with live_server(tmp_path) as server:
        enter_lobby(driver, server["url"], "Anna")
        code = create_table(driver, "cardavia", people=3)
        anna = driver.current_window_handle
        driver.switch_to.new_window("window")
        bruno = driver.current_window_handle
        enter_lobby(driver, server["url"], "Bruno")
        # The lobby lists Anna's table with its free seats; Bruno joins by its code.
        wait_for(lambda: any(code in line for line in texts(driver, "#tables li")))
        driver.find_element("id", "code").send_keys(code, Keys.ENTER)
        wait_for(lambda: driver.find_element("id", "table").is_displayed())
        result: dict[str, Any] = {}
        carla = terminal_seat(server["url"].replace("http", "ws"), code, result)
        driver.switch_to.window(anna)
        wait_said(driver, "Bruno sits at the table.")
        wait_said(driver, "Carla sits at the table.")
        # Chat and who is here, by keys: a message to the table, heard with its sender's name.
        driver.find_element("id", "chat-text").send_keys("good luck", Keys.ENTER)
        wait_said(driver, "Anna says: good luck")
        driver.find_element("id", "who").send_keys(Keys.ENTER)
        wait_said(driver, "At the table: Anna, Bruno and Carla.")
        driver.switch_to.window(bruno)
        wait_said(driver, "Anna says: good luck")
        driver.switch_to.window(anna)
        driver.execute_script("document.getElementById('play').focus()")
        start_game(driver)
        held: dict[str, set[str]] = {anna: set(), bruno: set()}
        done = set()
        for _round in range(400):
            for me in (anna, bruno):
                driver.switch_to.window(me)
                if "The deal is over." in state(driver):
                    done.add(me)
                    continue
                held[me] |= set(texts(driver, "#hand li"))
                if "Your turn" not in state(driver):
                    continue
                play_first_or_pass(driver)
            if done == {anna, bruno}:
                break
        assert done == {anna, bruno}
        carla.join(30)
        for me, name in ((anna, "Bruno"), (bruno, "Anna")):
            driver.switch_to.window(me)
            said = history(driver)
            assert any(line.startswith(f"{name}: ") or line == f"{name} passes." for line in said)
            assert any(line.startswith("Carla: ") or line == "Carla passes." for line in said)
        assert result.get("frames"), "the terminal client played to the end"
        # What each page received: page messages only, and none of the cards the other held
        # named (plays are said by rank; the three of hearts that leads is said to everyone).
        frames = sockets(driver)
        by_name = {}
        for socket in frames.values():
            hello = next((json.loads(f) for f in socket["sent"] if '"hello"' in f), None)
            if hello:
                by_name[hello["name"]] = socket["received"]
        assert set(by_name) == {"Anna", "Bruno"}
        for name, other in (("Anna", bruno), ("Bruno", anna)):
            kinds = {json.loads(frame)["type"] for frame in by_name[name]}
            assert kinds <= PAGE_MESSAGES
            # (The key list names the two of spades for M: it is no card of anybody's.)
            text = "\n".join(f for f in by_name[name] if json.loads(f)["type"] != "keys")
            secret = held[other] - {"three of hearts"}
            assert len(secret) >= 10
            assert [card for card in secret if card in text] == []
