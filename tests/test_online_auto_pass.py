"""The automatic pass at an online Cardavia table: each person's own option, kept by the server
for the seat. With it on, a turn where passing is all the seat can do passes by itself, and the
person hears why, in the words of offline play; with it off, the table waits for the person;
one seat's choice changes nothing for another."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

import audiogame.online.room as room
from audiogame.settings import Settings
from tests.online_support import Recorder, ServerThread, over, play_out, player, running_server
from tests.test_online_scientific_keys import Page
from tests.test_online_terminal import alone_against_computers

CANNOT_BEAT = "You cannot beat it: you pass."


@pytest.fixture(autouse=True)
def known_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server deals the same cards every run: the deals below are ones in which Anna comes
    to turns where all she can do is pass (a random deal may have none)."""
    monkeypatch.setattr(room, "new_seed", lambda: 7)


async def play_but_never_pass(link: Recorder, seed: int) -> None:
    """Play a legal card (at random) whenever there is one; never pass: a turn where passing
    is all the seat can do waits for the table."""
    rng = random.Random(seed)
    while True:
        message = await asyncio.wait_for(link.receive(), 60)
        if message["type"] not in ("started", "update", "dealt"):
            continue
        if over(message):
            return
        plays = [action for action in message.get("legal") or [] if action != "pass"]
        if plays:
            await link.send({"type": "act", "action": rng.choice(plays)})


def passed_by(message: dict[str, Any], seat: int) -> bool:
    return any(e["kind"] == "passed" and e.get("seat") == seat for e in message["events"])


def test_the_seat_with_the_automatic_pass_passes_by_itself_and_the_other_does_not(
    tmp_path: Path,
) -> None:
    async def go() -> tuple[Recorder, Recorder, dict[str, Any]]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna, bruno = await player(url, "Anna"), await player(url, "Bruno")
            await anna.send({"type": "create", "game": "cardavia",
                             "seats": ["person", "person", "bot:greedy"],
                             "options": {"pace": 0}})  # fmt: skip
            table = (await anna.expect("joined"))["table"]
            await anna.send({"type": "seat_option", "name": "auto_pass", "value": True})
            kept = await anna.expect("seat_options")
            await bruno.send({"type": "join", "table": table["id"]})
            await bruno.expect("joined")
            await anna.send({"type": "start"})
            await asyncio.wait_for(
                asyncio.gather(play_but_never_pass(anna, 1), play_out(bruno, 2)), 120
            )
            return anna, bruno, {"table": table, "kept": kept}

    anna, bruno, told = asyncio.run(go())
    assert told["table"]["player_options"] == ["auto_pass"]
    assert told["kept"]["options"] == {"auto_pass": True}
    # Anna: each "auto_passed" is followed by her pass, as her own move.
    mine = [m for m in anna.messages if m["type"] in ("auto_passed", "update")]
    auto = [i for i, m in enumerate(mine) if m["type"] == "auto_passed"]
    assert auto, "Anna never had to pass"
    for i in auto:
        assert mine[i + 1]["by"] == 0 and passed_by(mine[i + 1], 0)
    # Bruno: never passed for; whenever he could only pass, the pass was his own.
    assert not [m for m in bruno.messages if m["type"] == "auto_passed"]
    # Anna's own options reach Anna only: Bruno is never sent them.
    assert not [m for m in bruno.messages if m["type"] == "seat_options"]
    assert any(m.get("legal") == ["pass"] for m in bruno.messages if m["type"] == "update")


