"""A game killed with SIGKILL at a random moment resumes exactly: the real program in a
pseudo-terminal, killed mid-game, started again, resumed; what it then says and saves agrees
with an engine replay of the saved log."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from audiogame.i18n import set_language
from audiogame.testing import local_table, make_session
from tests.pty_program import Program, turned_up

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="needs a POSIX pseudo-terminal and SIGKILL"
)
SEED = 4242


def saved_moves(folder: Path) -> list[str]:
    data = json.loads((folder / "data" / "autosave.json").read_text(encoding="utf-8"))
    assert data["game"] == "battle" and data["config"]["seed"] == SEED
    return list(data["moves"])


def expected_words(moves: list[str]) -> tuple[str, str]:
    """What T and E say at the state the engine replay of ``moves`` reaches."""
    set_language("en")
    session = make_session()
    from audiogame.presenters.battle import BattleTable

    table = BattleTable(session.app, {"seed": SEED, "players": 2})
    local_table(table).replay(moves)
    return table.turn_text(), table.owned_text()


@pytest.mark.parametrize("attempt", [0, pytest.param(1, marks=pytest.mark.slow)])
def test_a_battle_killed_with_sigkill_resumes_exactly(tmp_path: Path, attempt: int) -> None:
    rng = random.Random(attempt)
    first = Program(["play", "battle", "--seed", str(SEED)], tmp_path, name="first")
    first.wait_for(lambda said: any("Turn up your card" in line for line in said))
    for _ in range(rng.randrange(3, 25)):
        first.press([" "], until=turned_up)
    # A random moment: sometimes right after a key, before it has been answered.
    first.press([" "] * rng.randrange(0, 3))
    first.kill()
    moves = saved_moves(tmp_path)
    assert len(moves) >= 6

    second = Program([], tmp_path, name="second")
    said = second.wait_for(lambda said: any("Resume the game" in line for line in said))
    assert any(line.startswith("An interrupted game can be resumed: Battaglia") for line in said)
    second.press(["enter"])
    second.wait_for(lambda said: any(line.startswith("Game resumed: ") for line in said))
    turn, owned = expected_words(moves)
    second.press(["t", "e"])
    said = second.wait_for(lambda said: said[-1].startswith("Cards owned"))
    assert said[-2:] == [turn, owned]
    assert saved_moves(tmp_path) == moves  # resuming changes nothing by itself
    second.press([" "], until=turned_up)
    second.press(["c-c"])
    code, _stderr = second.finish()
    assert code == 0
    after = saved_moves(tmp_path)
    assert after[: len(moves)] == moves and len(after) == len(moves) + 2
