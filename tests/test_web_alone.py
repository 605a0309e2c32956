"""The page that plays alone, in a real browser: the folder ``audiogame export-web`` writes,
served by a plain static file server (no ``audiogame`` process), played by keys only. Every
word comes from the program running in the page's worker under Pyodide."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import ROOT, axe_violations, chromium, describe, texts, wait_for
from tests.web_support import answer_to, history, keys, play_first_or_pass, said, wait_said

pytestmark = pytest.mark.browser

PYODIDE = ROOT / "node_modules" / "pyodide"
LOADING = 90.0
"""Seconds a first visit may take to start Pyodide on a loaded machine (measured in bench/)."""


FOLDERS: dict[str, Path] = {}
"""The exported folder behind each served address."""


def driver_folder(url: str) -> Path:
    return FOLDERS[url]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The exported folder, served by Python's own static file server; its address."""
    from tests.screenreader_play import exported_site

    folder = tmp_path_factory.mktemp("site")
    with exported_site(folder) as url:
        FOLDERS[url] = folder
        yield url


def state(driver: Any) -> str:
    return " ".join(texts(driver, "#state li"))


def opened(driver: Any, url: str, first: str = "Main menu.") -> None:
    driver.get(url)
    wait_said(driver, first, timeout=LOADING)
    wait_for(lambda: driver.switch_to.active_element.get_attribute("id") == "play",
             message="the game region never had the focus")  # fmt: skip


def menu_to(driver: Any, item: str) -> None:
    """Down the menu until ``item`` is said, then Enter."""
    from selenium.webdriver.common.keys import Keys

    for _step in range(12):
        if answer_to(driver, Keys.ARROW_DOWN).startswith(item):
            keys(driver, Keys.ENTER)
            return
    raise AssertionError(f"no {item!r} in the menu: {said(driver)[-12:]}")


def page_key(name: str) -> str:
    """Selenium's key for a key named as the terminal's tests name it."""
    from selenium.webdriver.common.keys import Keys

    named = {"enter": Keys.ENTER, "down": Keys.ARROW_DOWN, "up": Keys.ARROW_UP,
             "left": Keys.ARROW_LEFT, "right": Keys.ARROW_RIGHT, "home": Keys.HOME,
             "end": Keys.END, "space": Keys.SPACE, "escape": Keys.ESCAPE}  # fmt: skip
    return named.get(name, name)


def program_words(driver: Any) -> list[str]:
    """What the program kept in its history, in order (without the page's own words)."""
    words: list[str] = driver.execute_script("return window.audiogame.program")
    return words


def from_the_table(words: list[str], first: str) -> list[str]:
    """The words from the table's opening on (the menus before it differ: a page offers no
    online play and no Quit)."""
    starts = [index for index, line in enumerate(words) if line.startswith(first)]
    assert starts, f"never said {first!r}: {words[:12]}"
    return words[starts[0] :]


def page_history(driver: Any) -> list[str]:
    """The page's history without the page's own words (loading, sound on)."""
    script = "return Object.values(JSON.parse(document.getElementById('words').textContent))"
    own = set(driver.execute_script(script))
    return [line for line in history(driver) if line not in own]


def all_in_the_history(driver: Any) -> None:
    """Every message kept by the program is in the page's history, once, in order (an entry is
    written once the messages that come together have all come)."""
    shown = f"history {page_history(driver)[-5:]} != {program_words(driver)[-5:]}"
    wait_for(lambda: page_history(driver) == program_words(driver), message=shown)


def press_and_wait(driver: Any, name: str) -> None:
    """Press a key and wait for the program's answer to it (a batch: at least one message)."""
    before = driver.execute_script("return window.audiogame.batches")
    keys(driver, page_key(name))
    wait_for(lambda: driver.execute_script("return window.audiogame.batches") > before,
             message=f"no answer to {name!r}: {said(driver)[-4:]}")  # fmt: skip


BATTAGLIA_SETUP = ["enter", "down", "down", "right", "down", "down", "down", "left", "left",
                   "left", "left", "end", "up", "4", "2", "home", "enter"]  # fmt: skip
"""Battaglia with 32 cards, at most 100 tricks, deal number 42, from the main menu."""


