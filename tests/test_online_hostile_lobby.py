"""A public server filled with connections that say hello and then nothing, from loopback
addresses of two networks: the honest newcomer is welcomed, and the connection that made room
for it hears why, in its language. Real connections, bounded in count and time."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

from audiogame.i18n import speaking
from audiogame.online.table_words import refusal_text
from tests.online_support import running_server
from tests.test_online_hostile_doors import client, limited, next_of

MADE_ROOM_EN = (
    "The server is full, and you were in the lobby doing nothing: your connection was closed to"
    " make room for someone arriving. Connect again whenever you like."
)
MADE_ROOM_IT = (
    "Il server è pieno e tu eri nella sala senza fare nulla: la tua connessione è stata chiusa"
    " per fare posto a chi arriva. Ricollegati quando vuoi."
)


async def heard_until_closed(ws: Any) -> tuple[str, int | None]:
    """Everything a connection is sent until it is closed, and its closing code."""
    said = ""
    try:
        while True:
            said += str(await asyncio.wait_for(ws.recv(), 20))
    except ConnectionClosed:
        pass
    return said, ws.close_code


def test_a_server_full_of_idle_lobby_connections_lets_the_newcomer_in(tmp_path: Path) -> None:
    """40 connections, 8 kept for seats: 32 say hello and nothing more, 24 from one network
    (the first a page in Italian), 8 from another. Two newcomers are welcomed (before: both
    refused, server_full); the connections that made room are the first two of the network
    holding most, told why (``made_room``, in Italian on the page) and closed 1013; a player
    at a table is never the one to go."""

    async def go() -> dict[str, Any]:
        limits = limited(connections=40, connections_kept=8)
        async with running_server(tmp_path, limits=limits) as server:
            port = server.port
            found: dict[str, Any] = {}
            seated = await client(port, "127.0.21.1", "Carla")
            await next_of(seated, "welcome")
            await seated.send(json.dumps({"type": "create", "game": "battle",
                                          "seats": ["person", "bot:greedy"],
                                          "options": {"players": 2}}))  # fmt: skip
            await next_of(seated, "joined")
            idle = [await client(port, "127.0.20.1", "Primo", client="browser", lang="it")]
            idle.append(await client(port, "127.0.20.2", "Dario"))
            for n in range(22):
                idle.append(await client(port, f"127.0.20.{3 + n % 4}", f"Idle{n}"))
            for n in range(7):
                idle.append(await client(port, "127.0.21.2", f"Other{n}"))
            for ws in idle[1:]:
                await next_of(ws, "welcome")
            found["open"] = server.open_connections
            first = await client(port, "127.0.30.1", "Anna")
            found["anna"] = await next_of(first, "welcome", "error")
            found["primo"] = await heard_until_closed(idle[0])
            second = await client(port, "127.0.31.1", "Bruna")
            found["bruna"] = await next_of(second, "welcome", "error")
            found["secondo"] = await heard_until_closed(idle[1])
            await seated.send(json.dumps({"type": "chat", "text": "still here"}))
            found["seated"] = (await next_of(seated, "chat"))["text"]
            for ws in (first, second, seated, *idle[2:]):
                await ws.close()
            return found

    found = asyncio.run(go())
    assert found["open"] == 32  # 40 - 8: past them only a kept seat's token was let in
    assert found["anna"]["type"] == "welcome"
    assert found["bruna"]["type"] == "welcome"
    primo, code = found["primo"]
    assert MADE_ROOM_IT in primo and code == 1013
    secondo, code = found["secondo"]
    assert '"code":"made_room"' in secondo.replace(" ", "") and code == 1013
    assert found["seated"] == "still here"
    with speaking("en"):
        assert refusal_text("made_room") == MADE_ROOM_EN
    with speaking("it"):
        assert refusal_text("made_room") == MADE_ROOM_IT
