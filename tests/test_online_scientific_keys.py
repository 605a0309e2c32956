"""Battaglia scientifica at an online table, by keys, through a browser seat on a real server
(the terminal game's own table screen, fed the seat's stream): what T says once the game is
over, and Enter after the last trick."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from audiogame.online.messages import VERSION
from tests.online_support import running_server

END = "Press Enter to go back to the tables."


class Page:
    """A browser's connection, without the browser: keys in, words out."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.said: list[str] = []
        self.shown: list[str] = []

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def until(self, check: Any) -> dict[str, Any]:
        while True:
            try:
                message = json.loads(await asyncio.wait_for(self.ws.recv(), 30))
            except TimeoutError:
                raise AssertionError(f"no answer; said: {self.said[-8:]}") from None
            if message["type"] == "say" and message["text"]:
                self.said.append(message["text"])
            if message["type"] == "show":
                self.shown = message["lines"]
            if check(message):
                return message

    async def key(self, key: str, answer: Any) -> str:
        """Press ``key``; the seat's answer, the first words that ``answer`` recognizes (the
        table's other news may come first)."""
        await self.send({"type": "key", "key": key})
        said = await self.until(lambda m: m["type"] == "say" and answer(m["text"]))
        return str(said["text"])


def told(text: str) -> bool:
    """T's answer."""
    return text.startswith(("Trick ", "The game is over", "You are out"))


def chosen(text: str) -> bool:
    """Enter's answer: the card said first, or chosen."""
    return "Enter again chooses it" in text or text.startswith(("You choose", "Already chosen"))


async def to_the_end(tmp_path: Path) -> tuple[list[str], list[str], list[str]]:
    """Anna plays a whole game by Enter against a computer player; then T. What T said, the
    state lines shown at the end, and everything said."""
    async with running_server(tmp_path) as server, connect(f"ws://127.0.0.1:{server.port}/") as ws:
        page = Page(ws)
        await page.send({"type": "hello", "version": VERSION, "name": "Anna",
                         "client": "browser", "lang": "en"})  # fmt: skip
        await page.send({"type": "create", "game": "scientific", "seats": ["person", "bot:greedy"],
                         "options": {"players": 2, "trick_limit": 100}})  # fmt: skip
        await page.until(lambda m: m["type"] == "joined")
        await page.send({"type": "start"})
        await page.until(lambda m: m["type"] == "say" and m["text"].startswith("Your hand"))
        for _press in range(2000):  # T says whose choice is awaited: Enter when it is hers
            t = await page.key("t", told)
            if t.startswith("The game is over"):
                break
            if "Still to choose: you" in t:
                await page.key("enter", chosen)
            else:
                await page.until(lambda m: m["type"] == "show")
        return [t], page.shown, page.said


def test_t_after_the_game_leads_back_to_the_tables(tmp_path: Path) -> None:
    t, shown, said = asyncio.run(to_the_end(tmp_path))
    assert END in said
    assert t == ["The game is over. Press Enter to go back to the tables."]
    assert shown[0] == "The game is over. Press Enter to go back to the tables."
    assert not [text for text in said if "game setup" in text]
