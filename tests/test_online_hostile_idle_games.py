"""A public server whose every table is a game in play that nobody plays (started, then left
waiting, the connections open), from loopback addresses of two networks: the honest player's
new table is made, the idle game of the network holding most is closed to make room, and its
player hears why, in their language; a game being played is never closed for it. Real
connections, bounded in count and time."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from tests.online_support import running_server
from tests.test_online_hostile_doors import client, create, limited, next_of

CLOSED_EN = "The table closed to make room on a full server: nobody played at it for 1 minute."
CLOSED_IT = (
    "Il tavolo è stato chiuso per fare posto, il server è pieno: nessuno ci ha giocato per 1"
    " minuto."
)


def test_a_full_server_of_games_nobody_plays_closes_one_to_make_room(tmp_path: Path) -> None:
    async def go() -> dict[str, Any]:
        limits = limited(tables=4, started_idle_after=0.5)
        async with running_server(tmp_path, limits=limits) as server:
            port = server.port
            crowd = [await client(port, f"127.0.9.{n + 1}", f"Idle{'ABC'[n]}") for n in range(3)]
            page = await client(port, "127.0.10.1", "Carla", client="browser", lang="it")
            for ws in (*crowd, page):
                await next_of(ws, "welcome")
            found: dict[str, Any] = {}
            found["started"] = [(await create(ws, start=True))["type"] for ws in crowd]
            found["page"] = (await create(page, start=True))["type"]
            honest = await client(port, "127.0.11.1", "Elena")
            await next_of(honest, "welcome")
            # One of the crowd keeps playing (a key a little while): its game is never closed.
            playing = crowd[0]
            deadline = asyncio.get_running_loop().time() + 1.0
            while asyncio.get_running_loop().time() < deadline:
                await playing.send(json.dumps({"type": "chat", "text": "thinking"}))
                await asyncio.sleep(0.1)
            found["made"] = (await create(honest))["type"]
            closing = await next_of(crowd[1], "closing", "joined")
            found["closing"] = {key: closing.get(key) for key in ("type", "reason", "started")}
            found["rooms"] = sorted(room.creator for room in server.rooms.values())
            return found

    found = asyncio.run(go())
    assert found["started"] == ["started"] * 3 and found["page"] == "started"
    assert found["made"] == "joined"
    # The network of three idle games (127.0.9.0/24) gives one up, the one idle longest.
    assert found["closing"] == {"type": "closing", "reason": "idle", "started": True}
    assert "IdleA" in found["rooms"] and "Carla" in found["rooms"] and "Elena" in found["rooms"]
    assert len(found["rooms"]) == 4  # the server's every table, Elena's made in place of one


def test_a_page_and_a_terminal_hear_why_their_game_was_closed(tmp_path: Path) -> None:
    """The words, in both languages: the page is sent them; the terminal says them."""
    from audiogame.i18n import speaking
    from audiogame.online.table_words import idle_closing_text

    with speaking("en"):
        assert idle_closing_text(1, True) == CLOSED_EN
    with speaking("it"):
        assert idle_closing_text(1, True) == CLOSED_IT
