"""Whoever arrives is told where the game stands, in the terminal program (issue 32, items 4
and 5), word for word in English and Italian: a terminal spectator coming to a Cardavia deal
under way (on arriving, on T and the table's other information keys; F1 files who is here
with the information), and a player resuming a saved Scientific Battle after a jack's
revolution ("Game resumed" first, then the reversed order and the seer's power)."""

from __future__ import annotations

import asyncio
from functools import partial
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input

from audiogame.online.commands import connect_screens
from audiogame.testing import key_bytes, make_session, opening
from tests.online_support import Recorder, Said, ServerThread, connect_args, until
from tests.session_support import press, start_program
from tests.test_online_arrival import SEED, TABLES, anna_plays

pytestmark = pytest.mark.usefixtures("own_data_folder")


def longer(said: Said, count: int) -> bool:
    """Whether more than ``count`` lines have been said."""
    return len(list(said)) > count


WATCHED = {
    "en": [
        "Watching Cardavia: Anna, Bruno and Carla. Escape leaves.",
        "Round 2. On the table, from Carla: straight from 4 to jack. Bruno passed. It is "
        "Anna's turn. Cards left: Anna 15, Carla 7, Bruno 16.",
        # T, L, E, W
        "Round 2. On the table, from Carla: straight from 4 to jack. Bruno passed. It is "
        "Anna's turn. Cards left: Anna 15, Carla 7, Bruno 16.",
        "On the table, from Carla: straight from 4 to jack. Bruno passed.",
        "Cards left: Anna 15, Carla 7, Bruno 16.",
        "Cards left: Anna 15, Carla 7, Bruno 16.",
    ],
    "it": [
        "Spettatore: Cardavia: Anna, Bruno e Carla. Esc per uscire.",
        "Giro 2. Sul tavolo, da Carla: scala dal 4 al fante. Bruno ha passato. È il turno di "
        "Anna. Carte rimaste: Anna 15, Carla 7, Bruno 16.",
        "Giro 2. Sul tavolo, da Carla: scala dal 4 al fante. Bruno ha passato. È il turno di "
        "Anna. Carte rimaste: Anna 15, Carla 7, Bruno 16.",
        "Sul tavolo, da Carla: scala dal 4 al fante. Bruno ha passato.",
        "Carte rimaste: Anna 15, Carla 7, Bruno 16.",
        "Carte rimaste: Anna 15, Carla 7, Bruno 16.",
    ],
}
INFORMATION = {"en": "Information", "it": "Informazioni"}
WHO = {"en": "F5: who is at the table.", "it": "F5: chi c\u2019è al tavolo."}


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_terminal_spectator_hears_where_the_deal_stands_and_its_keys_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """Issue 32, item 4: no "No action on this key." on T, L, E or W at a watched Cardavia
    table; F1 lists F5 with the information keys, not under "Choosing and playing"."""
    monkeypatch.setattr("audiogame.online.room.new_seed", lambda: SEED)
    server = ServerThread(tmp_path / "server")
    assert server.server is not None
    seats, options, _script = TABLES["cardavia"]

    async def go() -> tuple[list[str], list[str]]:
        anna = Recorder(server.url, "Anna")
        await anna.open()
        await anna.send({"type": "create", "game": "cardavia", "seats": seats,
                         "options": options})  # fmt: skip
        await anna.expect("joined")
        await anna_plays(anna, "cardavia", 2)  # now only Anna is awaited: nothing moves
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, config_dir=tmp_path / "config", language=language)
            session.app.start(connect_screens(session.app, connect_args(server.server.port, "D")))
            task = asyncio.ensure_future(session.app.run_async())
            said = Said(session)
            await until(lambda: any(t.startswith(("1 table", "1 tavolo")) for t in said), said=said)
            pipe.send_text(key_bytes(["down", "down", "enter", "enter"]))  # the table, Watch
            await until(lambda: any(t.startswith(WATCHED[language][0]) for t in said), said=said)
            await until(lambda: len(list(said)) > list(said).index(WATCHED[language][0]) + 1,
                        said=said)  # fmt: skip
            start = list(said).index(WATCHED[language][0])
            for number, name in enumerate(["t", "l", "e", "w"]):
                pipe.send_text(key_bytes([name]))
                await until(partial(longer, said, start + 2 + number), said=said)
            heard = list(said)[start:]
            pipe.send_text(key_bytes(["f1"]))
            await until(lambda: len(list(said)) > start + len(heard) + 1, said=said)
            for _line in range(12):  # Down through F1's list, up to who is here
                if WHO[language] in said:
                    break
                count = len(list(said))
                pipe.send_text(key_bytes(["down"]))
                await until(partial(longer, said, count), said=said)
            keys = list(said)[start + len(heard) + 1 :]
            pipe.send_text(key_bytes(["c-c"]))
            await task
        await anna.close()
        return heard, keys

    try:
        heard, keys = asyncio.run(go())
    finally:
        server.close()
    assert heard == WATCHED[language]
    # F1's list opens on the information group; F5 comes in it, no other group named before.
    assert keys[0].startswith(INFORMATION[language] + ". T: "), keys
    assert keys[-1] == WHO[language], keys
    assert not [line for line in keys[1:] if ". " in line.split(":")[0]], keys


RESUMED = {
    "en": [
        "Game resumed: Battaglia scientifica (Scientific Battle), deal number 7, after 5 moves.",
        "Trick 3 of 500. Still to choose: you. Reversed order. Seer: you. Cards owned: you 14, "
        "Anna 14.",
    ],
    "it": [
        "Partita ripresa: Battaglia scientifica, smazzata numero 7, dopo 5 mosse.",
        "Presa 3 di 500. Manchi solo tu. Ordine rovesciato. Potere del veggente: tu. Carte "
        "possedute: tu 14, Anna 14.",
    ],
}


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_resumed_scientific_battle_says_the_reversed_order_and_the_seer(
    tmp_path: Path, language: str
) -> None:
    """Issue 32, item 5 (SB-7, SB-8): the program ended after the player's jack and queen;
    resumed, it says "Game resumed" first, then where the game stands: the order reversed,
    the player the seer."""
    first = start_program(tmp_path, "scientific", {"seed": 7, "players": 2})
    for rank in ("j", "q"):  # the jack, then the queen, each chosen with a second Enter
        press(first, [rank, "c-m"])
    second = make_session(data_dir=tmp_path, language=language)
    second.app.start(opening(second.app, None, {}))
    offered = len(second.spoken)
    said = press(second, ["c-m"])
    assert second.spoken[offered:][:2] == said[:2] == RESUMED[language]
