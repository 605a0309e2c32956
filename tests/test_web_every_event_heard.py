"""Every event heard, on both pages: a Battaglia game with wars and a Cardavia deal with a bomb
bonus, played by keys in a real browser, on the online page (the real server) and on the page
that plays alone (the exported folder). The history must hold no entry that is not said
(nothing hidden from the screen reader), every message the program sent must be in it once and
in order, no entry may pass 30 words, and every war, trick and bomb bonus the engine made must
be heard.

The deals are fixed so that the wars and the bomb bonus come: online by the table's key (the
server's random key replaced by a shared seed), alone by the deal number of the setup. How many
of each event the engine makes is counted here by playing the same seed with the engine itself,
the person's moves made as the test makes them (Space; Tab's first play, or a pass)."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import chromium, frames_received, texts, wait_for
from tests.test_web_alone import site
from tests.web_support import (
    create_table,
    enter_lobby,
    history,
    keys,
    live_server,
    play_first_or_pass,
    start_game,
)

pytestmark = pytest.mark.browser
__all__ = ["site"]  # the exported page alone, served (a fixture)

MOST_WORDS = 30
"""The words an entry of the history may hold in normal play."""
BATTAGLIA_SEED = 42
"""Battaglia, two players, 32 cards: four wars in 40 tricks, over by a player going out."""
CARDAVIA_SEED = 45
"""Cardavia: a bomb, and its bonus, in a short deal."""

ENTRIES = """
return [...document.querySelectorAll('#history .entry')].map(e => ({
  text: [...e.querySelectorAll('.message')].map(m => m.textContent).join(' '),
  hidden: e.hidden || e.closest('[hidden]') !== null || e.getAttribute('aria-hidden') === 'true'
    || e.classList.contains('unsaid'),
}));
"""


def entries(driver: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = driver.execute_script(ENTRIES)
    return found


def nothing_hidden_and_short(driver: Any) -> None:
    shown = entries(driver)
    assert shown, "the history is empty"
    hidden = [entry["text"] for entry in shown if entry["hidden"]]
    assert hidden == [], f"entries kept from the screen reader: {hidden}"
    long = [entry["text"] for entry in shown if len(entry["text"].split()) > MOST_WORDS]
    assert long == [], f"entries of more than {MOST_WORDS} words: {long}"


def engine_counts(game: str, config: dict[str, Any], seed: int) -> Counter[str]:
    """The events the engine makes for ``seed`` with the person at seat 0 moving as the tests
    here do: Battaglia's first legal action (turning up the card), Cardavia's first play in
    Tab's order, or a pass."""
    from audiogame import catalog  # noqa: F401  (the games' registrations)
    from audiogame.presenters.cardavia_hand import ordered_plays
    from audiogame.table.session import Table
    from engine import Pass, Play
    from engine.cardavia.classify import classify

    table = Table(game, config, seed, {seat: "normal" for seat in range(1, config["players"])})
    events = list(table.opening_events())
    for _step in range(2000):
        if table.is_over:
            break
        seat = table.to_act()[0]
        if seat:
            bot, view, legal = table.bot_turn(seat)
            events += table.apply(seat, bot.choose(view, legal))
        elif game == "battle":
            events += table.apply(0, table.legal(0)[0])
        else:
            view = table.view(0)
            plays = [found for action in table.legal(0) if action.kind == "play"
                     and (found := classify(action.cards, first_play=view.first_play))]  # fmt: skip
            events += table.apply(0, Play(ordered_plays(plays)[0].cards) if plays else Pass())
    assert table.is_over
    return Counter(event.kind for event in events)


TAKES = re.compile(r"\b(?:[Yy]ou take|Anna takes) (?:the )?\d+ cards?\b")
"""How a trick won is said ("You take 2 cards.", "Anna takes the 6 cards on the table.")."""


def count(lines: list[str], words: str) -> int:
    return sum(line.count(words) for line in lines)


def sent_messages(driver: Any) -> list[str]:
    """The messages of the history the server sent the page, in order."""
    said = []
    for frame in frames_received(driver):
        message = json.loads(frame)
        if message.get("type") == "say" and message.get("record") and message.get("text"):
            said.append(message["text"])
    return said


def all_sent_heard(driver: Any) -> list[str]:
    """Once every message the server sent is in the history, in order: none hidden, none over
    the words of an entry; the history."""
    sent = sent_messages(driver)
    wait_for(lambda: history(driver)[-len(sent):] == sent,
             message=f"sent {sent[-4:]}, shown {history(driver)[-4:]}")  # fmt: skip
    nothing_hidden_and_short(driver)
    return history(driver)


