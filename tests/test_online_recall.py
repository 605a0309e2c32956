"""A server killed with SIGKILL and started again brings every computer player back with its
memory: each one (and each stand-in keeping a seat for a person who left) remembers the game
exactly as the same player does at the same move in a server that was never interrupted."""

from __future__ import annotations

import asyncio
import itertools
import multiprocessing
import os
import random
import signal
import threading
from collections.abc import Mapping
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from audiogame.computer_players import make_bot
from audiogame.online import room as rooms
from audiogame.online.server import Server, run
from tests.online_support import Recorder, player, until

Memories = dict[str, tuple[int, dict[str, Any]]]


def memory_of(value: Any, depth: int = 0) -> Any:
    """Everything a computer player holds, as plain values that compare equal when two
    players remember the same: its random generator's state, what it tracked, what it learnt."""
    if depth > 40:
        raise ValueError("too deep")
    if isinstance(value, random.Random):
        return ("random", value.getstate())
    if value is None or isinstance(value, bool | int | float | str | bytes):
        return value
    if isinstance(value, list | tuple):
        return [memory_of(item, depth + 1) for item in value]
    if isinstance(value, set | frozenset):
        return sorted(repr(memory_of(item, depth + 1)) for item in value)
    if isinstance(value, Mapping):
        return sorted((repr(key), memory_of(item, depth + 1)) for key, item in value.items())
    fields: dict[str, Any] = {}
    for klass in type(value).__mro__:
        for name in getattr(klass, "__slots__", ()):
            if hasattr(value, name):
                fields[name] = getattr(value, name)
    fields.update(getattr(value, "__dict__", {}))
    return (type(value).__name__, {k: memory_of(v, depth + 1) for k, v in sorted(fields.items())})


def memories(server: Server) -> Memories:
    """Every started table: its moves so far, and each computer player's and stand-in's
    memory (with a new player's of the same level and seed)."""
    found: Memories = {}
    for room in server.rooms.values():
        table = room.table
        if table is not None:
            thinkers = {
                f"bot {s}": (memory_of(b), fresh(room.game, table.levels[s], room.seed * 10 + s))
                for s, b in table.bots.items()
            }
            for s, b in table.stand_ins.items():
                thinkers[f"stand-in {s}"] = (
                    memory_of(b),
                    fresh(room.game, "normal", room.seed * 10 + s),
                )
            found[room.id] = (len(table.log), thinkers)
    return found


def fresh(game: str, level: str, seed: int) -> Any:
    """What a player just made remembers (``None`` for a player that keeps nothing)."""
    if game == "cardavia" and level == "normal":
        return None
    return memory_of(make_bot(game, level, seed))


def quiet(server: Server) -> bool:
    """No computer player has a move to make or a memory still coming back (at a table with
    no person connected they wait: quiet once their memory is back)."""
    for room in server.rooms.values():
        table = room.table
        if table is None:
            continue
        if room.paused:
            if room.thinking.tasks:
                return False
            continue
        busy = room.driver is not None and not room.driver.idle
        if busy or table.awaiting_bots():
            return False
    return True


def serve(data_dir: Path, pipe: Connection) -> None:
    """A real server (run in its own process) that tells its port, then answers each request
    on ``pipe`` with every table's memories, once its computer players are quiet.

    Its tables deal known cards (seeds 11, 12, 13 in the order they start): in a random deal
    a computer player may meet only turns with a single sensible play, and so learn nothing
    the test could see."""
    seeds = itertools.count(11)
    rooms.new_seed = lambda: next(seeds)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        got: asyncio.Queue[str] = asyncio.Queue()
        tasks: list[asyncio.Task[None]] = []

        def listen() -> None:
            while True:
                loop.call_soon_threadsafe(got.put_nowait, pipe.recv())

        threading.Thread(target=listen, daemon=True).start()

        def ready(server: Server) -> None:
            pipe.send(server.port)

            async def answer() -> None:
                while True:
                    if await got.get() == "workers":
                        pipe.send(sorted(server.thinkers.pool._processes or {}))
                        continue
                    while not quiet(server):
                        await asyncio.sleep(0.05)
                    pipe.send(memories(server))

            tasks.append(loop.create_task(answer()))

        await run(
            "127.0.0.1",
            0,
            data_dir,
            ready=ready,
            rate=10_000.0,
            workers=2,
            log_file=data_dir / "server.log",
        )

    asyncio.run(main())


