"""The page's rules (F4, or Alt+U) and pause menu (Alt+M) in a real browser, by keys and by
buttons: back to the game, the keys, the rules, the options, leaving the table; each listed in
the page's keys help, and axe-core finds nothing to fault with the menu or the rules open."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import axe_violations, describe, texts, wait_for
from tests.web_support import (
    chord,
    create_table,
    enter_lobby,
    focused,
    keys,
    live_server,
    start_game,
    wait_said,
)

pytestmark = pytest.mark.browser


def focus_on(driver: Any, element_id: str) -> None:
    wait_for(lambda: focused(driver) == element_id, message=f"focus on {focused(driver)!r}")


def press_button(driver: Any, element_id: str) -> None:
    """A tap on a button (a touch screen reader activates it by its click)."""
    driver.execute_script("arguments[0].click()", driver.find_element("id", element_id))


def menu_open(driver: Any) -> bool:
    return bool(driver.execute_script("return document.getElementById('pause').open"))


def test_rules_and_pause_menu_by_keys_and_buttons(tmp_path: Path, browser: Any) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = browser
    with live_server(tmp_path) as server:
        enter_lobby(driver, server["url"], "Anna")
        create_table(driver, "cardavia")
        start_game(driver)
        # F4: the rules of the table's game, in the page, focus on their heading.
        keys(driver, Keys.F4)
        focus_on(driver, "rules-h")
        assert texts(driver, "#rules-h") == ["Rules of Cardavia"]
        paragraphs = texts(driver, "#rules-body p")
        assert len(paragraphs) > 3 and any("three of hearts" in p for p in paragraphs)
        violations = axe_violations(driver)
        assert violations == [], f"rules: {describe(violations)}"
        driver.find_element("id", "rules-close").send_keys(Keys.ENTER)
        focus_on(driver, "play")
        chord(driver, Keys.ALT, "u")  # the other key, for browsers that keep F4
        focus_on(driver, "rules-h")
        driver.find_element("id", "rules-close").send_keys(Keys.ENTER)
        focus_on(driver, "play")

        # Alt+M: the pause menu, a modal dialog; Escape closes it, back in the game.
        chord(driver, Keys.ALT, "m")
        wait_for(lambda: menu_open(driver))
        focus_on(driver, "pause-resume")
        entries = ["Back to the game", "Keys", "Rules of the game", "Options", "Leave the table"]
        assert texts(driver, "#pause button") == entries
        violations = axe_violations(driver)
        assert violations == [], f"pause menu: {describe(violations)}"
        keys(driver, Keys.ESCAPE)
        wait_for(lambda: not menu_open(driver))
        focus_on(driver, "play")

        # Back to the game, by Enter on the first entry.
        chord(driver, Keys.ALT, "m")
        focus_on(driver, "pause-resume")
        keys(driver, Keys.ENTER)
        wait_for(lambda: not menu_open(driver))
        focus_on(driver, "play")

        # Keys: the keys help, which lists the rules and the menu.
        chord(driver, Keys.ALT, "m")
        focus_on(driver, "pause-resume")
        keys(driver, Keys.TAB, Keys.ENTER)
        focus_on(driver, "keys-h")
        listed = texts(driver, "#keys-list li")
        assert "F4 or Alt+U: the rules of the game." in listed
        assert any(line.startswith("Alt+M: the pause menu") for line in listed)
        driver.find_element("id", "keys-close").send_keys(Keys.ENTER)
        focus_on(driver, "play")

        # Rules, then Options, from the menu's buttons.
        press_button(driver, "pause-button")
        wait_for(lambda: menu_open(driver))
        press_button(driver, "pause-rules")
        focus_on(driver, "rules-h")
        assert not menu_open(driver)
        driver.find_element("id", "rules-close").send_keys(Keys.ENTER)
        chord(driver, Keys.ALT, "m")
        focus_on(driver, "pause-resume")
        keys(driver, Keys.TAB, Keys.TAB, Keys.TAB, Keys.ENTER)
        focus_on(driver, "options-h")

        # Leave the table: back in the lobby.
        driver.execute_script("document.getElementById('play').focus()")
        chord(driver, Keys.ALT, "m")
        focus_on(driver, "pause-resume")
        keys(driver, Keys.TAB, Keys.TAB, Keys.TAB, Keys.TAB, Keys.ENTER)
        wait_said(driver, "You left the table.")
        wait_for(lambda: driver.find_element("id", "lobby").is_displayed())
