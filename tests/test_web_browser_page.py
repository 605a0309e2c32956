"""The page in a real browser before any table: its structure for screen readers (names, roles,
live regions in Chromium's accessibility tree), axe-core's WCAG 2.2 AA check, and a server that
goes away under the page."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import (
    axe_violations,
    chromium,
    describe,
    live_regions,
    texts,
    unnamed_controls,
    wait_for,
)
from tests.web_support import page_server

pytestmark = pytest.mark.browser


async def refuse(connection: Any) -> None:
    await connection.close(1011, "no tables here")


def test_the_first_view_has_names_roles_live_regions_and_no_axe_violation() -> None:
    with page_server(refuse) as server, chromium() as driver:
        driver.get(server["url"])
        wait_for(lambda: driver.execute_script("return Boolean(window.audiogame)"))
        assert driver.find_element("css selector", "html").get_attribute("lang") == "en"
        assert unnamed_controls(driver) == []
        regions = live_regions(driver)
        assert regions.get("history-log") == "polite"
        assert regions.get("urgent") == "assertive"
        violations = axe_violations(driver)
        assert violations == [], describe(violations)


def test_the_page_in_italian_when_the_browser_asks_for_it() -> None:
    with page_server(refuse) as server, chromium("it") as driver:
        driver.get(server["url"])
        assert driver.find_element("css selector", "html").get_attribute("lang") == "it"
        assert texts(driver, "#enter-h") == ["Il tuo nome"]
        assert driver.find_element("css selector", "#enter-form button").text == "Entra"


def test_a_server_that_is_gone_is_said_once_and_the_page_stays_usable() -> None:
    with page_server(refuse) as server, chromium() as driver:
        driver.get(server["url"])
        server["stop"]()
        driver.find_element("id", "name").send_keys("Anna")
        driver.find_element("css selector", "#enter-form button").click()
        unreachable = "The server cannot be reached. Trying again in 1 seconds."
        wait_for(lambda: unreachable in texts(driver, "#history li"))
        # It keeps trying, silently: the status line changes, the history does not.
        wait_for(lambda: "2 seconds" in driver.find_element("id", "status").text)
        history = texts(driver, "#history li")
        assert history.count(unreachable) == 1
        assert not any("2 seconds" in line for line in history)
        # The page answers keys and clicks meanwhile.
        driver.find_element("id", "voice").click()
        wait_for(lambda: "The browser's voice is on." in texts(driver, "#history li"))