def test_a_whole_battaglia_game_alone_says_what_the_terminal_says(site: str) -> None:
    from audiogame.testing import drive

    with chromium() as driver:
        opened(driver, site)
        assert history(driver)[-1] == "Main menu. Battaglia (War), 1 of 7"
        for name in BATTAGLIA_SETUP:
            press_and_wait(driver, name)
        wait_said(driver, "Battaglia, deal number 42: you and Anna. 16 cards each.")
        played = list(BATTAGLIA_SETUP)
        while "Game over" not in " ".join(program_words(driver)[-3:]):
            press_and_wait(driver, "space")
            played.append("space")
            assert len(played) < 300, f"no end: {state(driver)}"
        page = from_the_table(program_words(driver), "Battaglia, deal number 42")
        assert any(line.startswith("Game over: ") for line in page)
        # Every message kept by the program is in the page's history, once, in order.
        all_in_the_history(driver)
        violations = axe_violations(driver)
        assert violations == [], describe(violations)
    terminal = drive(played).app.narrator.history
    assert page == from_the_table(terminal, "Battaglia, deal number 42")


SCIENTIFIC_SETUP = ["down", "enter", "down", "down", "left", "left", "end", "up", "7", "home",
                    "enter"]  # fmt: skip
"""Battaglia scientifica with at most 100 tricks, deal number 7, from the main menu."""


def test_a_scientific_battle_game_alone_says_what_the_terminal_says(site: str) -> None:
    from audiogame.testing import drive

    with chromium() as driver:
        opened(driver, site)
        for name in SCIENTIFIC_SETUP:
            press_and_wait(driver, name)
        wait_said(driver, "Battaglia scientifica: you and Anna. 14 cards each.")
        played = list(SCIENTIFIC_SETUP)
        # Enter says the card first ("Enter again chooses it"), then chooses it.
        while "The game is over" not in state(driver):
            press_and_wait(driver, "enter")
            played.append("enter")
            assert len(played) < 700, f"no end: {state(driver)}"
        page = from_the_table(program_words(driver), "Battaglia scientifica: you and Anna.")
        assert sum(line.startswith("You choose") for line in page) >= 20  # 20 tricks at least
        all_in_the_history(driver)
        violations = axe_violations(driver)
        assert violations == [], describe(violations)
    terminal = drive(played).app.narrator.history
    assert page == from_the_table(terminal, "Battaglia scientifica: you and Anna.")


CARDAVIA_FAST = ["down", "down", "down", "down", "enter", "down", "left", "left", "left",
                 "escape", "up", "up", "enter", "end", "up", "5", "home", "enter"]  # fmt: skip
"""From the main menu: the options' pace at its quickest (0.3 s), then Cardavia deal number 5,
which lasts beyond the player's fourth turn (a random deal could end before it, and the test
waited for a turn that never came)."""


def test_a_cardavia_deal_alone_resumed_after_the_browser_is_closed(
    site: str, tmp_path: Path
) -> None:
    profile = tmp_path / "profile"
    with chromium(profile=profile) as driver:
        opened(driver, site)
        for name in CARDAVIA_FAST:
            press_and_wait(driver, name)
        wait_said(driver, "Order of play:")
        for _turn in range(3):
            wait_for(lambda: "Your turn" in state(driver), timeout=60,
                     message=f"stuck: {state(driver)}")  # fmt: skip
            play_first_or_pass(driver)
        wait_for(lambda: "Your turn" in state(driver), timeout=60, message=state(driver))
        before = state(driver)
        hand = texts(driver, "#hand button")
    # The browser is gone; started again, the page offers the game where it was.
    with chromium(profile=profile) as driver:
        opened(driver, site, first="An interrupted game can be resumed: Cardavia")
        press_and_wait(driver, "enter")
        wait_for(lambda: state(driver) == before, timeout=30,
                 message=f"not where it was: {state(driver)!r} instead of {before!r}")  # fmt: skip
        assert texts(driver, "#hand button") == hand
        turns = 0
        while "The deal is over." not in state(driver):
            wait_for(lambda: "Your turn" in state(driver) or "The deal is over." in state(driver),
                     timeout=60, message=f"stuck: {state(driver)}")  # fmt: skip
            if "The deal is over." in state(driver):
                break
            play_first_or_pass(driver)
            turns += 1
            assert turns < 80
        assert any(line.startswith("You: ") or line == "You pass." for line in history(driver))
        all_in_the_history(driver)


