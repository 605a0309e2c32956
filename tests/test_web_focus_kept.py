"""Focus is never lost between the page's screens: from the name to the lobby, to a table and
back, focus goes from one place straight to the next, never through the page's body (a screen
reader then says the document, or nothing, and the player no longer knows where they are)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import wait_for
from tests.web_support import focused, live_server

pytestmark = pytest.mark.browser

WATCH = """
window.focusSeen = [];
const nameOf = (element) => element ? (element.id || element.tagName) : "body";
document.addEventListener("focusin", (event) => {
  window.focusSeen.push(nameOf(event.relatedTarget) + " > " + nameOf(event.target));
});
"""


def seen(driver: Any) -> list[str]:
    places: list[str] = driver.execute_script("return window.focusSeen")
    return places


def test_focus_goes_from_screen_to_screen_never_through_the_body(
    tmp_path: Path, browser: Any
) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = browser
    with live_server(tmp_path) as server:
        driver.get(server["url"])
        field = wait_for(lambda: driver.find_element("id", "name"))
        field.click()
        driver.execute_script(WATCH)
        field.send_keys("Anna", Keys.ENTER)
        wait_for(lambda: focused(driver) == "lobby-h", message="focus never reached the lobby")
        driver.find_element("id", "game-scientific").send_keys(Keys.SPACE)
        driver.execute_script(
            "document.getElementById('pace').value = '0';"
            "document.getElementById('people').value = '1';"
            "document.getElementById('people').focus();"
        )
        driver.find_element("id", "people").send_keys(Keys.ENTER)
        wait_for(lambda: focused(driver) == "play", message="focus never reached the table")
        driver.find_element("id", "leave").send_keys(Keys.ENTER)
        wait_for(lambda: focused(driver) == "lobby-h", message="focus never came back")
        places = seen(driver)
        moves = [place for place in places if place.endswith(("> lobby-h", "> play"))]
        assert moves == [
            "name > lobby-h",  # the name sent: the lobby
            "people > play",  # the table created: the game region
            "leave > lobby-h",  # the table left: the lobby again
        ], places