class Served:
    def __init__(self, data_dir: Path) -> None:
        context = multiprocessing.get_context("spawn")
        self.pipe, theirs = context.Pipe()
        self.process = context.Process(target=serve, args=(data_dir, theirs))
        self.process.start()
        if not self.pipe.poll(60):
            raise RuntimeError("the server did not start")
        self.port: int = self.pipe.recv()

    def memories(self) -> Memories:
        self.pipe.send("memories")
        if not self.pipe.poll(300):
            raise RuntimeError("the computer players never came back")
        answer: Memories = self.pipe.recv()
        return answer

    def workers(self) -> list[int]:
        self.pipe.send("workers")
        answer: list[int] = self.pipe.recv()
        return answer

    def kill(self) -> None:
        assert self.process.pid is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.join(30)


async def moves(link: Recorder, target: int, rng: random.Random, bots: set[int]) -> None:
    """Make moves (chosen at random) as they come, until the table has made ``target`` moves
    and awaits no computer player (``bots``: their seats, numbered from this one)."""
    state = next(m for m in reversed(link.messages) if m["type"] in ("started", "update"))
    while True:
        if state["seq"] >= target:
            if not set(state["to_act"]) & bots:
                return
            state = await link.expect("update")  # a computer player is still to move
        elif state.get("legal") and (state.get("view") or {}).get("my_choice") is None:
            await link.send({"type": "act", "action": rng.choice(state["legal"])})
            state = await link.expect("update")
            while state.get("by") != 0:
                state = await link.expect("update")
        else:
            state = await link.expect("update")


async def sit(
    url: str, names: list[str], game: str, seats: list[str], **options: Any
) -> list[Recorder]:
    people = [await player(url, name) for name in names]
    await people[0].send(
        {"type": "create", "game": game, "seats": seats, "options": options, "grace": 60}
    )
    table = (await people[0].expect("joined"))["table"]["id"]
    for other in people[1:]:
        await other.send({"type": "join", "table": table})
        await other.expect("joined")
    await people[0].send({"type": "start"})
    for link in people:
        await link.expect("started")
    return people


def test_computer_players_remember_the_game_after_a_sigkill_and_a_restart(
    tmp_path: Path,
) -> None:
    first = Served(tmp_path)

    async def play() -> None:
        url = f"ws://127.0.0.1:{first.port}/"
        # Each person chooses with a generator of their own: one shared by the five would
        # hand out its numbers in the order the messages happen to arrive.
        rng = {
            name: random.Random(f"{name} 4") for name in ("Anna", "Bruno", "Carla", "Dario", "Eva")
        }
        anna, bruno = await sit(
            url, ["Anna", "Bruno"], "cardavia", ["person", "bot:hard", "person"], pace=0
        )
        carla, dario = await sit(
            url, ["Carla", "Dario"], "scientific", ["person", "bot:hard", "person"], players=3
        )
        (eva,) = await sit(
            url, ["Eva"], "battle", ["person", "bot:hard"], players=2, deck=32, open=True
        )
        await asyncio.gather(moves(anna, 8, rng["Anna"], {1}), moves(bruno, 8, rng["Bruno"], {2}),
                             moves(carla, 9, rng["Carla"], {1}), moves(dario, 9, rng["Dario"], {2}),
                             moves(eva, 12, rng["Eva"], {1}))  # fmt: skip
        # Two people leave for good: stand-ins keep their seats, and play on.
        for leaving in (bruno, dario):
            await leaving.send({"type": "leave"})
            await leaving.expect("left")
        await asyncio.gather(
            moves(anna, 16, rng["Anna"], {1, 2}), moves(carla, 21, rng["Carla"], {1, 2})
        )

    try:
        asyncio.run(play())
        before = first.memories()
        workers = first.workers()
    finally:
        first.kill()
    # The killed server's worker processes end with it.
    asyncio.run(until(lambda: not any(Path(f"/proc/{pid}").exists() for pid in workers), 30))
    second = Served(tmp_path)
    try:
        after = second.memories()
    finally:
        second.kill()
    # Every table is still being played (a finished one would not be kept): the known deals
    # and each person's own choices make sure of it.
    assert sorted(after) == sorted(before) and len(before) == 3
    for table, (moves_made, remembered) in before.items():
        assert after[table][0] == moves_made
        assert sorted(after[table][1]) == sorted(remembered)
        for who, memory in remembered.items():
            assert after[table][1][who] == memory, (table, who)
    kinds = sorted(who for _, remembered in before.values() for who in remembered)
    assert kinds == ["bot 1", "bot 1", "bot 1", "stand-in 2", "stand-in 2"]
    # They did learn something: each remembers more than a player just made (but the normal
    # Cardavia player, whose choices follow from the view alone: it keeps nothing).
    for table, (_, remembered) in before.items():
        for who, (memory, new) in remembered.items():
            if new is not None:
                assert memory != new, (table, who)
