"""Nothing a person writes can sound like the program (issue 35, findings 3 and 4): names that
pass for the program's sentences or for another person's name, and chat lines of blanks and
piled accents, tried against a real server from several loopback addresses. What the refused
player hears is checked word for word in English and Italian (the page's words, given by the
server in the page's language; the terminal says the same: audiogame/online/table_words.py)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from audiogame.online.messages import VERSION
from tests.online_support import Recorder, running_server, until

PROGRAM = {
    "en": "That name cannot be used: it holds words the program itself says, such as turn, "
    "table or server.",
    "it": "Questo nome non si può usare: contiene parole che dice il programma stesso, come "
    "turno, tavolo o server.",
}
SIGNS = {
    "en": "That name cannot be used: a name holds only letters, digits, single spaces, hyphens "
    "and apostrophes.",
    "it": "Questo nome non si può usare: un nome contiene solo lettere, cifre, spazi singoli, "
    "trattini e apostrofi.",
}
LENGTH = {
    "en": "That name cannot be used: a name is at most 20 characters.",
    "it": "Questo nome non si può usare: un nome ha al massimo 20 caratteri.",
}
INVISIBLE = {
    "en": "That name cannot be used: it holds invisible characters, or accents piled on a letter.",
    "it": "Questo nome non si può usare: contiene caratteri invisibili, o accenti accumulati su "
    "una lettera.",
}
LOOK_ALIKE = {
    "en": "A name that looks like this one is already in use on the server: choose another one.",
    "it": "Sul server c'è già un nome che somiglia a questo: scegline un altro.",
}

REFUSED = [
    ("Carla passes. Your turn", "signs", SIGNS),
    ("It is your turn", "program", PROGRAM),
    ("È il tuo turno", "program", PROGRAM),
    ("The server stops", "program", PROGRAM),
    ("Connection lost", "program", PROGRAM),
    ("Anna leaves", "program", PROGRAM),
    ("Anna leaves the table", "length", LENGTH),
    ("Bruno: pair of nines", "signs", SIGNS),
    ("Anna\u2800", "invisible", INVISIBLE),
    ("An\u200bna", "invisible", INVISIBLE),
    ("Zoe" + "\u0308" * 5, "invisible", INVISIBLE),
]


def hello(name: str, lang: str) -> str:
    return json.dumps(
        {"type": "hello", "version": VERSION, "name": name, "client": "browser", "lang": lang}
    )


async def answer_to(url: str, name: str, lang: str = "en", address: str = "127.0.0.9") -> Any:
    """The server's answer to a page's hello with ``name``, from ``address``."""
    async with connect(url, local_addr=(address, 0)) as ws:
        await ws.send(hello(name, lang))
        return json.loads(await asyncio.wait_for(ws.recv(), 30))


SOURCE = ["127.0.0.1"]
"""The loopback address the next terminal client connects from (:func:`addresses`)."""


@pytest.fixture(autouse=True)
def addresses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Terminal clients connect from ``SOURCE[0]``: each person from an address of their own."""

    def from_source(*args: Any, **kwargs: Any) -> Any:
        return connect(*args, local_addr=(SOURCE[0], 0), **kwargs)

    monkeypatch.setattr("audiogame.online.client.connect", from_source)


async def person(url: str, name: str, address: str) -> Recorder:
    """A terminal client greeted from its own loopback address."""
    SOURCE[0] = address
    link = Recorder(url, name)
    await link.open()
    return link


@pytest.mark.parametrize(("name", "reason", "words"), REFUSED)
def test_3_a_name_that_sounds_like_the_program_is_refused_saying_why(
    tmp_path: Path, name: str, reason: str, words: dict[str, str]
) -> None:
    async def go() -> list[Any]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            answers = [await answer_to(url, name, lang) for lang in ("en", "it")]
            return [*answers, sorted(server.names)]

    english, italian, connected = asyncio.run(go())
    assert (english["type"], english["code"], english["reason"]) == ("error", "bad_name", reason)
    assert english["message"] == words["en"]
    assert italian["message"] == words["it"]
    assert connected == []


@pytest.mark.parametrize("name", ["Anna Maria", "O'Brien", "Jean-Luc", "Zoë", "Пётр", "Kim 2"])
def test_3_names_of_people_are_welcome(tmp_path: Path, name: str) -> None:
    async def go() -> Any:
        async with running_server(tmp_path) as server:
            return await answer_to(f"ws://127.0.0.1:{server.port}/", name)

    assert asyncio.run(go()) == {"type": "welcome", "version": VERSION, "name": name}


LOOK_ALIKES = [
    ("ANNA", "\u0391\u039d\u039d\u0391"),  # Greek
    ("ANNA", "\ua4ee\ua4e0\ua4e0\ua4ee"),  # Lisu
    ("ANNA", "\u13aa\u13c1\u13c1\u13aa"),  # Cherokee
    ("Anna", "\u2c6dnn\u0251"),  # Latin alpha
    ("Lisa", "L\u0131sa"),  # dotless i
    ("KIM", "\u039a\u0399\u039c"),  # Greek
    ("Kim", "\u039a\u0399\u039c"),
]


