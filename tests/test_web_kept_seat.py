"""The page as players meet it, in a real browser on the real server: a tab closed and opened
again is back at its seat with the same hand, within the grace period and after it (the
computer player that kept the seat hands it back); automatic play at Battaglia plays a whole
game by itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import texts, wait_for
from tests.web_support import (
    Friend,
    create_table,
    enter_lobby,
    history,
    keys,
    live_server,
    said,
    start_game,
)

pytestmark = pytest.mark.browser
KEPT = "Back to your table: your seat was kept."


def reopened(driver: Any, url: str) -> None:
    """Close the page's tab and open the page again in a new one (the browser keeps its
    storage, as it does for a player who closes the tab)."""
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    second = driver.current_window_handle
    driver.switch_to.window(first)
    driver.close()
    driver.switch_to.window(second)
    driver.get(url)


@pytest.mark.parametrize("grace", [60, 0], ids=["within the grace", "after the grace"])
def test_a_closed_tab_opened_again_is_back_at_its_seat_with_its_hand(
    tmp_path: Path, browser: Any, grace: int
) -> None:
    driver = browser
    with live_server(tmp_path) as server:
        bruno = Friend(server["url"], "Bruno")
        try:
            bruno.send({"type": "create", "game": "scientific", "seats": ["person", "person"],
                        "options": {"players": 2}, "grace": grace})  # fmt: skip
            code = bruno.expect("joined")["table"]["id"]
            enter_lobby(driver, server["url"], "Anna")
            field = driver.find_element("id", "code")
            field.send_keys(code)
            keys(driver, "\ue007")  # Enter: join
            bruno.expect("presence", lambda m: m["what"] == "joined")
            bruno.send({"type": "start"})
            wait_for(lambda: len(texts(driver, "#hand li")) == 14)
            hand = texts(driver, "#hand li")
            reopened(driver, server["url"])
            bruno.expect("presence", lambda m: m["what"] == "dropped")
            if grace == 0:
                bruno.expect("presence", lambda m: m["what"] == "taken_over")
            bruno.expect("presence", lambda m: m["what"] == "returned")
            wait_for(lambda: KEPT in history(driver), message=f"said: {history(driver)[-5:]}")
            wait_for(lambda: texts(driver, "#hand li") == hand,
                     message=f"hand {texts(driver, '#hand li')} against {hand}")  # fmt: skip
            room = server["server"].rooms[code]
            assert room.seats[1].name == "Anna" and room.seats[1].peer is not None
            assert room.table is not None and 1 not in room.table.stand_ins
            assert "Anna" in driver.find_element("id", "status").text
            # Her seat again: a card chosen reaches Bruno as hers.
            assert driver.switch_to.active_element.get_attribute("id") == "play"
            before = len(said(driver))
            keys(driver, "\ue014")  # Right: the second card
            wait_for(lambda: len(said(driver)) > before)
            keys(driver, "\ue007")  # Enter: choose it
            try:
                chosen = bruno.expect("update")
            except TimeoutError:
                raise AssertionError(said(driver)[-6:]) from None
            assert chosen.get("by") == 1  # seat 1 in Bruno's frame: Anna
        finally:
            bruno.close()


def test_automatic_play_on_the_page_plays_a_whole_battaglia_game(
    tmp_path: Path, browser: Any
) -> None:
    """P at a Battaglia table: the page says automatic play is on, then its cards are turned
    up one after another, with no other key, until the game is over."""
    driver = browser
    with live_server(tmp_path) as server:
        enter_lobby(driver, server["url"], "Anna")
        create_table(driver, "battle", players="2", deck_battle="32", trick_limit_battle="100")
        start_game(driver)
        keys(driver, "p")
        wait_for(lambda: any(t.startswith("Automatic play on") for t in history(driver)))

        # The game is played out at the server at once; the page says it at the pace speech
        # can follow (a game played in seconds takes minutes to say): the table is awaited.
        def over() -> bool:
            room = next(iter(server["server"].rooms.values()), None)
            return bool(room is not None and room.table is not None and room.table.match_over)

        wait_for(over, timeout=120, message=f"said: {history(driver)[-5:]}")
        wait_for(lambda: len(history(driver)) > 10, message=f"said: {history(driver)[-5:]}")
        said = history(driver)
        room = next(iter(server["server"].rooms.values()), None)
        moves = [line for line in room.table.log if line.startswith("0 ")] if room else []
    assert said.count(next(t for t in said if t.startswith("Automatic play on"))) == 1
    assert room is not None and room.table is not None and room.table.match_over
    assert len(moves) > 5, said[-10:]


def test_a_password_server_tells_the_page_what_is_missing_and_lets_it_in_with_it(
    tmp_path: Path, browser: Any
) -> None:
    """No password: the page says the server needs one, in its own words, and the status no
    longer says it is connecting; with the password typed, the lobby."""
    from selenium.webdriver.common.keys import Keys

    driver = browser
    needed = "This server needs a password: type it in the password field."
    with live_server(tmp_path, password="s3") as server:
        driver.get(server["url"])
        field = wait_for(lambda: driver.find_element("id", "name"))
        field.send_keys("Anna", Keys.ENTER)
        wait_for(lambda: any(needed in line for line in said(driver)),
                 message=f"said: {said(driver)[-4:]}")  # fmt: skip
        wait_for(lambda: driver.find_element("id", "status").text == needed,
                 message=driver.find_element("id", "status").text)  # fmt: skip
        assert driver.find_element("id", "enter").is_displayed()
        driver.find_element("id", "password").send_keys("s3", Keys.ENTER)
        wait_for(lambda: driver.find_element("id", "lobby").is_displayed())
        assert not server["server"].rooms
