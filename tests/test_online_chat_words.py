"""Chat is said as chat everywhere (issue 32, item 6): "Bruno says: …" with the chat cue, in
the terminal and on the page, never in the shape of a move ("Bruno: ten."); a spectator's
message is said as a spectator's."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input

from audiogame.online.commands import connect_screens
from audiogame.testing import key_bytes, make_session
from audiogame.web.seat import BrowserSeat
from tests.online_support import Recorder, Said, ServerThread, connect_args, presence, until

pytestmark = pytest.mark.usefixtures("own_data_folder")

WORDS = {
    "en": ("Bruno says: ace", "Dario, watching, says: hello"),
    "it": ("Bruno dice: ace", "Dario, spettatore, dice: hello"),
}


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_page_hears_a_message_as_a_message_with_its_cue(language: str) -> None:
    """The browser seat turns the server's ``chat`` into words of a message and the chat cue;
    the page never formats it "Bruno: ace" (the shape of a card turned up)."""
    sent: list[dict[str, Any]] = []
    seat = BrowserSeat(sent.append, language)
    seat.outgoing({"type": "chat", "name": "Bruno", "text": "ace"})
    seat.outgoing({"type": "chat", "name": "Dario", "text": "hello", "watching": True})
    player, spectator = WORDS[language]
    assert sent == [
        {"type": "say", "text": player, "cue": "chat", "pan": 0.0, "urgent": False},
        {"type": "say", "text": spectator, "cue": "chat", "pan": 0.0, "urgent": False},
    ]


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_terminal_hears_a_player_and_a_spectator_write_with_the_chat_cue(
    tmp_path: Path, language: str
) -> None:
    """Anna in the terminal program at Bruno's table, Dario watching: Bruno's "ace" is heard
    as his message, Dario's as a spectator's, each with the chat cue; the server marks only
    the spectator's message as watching."""
    server = ServerThread(tmp_path / "server")

    async def main() -> tuple[list[str], list[str], list[dict[str, Any]]]:
        bruno = Recorder(server.url, "Bruno")
        dario = Recorder(server.url, "Dario")
        await bruno.open()
        await bruno.send({"type": "create", "game": "battle", "seats": ["person", "person"],
                          "options": {"players": 2, "deck": 32}})  # fmt: skip
        code = (await bruno.expect("joined"))["table"]["id"]
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, language=language, config_dir=tmp_path / "c")
            session.app.start(connect_screens(session.app, connect_args(server.server.port,
                                                                        "Anna")))  # fmt: skip
            task = asyncio.ensure_future(session.app.run_async())
            said = Said(session)
            await until(lambda: session.app.top.__class__.__name__ == "LobbyMenu", said=said)
            await until(lambda: len(session.spoken) > 2, said=said)
            pipe.send_text(key_bytes(["down", "enter", *code, "enter"]))
            await presence(bruno, "joined")
            await dario.open()
            await dario.send({"type": "watch", "table": code})
            await presence(bruno, "watching")
            await bruno.send({"type": "chat", "text": "ace"})
            player, spectator = WORDS[language]
            await until(lambda: player in said, said=said)
            await dario.send({"type": "chat", "text": "hello"})
            await until(lambda: spectator in said, said=said)
            chats = [m for m in bruno.messages if m.get("type") == "chat"]
            while len(chats) < 2:
                chats.append(await bruno.expect("chat"))
            pipe.send_text(key_bytes(["c-c"]))
            await task
        await bruno.close()
        await dario.close()
        spoken = list(session.spoken)
        return spoken, session.played, chats

    try:
        spoken, played, chats = asyncio.run(main())
    finally:
        server.close()
    player, spectator = WORDS[language]
    assert spoken.count(player) == 1 and spoken.count(spectator) == 1
    assert not any(line.startswith(("Bruno: ", "Dario: ")) for line in spoken), spoken
    assert played.count("chat") == 2, played
    assert chats == [
        {"type": "chat", "name": "Bruno", "text": "ace"},
        {"type": "chat", "name": "Dario", "text": "hello", "watching": True},
    ]
