"""Names that pass for the program or for another person in ways the first rules let through:
the program's words run together ("Yourturn", "Brunopassa") or with letters said more than
once ("Anna passs"), names said alike through a silent h, a soft g or a doubled vowel
("Helena" beside "Elena", "Julia" beside "Giulia"), Latin letters with a hook drawn as basic
ones ("Br\u028ano" beside "Bruno"), and accents piled on a letter that already holds two (in a
name and in chat). Tried against a real server, what the refused person hears checked word for
word in English and Italian; honest names that hold the same pieces stay welcome
(audiogame/online/names.py, audiogame/online/program_words.py, audiogame/online/written.py)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from audiogame.online.messages import VERSION
from audiogame.online.names import problem, same
from tests.online_support import Recorder, running_server, until

PROGRAM = (
    "That name cannot be used: it holds words the program itself says, such as turn, table or "
    "server.",
    "Questo nome non si può usare: contiene parole che dice il programma stesso, come turno, "
    "tavolo o server.",
)
SOUND_ALIKE = (
    "A name that sounds like this one is already in use on the server: choose another one.",
    "Sul server c'è già un nome che suona come questo: scegline un altro.",
)
LOOK_ALIKE = (
    "A name that looks like this one is already in use on the server: choose another one.",
    "Sul server c'è già un nome che somiglia a questo: scegline un altro.",
)
INVISIBLE = (
    "That name cannot be used: it holds invisible characters, or accents piled on a letter.",
    "Questo nome non si può usare: contiene caratteri invisibili, o accenti accumulati su una "
    "lettera.",
)
BOT_NAME = (
    "A computer player at that table has your name, or one like it: connect with another name "
    "to go there.",
    "Un giocatore del computer a quel tavolo ha il tuo nome, o uno simile: collegati con un "
    "altro nome per andarci.",
)

RUN_TOGETHER = [
    "Yourturn", "Itsyourturn", "Gameover", "Gameisover", "Toccate", "Haivinto", "Haiperso",
    "Partitafinita", "Iltuoturno", "Connectionlost", "Brunopassa", "Annapasses", "Youwin",
    "Anna passs", "Anna paasses", "Yourrr turnnn", "Anna wiins",
]  # fmt: skip
"""The program's words run together, or with a computer player's name, or with letters said
more than once."""

HONEST = [
    "Pasquale", "Justin", "Alessia", "Jackson", "Salvatore", "Orsola", "Tavolino",
    "Hashim bin Ahmad", "Della Valle", "Vera", "Turnbull", "Passarelli", "Overton", "Winston",
    "Toccafondi", "Vincenzo", "Gameiro", "Kingsley", "Dante", "Serena", "Persano", "Annabella",
    "Massimo", "Otto", "Donna", "Giovanni", "Alessandro", "Leonardo", "Beatrice", "Dolores",
    "Sherwin", "Edwin", "Goodwin", "Ottavio", "Tiziana", "Nguyen Thi Mai Anh",
    "Maria José Ruiz Paz", "Seán Ó Briain", "Anne-Marie", "Kofi Annan", "Chinedu Okafor",
]  # fmt: skip
"""Names that split into words of the program, or hold letters written twice, and are
people's all the same."""


async def answer_to(url: str, name: str, lang: str) -> Any:
    hello = {"type": "hello", "version": VERSION, "name": name, "client": "browser",
             "lang": lang}  # fmt: skip
    async with connect(url) as ws:
        await ws.send(json.dumps(hello))
        return json.loads(await asyncio.wait_for(ws.recv(), 30))


def heard(answer: dict[str, Any]) -> tuple[Any, ...]:
    return answer.get("code"), answer.get("reason"), answer.get("message")


def test_the_programs_words_run_together_or_with_letters_said_twice_are_refused(
    tmp_path: Path,
) -> None:
    async def go() -> dict[str, list[Any]]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            return {name: [heard(await answer_to(url, name, lang)) for lang in ("en", "it")]
                    for name in RUN_TOGETHER}  # fmt: skip

    expected = [("bad_name", "program", PROGRAM[0]), ("bad_name", "program", PROGRAM[1])]
    assert {name: words for name, words in asyncio.run(go()).items() if words != expected} == {}


def test_names_that_split_into_the_programs_words_are_welcome(tmp_path: Path) -> None:
    async def go() -> list[Any]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            return [await answer_to(url, name, "en") for name in HONEST]

    assert [(a["type"], a.get("name")) for a in asyncio.run(go())] == [
        ("welcome", name) for name in HONEST
    ]


SAID = [("Elena", "Helena"), ("Giulia", "Julia"), ("Ugo", "Hugo"), ("Luca", "Lucha"),
        ("Marco", "Marcho"), ("Anna", "Hanna"), ("Bruno", "Brouno"), ("Bruno", "Broono"),
        ("Carla", "Kharla"), ("Dario", "Dahrio")]  # fmt: skip
DRAWN = [("Marco", "Mar\u0188o"), ("Bello", "\u0181ello")]
BESIDE = [(one, other, "sound_alike", SOUND_ALIKE) for one, other in SAID] + [
    (one, other, "look_alike", LOOK_ALIKE) for one, other in DRAWN
]
"""A connected name, and one said or drawn like it."""