def test_italian_and_the_practice_quiz_in_the_page_alone(site: str) -> None:
    with chromium(language="it") as driver:
        opened(driver, site + "index-it.html", first="Menu principale.")
        assert driver.execute_script("return document.documentElement.lang") == "it"
        assert history(driver)[-1] == "Menu principale. Battaglia, 1 di 7"
        for name in ["down", "down", "down", "enter"]:
            press_and_wait(driver, name)
        wait_said(driver, "Esercizio sui suoni. Ascolta: Battaglia, 1 di 10")
        for _step in range(5):
            press_and_wait(driver, "down")
        assert said(driver)[-1].startswith("Quiz: Battaglia"), said(driver)[-3:]
        press_and_wait(driver, "enter")
        wait_said(driver, "Quiz: Battaglia, 10 domande su 9 suoni.")
        press_and_wait(driver, "enter")
        wait_said(driver, "Domanda 1 di 10.")
        played = len(driver.execute_script("return window.audiogame.cues.played"))
        press_and_wait(driver, "enter")  # the first meaning offered, right or wrong
        wait_for(lambda: {"answer_right", "answer_wrong"} & {
            name for name, _pan in driver.execute_script(
                "return window.audiogame.cues.played")[played:]},
            message="no answer's cue")  # fmt: skip
        violations = axe_violations(driver)
        assert violations == [], describe(violations)


def test_after_the_first_visit_the_page_plays_with_no_network(tmp_path: Path) -> None:
    """The service worker keeps every file: with the site's server gone, the page still
    opens and plays."""
    folder = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "audiogame", "export-web", str(folder), "--pyodide", str(PYODIDE)],
        capture_output=True, text=True, check=True, cwd=ROOT,
    )  # fmt: skip
    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
         "--directory", str(folder)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    assert server.stdout is not None
    port = re.search(r"port (\d+)", server.stdout.readline())
    assert port
    url = f"http://127.0.0.1:{port.group(1)}/"
    try:
        with chromium(profile=tmp_path / "profile") as driver:
            opened(driver, url)
            wait_for(lambda: driver.execute_script(
                "return Boolean(navigator.serviceWorker.controller)"), timeout=LOADING,
                message="the service worker never took the page")  # fmt: skip
            server.terminate()
            server.wait(10)
            driver.get("about:blank")
            opened(driver, url)
            press_and_wait(driver, "enter")
            press_and_wait(driver, "enter")
            wait_said(driver, "Battaglia, deal number")
    finally:
        server.terminate()
        server.wait(10)


def test_the_servers_page_offers_to_play_alone_and_its_page_plays(
    site: str, tmp_path: Path
) -> None:
    """``audiogame serve --alone FOLDER``: the online page links to the page alone, which
    plays from the server's own origin under its content security policy."""
    from audiogame.web import pages
    from tests.web_support import live_server

    folder = Path(driver_folder(site))
    assert pages.serve_alone(folder) is None
    try:
        with live_server(tmp_path) as server, chromium() as driver:
            driver.get(server["url"])
            link = wait_for(lambda: driver.find_element("css selector", "#alone a"))
            assert link.text == "Or play alone in this browser, against computer players"
            link.click()
            opened(driver, server["url"] + "alone/")
            press_and_wait(driver, "enter")
            press_and_wait(driver, "enter")
            wait_said(driver, "Battaglia, deal number")
    finally:
        pages._ALONE.clear()
        pages.page.cache_clear()


def test_a_second_tab_plays_but_keeps_nothing_and_says_so(site: str, tmp_path: Path) -> None:
    with chromium(profile=tmp_path / "profile") as driver:
        opened(driver, site)
        for name in ["enter", "enter", "space"]:
            press_and_wait(driver, name)
        first = driver.current_window_handle
        driver.switch_to.new_window("tab")
        opened(driver, site)
        wait_said(driver, "The game is open in another tab of this browser")
        assert not any("interrupted game" in line for line in history(driver))
        driver.close()
        driver.switch_to.window(first)
        press_and_wait(driver, "space")  # the first tab still plays and keeps its game
