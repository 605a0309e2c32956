"""What three friends met on the page at an online evening, in a real browser on the real
server: who is here and the chat by keys at the table, and the keys help that lists them and
closes with Escape."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import texts, wait_for
from tests.web_support import create_table, enter_lobby, keys, live_server, start_game, wait_said

pytestmark = pytest.mark.browser


def focused(driver: Any) -> str:
    return str(driver.switch_to.active_element.get_attribute("id"))


def test_f5_says_who_is_here_f6_goes_to_the_chat_and_the_keys_help_lists_both(
    tmp_path: Path, browser: Any
) -> None:
    """At the table F5 says who sits there (the page is not reloaded), F6 takes the focus to
    the chat's field; F1 lists both keys, and Escape closes the keys help, back to the game."""
    from selenium.webdriver.common.keys import Keys

    driver = browser
    with live_server(tmp_path) as server:
        enter_lobby(driver, server["url"], "Anna")
        create_table(driver, "scientific", players="2")
        start_game(driver)
        driver.execute_script("window.notReloaded = true")
        keys(driver, Keys.F5)
        wait_said(driver, "At the table: Anna")
        assert driver.execute_script("return window.notReloaded === true")
        assert focused(driver) == "play"
        keys(driver, Keys.F6)
        wait_for(lambda: focused(driver) == "chat-text")
        driver.find_element("id", "chat-text").send_keys("hello", Keys.ENTER)
        wait_said(driver, "Anna: hello")
        driver.execute_script("document.getElementById('play').focus()")
        keys(driver, Keys.F1)
        wait_for(lambda: focused(driver) == "keys-h")
        help_lines = texts(driver, "#keys-list li")
        assert "F5 or Alt+W, at a table: who is at the table." in help_lines
        assert "F6 or Alt+C, at a table: write a message to the table." in help_lines
        keys(driver, Keys.ESCAPE)
        wait_for(lambda: focused(driver) == "play", message=f"focus on {focused(driver)}")
        assert not driver.find_element("id", "keys").is_displayed()
        # F4, the rules, close with Escape too.
        keys(driver, Keys.F4)
        wait_for(lambda: focused(driver) == "rules-h")
        keys(driver, Keys.ESCAPE)
        wait_for(lambda: focused(driver) == "play", message=f"focus on {focused(driver)}")
        assert not driver.find_element("id", "rules").is_displayed()
