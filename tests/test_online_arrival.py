"""Whoever arrives at an online table is told where the game stands (issue 32, items 4 and 5),
over a real server, word for word in English and Italian: a page that watches a game under way
(on arriving, then on T and the table's other information keys, which tell a spectator only
what anyone may know), and a player's page opened again at a kept seat (the play to beat,
whose turn, a reversed order, a seer's power).

The table's deal comes from a fixed seed (the server's secret one replaced), and the moment
is one where only Anna, a person, is awaited: nothing moves while the page listens."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from audiogame.online.messages import VERSION
from tests.online_support import Recorder, player, running_server

SEED = 20261203
TABLES: dict[str, tuple[list[str], dict[str, Any], list[str]]] = {
    # seats, options, Anna's first moves (then her first legal play each turn)
    "cardavia": (["person", "bot:easy", "bot:easy"], {"pace": 0}, []),
    # Two people (computer players choose at once with Anna, in their own time): Anna's jack
    # reverses the order, her queen makes her the seer of the third trick (scripted: SCIENCE).
    "scientific": (["person", "person"], {"players": 2}, []),
    "battle": (["person", "bot:easy"], {"players": 2, "deck": 32}, []),
}


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("audiogame.online.room.new_seed", lambda: SEED)


async def page(url: str, name: str, language: str, token: str | None = None) -> ClientConnection:
    link = await connect(url)
    hello = {"type": "hello", "version": VERSION, "name": name, "client": "browser",
             "lang": language, "token": token}  # fmt: skip
    await link.send(json.dumps(hello))
    return link


async def said_until(link: ClientConnection, last: str) -> list[str]:
    """What the page is told to say, up to a message of the type ``last`` (``show``: the
    state lines that follow what a key or an arrival said)."""
    said: list[str] = []
    while True:
        message = json.loads(await asyncio.wait_for(link.recv(), 30))
        if message.get("type") == "say" and message.get("text"):
            said.append(str(message["text"]))
        if message.get("type") == last:
            return said


async def key(link: ClientConnection, name: str) -> str:
    """The words a key of the game region gets (one message)."""
    await link.send(json.dumps({"type": "key", "key": name}))
    while True:
        message = json.loads(await asyncio.wait_for(link.recv(), 30))
        if message.get("type") == "say" and message.get("text"):
            return str(message["text"])


SCIENCE = [("play Jh", "play 5s"), ("play Qh", "play 7s"), (None, "play 9s")]
"""Anna's and Bruno's choices, trick by trick: the third is Bruno's alone (Anna is the seer)."""


async def science(url: str, anna: Recorder, table: str) -> Recorder:
    """Bruno sits at Anna's Scientific Battle and they play :data:`SCIENCE`; Bruno, whose
    choice is made, waits for Anna's."""
    bruno = await player(url, "Bruno")
    await bruno.send({"type": "join", "table": table})
    await bruno.expect("joined")
    await anna.expect("presence")
    await anna.send({"type": "start"})
    message = await anna.expect("started")
    for hers, his in SCIENCE:
        if hers is not None:
            await anna.send({"type": "act", "action": hers})
        await bruno.send({"type": "act", "action": his})
        trick = message["view"]["trick"]
        while message["view"]["trick"] == trick and message.get("to_act") != [0]:
            message = await anna.expect("update")
    return bruno


async def anna_plays(anna: Recorder, game: str, turns: int) -> dict[str, Any]:
    """Anna starts the game and plays ``turns`` times (her script, then her first legal
    play); the stream once it is her turn again."""
    _seats, _options, script = TABLES[game]
    await anna.send({"type": "start"})
    message = await anna.expect("started")
    played = 0
    while True:
        mine = message.get("legal") and 0 in message.get("to_act", [])
        if mine and played >= turns:
            return message
        if mine:
            plays = [action for action in message["legal"] if action != "pass"]
            action = script[played] if played < len(script) else (plays or message["legal"])[0]
            await anna.send({"type": "act", "action": action})
            played += 1
        message = await anna.expect("update")


async def watch(tmp_path: Path, game: str, turns: int, language: str, keys: list[str]) -> list[str]:
    """Dario's page comes to watch Anna's game after her ``turns`` plays: what it says on
    arriving, then each key's answer."""
    seats, options, _script = TABLES[game]
    async with running_server(tmp_path) as server:
        url = f"ws://127.0.0.1:{server.port}/"
        anna = await player(url, "Anna")
        await anna.send({"type": "create", "game": game, "seats": seats, "options": options})
        table = (await anna.expect("joined"))["table"]["id"]
        if game == "scientific":
            bruno = await science(url, anna, table)
        else:
            await anna_plays(anna, game, turns)
        dario = await page(url, "Dario", language)
        await dario.send(json.dumps({"type": "watch", "table": table}))
        heard = await said_until(dario, "show")
        for name in keys:
            heard.append(await key(dario, name))
        await dario.close()
        await anna.close()
        if game == "scientific":
            await bruno.close()
    return heard


