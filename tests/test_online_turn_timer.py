"""The turn timer over a real server: when a person waits too long, a computer player makes that
one move for the seat, moved by the table's driver like every computer player (thinking in a
worker process, an answer that comes after the person moved anyway thrown away), and the person
is told so; another table plays on meanwhile."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

import audiogame.table.session as session
from audiogame.computer_players import make_bot
from audiogame.saves.moves import parse_move
from audiogame.words.cards import card_name
from tests.online_support import Recorder, over, play_out, player, running_server, until
from tests.test_online_scientific_keys import Page
from tests.worker_players import GatedBot

TIMED_OUT = "Your time ran out: a computer player moved for you."


async def scientific_for_two(link: Recorder, opponent: str, **create: Any) -> dict[str, Any]:
    """``link`` creates and starts a table of Battaglia scientifica against ``opponent``."""
    await link.send({"type": "create", "game": "scientific", "seats": ["person", opponent],
                     "options": {"players": 2, "trick_limit": 100}, **create})  # fmt: skip
    await link.expect("joined")
    await link.send({"type": "start"})
    return await link.expect("started")


def own_moves(log: list[str]) -> list[str]:
    """Seat 0's moves in a table's log."""
    return [str(action) for seat, action in map(parse_move, log) if seat == 0]


def test_the_timer_makes_a_legal_move_for_the_seat_and_gives_it_back(tmp_path: Path) -> None:
    async def go() -> tuple[dict[str, Any], list[dict[str, Any]], list[str], bool, object]:
        async with running_server(tmp_path) as server:
            anna = await player(f"ws://127.0.0.1:{server.port}/", "Anna")
            started = await scientific_for_two(anna, "bot:easy", turn_timer=1)
            await anna.expect("timed_out")
            moved = await anna.expect("update")
            while moved["by"] != 0:
                moved = await anna.expect("update")
            room = next(iter(server.rooms.values()))
            assert room.table is not None
            await anna.send({"type": "who"})
            who = await anna.expect("who")
            return (started, anna.messages, own_moves(room.table.log),
                    room.table.thinker(0) is None, who["seats"][0].get("taken_over"))  # fmt: skip

    started, messages, moves, given_back, taken_over = asyncio.run(go())
    kinds = [m["type"] for m in messages]
    # The warning, then the words, then the move itself: one move, one of the legal ones.
    assert kinds.index("timer") < kinds.index("timed_out")
    assert len(moves) == 1 and moves[0] in started["legal"]
    assert given_back and taken_over is False  # the seat is Anna's again


def test_the_page_says_the_timer_moved_for_the_seat_and_names_the_card(tmp_path: Path) -> None:
    async def go() -> tuple[list[str], list[Any]]:
        async with (
            running_server(tmp_path) as server,
            connect(f"ws://127.0.0.1:{server.port}/") as ws,
        ):
            page = Page(ws)
            await page.create(
                "scientific",
                ["person", "bot:easy"],
                turn_timer=1,
                options={"players": 2, "trick_limit": 100},
            )
            await page.send({"type": "start"})
            await page.until(lambda m: m["type"] == "say" and m["text"] == TIMED_OUT)
            await page.until(lambda m: m["type"] == "say" and m["text"].startswith("You"))
            room = next(iter(server.rooms.values()))
            assert room.table is not None
            mine = [action for seat, action in map(parse_move, room.table.log) if seat == 0]
            return page.said, mine

    said, moves = asyncio.run(go())
    told = said.index(TIMED_OUT)
    assert said.count(TIMED_OUT) == 1
    # Then the choice made for her, by name: she did not choose it, so she is told which.
    assert len(moves) == 1
    assert said[told + 1] == f"You choose: {card_name(moves[0].cards[0])}.", said[told:]


def normal_players_are_gated(monkeypatch: pytest.MonkeyPatch, gate: Path) -> None:
    """Every normal computer player the server makes from now on (the turn timer's) waits, in
    its worker process, for the file ``go`` in ``gate``."""

    def made(game: str, level: str = "normal", seed: int | None = None) -> Any:
        bot = make_bot(game, level, seed)
        return GatedBot(bot, gate) if level == "normal" else bot

    monkeypatch.setattr(session, "make_bot", made)


def test_a_person_moving_while_the_timer_thinks_makes_the_only_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Anna's time runs out; while the computer player thinks for her, she moves herself: her
    move is the one made, the late answer is thrown away (Anna is not told that the timer moved
    for her), and another table plays a whole game meanwhile."""
    gate = tmp_path / "gate"
    gate.mkdir()
    normal_players_are_gated(monkeypatch, gate)

    async def go() -> tuple[list[str], list[str], list[dict[str, Any]], dict[str, Any], bool]:
        async with running_server(tmp_path / "data", workers=2) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna, bruno = await player(url, "Anna"), await player(url, "Bruno")
            started = await scientific_for_two(anna, "bot:easy", turn_timer=1)
            await until(lambda: (gate / "thinking").exists(), 60, "the timer never moved")
            mine = started["legal"][-1]
            await anna.send({"type": "act", "action": mine})
            moved = await anna.expect("update")
            while moved["by"] != 0:
                moved = await anna.expect("update")
            # Another table, a whole game, while the timer's player still thinks for Anna.
            other = await scientific_for_two(bruno, "bot:easy")
            await asyncio.wait_for(play_out(bruno, 2, other), 120)
            room = next(r for r in server.rooms.values() if r.creator == "Anna")
            assert room.table is not None and room.driver is not None
            thrown: list[list[str]] = []

            def settled() -> None:
                assert room.table is not None
                thrown.append(list(room.table.log))

            room.driver.settled = settled
            (gate / "go").write_text("go")
            await until(lambda: bool(thrown), 60, "the late answer never came")
            answered_meanwhile = "timed_out" in [m["type"] for m in anna.messages]
            return ([mine], own_moves(thrown[0]), bruno.messages, anna.messages[-1],
                    answered_meanwhile)  # fmt: skip

    mine, moves, other_table, _, told = asyncio.run(go())
    assert moves == mine  # one move for Anna: her own
    assert not told
    assert over(other_table[-1])
