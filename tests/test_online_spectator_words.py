"""What a spectator hears over a real server: every seat by its name, the first seat too, in
every game; nobody at the table is "you" to someone who only watches."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from audiogame.online.messages import VERSION
from tests.online_support import play_out, player, running_server

YOU = re.compile(r"\byou(r)?\b", re.IGNORECASE)

TABLES = {
    "battle": (["person", "bot:greedy"], {"players": 2, "deck": 32, "trick_limit": 100}),
    "scientific": (["person", "bot:greedy", "bot:greedy"], {"players": 3, "trick_limit": 100}),
    "cardavia": (["person", "bot:greedy", "bot:greedy"], {"pace": 0}),
}


def the_end(game: str, text: str) -> bool:
    return "Deal scores" in text if game == "cardavia" else text.startswith("Game over")


async def watch_a_game(tmp_path: Path, game: str) -> list[str]:
    """Anna plays a whole game against computer players; Dario's page watches it. What
    Dario's page says, in order."""
    seats, options = TABLES[game]
    async with running_server(tmp_path) as server:
        url = f"ws://127.0.0.1:{server.port}/"
        anna = await player(url, "Anna")
        await anna.send({"type": "create", "game": game, "seats": seats, "options": options})
        table = (await anna.expect("joined"))["table"]["id"]
        async with connect(url) as dario:
            await dario.send(json.dumps({"type": "hello", "version": VERSION, "name": "Dario",
                                         "client": "browser", "lang": "en"}))  # fmt: skip
            await dario.send(json.dumps({"type": "watch", "table": table}))
            await anna.expect("presence")
            await anna.send({"type": "start"})
            await play_out(anna, 5, await anna.expect("started"))
            heard: list[str] = []
            while not heard or not the_end(game, heard[-1]):
                message = json.loads(await asyncio.wait_for(dario.recv(), 30))
                if message["type"] == "say":
                    heard.append(message["text"])
        await anna.close()
    return heard


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_spectator_hears_every_seat_by_its_name(tmp_path: Path, game: str) -> None:
    heard = asyncio.run(watch_a_game(tmp_path, game))
    assert not [text for text in heard if YOU.search(text)], heard
    anna = [text for text in heard if "Anna" in text]
    assert anna, heard
    if game == "battle":
        assert any(text.startswith("Anna: ") for text in heard)  # the reveal
        assert any(re.search(r"\b(Anna|Bruno) takes \d+ cards", text) for text in heard)
    if game == "scientific":
        assert "Anna has chosen." in heard
    if game == "cardavia":
        assert any(text == "Anna passes." or text.startswith("Anna: ") for text in heard)
        assert "Anna" in heard[-1]  # the settlement, with Anna's score
