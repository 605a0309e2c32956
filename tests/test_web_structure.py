"""The page's structure in a real browser, on the real server: every control named with a role
and the live regions live (Chromium's accessibility tree, through the DevTools protocol); axe-core
finds no WCAG 2.2 A/AA violation on the first view, the lobby, the new-table form of each game
and each game's table; the page at 400% zoom, with reduced motion, with visible focus; in
Italian when the browser asks for it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import (
    ax_nodes,
    ax_value,
    axe_violations,
    chromium,
    describe,
    live_regions,
    texts,
    unnamed_controls,
    wait_for,
)
from tests.web_support import create_table, enter_lobby, keys, live_server, start_game

pytestmark = pytest.mark.browser


def clean(driver: Any, where: str) -> None:
    assert unnamed_controls(driver) == [], where
    violations = axe_violations(driver)
    assert violations == [], f"{where}: {describe(violations)}"


def test_first_view_lobby_and_every_setup_form(tmp_path: Path, browser: Any) -> None:
    driver = browser
    with live_server(tmp_path) as server:
        driver.get(server["url"])
        wait_for(lambda: driver.execute_script("return Boolean(window.audiogame)"))
        assert driver.find_element("css selector", "html").get_attribute("lang") == "en"
        regions = live_regions(driver)
        assert regions.get("history-log") == "polite"
        assert regions.get("echo") == "polite"
        assert "urgent" not in regions
        roles = {ax_value(node, "role") for node in ax_nodes(driver) if not node.get("ignored")}
        assert {"banner", "main", "log", "status", "heading"} <= roles
        clean(driver, "first view")
        enter_lobby(driver, server["url"], "Anna")
        assert texts(driver, "#no-tables") == ["No table is open. Create one below."]
        for game in ("battle", "scientific", "cardavia"):
            driver.find_element("id", f"game-{game}").click()
            shown = driver.execute_script(
                "return [...document.querySelectorAll('#create-form [data-for]')]"
                ".filter(e => !e.hidden).map(e => e.querySelector('[id]').id)"
            )
            wanted = {
                "battle": ["deck_battle", "face_down_battle", "open_battle", "trick_limit_battle"],
                "scientific": ["trick_limit_scientific"],
                "cardavia": ["deals_cardavia"],
            }
            assert shown == wanted[game]
            players = driver.find_element("id", "players")  # its limits are the game's facts
            limits = {"battle": (True, "6"), "scientific": (True, "8"), "cardavia": (False, "3")}
            assert (players.is_displayed(), players.get_attribute("max")) == limits[game]
            clean(driver, f"the new {game} table form")


@pytest.mark.parametrize("game", ["cardavia", "scientific", "battle"])
def test_each_table_is_named_live_and_clean(tmp_path: Path, game: str, browser: Any) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = browser
    with live_server(tmp_path) as server:
        enter_lobby(driver, server["url"], "Anna")
        options: dict[str, Any] = {"open_battle": "on"} if game == "battle" else {}
        create_table(driver, game, **options)
        start_game(driver)
        wait_for(lambda: texts(driver, "#state li"))
        region = [n for n in ax_nodes(driver) if ax_value(n, "role") == "listbox"]
        assert [ax_value(n, "name") for n in region] == ["Game table: the game keys work here"]
        if game != "battle":  # classic Battaglia holds no hand: the stock is face down
            pressed = driver.find_elements("css selector", "#hand button[aria-pressed]")
            assert len(pressed) == len(texts(driver, "#hand li")) > 0
        assert driver.find_elements("css selector", "#actions button")
        clean(driver, f"the {game} table")
        # F1: the keys help, the game's own keys among the page's; focus on its heading.
        keys(driver, Keys.F1)
        wait_for(lambda: driver.switch_to.active_element.get_attribute("id") == "keys-h")
        help_lines = texts(driver, "#keys-list li") + texts(driver, "#game-keys li")
        assert "F2 or Alt+R: repeat the last message." in help_lines
        assert any(line.startswith("Left and Right arrows") for line in help_lines) or (
            game == "battle"
        )
        clean(driver, f"the {game} table with its keys help")
        driver.find_element("id", "keys-close").send_keys(Keys.ENTER)
        wait_for(lambda: driver.switch_to.active_element.get_attribute("id") == "play")


def test_400_percent_zoom_reduced_motion_and_visible_focus(tmp_path: Path) -> None:
    with live_server(tmp_path) as server, chromium() as driver:
        # 1280 CSS pixels at 400% leave 320: the page must need no sideways scrolling.
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": 320, "height": 640, "deviceScaleFactor": 4, "mobile": False},
        )
        driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia",
            {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]},
        )
        enter_lobby(driver, server["url"], "Anna")
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0
        behaviour = driver.execute_script(
            "return getComputedStyle(document.documentElement).scrollBehavior"
        )
        assert behaviour == "auto"
        button = driver.find_element("id", "refresh")
        keys(driver)  # the page has had a key: focus rings are for keyboard users
        driver.execute_script("arguments[0].focus()", button)
        outline = driver.execute_script(
            "const s = getComputedStyle(arguments[0]); return [s.outlineStyle, s.outlineWidth]",
            button,
        )
        assert outline[0] != "none" and outline[1] != "0px"


def test_the_page_in_italian_when_the_browser_asks_for_it(tmp_path: Path) -> None:
    with live_server(tmp_path) as server, chromium("it") as driver:
        driver.get(server["url"])
        assert driver.find_element("css selector", "html").get_attribute("lang") == "it"
        assert texts(driver, "#enter-h") == ["Il tuo nome"]
        assert driver.find_element("css selector", "#enter-form button").text == "Entra nella sala"
