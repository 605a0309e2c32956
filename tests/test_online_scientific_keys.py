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
from tests.online_support import player, running_server

END = "Press Enter to go back to the tables."


class Page:
    """A browser's connection, without the browser: keys in, words out."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.said: list[str] = []
        self.shown: list[str] = []

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def create(self, game: str, seats: list[str], **create: Any) -> dict[str, Any]:
        """Say hello as Anna, in English, from a browser; create a table; the table joined."""
        await self.send({"type": "hello", "version": VERSION, "name": "Anna",
                         "client": "browser", "lang": "en"})  # fmt: skip
        await self.send({"type": "create", "game": game, "seats": seats, **create})
        joined = await self.until(lambda m: m["type"] == "joined")
        return dict(joined["table"])

    async def until(self, check: Any) -> dict[str, Any]:
        while True:
            try:
                message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), 30))
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
    """Anna plays a whole game by Enter against a computer player; then T, then Enter until
    the table is left (what the page then shows is added to what was said). What T said, the
    state lines shown at the end, and everything said."""
    async with running_server(tmp_path) as server, connect(f"ws://127.0.0.1:{server.port}/") as ws:
        page = Page(ws)
        await page.create(
            "scientific", ["person", "bot:greedy"], options={"players": 2, "trick_limit": 100}
        )
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
        shown = list(page.shown)
        for _press in range(5000):  # an Enter just after the end is refused, with the reason
            await page.send({"type": "key", "key": "enter"})
            answer = await page.until(lambda m: m["type"] == "left" or (
                m["type"] == "say" and "just ended" in m["text"]))  # fmt: skip
            if answer["type"] == "left":
                page.said.append("(left)")
                await page.send({"type": "list"})
                lobby = await page.until(lambda m: m["type"] == "lobby")
                page.said.append("(lobby)" if "tables" in lobby else "(no lobby)")
                break
        return [t], shown, page.said


def test_t_after_the_game_says_it_is_over_and_enter_leads_back_to_the_tables(
    tmp_path: Path,
) -> None:
    """The page's seat is left when Enter closes the finished table: the page hears that it
    left and gets the list of tables, instead of keys that answer nothing."""
    t, shown, said = asyncio.run(to_the_end(tmp_path))
    assert END in said
    assert t == ["The game is over. Press Enter to go back to the tables."]
    assert shown[0] == "The game is over. Press Enter to go back to the tables."
    assert not [text for text in said if "game setup" in text]
    assert said[-2:] == ["(left)", "(lobby)"]


async def enter_around_a_choice(tmp_path: Path) -> list[tuple[str, str]]:
    """Anna's page and Bruno (a person) at Battaglia scientifica for two. For three tricks:
    Anna's first Enter says the card; Bruno's choice arrives; Anna's second Enter. What each
    of Anna's Enters answered."""
    answers = []
    async with running_server(tmp_path) as server, connect(f"ws://127.0.0.1:{server.port}/") as ws:
        page = Page(ws)
        url = f"ws://127.0.0.1:{server.port}/"
        code = (
            await page.create(
                "scientific", ["person", "person"], options={"players": 2, "trick_limit": 100}
            )
        )["id"]
        bruno = await player(url, "Bruno")
        await bruno.send({"type": "join", "table": code})
        await bruno.expect("joined")
        await page.send({"type": "start"})
        stream = await bruno.expect("started")
        await page.until(lambda m: m["type"] == "say" and m["text"].startswith("Your hand"))
        for _trick in range(3):
            first = await page.key("enter", chosen)
            await bruno.send({"type": "act", "action": stream["legal"][0]})
            await page.until(lambda m: m["type"] == "show" and "Chosen: Bruno" in m["lines"][0])
            second = await page.key("enter", chosen)
            answers.append((first, second))
            stream = await bruno.expect("update")
            while not stream.get("legal") or (stream.get("view") or {}).get("my_choice"):
                stream = await bruno.expect("update")  # the next trick, Bruno's turn again
        await bruno.close()
    return answers


def test_a_choice_arriving_between_two_enters_does_not_undo_the_first(tmp_path: Path) -> None:
    """The first Enter says the card ("Enter again chooses it"); another player's choice
    arrives; the second Enter chooses that card, it does not say it again."""
    answers = asyncio.run(enter_around_a_choice(tmp_path))
    for first, second in answers:
        assert first.endswith("Enter again chooses it."), answers
        card = first.split(",")[0]
        assert second == f"You choose: {card}.", answers
