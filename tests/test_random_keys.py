"""Random keys through the real program (see :mod:`tests.random_keys`): 5,000 in the normal
run, 100,000 in the slow one (``pytest -m slow``; ``bench/random_keys.py`` for more). No key
may raise, no table may break the engine's invariants, and Escape always leads back to the main
menu (from a game: its pause menu, whose last item is the main menu)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.random_keys import run

# Every part of the program the keys must have reached.
SCREENS = {"MainMenu", "SetupMenu", "BattleTable", "ScientificTable", "CardaviaTable",
           "PauseMenu", "OptionsMenu", "PracticeMenu", "RulesScreen"}  # fmt: skip


def test_five_thousand_random_keys_break_nothing_and_escape_always_leads_home(
    tmp_path: Path,
) -> None:
    # Six runs of the program, each from another of its parts (random_keys.STARTS).
    report = run(5_000, seed=2025, folder=tmp_path, session_keys=850)
    assert report.keys >= 5_000
    assert report.screens >= SCREENS, f"never reached: {SCREENS - report.screens}"
    assert all(report.moves[game] > 0 for game in ("battle", "scientific", "cardavia"))
    assert report.escapes >= 4  # every thousand keys, Escape found the way back
    assert report.save_writes > 0


@pytest.mark.slow
def test_a_hundred_thousand_random_keys(tmp_path: Path) -> None:
    report = run(100_000, seed=7, folder=tmp_path)
    assert report.screens >= SCREENS
    assert report.escapes >= 90
