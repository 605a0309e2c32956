"""Browser seats cost the server nothing once they are gone: their presenters (the seat, its
small host, its table screen) are released when their pages close, from whatever address."""

from __future__ import annotations

import asyncio
import gc
import json
import weakref
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from tests.online_support import running_server

BATTLE = {"type": "create", "game": "battle", "seats": ["person", "bot:easy"],
          "options": {"players": 2, "deck": 52}}  # fmt: skip


async def words(page: ClientConnection) -> str:
    """The next ``say`` with words the page is sent."""
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(page.recv(), 30))
        if message.get("type") == "say" and message.get("text"):
            return str(message["text"])


async def settled(page: ClientConnection) -> None:
    """Until the page is sent its keys: all that came before them is said."""
    while json.loads(await asyncio.wait_for(page.recv(), 30)).get("type") != "keys":
        pass


def test_seats_from_many_addresses_are_released_when_their_pages_close(tmp_path: Path) -> None:
    async def main() -> tuple[list[list[str]], list[weakref.ref[Any]], list[str]]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            pages: list[ClientConnection] = []
            for n in range(4):
                page = await connect(url, local_addr=(f"127.0.0.{2 + n}", 0))
                await page.send(json.dumps({"type": "hello", "version": 1, "name": f"Page{n}",
                                            "client": "browser", "lang": "en"}))  # fmt: skip
                await page.send(json.dumps(BATTLE))
                await page.send(json.dumps({"type": "start"}))
                await settled(page)  # the table screen's opening, its state and keys
                pages.append(page)
            heard: list[list[str]] = []
            for page in pages:  # three keys sent together: their answers in their order
                for key in ("t", "e", "t"):
                    await page.send(json.dumps({"type": "key", "key": key}))
                heard.append([await words(page) for _ in range(3)])
            conns = [server.names[f"page{n}"] for n in range(4)]
            addresses = [conn.host for conn in conns]
            presenters: list[Any] = []
            for conn in conns:
                seat = conn.browser
                assert seat is not None and seat.host is not None
                presenters += [seat, seat.host, seat.screen, seat.state]
            refs = [weakref.ref(p) for p in presenters]
            del conns, conn, presenters, seat  # the test holds none of them
            for page in pages:
                await page.close()
            for _ in range(300):  # the server has seen every page go
                if not any(f"page{n}" in server.names for n in range(4)):
                    break
                await asyncio.sleep(0.01)
            await asyncio.sleep(0)
            gc.collect()
            return heard, refs, addresses

    heard, refs, addresses = asyncio.run(main())
    assert addresses == ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]
    for first, second, third in heard:
        assert first == "Trick 1 of 2000. Your turn: press Space or Enter.", first
        assert second.startswith("Cards owned: you 26"), second
        assert third == first
    assert [ref() for ref in refs] == [None] * len(refs)