CARDAVIA_WATCHED = {
    "en": [
        "Watching Cardavia: Anna, Bruno and Carla.",
        "Round 2. On the table, from Carla: straight from 4 to jack. Bruno passed. It is "
        "Anna's turn. Cards left: Anna 15, Carla 7, Bruno 16.",
        # T, L, E, W, S, R, M
        "Round 2. On the table, from Carla: straight from 4 to jack. Bruno passed. It is "
        "Anna's turn. Cards left: Anna 15, Carla 7, Bruno 16.",
        "On the table, from Carla: straight from 4 to jack. Bruno passed.",
        "Cards left: Anna 15, Carla 7, Bruno 16.",
        "Cards left: Anna 15, Carla 7, Bruno 16.",
        "No bomb bonus yet this deal.",
        "Round 2: Carla: straight from 4 to jack. Bruno passed.",
        "Two of spades: played. Aces: 3 not played yet. Kings: 4 not played yet.",
    ],
    "it": [
        "Spettatore: Cardavia: Anna, Bruno e Carla.",
        "Giro 2. Sul tavolo, da Carla: scala dal 4 al fante. Bruno ha passato. È il turno di "
        "Anna. Carte rimaste: Anna 15, Carla 7, Bruno 16.",
        "Giro 2. Sul tavolo, da Carla: scala dal 4 al fante. Bruno ha passato. È il turno di "
        "Anna. Carte rimaste: Anna 15, Carla 7, Bruno 16.",
        "Sul tavolo, da Carla: scala dal 4 al fante. Bruno ha passato.",
        "Carte rimaste: Anna 15, Carla 7, Bruno 16.",
        "Carte rimaste: Anna 15, Carla 7, Bruno 16.",
        "Ancora nessun premio bomba in questa smazzata.",
        "Giro 2: Carla: scala dal 4 al fante. Bruno ha passato.",
        "Due di picche: giocato. Assi: 3 non ancora giocati. Re: 4 non ancora giocati.",
    ],
}


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_page_watching_cardavia_hears_where_the_deal_stands_and_its_keys_answer(
    tmp_path: Path, language: str
) -> None:
    """Issue 32, item 4: arriving says the play to beat, whose turn and the cards left; T, L,
    E, W, S, R and M answer (W: the cards each holds, no hand), never "No action"."""
    heard = asyncio.run(watch(tmp_path, "cardavia", 2, language, ["t", "l", "e", "w", "s", "r",
                                                                 "m"]))  # fmt: skip
    assert heard == CARDAVIA_WATCHED[language]


SCIENTIFIC_WATCHED = {
    "en": [
        "Watching Battaglia scientifica (Scientific Battle): Anna and Bruno.",
        "Trick 3 of 500. Still to choose: Anna. Reversed order. Seer: Anna. Cards owned: Anna "
        "12, Bruno 16.",
        # R, C, W
        "Reversed order: the two is highest, the ace lowest. No cards waiting on the table. "
        "Seer: Anna.",
        "Anna has the seer power: only the seer hears the others' cards.",
        "Cards owned: Anna 12, Bruno 16.",
    ],
    "it": [
        "Spettatore: Battaglia scientifica: Anna e Bruno.",
        "Presa 3 di 500. Scelta da fare: Anna. Ordine rovesciato. Potere del veggente: Anna. "
        "Carte possedute: Anna 12, Bruno 16.",
        "Ordine rovesciato: il due è il più alto, l'asso il più basso. Nessuna carta in attesa "
        "sul tavolo. Potere del veggente: Anna.",
        "Anna ha il potere del veggente: solo il veggente sente le carte degli altri.",
        "Carte possedute: Anna 12, Bruno 16.",
    ],
}


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_page_watching_scientific_battle_hears_the_reversed_order_and_the_seer(
    tmp_path: Path, language: str
) -> None:
    """Issue 32, item 4 (SB-7, SB-8): after Anna's jack and queen, arriving says the order is
    reversed and Anna is the seer; R, C and W answer without a card of anyone's."""
    heard = asyncio.run(watch(tmp_path, "scientific", 2, language, ["r", "c", "w"]))
    assert heard == SCIENTIFIC_WATCHED[language]


