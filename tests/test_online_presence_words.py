"""Someone is said to be back only to those who heard they were away (issue 32, item 12:
"Carla is back at the table." without having heard she left)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from audiogame.i18n import speaking
from audiogame.online.table_words import presence_text
from tests.online_support import Recorder, presence, running_server

AWAY = {
    "en": ("Anna has lost the connection; the seat is kept.", "Anna is back at the table."),
    "it": ("Anna ha perso la connessione; il posto resta suo.", "Anna è di nuovo al tavolo."),
}


def presences(link: Recorder) -> list[tuple[str, str]]:
    return [(m["what"], m["name"]) for m in link.messages if m["type"] == "presence"]


@pytest.mark.parametrize("language", ["en", "it"])
def test_back_is_said_to_those_who_heard_the_drop_and_to_nobody_else(
    tmp_path: Path, language: str
) -> None:
    """Anna drops: Bruno, at the table, hears it; Dario starts watching after it. When Anna
    comes back with her seat's token, Bruno hears she is back; Dario, who never heard she
    was away, hears nothing of it."""

    async def go() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna, bruno = Recorder(url, "Anna"), Recorder(url, "Bruno")
            await anna.open()
            await anna.send({"type": "create", "game": "battle",
                             "seats": ["person", "person"],
                             "options": {"players": 2, "deck": 32}, "grace": 60})  # fmt: skip
            joined = await anna.expect("joined")
            code, token = joined["table"]["id"], joined["token"]
            await bruno.open()
            await bruno.send({"type": "join", "table": code, "seat": None})
            await bruno.expect("joined")
            await anna.send({"type": "start"})
            await bruno.expect("started")
            await anna.close()
            await presence(bruno, "dropped")
            dario = Recorder(url, "Dario")
            await dario.open()
            await dario.send({"type": "watch", "table": code})
            await dario.expect("started")
            back = Recorder(url, "Zed")
            await back.open(token)
            await back.expect("started")
            await presence(bruno, "returned")
            # Dario's question after the return: its answer comes after anything sent to him
            # about Anna's return.
            await dario.send({"type": "who"})
            await dario.expect("who")
            heard = presences(bruno), presences(dario)
            for link in (bruno, dario, back):
                await link.close()
            return heard

    to_bruno, to_dario = asyncio.run(go())
    assert to_bruno[-3:] == [("dropped", "Anna"), ("watching", "Dario"), ("returned", "Anna")]
    assert to_dario == []
    dropped, returned = AWAY[language]
    with speaking(language):
        assert presence_text("dropped", "Anna") == dropped
        assert presence_text("returned", "Anna") == returned


@pytest.mark.parametrize(("language", "expected"), [
    ("en", ["Round 1. It is Bruno's turn. Carla has lost the connection.",
            "Round 1. It is Bruno's turn. Bruno and Carla have lost the connection.",
            "Round 1. It is Bruno's turn. Bruno has lost the connection."]),
    ("it", ["Giro 1. È il turno di Bruno. Carla ha perso la connessione.",
            "Giro 1. È il turno di Bruno. Bruno e Carla hanno perso la connessione.",
            "Giro 1. È il turno di Bruno. Bruno ha perso la connessione."]),
])  # fmt: skip
def test_t_says_who_has_lost_the_connection(language: str, expected: list[str]) -> None:
    """At an online table, T's answer says who has lost the connection (a computer player
    standing in for them too) until they are back: Carla drops, a computer player plays for
    Bruno, Carla comes back; T after each."""
    from audiogame.table.session import Table
    from audiogame.table.stream import seat_message
    from audiogame.web.seat import BrowserSeat

    table = Table("cardavia", {}, 5, {})
    out: list[dict[str, object]] = []
    page = BrowserSeat(out.append, language)
    page.outgoing({"type": "joined", "seat": 0, "names": ["Bruno", "Carla"],
                   "table": {"id": "t", "game": "cardavia", "options": {},
                             "seats": ["person", "person", "person"]}})  # fmt: skip
    names = ["Bruno", "Carla"]
    page.outgoing(seat_message(table, 0, table.opening_events(), "started", names=names))
    answers: list[str] = []
    for what, name, seat in [("dropped", "Carla", 2), ("taken_over", "Bruno", 1),
                             ("returned", "Carla", 2)]:  # fmt: skip
        page.outgoing({"type": "presence", "what": what, "name": name, "seat": seat})
        out.clear()
        page.key("t")
        answers += [str(m["text"]) for m in out if m["type"] == "say" and m["text"]]
    assert answers == expected