@pytest.mark.parametrize(("real", "false"), LOOK_ALIKES)
def test_4_a_look_alike_of_a_connected_name_is_refused(
    tmp_path: Path, real: str, false: str
) -> None:
    async def go() -> tuple[Any, Any, Any]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            await person(url, real, "127.0.0.2")
            english = await answer_to(url, false, "en", "127.0.0.3")
            italian = await answer_to(url, false, "it", "127.0.0.4")
            honest = await answer_to(url, "Anne", "en", "127.0.0.5")
            return english, italian, honest

    english, italian, honest = asyncio.run(go())
    assert (english["code"], english["reason"]) == ("name_taken", "look_alike")
    assert english["message"] == LOOK_ALIKE["en"]
    assert italian["message"] == LOOK_ALIKE["it"]
    assert honest["type"] == "welcome" and honest["name"] == "Anne"


def test_4_a_look_alike_of_a_kept_name_is_refused_and_the_seat_comes_back(
    tmp_path: Path,
) -> None:
    """Anna drops during a game: her seat is kept for her token, and Greek capitals ANNA cannot take
    her name meanwhile; Anna comes back with her token."""

    async def go() -> tuple[Any, str, int]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna = await person(url, "Anna", "127.0.0.2")
            create = {"type": "create", "game": "battle", "seats": ["person", "bot:normal"],
                      "grace": 300}  # fmt: skip
            await anna.send(create)
            joined = await anna.expect("joined")
            await anna.send({"type": "start"})
            await anna.expect("started")
            await anna.close()
            room = server.rooms[joined["table"]["id"]]
            await until(lambda: room.seats[0].peer is None)
            false = await answer_to(url, "\u0391\u039d\u039d\u0391", "en", "127.0.0.3")
            again = Recorder(url, "Anna")
            welcome = await again.open(joined["token"])
            seated = await again.expect("joined")
            return false, str(welcome["name"]), int(seated["seat"])

    false, name, seat = asyncio.run(go())
    assert (false["code"], false["reason"], false["message"]) == (
        "name_taken", "look_alike", LOOK_ALIKE["en"],
    )  # fmt: skip
    assert (name, seat) == ("Anna", 0)


ATTACKS = [
    ("you lead.\u2800", "invisible"),  # a Braille blank
    ("\u3164", "invisible"),  # a Hangul filler
    ("you\u200blead", "invisible"),  # zero width
    ("\u202eyou lead", "invisible"),  # a direction override
    ("e" + "\u0301" * 298, "marks"),
    ("\u3000\u3000", "blank"),  # ideographic blanks alone
]
CHAT_WORDS = {
    "invisible": ("That message was not sent: it holds invisible characters.",
                  "Messaggio non inviato: contiene caratteri invisibili."),
    "marks": ("That message was not sent: it piles accents on a letter.",
              "Messaggio non inviato: accumula accenti su una lettera."),
    "blank": ("That message was not sent: it says nothing.",
              "Messaggio non inviato: non dice niente."),
}  # fmt: skip


def test_3_chat_of_blanks_and_piled_accents_is_refused_saying_why(tmp_path: Path) -> None:
    """A spectator from another address tries each attack: each is refused with its reason,
    the seated player hears only the honest line, ideographic spaces in it made plain."""

    async def go() -> tuple[list[Any], list[str], Any]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna = await person(url, "Anna", "127.0.0.2")
            bruno = await person(url, "Bruno", "127.0.0.3")
            await anna.send({"type": "create", "game": "battle", "seats": ["person", "person"]})
            table = (await anna.expect("joined"))["table"]["id"]
            await bruno.send({"type": "join", "table": table, "seat": 1})
            await bruno.expect("joined")
            carla = await person(url, "Carla", "127.0.0.4")
            await carla.send({"type": "watch", "table": table})
            await carla.expect("joined")
            refusals = []
            for text, _reason in ATTACKS:
                await carla.send({"type": "chat", "text": text})
                refusals.append(await carla.expect("error"))
            await carla.send({"type": "chat", "text": "well\u3000\u3000played"})
            heard: list[str] = []
            while "well played" not in heard:
                heard.append(str((await bruno.expect("chat"))["text"]))
            words = []
            for lang, page_name in (("en", "Dario"), ("it", "Elena")):
                async with connect(url, local_addr=("127.0.0.5", 0)) as page:
                    await page.send(hello(page_name, lang))
                    await page.recv()
                    await page.send(json.dumps({"type": "watch", "table": table}))
                    for text, _reason in ATTACKS:
                        await page.send(json.dumps({"type": "chat", "text": text}))
                        got: dict[str, Any] = {}
                        while got.get("type") != "error":
                            got = json.loads(await asyncio.wait_for(page.recv(), 30))
                        words.append(got["message"])
            return refusals, heard, words

    refusals, heard, words = asyncio.run(go())
    assert [(r["code"], r["reason"]) for r in refusals] == [
        ("bad_chat", reason) for _text, reason in ATTACKS
    ]
    assert heard == ["well played"]
    english = [CHAT_WORDS[reason][0] for _text, reason in ATTACKS]
    italian = [CHAT_WORDS[reason][1] for _text, reason in ATTACKS]
    assert words == english + italian


@pytest.mark.parametrize("mark", ["\ufe0f", "\u034f", "\u180b", "\U000e0100"])
def test_4_a_name_with_an_ignorable_mark_is_the_name_itself_and_taken(
    tmp_path: Path, mark: str
) -> None:
    """A variation selector or a combining grapheme joiner shows and says nothing: "Anna" with
    one is "Anna", refused while Anna is connected (two seats heard as "Anna" otherwise)."""

    async def go() -> Any:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            await person(url, "Anna", "127.0.0.2")
            return await answer_to(url, "Anna" + mark, "en", "127.0.0.3")

    answer = asyncio.run(go())
    assert answer["type"] == "error" and answer["code"] == "name_taken", answer