BATTLE_WATCHED = {
    "en": [
        "Watching Battaglia (War): Anna and Bruno.",
        "Trick 3 of 2000. Still to play: Anna. Cards owned: Anna 12, Bruno 20.",
        "Trick 3 of 2000. Still to play: Anna. Cards owned: Anna 12, Bruno 20.",  # T
        "Cards owned: Anna 12, Bruno 20.",  # E
        "Stocks: Anna 12, Bruno 12. Won piles: Anna 0, Bruno 8.",  # W
    ],
    "it": [
        "Spettatore: Battaglia: Anna e Bruno.",
        "Presa 3 di 2000. Ancora da giocare: Anna. Carte possedute: Anna 12, Bruno 20.",
        "Presa 3 di 2000. Ancora da giocare: Anna. Carte possedute: Anna 12, Bruno 20.",
        "Carte possedute: Anna 12, Bruno 20.",
        "Mazzetti: Anna 12, Bruno 12. Carte vinte: Anna 0, Bruno 8.",
    ],
}


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_page_watching_battaglia_hears_the_trick_and_each_players_cards(
    tmp_path: Path, language: str
) -> None:
    """Issue 32, item 4: T, E and W at a watched Battaglia (W: how many cards each holds and
    has won: the stocks are face down)."""
    heard = asyncio.run(watch(tmp_path, "battle", 3, language, ["t", "e", "w"]))
    assert heard == BATTLE_WATCHED[language]


async def come_back(tmp_path: Path, game: str, turns: int, language: str) -> list[str]:
    """Anna plays ``turns`` times, her connection closes, and her page takes the seat back:
    what it says up to the keys' reminder that ends its opening."""
    seats, options, _script = TABLES[game]
    async with running_server(tmp_path) as server:
        url = f"ws://127.0.0.1:{server.port}/"
        anna = await player(url, "Anna")
        await anna.send({"type": "create", "game": game, "seats": seats, "options": options,
                         "grace": 600})  # fmt: skip
        joined = await anna.expect("joined")
        if game == "scientific":
            bruno = await science(url, anna, joined["table"]["id"])
        else:
            await anna_plays(anna, game, turns)
        await anna.close()
        back = await page(url, "Anna", language, joined["token"])
        heard = await said_until(back, "show")
        await back.close()
        if game == "scientific":
            await bruno.close()
    return heard


SCIENTIFIC_BACK = {
    "en": [
        "Battaglia scientifica: you and Bruno. Trick 3 of 500. Still to choose: you. Reversed "
        "order. Seer: you. Cards owned: you 12, Bruno 16.",
        "Your hand: Left and Right arrows. Choose a card: Enter. Your whole hand: W. All the "
        "keys: F1.",
    ],
    "it": [
        "Battaglia scientifica: tu e Bruno. Presa 3 di 500. Manchi solo tu. Ordine rovesciato. "
        "Potere del veggente: tu. Carte possedute: tu 12, Bruno 16.",
        "La tua mano: Frecce sinistra e destra. Scegliere una carta: Invio. Tutta la mano: W. "
        "Tutti i tasti: F1.",
    ],
}


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_page_opened_again_after_a_jacks_revolution_says_the_order_is_reversed(
    tmp_path: Path, language: str
) -> None:
    """Issue 32, item 5 (SB-7, SB-8): Anna's page, opened again at her kept seat, says the
    order is reversed and that she is the seer, before the keys."""
    heard = asyncio.run(come_back(tmp_path, "scientific", 2, language))
    assert heard == SCIENTIFIC_BACK[language]


CARDAVIA_BACK = {
    "en": [
        "Cardavia online. Order of play: you, Carla and Bruno.",
        "Round 2. On the table, from Carla: straight from 4 to jack. Bruno passed. "
        "Cards left: you 15, Carla 7, Bruno 16.",
    ],
    "it": [
        "Cardavia online. Ordine di gioco: tu, Carla e Bruno.",
        "Giro 2. Sul tavolo, da Carla: scala dal 4 al fante. Bruno ha passato. "
        "Carte rimaste: tu 15, Carla 7, Bruno 16.",
    ],
}


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_page_opened_again_at_cardavia_says_the_play_to_beat_before_the_hand(
    tmp_path: Path, language: str
) -> None:
    """Issue 32, item 5: the play to beat and the cards left, then the hand, then "Your turn"
    once (the prompt says it: the words of where it stands do not say it again)."""
    heard = asyncio.run(come_back(tmp_path, "cardavia", 2, language))
    assert heard[:2] == CARDAVIA_BACK[language]
    assert heard[2].startswith("Your hand, 15 cards: " if language == "en" else
                               "La tua mano, 15 carte: ")  # fmt: skip
    turn = "Your turn" if language == "en" else "Tocca a te"
    assert [said for said in heard if turn in said] == heard[3:], heard
