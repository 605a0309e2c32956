"""The page as a real screen reader speaks it: Orca reading Chromium on a virtual display, keys
pressed as X keys, every utterance logged by the speech output when it starts and ends
(tests/screenreader_bed.py). Over two Cardavia deals and 20 tricks of Scientific Battle, with
one core kept busy: every history message is spoken, none twice, in the order shown; the game
keys (arrows, Tab, Space, Enter, P) reach the game without the player switching Orca's mode,
and an arrow never takes focus out of the game region; each "your turn" is spoken in its place
(how soon: bench/screenreader_latency.py); each new view says where focus is (the lobby, the
table, the Start button, the pause menu), and closing the pause menu repeats nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.screenreader_bed import Bed, bed
from tests.screenreader_play import (
    Player,
    busy_core,
    check_spoken,
    clean,
    entries,
    play_cardavia,
)
from tests.web_support import live_server

pytestmark = pytest.mark.screenreader


@pytest.fixture
def reader(tmp_path: Path) -> Iterator[Bed]:
    """A screen reader of its own for each test: Orca takes a new page's heading for the one
    it last had focus on, if it has the same name and place, and says nothing."""
    with bed(tmp_path / "screen-reader") as stack:
        yield stack


@pytest.fixture
def cold_reader(tmp_path: Path) -> Iterator[Bed]:
    """Orca as it is set up out of the box for a page that has loaded: it reads the page whole
    (say all on load, and a page summary first); the player presses no key until it is done."""
    with bed(tmp_path / "screen-reader", read_on_load=True) as stack:
        yield stack


def test_cardavia_two_deals_under_orca_with_a_core_busy(tmp_path: Path, cold_reader: Bed) -> None:
    reader = cold_reader
    with live_server(tmp_path) as server, reader.chromium() as driver, busy_core():
        player = Player(reader, driver)
        first = player.mark()
        player.enter(server["url"], "Anna", cold=True)
        player.create("cardavia", deals="3", pace="0")
        player.start()
        player.wait_entry(lambda e: e.urgent or "you lead" in e.text.lower(), 0, "no first turn")
        player.all_spoken()
        # The deal's opening: said, as every entry (none is kept from the screen reader).
        player.heard(lambda t: "Order of play:" in t, "the opening was not spoken", first)
        hand = driver.execute_script(
            "return [...document.querySelectorAll('#hand button')].map(b => b.textContent)"
        )
        # The arrows, Space: answered by the game, focus stays in the game region.
        player.press("Home", lambda t: t.startswith(hand[0] + ", "), "Home was not answered")
        player.press("Right", lambda t: t.startswith(hand[1] + ", "), "Right was not answered")
        assert player.active() == "play"
        player.press("space", lambda t: "selected" in t.lower(), "Space did not select")
        player.press("space", lambda t: "selected" in t.lower() or "unselected" in t.lower(),
                     "Space did not unselect")  # fmt: skip
        # The pause menu: said, and closing it repeats nothing.
        player.press("alt+m", lambda t: t == "Pause dialog", "the pause menu was not said")
        assert player.active() == "pause-resume"
        before = player.mark()
        player.press("Escape", lambda t: t.startswith("Game table"),
                     "back in the game region, it was not said")  # fmt: skip
        assert player.active() == "play"
        player.all_spoken()
        again = [u.text for u in reader.utterances()[before:]]
        shown = {e.text for e in entries(driver)}
        assert not [t for t in again if clean(t) in shown], f"repeated on closing: {again}"
        # F2 twice: said twice.
        newest = entries(driver)[-1].messages[-1]
        player.press("F2", lambda t: clean(t) == newest, "F2 said nothing")
        player.press("F2", lambda t: clean(t) == newest, "a second F2 said nothing")
        # A card button pressed (Space, in browse mode on the hand): focus stays on that card.
        # The card under the cursor (Right put it on the second card): said by Orca.
        after = player.mark()
        driver.execute_script("document.querySelectorAll('#hand button')[1].focus()")
        player.heard(lambda t: t.startswith(hand[1]), "the card button was not said", after)
        # Orca says a description after the name, as an utterance of its own.
        player.heard(lambda t: t.startswith("under the cursor"),
                     "the card under the cursor was not said so", after)  # fmt: skip
        for pressed in ("true", "false"):
            player.all_spoken()
            reader.key("space")

            def card_pressed(pressed: str = pressed) -> bool:
                state = driver.execute_script(
                    "return document.querySelectorAll('#hand button')[1]"
                    ".getAttribute('aria-pressed')"
                )
                return bool(state == pressed)

            player.wait_for(card_pressed, "the card button did nothing")
            focused = driver.execute_script(
                "return [...document.querySelectorAll('#hand button')]"
                ".indexOf(document.activeElement)"
            )
            assert focused == 1, "focus left the card pressed"
        # An action button: a short name (its key), what it does as its description.
        buttons = driver.find_elements("css selector", "#actions button")
        names = [b.accessible_name for b in buttons]
        assert names and all(len(n.split()) <= 2 for n in names), names
        what = driver.execute_script(
            "const b = document.querySelector('#actions button');"
            "return document.getElementById(b.getAttribute('aria-describedby')).textContent"
        )
        player.all_spoken()
        after = player.mark()
        driver.execute_script("document.querySelector('#actions button').focus()")
        said = player.heard(lambda t: t.startswith(names[0] + " "), "the action was not said",
                            after)  # fmt: skip
        assert "button" in said.text, said.text
        player.heard(lambda t: clean(t).rstrip(".") == clean(what).rstrip("."),
                     "what the action does was not said", after)  # fmt: skip
        player.all_spoken()
        after = player.mark()
        driver.execute_script("document.getElementById('play').focus()")
        player.heard(lambda t: t == "Focus mode", "back in the game region, no focus mode", after)
        play_cardavia(player, deals=2)
        check_spoken(player, first)


def test_scientific_twenty_tricks_under_orca_with_a_core_busy(tmp_path: Path, reader: Bed) -> None:
    with live_server(tmp_path) as server, reader.chromium() as driver, busy_core():
        player = Player(reader, driver)
        first = player.mark()
        player.enter(server["url"], "Bruno")
        player.create("scientific", pace="0", trick_limit_scientific="100")
        player.start()
        tricks = 0
        seen = 0
        while tricks < 20:
            trick = f"Trick {tricks + 1} of "

            def my_choice(trick: str = trick) -> bool:
                state = player.state()
                return trick in state and "Still to choose: you" in state

            player.wait_for(my_choice, "the next trick never came")
            if tricks:  # the trick before told, before the next key
                player.wait_entry(lambda e: "You choose:" in e.text, seen, "no trick told")
            seen = len(entries(driver))
            answer = player.press(
                "Return",
                # "You choose: …", after "You keep your hand: no swap." when an 8 offered one
                lambda t: "Enter again chooses it" in t or "You choose: " in t,
                "Enter was not answered",
            )
            if "Enter again chooses it" in answer.text:
                player.press("Return", lambda t: "You choose: " in t,
                             "Enter again did not choose")  # fmt: skip
            assert player.active() == "play"
            tricks += 1
        check_spoken(player, first, turns=False)
