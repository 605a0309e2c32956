"""The page that plays alone (the folder ``audiogame export-web`` writes, served by a plain
static file server) as Orca reads it on a cold visit, with Orca's own settings for a page that
has loaded: it reads the page whole unless focus is on a widget already (tests/screenreader_bed.py,
``read_on_load``). No key is pressed until Orca has finished speaking; then the first key
reaches the game (the main menu answers it, focus still in the game region), and so does every
key after it, with no F6 and no Orca key. Over the options' pace, a Cardavia setup and four of
the player's turns, with one core kept busy: every history entry spoken once, in order, none
hidden, each "your turn" in its place (how soon: bench/screenreader_latency.py)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.screenreader_bed import bed
from tests.screenreader_play import (
    Player,
    busy_core,
    check_spoken,
    entries,
    exported_site,
    hidden_entries,
    key_answered,
    open_alone,
    play_alone_cardavia,
)

pytestmark = pytest.mark.screenreader

TURNS = 4
"""The player's turns played: deal number 5 lasts beyond them."""


def test_a_cold_visit_to_the_page_alone_under_orca_takes_the_first_key(tmp_path: Path) -> None:
    with exported_site(tmp_path / "site") as url, bed(tmp_path / "screen-reader",
                                                     read_on_load=True) as reader, \
            reader.chromium() as driver, busy_core():  # fmt: skip
        player = Player(reader, driver)
        first = player.mark()
        open_alone(player, url)
        assert player.active() == "play"
        # What the page said as it loaded was heard (Orca may read it again as page text).
        player.heard(lambda t: t.startswith("Loading the game"), "the loading was not said", first)
        player.heard(lambda t: t.startswith("Main menu."), "the menu was not said", first)
        since = time.time()
        # The first key reaches the game: the menu's next item, said; not Orca's reading.
        after = player.mark()
        key_answered(player, "Down")
        player.heard(lambda t: t.endswith(", 2 of 7"), "the first Down was not the game's", after)
        key_answered(player, "Up")
        play_alone_cardavia(player, TURNS)
        assert not [e for e in entries(driver) if "Deal scores:" in e.text], "the deal ended"
        assert hidden_entries(driver) == []
        check_spoken(player, first, since=since)
