"""Names that would be taken for another's on hearing (Karla beside Carla), and names dressed as
a computer player's (Brun0 beside Bruno): tried against a real server, what the refused
person hears checked word for word in English and Italian (audiogame/online/names.py,
audiogame/online/server.py, audiogame/online/room_state.py)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from audiogame.online.messages import VERSION
from tests.online_support import Recorder, running_server, until

SOUND_ALIKE = {
    "en": "A name that sounds like this one is already in use on the server: choose another one.",
    "it": "Sul server c'è già un nome che suona come questo: scegline un altro.",
}
LOOK_ALIKE = {
    "en": "A name that looks like this one is already in use on the server: choose another one.",
    "it": "Sul server c'è già un nome che somiglia a questo: scegline un altro.",
}
BOT_NAME = {
    "en": "A computer player at that table has your name, or one like it: connect with another "
    "name to go there.",
    "it": "Un giocatore del computer a quel tavolo ha il tuo nome, o uno simile: collegati con "
    "un altro nome per andarci.",
}


async def answer_to(url: str, name: str, lang: str) -> Any:
    hello = {"type": "hello", "version": VERSION, "name": name, "client": "browser",
             "lang": lang}  # fmt: skip
    async with connect(url) as ws:
        await ws.send(json.dumps(hello))
        return json.loads(await asyncio.wait_for(ws.recv(), 30))


def heard(answer: dict[str, Any]) -> tuple[Any, ...]:
    return answer.get("code"), answer.get("reason"), answer.get("message")


SAID_ALIKE = [("Carla", "Karla"), ("Kim", "Chim"), ("Sara", "Sarah"), ("Anna", "Ana"),
              ("Christina", "Kristina"), ("Philip", "Filip"), ("Marco", "Marko"),
              ("Thomas", "Tomas"), ("Alex", "Aleks"), ("Yvonne", "Ivonne")]  # fmt: skip
SAID_APART = [("Anna", "Anne"), ("Mario", "Maria"), ("Carla", "Carlo"), ("Kim", "Tim"),
              ("Cindy", "Kindy"), ("Jim", "Kim"), ("Lisa", "Liza"),
              ("Charles", "Karles"), ("Kim 2", "Kim 22"), ("Seat1", "Seat11")]  # fmt: skip


def test_a_name_said_like_a_connected_one_is_refused_saying_why(tmp_path: Path) -> None:
    async def go() -> list[tuple[Any, Any]]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            answers = []
            for first, second in SAID_ALIKE:
                connected = Recorder(url, first)
                await connected.open()
                answers.append(
                    (await answer_to(url, second, "en"), await answer_to(url, second, "it"))
                )
                await connected.close()
                await until(lambda: not server.names)
            return answers

    answers = asyncio.run(go())
    assert [(heard(en), heard(it)) for en, it in answers] == [
        (("name_taken", "sound_alike", SOUND_ALIKE["en"]),
         ("name_taken", "sound_alike", SOUND_ALIKE["it"]))
    ] * len(SAID_ALIKE)  # fmt: skip


def test_names_said_apart_are_both_welcome(tmp_path: Path) -> None:
    async def go() -> list[Any]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            answers = []
            for first, second in SAID_APART:
                connected = Recorder(url, first)
                await connected.open()
                answers.append(await answer_to(url, second, "en"))
                await connected.close()
                await until(lambda: not server.names)
            return answers

    answers = asyncio.run(go())
    assert [(a["type"], a.get("name")) for a in answers] == [
        ("welcome", second) for _first, second in SAID_APART
    ]


def test_a_name_said_like_a_kept_one_is_refused(tmp_path: Path) -> None:
    """Carla drops during a game: her seat is kept for her token, and Karla cannot come in
    meanwhile."""

    async def go() -> Any:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            carla = Recorder(url, "Carla")
            await carla.open()
            await carla.send({"type": "create", "game": "battle",
                              "seats": ["person", "bot:normal"], "grace": 300})  # fmt: skip
            joined = await carla.expect("joined")
            await carla.send({"type": "start"})
            await carla.expect("started")
            await carla.close()
            room = server.rooms[joined["table"]["id"]]
            await until(lambda: room.seats[0].peer is None)
            return await answer_to(url, "Karla", "it")

    assert heard(asyncio.run(go())) == ("name_taken", "sound_alike", SOUND_ALIKE["it"])


@pytest.mark.parametrize("name", ["Brun0", "\u0391\u039d\u039d\u0391", "Dari0", "FABI0"])
def test_a_name_dressed_as_a_computer_players_is_refused_at_the_door(
    tmp_path: Path, name: str
) -> None:
    """Nobody is connected: the computer players' names (Anna, Bruno, ... Giulia) are kept for
    look-alike letters and digits all the same (a zero, Greek capitals)."""

    async def go() -> tuple[Any, Any]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            return await answer_to(url, name, "en"), await answer_to(url, name, "it")

    english, italian = asyncio.run(go())
    assert heard(english) == ("name_taken", "look_alike", LOOK_ALIKE["en"])
    assert heard(italian) == ("name_taken", "look_alike", LOOK_ALIKE["it"])


def test_a_computer_players_name_itself_is_welcome_in_any_case_and_accents(
    tmp_path: Path,
) -> None:
    async def go() -> list[Any]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            return [await answer_to(url, name, "en") for name in ("Bruno", "BRUNO", "Fábio")]

    assert [(a["type"], a.get("name")) for a in asyncio.run(go())] == [
        ("welcome", "Bruno"), ("welcome", "BRUNO"), ("welcome", "Fábio"),
    ]  # fmt: skip


def test_computer_players_take_no_name_said_like_a_persons(tmp_path: Path) -> None:
    """Ana and Bruno are connected, Karla creates a table with a computer player: it is not
    Anna, Bruno nor Carla, but Dario, the next default name."""

    async def go() -> list[str]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            people = [Recorder(url, name) for name in ("Ana", "Bruno", "Karla")]
            for person in people:
                await person.open()
            karla = people[-1]
            await karla.send({"type": "create", "game": "battle",
                              "seats": ["person", "bot:normal"]})  # fmt: skip
            await karla.expect("joined")
            await karla.send({"type": "start"})
            names = list((await karla.expect("started"))["names"])
            for person in people:
                await person.close()
            return names

    assert asyncio.run(go()) == ["Dario"]


def test_a_name_said_like_a_computer_players_cannot_watch_its_table(tmp_path: Path) -> None:
    """Zed plays Battaglia against the computer player Anna; Ana, who came later, may be on
    the server but not at that table, and is told why in her language."""

    async def go() -> tuple[list[str], Any, Any]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            zed = Recorder(url, "Zed")
            await zed.open()
            await zed.send({"type": "create", "game": "battle",
                            "seats": ["person", "bot:normal"]})  # fmt: skip
            code = (await zed.expect("joined"))["table"]["id"]
            await zed.send({"type": "start"})
            names = list((await zed.expect("started"))["names"])
            refusals = []
            for lang in ("en", "it"):
                hello = {"type": "hello", "version": VERSION, "name": "Ana",
                         "client": "browser", "lang": lang}  # fmt: skip
                async with connect(url) as ws:
                    await ws.send(json.dumps(hello))
                    welcome = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    assert welcome["type"] == "welcome", welcome
                    await ws.send(json.dumps({"type": "watch", "table": code}))
                    answer = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    while answer["type"] != "error":
                        answer = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    refusals.append(answer)
            await zed.close()
            return names, refusals[0], refusals[1]

    names, english, italian = asyncio.run(go())
    assert names == ["Anna"]
    assert (english["code"], english["message"]) == ("bot_name", BOT_NAME["en"])
    assert (italian["code"], italian["message"]) == ("bot_name", BOT_NAME["it"])
