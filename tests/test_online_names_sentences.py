"""No nickname can be heard as a sentence of the program, in English or Italian ("The game is
over", "Hai vinto la partita", "Your turn", "Anna leaves", "Tocca a te"), while the names of
people of many cultures stay welcome: tried against a real server, the refusal heard word for
word in both languages (audiogame/online/program_words.py, audiogame/online/names.py)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from audiogame.online.messages import VERSION
from audiogame.online.names import problem
from tests.online_support import running_server

PROGRAM = {
    "en": "That name cannot be used: it holds words the program itself says, such as turn, "
    "table or server.",
    "it": "Questo nome non si può usare: contiene parole che dice il programma stesso, come "
    "turno, tavolo o server.",
}

SENTENCES = [
    "The game is over",
    "Hai vinto la partita",
    "Your turn",
    "Y0ur turn",  # a zero for the O
    "YOUR TURN",
    "Anna leaves",
    "Tocca a te",
    "Game over",
    "Partita finita",
    "Anna wins",
    "Anna vince",
    "L'asso di cuori",  # the word after the apostrophe
    "Anna e Bruno",  # two people, in the program's Italian
    "Anna ed Elena",
    "Anna and Bruno",
    "Tu",
    "Everyone passes",
    "Connessione persa",
    "Battaglia",
]
"""Each said by the program, in one language or the other, or heard as two people."""

PEOPLE = [
    "Anna Maria", "Jean-Luc", "O'Brien", "Nguyen Van An", "José", "Zoë",
    "Mohammed Al-Sayed", "Ana de la Cruz", "Maria da Silva", "Giulia Di Marco",
    "Paolo Dal Bosco", "Le Thi Mai", "Li Wei", "Ma Long", "Grace Li", "Mai Anh", "Kim Chi",
    "Ha Linh", "Su Bing", "Tanaka Ai", "Jack", "Will Smith", "Mark", "Ed Norton", "Sue",
    "May", "King", "Donna", "Otto", "Massimo", "Primo", "Anna Testa", "Luca Sala",
    "Hiroshi Sato", "Kwame Mensah", "Aisha Bello", "Siobhán", "Søren", "Łukasz", "Priya Patel",
    "Park Ji-ho", "Пётр", "Мария", "Αλέξανδρος", "محمد", "李小龍", "Jo-Ann", "D'Angelo",
    "van der Berg", "Juan Carlos", "Bruno", "Anna",
]  # fmt: skip
"""Names of people that hold words of the program (particles, short names, words that are
also names) or none at all."""


async def answer_to(url: str, name: str, lang: str) -> Any:
    """The server's answer to a page's hello with ``name`` (the page hears the server's
    words in its own language)."""
    hello = {"type": "hello", "version": VERSION, "name": name, "client": "browser",
             "lang": lang}  # fmt: skip
    async with connect(url) as ws:
        await ws.send(json.dumps(hello))
        return json.loads(await asyncio.wait_for(ws.recv(), 30))


def test_a_name_that_reads_as_a_sentence_of_the_program_is_refused_in_both_languages(
    tmp_path: Path,
) -> None:
    async def go() -> dict[str, list[Any]]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            return {
                name: [await answer_to(url, name, lang) for lang in ("en", "it")]
                for name in SENTENCES
            }

    answers = asyncio.run(go())
    heard = {
        name: [(a.get("code"), a.get("reason"), a.get("message")) for a in both]
        for name, both in answers.items()
    }
    expected = [("bad_name", "program", PROGRAM["en"]), ("bad_name", "program", PROGRAM["it"])]
    assert {name: words for name, words in heard.items() if words != expected} == {}


def test_names_of_people_of_many_cultures_are_welcome(tmp_path: Path) -> None:
    async def go() -> dict[str, Any]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            return {name: await answer_to(url, name, "en") for name in PEOPLE}

    answers = asyncio.run(go())
    refused = {name: answer for name, answer in answers.items() if answer["type"] != "welcome"}
    assert refused == {}
    assert [answer["name"] for answer in answers.values()] == PEOPLE


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Tu", "program"),  # the listener's own "you"
        ("Te", "program"),
        ("Vince", "program"),  # "wins"
        ("Libero", "program"),  # a free seat
        ("Ace", "program"),
        ("Fiori", "program"),  # a suit
        ("Anna E", None),  # an initial
        ("E Anna", None),
        ("Ed", None),
        ("Anna B", None),
    ],
)
def test_words_of_the_program_that_are_also_names_are_chosen_one_by_one(
    name: str, reason: str | None
) -> None:
    assert problem(name) == reason
