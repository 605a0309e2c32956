"""The terminal and the page say the same words for the same message of the server about the
table's life: someone sits, drops, is watching; a refusal. Only the words for another version
differ, on purpose: the terminal's player updates a program, the page's reloads the page."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from audiogame import i18n
from audiogame.online.terminal import OnlinePlay
from audiogame.testing import make_session
from audiogame.web.seat import BrowserSeat
from tests.online_support import player, running_server


def from_a_real_server(tmp_path: Path) -> dict[str, dict[str, Any]]:
    """Messages as a real server sends them: Bruno hears Anna sit at his table of two, Dario
    start to watch it and Anna lose her connection; Carla is refused the full table."""

    async def run() -> dict[str, dict[str, Any]]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            bruno = await player(url, "Bruno")
            await bruno.send({"type": "create", "game": "battle", "seats": ["person", "person"],
                              "options": {"players": 2, "deck": 32}})  # fmt: skip
            table = (await bruno.expect("joined"))["table"]["id"]
            anna = await player(url, "Anna")
            await anna.send({"type": "join", "table": table})
            await anna.expect("joined")
            joined = await bruno.expect("presence")
            carla = await player(url, "Carla")
            await carla.send({"type": "join", "table": table})
            full = await carla.expect("error")
            dario = await player(url, "Dario")
            await dario.send({"type": "watch", "table": table})
            watching = await bruno.expect("presence")
            await anna.close()
            dropped = await bruno.expect("presence")
            for link in (bruno, carla, dario):
                await link.close()
        return {"joined": joined, "watching": watching, "dropped": dropped, "full": full}

    return asyncio.run(run())


def terminal_words(messages: list[dict[str, Any]], language: str) -> list[str]:
    """What the terminal program at an online table says for ``messages``, in order."""
    session = make_session(language=language)
    play = OnlinePlay(session.app, "127.0.0.1:1", "Bruno")
    for message in messages:
        play.handle(message)
    return session.spoken


def page_words(messages: list[dict[str, Any]], language: str) -> list[str]:
    """What the page of a browser seat says for ``messages``: its spoken lines and the words
    of the errors it shows."""
    out: list[dict[str, Any]] = []
    seat = BrowserSeat(out.append, language)
    for message in messages:
        seat.outgoing(message)
    return [m["text"] if m["type"] == "say" else m["message"] for m in out
            if m["type"] in ("say", "error")]  # fmt: skip


def test_the_terminal_and_the_page_say_the_same_words_for_the_same_message(
    tmp_path: Path,
) -> None:
    sent = from_a_real_server(tmp_path)
    assert sent["joined"]["what"] == "joined" and sent["joined"]["name"] == "Anna"
    assert sent["watching"]["what"] == "watching" and sent["dropped"]["what"] == "dropped"
    assert sent["full"]["code"] == "table_full"
    messages = [sent["joined"], sent["watching"], sent["dropped"], sent["full"]]
    try:
        english = [
            "Anna sits at the table.",
            "Dario is watching the table.",
            "Anna has lost the connection; the seat is kept.",
            "Every seat of that table is taken.",
        ]
        assert terminal_words(messages, "en") == english
        assert page_words(messages, "en") == english
        italian = [
            "Anna si siede al tavolo.",
            "Dario guarda il tavolo.",
            "Anna ha perso la connessione; il posto resta suo.",
            "Tutti i posti di quel tavolo sono occupati.",
        ]
        assert terminal_words(messages, "it") == italian
        assert page_words(messages, "it") == italian
    finally:
        i18n.set_language("en")


def test_a_code_neither_client_knows_gets_the_same_plain_words() -> None:
    message = {"type": "error", "code": "no_such_code", "message": "something new"}
    expected = ["The server did not understand that request; nothing changed."]
    assert terminal_words([message], "en") == expected
    assert page_words([message], "en") == expected


def test_only_the_words_for_another_version_differ_between_the_two() -> None:
    message = {"type": "error", "code": "version", "message": "another version", "version": 0}
    try:
        assert terminal_words([message], "en") == [
            "This server speaks another version of the program: update one of them."
        ]
        assert page_words([message], "en") == [
            "This page and the server do not speak the same version: reload the page."
        ]
        assert page_words([message], "it") == [
            "Questa pagina e il server non usano la stessa versione: ricarica la pagina."
        ]
    finally:
        i18n.set_language("en")
