"""Whole games in a real browser against the real server, by keys only, reading what the page
says in its live regions: a Cardavia deal and a Scientific Battle game."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.browser import (
    axe_violations,
    describe,
    texts,
    wait_for,
)
from tests.web_support import (
    answer_to,
    create_table,
    enter_lobby,
    history,
    live_server,
    play_first_or_pass,
    start_game,
    wait_said,
)

pytestmark = pytest.mark.browser


def last_said(driver: Any) -> str:
    text: str = driver.execute_script("return window.audiogame.announcer.last")
    return text


def told_more(driver: Any, before: int) -> bool:
    """More choices told than ``before``."""
    return told(driver) > before


def told(driver: Any) -> int:
    """How many messages went into the history so far (it keeps only the last 500)."""
    count: int = driver.execute_script("return window.audiogame.announcer.recorded")
    return count


def state(driver: Any) -> str:
    return " ".join(texts(driver, "#state li"))


def test_a_cardavia_deal_by_keys_only(tmp_path: Path, browser: Any) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = browser
    with live_server(tmp_path) as server:
        enter_lobby(driver, server["url"], "Anna")
        create_table(driver, "cardavia")
        start_game(driver)
        wait_said(driver, "Order of play:")  # the deal's opening words
        hand = texts(driver, "#hand li")
        assert len(hand) == 16
        # The hand by keys: Home says the first card, Right the next; the page marks it.
        assert answer_to(driver, Keys.HOME, accepts=lambda said: said.startswith(hand[0] + ", "))
        assert answer_to(driver, Keys.ARROW_RIGHT,
                         accepts=lambda said: said.startswith(hand[1] + ", "))  # fmt: skip
        assert texts(driver, "#hand button[aria-current=true]") == [hand[1]]
        turns = 0
        while "The deal is over." not in state(driver):
            wait_for(lambda: "Your turn" in state(driver) or "The deal is over." in state(driver),
                     timeout=30, message=f"stuck: {state(driver)}")  # fmt: skip
            if "The deal is over." in state(driver):
                break
            play_first_or_pass(driver)
            turns += 1
            assert turns < 80
        said = history(driver)
        assert any(line.startswith("You: ") or line == "You pass." for line in said)
        assert "The deal is over." in state(driver)
        violations = axe_violations(driver)
        assert violations == [], describe(violations)


def test_a_scientific_battle_game_by_keys_only(tmp_path: Path, browser: Any) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = browser
    with live_server(tmp_path) as server:
        enter_lobby(driver, server["url"], "Bruno")
        create_table(driver, "scientific", trick_limit_scientific="100")
        start_game(driver)
        tricks = 0
        while "The game is over" not in state(driver):
            wait_for(lambda: "Still to choose: you" in state(driver)
                     or "The game is over" in state(driver),
                     timeout=30, message=f"stuck: {state(driver)}")  # fmt: skip
            if "The game is over" in state(driver):
                break
            before = told(driver)
            # A card not heard yet is said first, as offline; Enter again chooses it.
            for _attempt in range(3):
                answer = answer_to(driver, Keys.ENTER,
                                   accepts=lambda text: "Enter again chooses it" in text
                                   or text.startswith("You choose"))  # fmt: skip
                if "Enter again chooses it" not in answer:
                    break
            wait_for(
                partial(told_more, driver, before),
                message=f"the choice was not told: {last_said(driver)!r} {state(driver)!r}",
            )
            tricks += 1
            assert tricks < 400
        assert any(line.startswith("You choose:") for line in history(driver))
        violations = axe_violations(driver)
        assert violations == [], describe(violations)