def state(driver: Any) -> str:
    return " ".join(texts(driver, "#state li"))


@pytest.fixture
def fixed_key(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The next online table's key: a shared seed set by the test, not a random one."""
    import audiogame.online.room as room

    seeds: list[int] = []
    monkeypatch.setattr(room, "secret_seed", lambda: seeds.pop(0))
    yield seeds


def test_the_online_page_says_every_war_and_hides_nothing(
    tmp_path: Path, browser: Any, fixed_key: list[int]
) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = browser
    fixed_key.append(BATTAGLIA_SEED)
    with live_server(tmp_path) as server:
        enter_lobby(driver, server["url"], "Dora")
        create_table(driver, "battle", players="2", deck_battle="32", trick_limit_battle="100")
        start_game(driver)
        for _trick in range(300):
            if "game is over" in state(driver):
                break
            before = state(driver)
            keys(driver, Keys.SPACE)
            wait_for(lambda before=before: state(driver) != before  # type: ignore[misc]
                     and ("Your turn" in state(driver) or "game is over" in state(driver)),
                     message=state(driver))  # fmt: skip
        wait_for(lambda: "game is over" in state(driver), message=f"no end: {state(driver)}")
        said = all_sent_heard(driver)
    engine = engine_counts("battle", {"players": 2, "deck": 32, "trick_limit": 100},
                           BATTAGLIA_SEED)  # fmt: skip
    assert engine["war"] == 4
    assert count(said, "War between you and Anna!") == engine["war"]
    assert sum(len(TAKES.findall(line)) for line in said) == engine["trick_won"]


def test_the_online_page_says_the_bomb_bonus_and_hides_nothing(
    tmp_path: Path, browser: Any, fixed_key: list[int]
) -> None:
    driver = browser
    fixed_key.append(CARDAVIA_SEED)
    with live_server(tmp_path) as server:
        enter_lobby(driver, server["url"], "Dora")
        create_table(driver, "cardavia", pace="1")  # the default pace: normal play
        start_game(driver)
        for _turn in range(80):
            wait_for(lambda: "Your turn" in state(driver) or "The deal is over." in state(driver),
                     timeout=30, message=f"stuck: {state(driver)}")  # fmt: skip
            if "The deal is over." in state(driver):
                break
            play_first_or_pass(driver)
        said = all_sent_heard(driver)
    engine = engine_counts("cardavia", {"players": 3, "deals": 1}, CARDAVIA_SEED)
    assert engine["bomb_bonus"] == 1
    assert count(said, "Bomb bonus for the ") == engine["bomb_bonus"]


# ----- the page that plays alone -------------------------------------------------------------
def test_the_page_alone_says_every_war_and_the_bomb_bonus_and_hides_nothing(site: str) -> None:
    from tests.test_web_alone import (
        BATTAGLIA_SETUP,
        all_in_the_history,
        opened,
        page_history,
        press_and_wait,
        program_words,
    )

    cardavia_setup = ["down", "down", "enter", "end", "up", *str(CARDAVIA_SEED), "home",
                      "enter"]  # fmt: skip
    with chromium() as driver:
        opened(driver, site)
        for name in BATTAGLIA_SETUP:
            press_and_wait(driver, name)
        for _trick in range(300):
            if "Game over" in " ".join(program_words(driver)[-3:]):
                break
            press_and_wait(driver, "space")
        all_in_the_history(driver)
        nothing_hidden_and_short(driver)
        battaglia = page_history(driver)
        # The pause menu (the game is over), its last item (the main menu), then Cardavia.
        for name in ["escape", "end", "enter"]:
            press_and_wait(driver, name)
        for name in cardavia_setup:
            press_and_wait(driver, name)
        for _turn in range(80):
            wait_for(lambda: "Your turn" in state(driver) or "The deal is over." in state(driver),
                     timeout=60, message=f"stuck: {state(driver)}")  # fmt: skip
            if "The deal is over." in state(driver):
                break
            play_first_or_pass(driver)
        all_in_the_history(driver)
        nothing_hidden_and_short(driver)
        cardavia = page_history(driver)[len(battaglia) :]
    engine = engine_counts("battle", {"players": 2, "deck": 32, "trick_limit": 100},
                           BATTAGLIA_SEED)  # fmt: skip
    assert sum(len(TAKES.findall(line)) for line in battaglia) == engine["trick_won"]
    assert count(battaglia, "War between you and Anna!") == engine["war"] == 4
    engine = engine_counts("cardavia", {"players": 3, "deals": 1}, CARDAVIA_SEED)
    assert count(cardavia, "Bomb bonus for the ") == engine["bomb_bonus"] == 1
