"""What three friends met on the page at an online evening, in a real browser on the real
server: who is here and the chat by keys at the table, and the keys help that lists them and
closes with Escape."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import texts, wait_for
from tests.web_support import (
    Friend,
    create_table,
    enter_lobby,
    focused,
    history,
    keys,
    live_server,
    start_game,
    wait_said,
)

pytestmark = pytest.mark.browser


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
        wait_said(driver, "Anna says: hello")
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


def tricks_told(said: list[str]) -> list[str]:
    """``said`` once it tells three tricks ("Anna takes 2 cards."); else nothing."""
    return said if sum(" take" in t and " card" in t for t in said) >= 3 else []


def test_automatic_play_with_a_person_does_not_say_whom_it_waits_for_at_every_trick(
    tmp_path: Path, browser: Any
) -> None:
    """Anna plays Battaglia on the page with automatic play on, against Dario, a person who
    turns up his card only after hers: the page says the tricks, not "Waiting for Dario."
    after each of her automatic moves. The lobby's line of Dario's table reads as sentences
    ("Watching: 0. Waiting to start.")."""
    driver = browser
    with live_server(tmp_path) as server:
        dario = Friend(server["url"], "Dario")
        try:
            dario.send({"type": "create", "game": "battle", "seats": ["person", "person"],
                        "options": {"players": 2, "deck": 32, "pace": 0}})  # fmt: skip
            code = dario.expect("joined")["table"]["id"]
            enter_lobby(driver, server["url"], "Anna")
            line = wait_for(lambda: [t for t in texts(driver, "#tables li") if code in t])[0]
            assert "Watching: 0. Waiting to start." in line, line
            driver.find_element("id", "code").send_keys(code, "\ue007")  # Enter: join
            dario.expect("presence", lambda m: m["what"] == "joined")
            wait_for(lambda: focused(driver) == "play")
            dario.send({"type": "start"})
            wait_for(lambda: any("Battaglia online" in t for t in history(driver)))
            keys(driver, "p")
            wait_for(lambda: any(t.startswith("Automatic play on") for t in history(driver)))
            for _trick in range(6):  # Dario turns up his card once Anna's is down
                dario.expect("update", lambda m: m.get("by") == 1)
                dario.send({"type": "act", "action": "flip"})
            dario.expect("update", lambda m: m.get("by") == 1)
            # The page writes what arrives together as one entry, a moment later (a long
            # batch up to 2 s later): the tricks are awaited in the history, not read at once.
            heard = wait_for(lambda: tricks_told(history(driver)),
                             message="the tricks were never in the history")  # fmt: skip
        finally:
            dario.close()
    assert not [t for t in heard if t.startswith("Waiting for")], heard[-12:]


def test_a_page_spectator_hears_the_game_start_with_who_plays(tmp_path: Path, browser: Any) -> None:
    """Carla watches Anna's Scientific Battle table on the page before it starts: when Anna
    starts it, Carla hears that she is watching it and who plays, before the first choices."""
    from selenium.webdriver.common.keys import Keys

    driver = browser
    with live_server(tmp_path) as server:
        anna = Friend(server["url"], "Anna")
        try:
            anna.send({"type": "create", "game": "scientific",
                       "seats": ["person", "bot:normal", "bot:hard"],
                       "options": {"players": 3, "pace": 0}})  # fmt: skip
            code = anna.expect("joined")["table"]["id"]
            enter_lobby(driver, server["url"], "Carla")
            driver.find_element("id", "code").send_keys(code)
            driver.find_element("css selector", "#code-form button[value=watch]").send_keys(
                Keys.ENTER
            )
            anna.expect("presence", lambda m: m["what"] == "watching")
            before = len(history(driver))
            anna.send({"type": "start"})
            started = anna.expect("started")
            anna.send({"type": "act", "action": started["legal"][0]})
            wait_said(driver, "Anna has chosen.")
            heard = history(driver)[before:]
        finally:
            anna.close()
    opening = [
        t
        for t in heard
        if t.startswith("Watching Battaglia scientifica (Scientific Battle): Anna, ")
    ]
    assert opening, heard
    assert heard.index(opening[0]) < heard.index("Anna has chosen."), heard


KEPT = "Back to your table: your seat was kept."
ELSEWHERE = "Your seat is played in another tab of this browser."


def test_a_browser_closed_and_opened_again_at_once_takes_its_seat_back(tmp_path: Path) -> None:
    """Carla closes the browser in the middle of a game (its tab had marked itself open a
    moment before) and opens it again with the same profile at once: the page is back at her
    seat, with her hand, not at the name form. A second tab then opened says her seat is
    played in the other tab, and takes nothing from it."""
    from tests.browser import chromium

    profile = tmp_path / "profile"
    with live_server(tmp_path / "server") as server:
        with chromium(profile=profile) as driver:
            enter_lobby(driver, server["url"], "Carla")
            create_table(driver, "scientific", players="2")
            start_game(driver)
            wait_for(lambda: len(texts(driver, "#hand li")) == 14)
            hand = texts(driver, "#hand li")
            # The tab is open and says so, as it does every two seconds.
            driver.execute_script(
                "const seat = JSON.parse(localStorage.getItem('audiogame.seat'));"
                "seat.alive = Date.now();"
                "localStorage.setItem('audiogame.seat', JSON.stringify(seat));"
            )
        with chromium(profile=profile) as driver:
            driver.get(server["url"])
            wait_said(driver, KEPT)
            wait_for(lambda: texts(driver, "#hand li") == hand,
                     message=f"hand {texts(driver, '#hand li')} against {hand}")  # fmt: skip
            assert ELSEWHERE not in history(driver)
            first = driver.current_window_handle
            driver.switch_to.new_window("tab")
            driver.get(server["url"])
            wait_said(driver, ELSEWHERE)
            assert driver.find_element("id", "status").text == ELSEWHERE
            assert driver.find_element("id", "name").is_displayed()
            assert KEPT not in history(driver)
            driver.switch_to.window(first)
            assert not [t for t in history(driver) if "another tab" in t]
            room = next(iter(server["server"].rooms.values()))
            assert room.seats[0].name == "Carla" and room.seats[0].peer is not None
