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


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The exported folder, served by Python's own static file server; its address."""
    if not (PYODIDE / "pyodide.asm.wasm").exists():
        from tests.system_deps import need

        need(["pyodide (node_modules/pyodide)"], "scripts/install-browser-test-deps")
    folder = tmp_path_factory.mktemp("site")
    exported = subprocess.run(
        [sys.executable, "-m", "audiogame", "export-web", str(folder), "--pyodide", str(PYODIDE)],
        capture_output=True, text=True, check=False, cwd=ROOT,
    )  # fmt: skip
    assert exported.returncode == 0, exported.stderr
    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
         "--directory", str(folder)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        port = re.search(r"port (\d+)", line)
        assert port, line
        yield f"http://127.0.0.1:{port.group(1)}/"
    finally:
        server.terminate()
        server.wait(10)


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
             "end": Keys.END, "space": Keys.SPACE}  # fmt: skip
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
    own = set(driver.execute_script(
        "return Object.values(JSON.parse(document.getElementById('words').textContent))"))  # fmt: skip
    return [line for line in history(driver) if line not in own]


def press_and_wait(driver: Any, name: str) -> None:
    """Press a key and wait for the program's answer to it (a batch: at least one message)."""
    before = driver.execute_script("return window.audiogame.batches")
    keys(driver, page_key(name))
    wait_for(lambda: driver.execute_script("return window.audiogame.batches") > before,
             message=f"no answer to {name!r}: {said(driver)[-4:]}")  # fmt: skip


BATTAGLIA_SETUP = ["enter", "down", "down", "right", "down", "down", "down",
                   "left", "left", "left", "left", "end", "up", "4", "2", "home", "enter"]  # fmt: skip
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
        assert page_history(driver) == program_words(driver)
        violations = axe_violations(driver)
        assert violations == [], describe(violations)
    terminal = drive(played).app.narrator.history
    assert page == from_the_table(terminal, "Battaglia, deal number 42")


def test_a_cardavia_deal_alone_then_the_tab_closed_and_the_game_resumed(site: str) -> None:
    from selenium.webdriver.common.keys import Keys

    with chromium() as driver:
        opened(driver, site)
        menu_to(driver, "Cardavia")
        wait_said(driver, "Cardavia: new game. Start the game")
        keys(driver, Keys.ENTER)
        wait_said(driver, "16 cards each.")
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
        violations = axe_violations(driver)
        assert violations == [], describe(violations)
