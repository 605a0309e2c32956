"""Trouble, in a real browser on the real server: a server that goes away, a dropped network
and the seat taken back on its own, a second tab for the same seat, a closed tab, and a page
modified to send malformed messages. Each is said plainly, once; the page never freezes and
never hears another seat's secrets."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.browser import sockets, texts, wait_for
from tests.web_support import (
    answer_to,
    create_table,
    enter_lobby,
    heard_after,
    history,
    live_server,
    start_game,
    wait_said,
)

pytestmark = pytest.mark.browser
LOST = "Connection lost. Trying to reconnect."
SHUTDOWN = "The server is stopping; your table is saved. Trying to reconnect."
OTHER_TAB = "This seat is now played in another tab or window. Reload this page to take it back."


NO_MOVE = ("You do not hold those cards.", "It is not your turn.")


def send(driver: Any, raw: str) -> None:
    """Send ``raw`` on the page's own connection, as a modified page would."""
    driver.execute_script("window.audiogame.connection.socket.send(arguments[0])", raw)


def seated(driver: Any, url: str, name: str = "Anna") -> None:
    enter_lobby(driver, url, name)
    create_table(driver, "cardavia")
    start_game(driver)
    wait_for(lambda: texts(driver, "#state li"))


def test_a_server_that_is_gone_is_said_once_and_the_page_stays_usable(
    tmp_path: Path, browser: Any
) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = browser
    with live_server(tmp_path) as server:
        driver.get(server["url"])
        server["stop"]()
        field = driver.find_element("id", "name")
        field.clear()
        field.send_keys("Anna", Keys.ENTER)
        unreachable = "The server cannot be reached. Trying again in 1 seconds."
        wait_said(driver, unreachable)
        # It keeps trying, quietly: the status line changes, the history does not.
        wait_for(lambda: "2 seconds" in driver.find_element("id", "status").text)
        assert history(driver).count(unreachable) == 1
        assert not any("2 seconds" in line for line in history(driver))
        driver.find_element("id", "voice").send_keys(Keys.SPACE)
        wait_said(driver, "The browser's voice is")


def test_the_seat_is_taken_back_on_its_own_after_the_server_returns(
    tmp_path: Path, browser: Any
) -> None:
    driver = browser
    with live_server(tmp_path) as server:
        seated(driver, server["url"])
        port = server["server"].port
        before = history(driver)
    # The server stopped (its tables saved): said once, in the server's words.
    wait_said(driver, SHUTDOWN)
    with live_server(tmp_path, port=port):
        wait_said(driver, "Connected again.", timeout=30)
        wait_for(lambda: texts(driver, "#state li"))
        driver.execute_script("document.getElementById('play').focus()")
        assert answer_to(
            driver, "t", accepts=lambda said: "Round" in said
        )  # the same table, by the same keys
        after = history(driver)[len(before) :]
        assert after.count(SHUTDOWN) == 1
        assert LOST not in after
        assert after.count("Connected again.") == 1
        assert driver.find_element("id", "table").is_displayed()


def test_a_second_tab_takes_the_seat_and_the_first_says_so(tmp_path: Path, browser: Any) -> None:
    driver = browser
    with live_server(tmp_path) as server:
        seated(driver, server["url"])
        first = driver.current_window_handle
        token = driver.execute_script("return sessionStorage.getItem('audiogame.token')")
        assert token
        # A duplicated tab carries the tab's session storage, and so the seat's token.
        driver.switch_to.new_window("tab")
        driver.get(server["url"])
        driver.execute_script(
            "sessionStorage.setItem('audiogame.token', arguments[0]);"
            "sessionStorage.setItem('audiogame.name', 'Anna');",
            token,
        )
        driver.get(server["url"])
        wait_for(lambda: driver.find_element("id", "table").is_displayed())
        wait_for(lambda: texts(driver, "#state li"))
        driver.switch_to.window(first)
        wait_said(driver, OTHER_TAB)
        assert history(driver).count(OTHER_TAB) == 1
        # The first tab does not fight for the seat: it stays quiet, and still answers.
        driver.find_element("id", "cues").send_keys(" ")
        wait_said(driver, "Sound cues are off.")
        assert history(driver).count(OTHER_TAB) == 1


def test_a_closed_tab_is_told_to_the_others(tmp_path: Path, browser: Any) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = browser
    with live_server(tmp_path) as server:
        enter_lobby(driver, server["url"], "Anna")
        code = create_table(driver, "cardavia", people=2)
        anna = driver.current_window_handle
        driver.switch_to.new_window("window")
        enter_lobby(driver, server["url"], "Bruno")
        driver.find_element("id", "code").send_keys(code, Keys.ENTER)
        wait_for(lambda: driver.find_element("id", "table").is_displayed())
        bruno = driver.current_window_handle
        driver.switch_to.window(anna)
        wait_said(driver, "Bruno sits at the table.")
        driver.switch_to.window(bruno)
        driver.close()
        driver.switch_to.window(anna)
        wait_said(driver, "Bruno has lost the connection; the seat is kept.")
        assert driver.find_element("id", "table").is_displayed()


def test_malformed_messages_from_a_modified_page_change_nothing(
    tmp_path: Path, browser: Any
) -> None:
    driver = browser
    with live_server(tmp_path) as server:
        seated(driver, server["url"])
        hand = texts(driver, "#hand li")
        sockets(driver)  # from here on
        for raw in [
            "{not json",
            json.dumps({"type": "key", "key": "x" * 40}),
            json.dumps({"type": "pick", "index": 500}),
            json.dumps({"type": "key"}),
            json.dumps({"type": "act", "action": "play 99z"}),
            json.dumps({"type": "deal_code_please"}),
        ]:
            refusal = heard_after(driver, partial(send, driver, raw), lambda said: (
                said.startswith("The server refused:") or said in NO_MOVE))  # fmt: skip
            assert refusal == (
                "The server refused: The server did not understand that request; nothing changed."
            ), raw
        # A card that is not in the hand: the rules refuse it, in words, and nothing changed.
        joker = json.dumps({"type": "act", "action": "play joker"})
        refusal = heard_after(driver, lambda: send(driver, joker), lambda said: (
            said.startswith("The server refused:") or said in NO_MOVE))  # fmt: skip
        assert refusal in NO_MOVE
        assert texts(driver, "#hand li") == hand
        driver.execute_script("document.getElementById('play').focus()")
        assert answer_to(
            driver, "t", accepts=lambda said: "Round 1" in said
        )  # the page and the table go on
        received = [f for s in sockets(driver).values() for f in s["received"]]
        assert received
        assert {json.loads(frame)["type"] for frame in received} <= {
            "say", "show", "hand", "keys", "error"}  # fmt: skip
