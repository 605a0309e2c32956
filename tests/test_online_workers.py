"""Computer players think in worker processes: one table's slow player never holds up another
table, a worker that dies takes nothing down, and the moves are those of the same players
thinking in one process."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest

import audiogame.online.room as rooms
import audiogame.table.session as session
from audiogame.computer_players import make_bot
from audiogame.saves.moves import parse_move
from audiogame.table.session import NEXT_DEAL, Table
from tests.online_support import Recorder, over, play_out, player, running_server, until
from tests.worker_players import DyingBot, GatedBot


def easy_players_are(monkeypatch: pytest.MonkeyPatch, wrap: Any) -> None:
    """Every easy computer player the server makes from now on is ``wrap(player)`` (the
    easy level: quick to think, and used by no other table of these tests)."""

    def made(game: str, level: str = "normal", seed: int | None = None) -> Any:
        bot = make_bot(game, level, seed)
        return wrap(bot) if level == "easy" else bot

    monkeypatch.setattr(session, "make_bot", made)


def waits_for(link: Recorder, seat: int) -> bool:
    """Whether the last update ``link`` received leaves ``seat`` to play."""
    updates = [m for m in link.messages if m["type"] in ("update", "started")]
    return bool(updates) and updates[-1].get("to_act") == [seat]


async def table_of(link: Recorder, game: str, seats: list[str], **options: Any) -> dict[str, Any]:
    await link.send({"type": "create", "game": game, "seats": seats, "options": options})
    await link.expect("joined")
    await link.send({"type": "start"})
    return await link.expect("started")


def test_a_slow_computer_player_holds_up_no_other_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = tmp_path / "gate"
    gate.mkdir()
    easy_players_are(monkeypatch, lambda bot: GatedBot(bot, gate))

    async def go() -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any], str]:
        async with running_server(tmp_path / "data", workers=2) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna, bruno = await player(url, "Anna"), await player(url, "Bruno")
            first = await table_of(anna, "cardavia", ["person", "bot:easy", "bot:normal"], pace=0)
            slow = asyncio.ensure_future(play_out(anna, 1, first))
            await until(lambda: (gate / "thinking").exists(), 60, "the slow player never thought")
            # The move before the slow player's turn may still be on its way to Anna.
            await until(lambda: waits_for(anna, 1), 60, "Anna never heard that seat 1 is to play")
            moves_before = [m for m in anna.messages if m["type"] == "update"]
            # The other table plays a whole deal while the slow player is still thinking.
            other = await table_of(
                bruno, "cardavia", ["person", "bot:normal", "bot:greedy"], pace=0
            )
            await asyncio.wait_for(play_out(bruno, 2, other), 120)
            moves_meanwhile = [m for m in anna.messages if m["type"] == "update"]
            thinker = (gate / "thinking").read_text()
            (gate / "go").write_text("go")
            await asyncio.wait_for(slow, 300)
            return moves_before, moves_meanwhile, bruno.messages[-1], thinker

    before, meanwhile, last_of_other, thinker = asyncio.run(go())
    assert over(last_of_other)  # the other table's deal ended...
    assert meanwhile == before  # ... while not one move was made at the slow one
    assert int(thinker) != os.getpid()  # the slow player thought in another process


@pytest.mark.parametrize("once", [True, False], ids=["retried", "in_the_server"])
def test_a_worker_that_dies_takes_nothing_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, once: bool
) -> None:
    easy_players_are(monkeypatch, lambda bot: DyingBot(bot, tmp_path, once))

    async def go() -> tuple[Recorder, Recorder]:
        async with running_server(tmp_path / "data", workers=2) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna, bruno = await player(url, "Anna"), await player(url, "Bruno")
            # Scientific Battle: the dying player chooses among its cards from the first trick
            # on (a Cardavia seat may never have more than a pass to choose, and a decision
            # with one legal move is made at once, in no worker).
            first = await table_of(
                anna, "scientific", ["person", "bot:easy", "bot:normal"], players=3, pace=0
            )
            await asyncio.wait_for(play_out(anna, 1, first), 300)
            # The server still holds tables and thinks in its workers for the next one.
            other = await table_of(bruno, "scientific", ["person", "bot:normal"], players=2)
            await asyncio.wait_for(play_out(bruno, 2, other), 120)
            return anna, bruno

    anna, bruno = asyncio.run(go())
    assert (tmp_path / "died").exists()
    dying_moves = [m for m in anna.messages if m["type"] == "update" and m["by"] == 1]
    assert dying_moves  # the dying player's seat moved all the same
    assert over(anna.messages[-1]) and over(bruno.messages[-1])
    said = (tmp_path / "data" / "server.log").read_text()
    assert "a worker process died" in said
    assert ("thinks in the server process" in said) is not once
    assert (tmp_path / "decided_in_the_server").exists() is not once


def test_computer_players_in_workers_make_the_moves_they_make_in_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Known deals, each with more than five computer decisions (a random one may end early).
    seeds = iter([11, 12, 13])
    monkeypatch.setattr(rooms, "new_seed", lambda: next(seeds))

    async def go() -> list[tuple[str, dict[str, Any], int, dict[int, str], list[str]]]:
        games = []
        async with running_server(tmp_path, workers=2) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            setups = [
                ("cardavia", ["person", "bot:hard", "bot:normal"], {"pace": 0}),
                ("scientific", ["person", "bot:normal", "bot:hard"], {"players": 3}),
                ("battle", ["person", "bot:hard"], {"players": 2, "deck": 32, "open": True}),
            ]
            for number, (game, seats, options) in enumerate(setups):
                link = await player(url, f"P{number}")
                first = await table_of(link, game, seats, **options)
                await asyncio.wait_for(play_out(link, number, first), 300)
                room = next(r for r in server.rooms.values() if r.creator == f"P{number}")
                assert room.table is not None
                games.append((game, room.config, room.seed, room.table.levels, room.table.log))
        return games

    for game, config, seed, levels, log in asyncio.run(go()):
        table = Table(game, config, seed, levels)  # the same players, in this process
        asked = 0
        for line in log:
            if line == NEXT_DEAL:
                table.next_deal()
                continue
            seat, action = parse_move(line)
            if seat in levels:
                assert table.bots[seat].choose(table.view(seat), table.legal(seat)) == action
                asked += 1
            table.apply(seat, action)
        assert asked > 5, game
