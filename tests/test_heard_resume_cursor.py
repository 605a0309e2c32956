"""After a resume the hand cursor is on the hand the player holds now (issue 10, item 1):
Cardavia's arrows walked the hand of the deal's start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from audiogame.presenters.cardavia import CardaviaTable
from audiogame.saves.screens import ResumeMenu
from audiogame.settings import Settings
from audiogame.testing import Session, top_screen
from tests.session_support import press, start_program

ENTER, TAB = "c-m", "c-i"
# Seed 11: the player holds the three of hearts and leads.
PLAYER_LEADS = {"seed": 11}


def start(data_dir: Path, game: str | None = None, config: dict[str, Any] | None = None) -> Session:
    """A program that never plays for the person on its own (an hour's pace)."""
    return start_program(data_dir, game, config, settings=Settings(language="en", pace=3600.0))


def test_a_resumed_cardavia_hand_is_the_hand_held_now(tmp_path: Path) -> None:
    first = start(tmp_path, "cardavia", PLAYER_LEADS)
    said = press(first, [TAB, ENTER])
    assert "You: three." in said
    second = start(tmp_path)  # the first program is gone without quitting
    assert isinstance(second.app.top, ResumeMenu)
    press(second, [ENTER])
    said = press(second, ["w", "home", " ", ENTER])
    assert said[0].startswith("Your hand, 15 cards: three, ")
    assert said[1] == "three of spades, 1 three"
    assert "You do not hold those cards." not in said
    table = top_screen(second, CardaviaTable)
    assert table.hand.cards == tuple(table.view.hand)
