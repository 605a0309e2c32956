"""The lobby lists the tables someone can still sit at or watch: a table still to start that
its last person left is gone at once (it was listed with its computer players and free seats
until its close timer ran, minutes later)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.online_support import player, running_server
from tests.test_online_hostile_public import answer, create


def test_a_table_still_to_start_leaves_the_lobby_with_its_last_person(tmp_path: Path) -> None:
    async def go() -> tuple[list[str], list[str], list[str]]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna, bruno = await player(url, "Anna"), await player(url, "Bruno")
            left_alone = await create(anna, "cardavia", ["person", "person", "bot:expert"])
            kept = (await create(bruno, "battle", ["person", "person"]))["table"]["id"]
            before: dict[str, Any] = await answer(bruno, {"type": "list"}, "lobby")
            await answer(anna, {"type": "leave"}, "left")
            after: dict[str, Any] = await answer(bruno, {"type": "list"}, "lobby")
            assert left_alone["table"]["id"] not in server.rooms
            return (
                sorted(t["id"] for t in before["tables"]),
                sorted(t["id"] for t in after["tables"]),
                [left_alone["table"]["id"], kept],
            )

    before, after, (gone, kept) = asyncio.run(go())
    assert before == sorted([gone, kept])
    assert after == [kept]
