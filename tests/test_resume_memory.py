"""A resumed offline game brings its computer players back with their memory: each one
remembers the game exactly as the same player does at the same move in a game that was never
interrupted (audiogame.table.recall, run by the local table in a worker thread of its own), and
no key waits for it meanwhile."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input

import audiogame.table.local as local_module
from audiogame.computer_players import make_bot
from audiogame.presenters.cardavia import CardaviaTable
from audiogame.saves.screens import ResumeMenu
from audiogame.settings import Settings
from audiogame.table.recall import recall
from audiogame.testing import Session, key_bytes, local_table, top_screen
from tests.session_support import press, start_program
from tests.test_local_table import until
from tests.test_online_recall import memory_of

ENTER, TAB = "c-m", "c-i"
KEYS = {
    "cardavia": [TAB, ENTER, TAB, ENTER, "n", "p"],
    "scientific": [ENTER, "right", ENTER, "left", ENTER],
}
TABLES = [
    ("cardavia", {"seed": 7, "deals": 2, "level": "hard"}, 90),
    ("scientific", {"seed": 3, "players": 3, "level": "hard"}, 50),
]


def memories(session: Session) -> dict[int, Any]:
    return {seat: memory_of(bot) for seat, bot in local_table(session.app.top).table.bots.items()}


@pytest.mark.parametrize(("game", "config", "presses"), TABLES, ids=[t[0] for t in TABLES])
def test_resumed_computer_players_remember_the_game_as_if_it_never_stopped(
    tmp_path: Path, game: str, config: dict[str, Any], presses: int
) -> None:
    first = start_program(tmp_path, game, config)
    rng = random.Random(2)
    press(first, [rng.choice(KEYS[game]) for _ in range(presses)])
    played = local_table(first.app.top)
    if game == "cardavia":  # into the second deal
        while (
            top_screen(first, CardaviaTable).match.number < 2
            or not played.record.moves[-1][0].isdigit()
        ):
            press(first, [rng.choice([*KEYS[game], ENTER])])
        assert any(line.startswith("deal ") for line in played.record.moves)
    assert len(played.record.moves) > 10 and not played.table.is_over
    # The program is gone without quitting: the save is all that is left.
    second = start_program(tmp_path)
    assert isinstance(second.app.top, ResumeMenu)
    press(second, [ENTER])
    resumed = local_table(second.app.top)
    assert resumed.record.moves == played.record.moves
    assert resumed.recalled == 0  # every one of their moves decided again the same
    remembered = memories(first)
    for seat, memory in remembered.items():
        new = memory_of(make_bot(game, "hard", config["seed"] * 10 + seat))
        assert memory != new, f"seat {seat}: the player learnt nothing: the check could not fail"
    assert memories(second) == remembered
    # And they play on as the players who were never interrupted.
    moves = len(resumed.record.moves)
    for _ in range(12):
        for table in (played, resumed):
            if 0 in table.table.to_act():
                table.act(table.table.legal(0)[0])
                table.request("hurry")  # Cardavia's players wait the pace otherwise
    assert len(resumed.record.moves) > moves + 12
    assert resumed.record.moves == played.record.moves


def test_computer_players_get_their_memory_back_in_a_worker_thread_while_keys_are_answered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = TABLES[1][1]
    first = start_program(tmp_path, "scientific", config)
    press(first, [random.Random(5).choice(KEYS["scientific"]) for _ in range(30)])
    remembered = memories(first)
    assert local_table(first.app.top).table.to_act() == (0,)  # their moves are all made
    release = threading.Event()
    real_recall = recall

    def slow_recall(*args: Any) -> Any:
        release.wait(30)
        return real_recall(*args)

    monkeypatch.setattr(local_module, "recall", slow_recall)

    async def run() -> tuple[list[str], int, dict[int, Any], dict[int, Any]]:
        with create_pipe_input() as pipe:
            program = start_program(tmp_path, input=pipe, settings=Settings(language="en"))
            program.app.thinkers = None  # the program's own worker threads
            task = asyncio.ensure_future(program.app.run_async())
            pipe.send_text(key_bytes(["enter"]))  # resume
            assert await until(lambda: not isinstance(program.app.top, ResumeMenu))
            table = local_table(program.app.top)
            before = len(program.spoken)
            pipe.send_text(key_bytes(["t"]))
            assert await until(lambda: len(program.spoken) > before)
            answered = len(program.spoken)
            waiting = memories(program)  # not back yet
            release.set()
            assert await until(lambda: table.recalled is not None)
            back = memories(program)
            pipe.send_text(key_bytes(["c-c"]))
            await task
            return program.spoken, answered, waiting, back

    said, answered, waiting, back = asyncio.run(run())
    assert said[answered - 1].startswith("Trick ")  # T, while the players were not back yet
    assert waiting != remembered
    assert back == remembered