def test_an_option_the_game_does_not_have_or_a_wrong_value_is_refused(tmp_path: Path) -> None:
    async def go() -> list[dict[str, Any]]:
        async with running_server(tmp_path) as server:
            anna = await player(f"ws://127.0.0.1:{server.port}/", "Anna")
            answers = []
            await anna.send({"type": "seat_option", "name": "auto_pass", "value": True})
            answers.append(await anna.expect("error"))  # at no table
            await anna.send({"type": "create", "game": "battle", "seats": ["person", "bot:easy"],
                             "options": {"players": 2}})  # fmt: skip
            await anna.expect("joined")
            await anna.send({"type": "seat_option", "name": "auto_pass", "value": True})
            answers.append(await anna.expect("error"))  # Battaglia has no such option
            await anna.send({"type": "leave"})
            await anna.expect("left")
            await anna.send({"type": "create", "game": "cardavia",
                             "seats": ["person", "bot:easy", "bot:easy"]})  # fmt: skip
            await anna.expect("joined")
            await anna.send({"type": "seat_option", "name": "auto_pass", "value": "yes"})
            answers.append(await anna.expect("error"))
            room = next(iter(r for r in server.rooms.values() if r.game == "cardavia"))
            answers.append({"options": room.seats[0].options})
            return answers

    answers = asyncio.run(go())
    assert [a.get("code") for a in answers[:3]] == ["not_playing", "invalid", "invalid"]
    assert answers[3] == {"options": {}}  # nothing was kept


def test_the_terminal_player_hears_the_automatic_pass_online(tmp_path: Path) -> None:
    """Anna, in the terminal program with the automatic pass of the options menu on, plays a
    deal of Cardavia against two computer players by Tab and Enter only, never P: every turn
    where she cannot beat passes by itself, said once, in the words of offline play."""
    server = ServerThread(tmp_path / "server")
    settings = Settings(language="en", pace=0, auto_pass=True)
    try:
        said = list(asyncio.run(alone_against_computers(
            server, tmp_path, 2, ["tab", "enter"], settings)))  # fmt: skip
    finally:
        server.close()
    assert CANNOT_BEAT in said, said[-30:]
    assert any("win the deal" in t or "wins the deal" in t for t in said)
    # Tab pressed in the instant between the turn coming and its automatic pass is answered
    # ("you cannot beat it"): the keys here are pressed every 20 ms, not when heard. The pass
    # comes all the same, by itself, right after: P is never needed.
    for i, text in enumerate(said):
        if text.startswith("Your turn: you cannot beat it"):
            assert CANNOT_BEAT in said[i + 1 : i + 4], said[i - 2 : i + 4]
    for i, text in enumerate(said[:-1]):
        if text == CANNOT_BEAT:
            assert said[i + 1] != "You pass.", said[i - 2 : i + 3]


def test_the_page_player_hears_the_automatic_pass(tmp_path: Path) -> None:
    """The same through a browser's connection (the page's seat presented on the server): Tab
    and Enter at each turn, never P, with the automatic pass on."""

    async def go() -> list[str]:
        async with (
            running_server(tmp_path) as server,
            connect(f"ws://127.0.0.1:{server.port}/") as ws,
        ):
            page = Page(ws)
            await page.create(
                "cardavia", ["person", "bot:greedy", "bot:greedy"], options={"pace": 0}
            )
            await page.send({"type": "seat_option", "name": "auto_pass", "value": True})
            await page.until(lambda m: m["type"] == "seat_options")
            await page.send({"type": "start"})
            for _turn in range(200):
                message = await page.until(lambda m: m["type"] == "say" and (
                    m["cue"] == "your_turn" or m["text"] == CANNOT_BEAT
                    or "win the deal" in m["text"] or "wins the deal" in m["text"]))  # fmt: skip
                if "the deal" in message["text"]:
                    break
                if message["cue"] == "your_turn":
                    await page.send({"type": "key", "key": "tab"})
                    await page.send({"type": "key", "key": "enter"})
            return page.said

    said = asyncio.run(go())
    assert CANNOT_BEAT in said, said[-30:]
    # Tab pressed in the instant between the turn coming and its automatic pass is answered
    # ("you cannot beat it"): the keys here are pressed every 20 ms, not when heard. The pass
    # comes all the same, by itself, right after: P is never needed.
    for i, text in enumerate(said):
        if text.startswith("Your turn: you cannot beat it"):
            assert CANNOT_BEAT in said[i + 1 : i + 4], said[i - 2 : i + 4]
    for i, text in enumerate(said[:-1]):
        if text == CANNOT_BEAT:
            assert said[i + 1] != "You pass.", said[i - 2 : i + 3]
