"""The page that plays alone on a phone, by touch: Chromium's mobile emulation, the action
buttons tapped with touch events. When a tap changes the screen (Enter in a menu, Start,
Escape to the pause menu) the focus goes to the game region, whose item is the new screen's
title, straight from the button tapped: never to the page's body (a screen reader on a phone
then says nothing, or the page's top, and the player's finger no longer knows where it is).
A tap that does not change the screen leaves the focus on its button. The page can be added
to a phone's home screen: Chromium finds its manifest whole and the page installable."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.browser import chromium, wait_for
from tests.web_support import said, wait_said

pytestmark = pytest.mark.browser

LOADING = 90.0
"""Seconds a first visit may take to start Pyodide on a loaded machine (measured in bench/)."""

WATCH = """
window.focusSeen = [];
const nameOf = (element) => element ? (element.id || element.dataset.key || element.tagName)
  : "body";
document.addEventListener("focusin", (event) => {
  window.focusSeen.push(nameOf(event.relatedTarget) + " > " + nameOf(event.target));
});
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from tests.screenreader_play import exported_site

    with exported_site(tmp_path_factory.mktemp("site")) as url:
        yield url


def button(driver: Any, key: str) -> Any:
    """The action button named by ``key`` ("Enter", "Space", "Escape")."""
    return wait_for(lambda: driver.execute_script(
        "return [...document.querySelectorAll('#actions button')].find("
        "(b) => b.textContent.startsWith(arguments[0] + ':'))", key),
        message=f"no button {key!r}")  # fmt: skip


def tap(driver: Any, element: Any) -> None:
    """A finger's tap on ``element``: a touch pointer down and up at its middle, as a phone
    sends (touch events, then the click)."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    # At once: the page scrolls smoothly, and a tap at the place the button is moving to would
    # land on another one.
    driver.execute_script(
        "arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element
    )
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")  # type: ignore[no-untyped-call]
    actions = ActionBuilder(driver, mouse=finger)
    moved = actions.pointer_action.move_to(element)  # type: ignore[no-untyped-call]
    moved.pointer_down().pointer_up()
    actions.perform()


def tap_and_wait(driver: Any, key: str) -> None:
    """Tap the button of ``key``, then wait for the program's answer (a batch)."""
    before = driver.execute_script("return window.audiogame.batches")
    tap(driver, button(driver, key))
    wait_for(lambda: driver.execute_script("return window.audiogame.batches") > before,
             message=f"no answer to a tap on {key}: {said(driver)[-4:]}")  # fmt: skip


def heard(driver: Any, words: str) -> bool:
    return words in said(driver)


def focused(driver: Any) -> str:
    name: str = driver.execute_script(
        "const e = document.activeElement;"
        "return !e || e === document.body ? 'body' : (e.id || e.dataset.key || e.tagName);"
    )
    return name


def test_a_tap_that_changes_the_screen_moves_the_focus_to_it_never_to_the_body(
    site: str,
) -> None:
    with chromium(phone=True) as driver:
        assert driver.execute_script("return navigator.maxTouchPoints") > 0
        driver.get(site)
        wait_said(driver, "Main menu.", timeout=LOADING)
        driver.execute_script(WATCH)
        tap_and_wait(driver, "Enter")  # Battaglia: its setup
        wait_said(driver, "Battaglia (War): new game.")
        assert focused(driver) == "play"
        tap_and_wait(driver, "Enter")  # Start the game: the table
        wait_said(driver, "cards each")
        assert focused(driver) == "play"
        tap_and_wait(driver, "Space")  # a trick: the same screen, the same button
        assert focused(driver) == "space"
        tap_and_wait(driver, "Escape")  # the pause menu
        assert focused(driver) == "play"
        tap_and_wait(driver, "Escape")  # back to the table
        assert focused(driver) == "play"
        seen: list[str] = driver.execute_script("return window.focusSeen")
        assert seen == [
            "play > enter",  # the first tap
            "enter > play",  # the setup
            "play > enter",
            "enter > play",  # the table
            "play > space",
            "space > escape",
            "escape > play",  # the pause menu
            "play > escape",
            "escape > play",  # the table again
        ], seen


def test_the_page_can_be_added_to_a_phones_home_screen(site: str) -> None:
    with chromium(phone=True) as driver:
        driver.get(site)
        wait_said(driver, "Main menu.", timeout=LOADING)
        manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
        assert manifest["url"].endswith("/manifest.json"), manifest["url"]
        assert manifest["errors"] == [], manifest["errors"]
        wait_for(lambda: driver.execute_script(
            "return Boolean(navigator.serviceWorker.controller)"), timeout=LOADING,
            message="the service worker never took the page")  # fmt: skip
        errors = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})
        assert errors["installabilityErrors"] == [], errors
        driver.get(site + "index-it.html")
        wait_said(driver, "Menu principale.", timeout=LOADING)
        manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
        assert manifest["url"].endswith("/manifest-it.json"), manifest["url"]
        assert '"start_url": "index-it.html"' in manifest["data"]
        assert '"name": "Audiogame: giochi di carte"' in manifest["data"]


def test_a_page_opened_as_a_file_says_how_to_open_it(tmp_path: Path) -> None:
    """A double click on the exported page opens it from the disk, where a browser runs none
    of its modules: it says, in its language, how to open it instead of staying silent."""
    from audiogame.web.export import page

    folder = tmp_path / "site"
    (folder / "static").mkdir(parents=True)
    (folder / "index.html").write_bytes(page("en"))
    (folder / "index-it.html").write_bytes(page("it"))
    from audiogame.web.export import STATIC

    (folder / "static" / "from_file.js").write_bytes((STATIC / "from_file.js").read_bytes())
    expected = {
        "index.html": "This page was opened as a file: a browser plays it only from a web "
        "address. Open the project's page on the web; or, in the folder that holds this page, "
        "run python3 -m http.server and open http://localhost:8000/; or serve the folder with "
        "audiogame serve --alone FOLDER.",
        "index-it.html": "Questa pagina è stata aperta come file: un browser la gioca solo da "
        "un indirizzo web. Apri la pagina del progetto sul web; oppure, nella cartella che "
        "contiene questa pagina, esegui python3 -m http.server e apri http://localhost:8000/; "
        "oppure servi la cartella con audiogame serve --alone CARTELLA.",
    }
    with chromium() as driver:
        for name, words in expected.items():
            driver.get((folder / name).as_uri())
            wait_for(partial(heard, driver, words), message=f"{name} said {said(driver)}")
            title = driver.find_element("id", "play-title").text
            assert title == words
            assert focused(driver) == "play"