def test_a_name_said_or_drawn_like_a_connected_one_is_refused_saying_why(tmp_path: Path) -> None:
    async def go() -> list[tuple[Any, Any]]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            answers = []
            for first, second, _reason, _words in BESIDE:
                connected = Recorder(url, first)
                await connected.open()
                answers.append(
                    (heard(await answer_to(url, second, "en")),
                     heard(await answer_to(url, second, "it")))
                )  # fmt: skip
                await connected.close()
                await until(lambda: not server.names)
            return answers

    assert asyncio.run(go()) == [
        (("name_taken", reason, words[0]), ("name_taken", reason, words[1]))
        for _first, _second, reason, words in BESIDE
    ]


@pytest.mark.parametrize(
    ("one", "other"),
    [("Anna", "Anne"), ("Carla", "Carlo"), ("Charles", "Karles"), ("Sasha", "Sasa"),
     ("Ghita", "Gita"), ("Mario", "Maria"), ("Kim", "Tim"), ("Fabio", "Favio")],
)  # fmt: skip
def test_names_said_apart_stay_apart(one: str, other: str) -> None:
    assert not same(one, other)


@pytest.mark.parametrize("name", ["Br\u028ano", "Br\u028aNO", "\u0181runo", "Da\u027dio"])
def test_a_computer_players_name_in_hooked_letters_is_refused_at_the_door(
    tmp_path: Path, name: str
) -> None:
    async def go() -> tuple[Any, Any]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            return await answer_to(url, name, "en"), await answer_to(url, name, "it")

    english, italian = asyncio.run(go())
    assert heard(english) == ("name_taken", "look_alike", LOOK_ALIKE[0])
    assert heard(italian) == ("name_taken", "look_alike", LOOK_ALIKE[1])


@pytest.mark.parametrize("name", ["\u0198asimu", "\u018aanjuma", "\u0181ala \u0257an \u0199ano"])
def test_hausa_names_with_hooked_letters_are_welcome_on_their_own(name: str) -> None:
    assert problem(name) is None


def test_a_name_said_like_the_computer_players_cannot_watch_its_table(tmp_path: Path) -> None:
    """Zed plays against the computer player Anna: Hanna may be on the server, not at that
    table."""

    async def go() -> list[Any]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            zed = Recorder(url, "Zed")
            await zed.open()
            await zed.send({"type": "create", "game": "battle",
                            "seats": ["person", "bot:normal"]})  # fmt: skip
            code = (await zed.expect("joined"))["table"]["id"]
            await zed.send({"type": "start"})
            assert (await zed.expect("started"))["names"] == ["Anna"]
            refusals = []
            for lang in ("en", "it"):
                hello = {"type": "hello", "version": VERSION, "name": "Hanna",
                         "client": "browser", "lang": lang}  # fmt: skip
                async with connect(url) as ws:
                    await ws.send(json.dumps(hello))
                    assert json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] == "welcome"
                    await ws.send(json.dumps({"type": "watch", "table": code}))
                    answer: dict[str, Any] = {}
                    while answer.get("type") != "error":
                        answer = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    refusals.append((answer["code"], answer["message"]))
            await zed.close()
            return refusals

    assert asyncio.run(go()) == [("bot_name", BOT_NAME[0]), ("bot_name", BOT_NAME[1])]


def test_accents_piled_on_an_accented_letter_are_refused_in_a_name(tmp_path: Path) -> None:
    async def go() -> list[Any]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            piled = ("An\u1ebf\u0301\u0301", "An\u1ebf\u0301")
            return [heard(await answer_to(url, name, lang))
                    for name in piled for lang in ("en", "it")]  # fmt: skip

    assert asyncio.run(go()) == [("bad_name", "invisible", words) for words in INVISIBLE] * 2
    assert problem("Nguy\u1ec5n") is None


def test_accents_piled_on_an_accented_letter_are_refused_in_chat(tmp_path: Path) -> None:
    """Bruno piles two acutes on "\u1ec7" thirty times: refused to him alone; Anna hears
    only his Vietnamese line that follows."""

    async def go() -> tuple[Any, list[str]]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna, bruno = Recorder(url, "Anna"), Recorder(url, "Bruno")
            await anna.open()
            await bruno.open()
            await anna.send({"type": "create", "game": "battle", "seats": ["person", "person"]})
            table = (await anna.expect("joined"))["table"]["id"]
            await bruno.send({"type": "join", "table": table, "seat": 1})
            await bruno.expect("joined")
            await bruno.send({"type": "chat", "text": "\u1ec7\u0301\u0301" * 30})
            refusal = await bruno.expect("error")
            await bruno.send({"type": "chat", "text": "Ch\u01a1i hay l\u1eafm"})
            said: list[str] = []
            while "Ch\u01a1i hay l\u1eafm" not in said:
                said.append(str((await anna.expect("chat"))["text"]))
            await anna.close()
            await bruno.close()
            return (refusal["code"], refusal["reason"]), said

    assert asyncio.run(go()) == (("bad_chat", "marks"), ["Ch\u01a1i hay l\u1eafm"])
