"""A new table's own options over a real server: each computer seat plays at the level asked
for (the offline levels, expert too), the grace period and the turn timer are kept, and a
request outside what the form offers is refused and creates nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.online_support import player, running_server


def test_each_computer_seat_plays_at_its_own_level(tmp_path: Path) -> None:
    async def go() -> tuple[dict[str, Any], dict[int, int], list[str]]:
        async with running_server(tmp_path) as server:
            anna = await player(f"ws://127.0.0.1:{server.port}/", "Anna")
            await anna.send({"type": "create", "game": "scientific",
                             "options": {"players": 4, "trick_limit": 100},
                             "seats": ["person", "bot:expert", "bot:easy", "bot:hard"],
                             "grace": 120, "turn_timer": 30})  # fmt: skip
            joined = await anna.expect("joined")
            await anna.send({"type": "start"})
            await anna.expect("started")
            room = server.rooms[joined["table"]["id"]]
            assert room.table is not None
            thinkers = [type(room.table.bots[seat]).__name__ for seat in (1, 2, 3)]
            kept = (room.grace, room.turn_timer)
            await anna.close()
            return joined["table"], {1: kept[0], 2: kept[1]}, thinkers

    table, kept, thinkers = asyncio.run(go())
    assert [seat.get("level") for seat in table["seats"]] == [None, "expert", "easy", "hard"]
    assert kept == {1: 120, 2: 30}
    assert thinkers == ["ExpertScientific", "EasyScientific", "HardScientific"]


def test_a_level_grace_or_timer_out_of_bounds_is_refused_and_creates_nothing(
    tmp_path: Path,
) -> None:
    async def go() -> tuple[list[str], list[dict[str, Any]]]:
        async with running_server(tmp_path) as server:
            anna = await player(f"ws://127.0.0.1:{server.port}/", "Anna")
            base = {"type": "create", "game": "cardavia", "seats": ["person", "bot:hard",
                                                                    "bot:hard"]}  # fmt: skip
            codes = []
            for wrong in ({"seats": ["person", "bot:genius", "bot:hard"]}, {"grace": 601},
                          {"grace": -1}, {"turn_timer": 3600}, {"turn_timer": "fast"}):  # fmt: skip
                await anna.send({**base, **wrong})
                codes.append((await anna.expect("error"))["code"])
            await anna.send({"type": "list"})
            tables = (await anna.expect("lobby"))["tables"]
            await anna.close()
            return codes, tables

    codes, tables = asyncio.run(go())
    assert codes == ["invalid"] * 5
    assert tables == []
