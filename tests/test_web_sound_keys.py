"""The page's own keys and its sound in a real browser: cues through Web Audio from the server's
OGG files, placed by seat, started by the first key and said once; the history read back with
Page Up and Page Down, the last message repeated with F2 (or Alt+R), the keys help with F1."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import texts, wait_for
from tests.web_support import (
    answer_to,
    chord,
    create_table,
    enter_lobby,
    history,
    keys,
    live_server,
    play_or_pass,
    start_game,
)

pytestmark = pytest.mark.browser


def test_cues_start_with_the_first_key_placed_by_seat_and_said_once(
    tmp_path: Path, browser: Any
) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = browser
    with live_server(tmp_path) as server:
        enter_lobby(driver, server["url"], "Anna")
        create_table(driver, "cardavia")
        start_game(driver)
        for key in (Keys.HOME, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT):
            answer_to(driver, key)
        assert history(driver).count("Sound cues are on.") == 1
        state = driver.execute_script("return window.audiogame.cues.context.state")
        assert state in ("running", "suspended")
        played = driver.execute_script("return window.audiogame.cues.played")
        assert ["menu_move", 0] in played
        # The cue files decode in the browser (the same OGG files as the terminal's).
        decoded = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.audiogame.cues.buffer('your_turn').then(b => done(b ? b.duration : null));"
        )
        assert decoded and decoded > 0
        # The computer players' moves come from their side (Bruno and Carla, left and right).
        wait_for(lambda: "Your turn" in " ".join(texts(driver, "#state li")))
        tab = answer_to(driver, Keys.TAB, accepts=play_or_pass)
        keys(driver, "p" if "P passes" in tab else Keys.ENTER)
        wait_for(lambda: any(pan != 0 for _, pan in driver.execute_script(
            "return window.audiogame.cues.played")))  # fmt: skip
        pans = {pan for _, pan in driver.execute_script("return window.audiogame.cues.played")}
        assert pans <= {-1, 0, 1}


def test_history_read_back_repeat_and_keys_help(tmp_path: Path, browser: Any) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = browser
    with live_server(tmp_path) as server:
        enter_lobby(driver, server["url"], "Anna")
        create_table(driver, "cardavia")
        start_game(driver)
        # The computer players wait for Anna's move: what was said so far stays as it is. Her
        # turn ends the opening (after "Your whole hand: W. All the keys: F1." when she leads)
        # or another's move.
        settled = "return !window.audiogame.announcer.pending.length"
        wait_for(lambda: "Your turn" in " ".join(texts(driver, "#state li")))
        wait_for(lambda: history(driver)[-1].startswith(("Your turn", "Your whole hand: W."))
                 and driver.execute_script(settled))  # fmt: skip
        said = history(driver)
        total = len(said)
        assert answer_to(driver, Keys.PAGE_UP) == f"{said[-2]} ({total - 1} of {total})"
        assert answer_to(driver, Keys.CONTROL, Keys.HOME) == f"{said[0]} (1 of {total})"
        assert answer_to(driver, Keys.SHIFT, Keys.PAGE_DOWN).endswith(f"({total} of {total})")
        assert answer_to(driver, Keys.F2) == history(driver)[-1]
        assert answer_to(driver, Keys.ALT, "r") == history(driver)[-1]
        chord(driver, Keys.ALT, "k")
        wait_for(lambda: driver.switch_to.active_element.get_attribute("id") == "keys-h")
        assert "Space: select or unselect the card you are on." in texts(driver, "#game-keys li")
        keys(driver, Keys.ESCAPE)  # Escape closes the keys help: back to the game
        wait_for(lambda: driver.switch_to.active_element.get_attribute("id") == "play")
        assert not driver.find_element("id", "keys").is_displayed()
        chord(driver, Keys.ALT, "k")  # and its button closes it too
        wait_for(lambda: driver.switch_to.active_element.get_attribute("id") == "keys-h")
        driver.find_element("id", "keys-close").send_keys(Keys.ENTER)
        wait_for(lambda: driver.switch_to.active_element.get_attribute("id") == "play")
