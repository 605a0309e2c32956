"""The page offers the automatic pass of Cardavia in its Options, in the words of the terminal's
options menu; the box's state reaches the server for the page's seat, when the seat is taken and
whenever it changes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import wait_for
from tests.web_support import create_table, enter_lobby, live_server

pytestmark = pytest.mark.browser


def test_the_automatic_pass_box_is_the_seat_option(tmp_path: Path, browser: Any) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = browser
    with live_server(tmp_path) as server:
        enter_lobby(driver, server["url"], "Anna")
        box = driver.find_element("id", "auto-pass")
        label = driver.find_element("css selector", "label[for='auto-pass']").text
        assert label == "Automatic pass in Cardavia"
        assert not box.is_selected()  # off by default, as offline
        box.send_keys(Keys.SPACE)
        code = create_table(driver, "cardavia", people=1)
        room = server["server"].rooms[code]
        wait_for(lambda: room.seats[0].options == {"auto_pass": True},
                 message=f"kept: {room.seats[0].options}")  # fmt: skip
        box = driver.find_element("id", "auto-pass")
        driver.execute_script("arguments[0].scrollIntoView()", box)
        box.send_keys(Keys.SPACE)  # off again, at the table
        wait_for(lambda: room.seats[0].options == {"auto_pass": False},
                 message=f"kept: {room.seats[0].options}")  # fmt: skip
