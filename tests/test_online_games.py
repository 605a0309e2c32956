"""Whole games over a real server on 127.0.0.1: people and computer players at one table, every
byte each seat received recorded, and no card it may not know in it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from audiogame.online.server import Connection, Server
from tests.online_support import (
    Recorder,
    cards_in,
    over,
    play_out,
    player,
    running_server,
    seen_by_seat,
)

GAMES = [
    ("battle", {"players": 3, "deck": 32, "trick_limit": 100}, ["person", "person", "bot:greedy"]),
    ("battle", {"players": 2, "deck": 32, "open": True, "trick_limit": 100}, ["person", "person"]),
    ("scientific", {"players": 3, "trick_limit": 100}, ["person", "bot:normal", "person"]),
    ("cardavia", {"deals": 3, "pace": 0}, ["person", "person", "bot:normal"]),
]


async def full_game(
    tmp: Path, game: str, options: dict[str, Any], seats: list[str]
) -> tuple[list[str], int, list[int | None], list[Recorder]]:
    async with running_server(tmp) as server:
        url = f"ws://127.0.0.1:{server.port}/"
        people = [await player(url, name) for name in ("Anna", "Bruno")]
        await people[0].send({"type": "create", "game": game, "options": options, "seats": seats})
        joined = await people[0].expect("joined")
        table = joined["table"]["id"]
        await people[1].send({"type": "join", "table": table})
        await people[1].expect("joined")
        await people[0].expect("presence")
        watcher = await player(url, "Dario")  # a spectator, from the start to the end
        await watcher.send({"type": "watch", "table": table})
        await watcher.expect("joined")
        await people[0].expect("presence")
        await people[0].send({"type": "start"})
        starts = [await link.expect("started") for link in people]
        pairs = zip(people, starts, strict=True)
        await asyncio.gather(*(play_out(link, n, start) for n, (link, start) in enumerate(pairs)))
        room = server.rooms[table]
        assert room.table is not None
        log = list(room.table.log)
        seats_of = [room.seat_of(link_peer(server, link)) for link in people]
        seed = room.seed
        while not over(watcher.messages[-1]):
            await watcher.receive()
        for link in [*people, watcher]:
            await link.close()
    return log, seed, seats_of, [*people, watcher]


def link_peer(server: Server, link: Recorder) -> Connection:
    return server.names[link.name.casefold()]


@pytest.mark.parametrize(("game", "options", "seats"), GAMES)
def test_a_full_online_game_never_sends_a_seat_a_card_it_may_not_know(
    tmp_path: Path, game: str, options: dict[str, Any], seats: list[str]
) -> None:
    """A spectator too: what it is sent, view included (issue 32), holds only the cards
    shown to everyone."""
    log, seed, seats_of, people = asyncio.run(full_game(tmp_path, game, options, seats))
    assert all(over(link.messages[-1]) or any(over(m) for m in link.messages) for link in people)
    from audiogame.online.room import check_options

    config = check_options(game, options, len(seats))
    seen = seen_by_seat(game, config, seed, log)
    spectator = len(seen) - 1
    assert any("view" in message for message in people[-1].messages)  # the spectator's view
    checked = 0
    for link, seat in zip(people, [*seats_of, spectator], strict=True):
        assert seat is not None
        for frame, message in zip(link.frames, link.messages, strict=True):
            if "seq" not in message:
                continue
            leaked = cards_in(frame) - seen[seat][message["seq"]]
            assert not leaked, f"seat {seat} was sent {sorted(leaked)} at move {message['seq']}"
            checked += 1
    assert checked > 20
