"""Nothing the program or the server started outlives it: the worker threads where the
program's computer players think and hints are found, the server's worker processes and the
threads where it thinks when they fail."""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from pathlib import Path
from typing import Any

from prompt_toolkit.input import create_pipe_input

from audiogame.online.thinkers import Thinkers
from audiogame.presenters.table_screen import TableScreen
from audiogame.settings import Settings
from audiogame.testing import key_bytes, make_session, opening, top_screen
from tests.online_support import Recorder, player, running_server


def started_since(before: set[int | None]) -> list[str]:
    """The threads alive now that were not before, but the event loop's own default executor
    (the test's client looks up 127.0.0.1 there; the loop ends those threads itself)."""
    return sorted(
        thread.name
        for thread in threading.enumerate()
        if thread.ident not in before and not thread.name.startswith("asyncio_")
    )


async def until(check: Any) -> bool:
    """Let the loop run until ``check`` holds (a generous bound, never a measured time)."""
    for _ in range(3000):
        if check():
            return True
        await asyncio.sleep(0.01)
    return False


def test_after_the_program_quits_no_worker_thread_is_left() -> None:
    """A computer player thought and a hint was found in the program's worker thread; once
    the player quits (Control C), that thread is gone."""

    async def run() -> tuple[list[str], list[str]]:
        before = {thread.ident for thread in threading.enumerate()}
        with create_pipe_input() as pipe:
            program = make_session(input=pipe, settings=Settings(language="en"))
            program.app.thinkers = None  # the program's own worker thread, as when it runs
            config = {"seed": 4, "players": 2, "level": "greedy"}
            program.app.start(opening(program.app, "scientific", config))
            task = asyncio.ensure_future(program.app.run_async())
            table = top_screen(program, TableScreen)
            assert await until(lambda: table.state.to_act() == (0,))  # they chose
            pipe.send_text(key_bytes(["h"]))
            assert await until(lambda: any(line.startswith("Hint: ") for line in program.spoken))
            running = started_since(before)
            pipe.send_text(key_bytes(["c-c"]))
            await task
            return running, started_since(before)

    running, left = asyncio.run(run())
    assert "computer-players_0" in running  # the worker thread did think
    assert left == [], f"still running after the program quit: {left}"


def test_after_a_servers_stop_no_thread_or_process_it_started_is_left(tmp_path: Path) -> None:
    """A computer player of a table decided in the server's worker processes; once the server
    stopped, neither they nor any thread the server started are left."""

    async def run() -> tuple[int, list[str], list[str]]:
        before = {thread.ident for thread in threading.enumerate()}
        children = set(multiprocessing.active_children())
        async with running_server(tmp_path, workers=2) as server:
            anna = await player(f"ws://127.0.0.1:{server.port}/", "Anna")
            options = {"players": 2}
            await anna.send({"type": "create", "game": "scientific",
                             "seats": ["person", "bot:hard"], "options": options})  # fmt: skip
            await anna.expect("joined")
            await anna.send({"type": "start"})
            started = await anna.expect("started")
            await anna.send({"type": "act", "action": started["legal"][0]})
            await computer_moved(anna)
            workers = len(set(multiprocessing.active_children()) - children)
            await anna.close()
        left = [process.name for process in set(multiprocessing.active_children()) - children]
        return workers, started_since(before), left

    workers, threads, processes = asyncio.run(run())
    assert workers > 0  # the computer player thought in a worker process
    assert threads == [], f"threads still running after the server stopped: {threads}"
    assert processes == [], f"processes still running after the server stopped: {processes}"


async def computer_moved(link: Recorder) -> None:
    """Until the computer player's choice (seat 1 in Anna's order) is told."""
    while not any(message.get("by") == 1 for message in link.messages):
        await asyncio.wait_for(link.receive(), 60)


def unpicklable() -> int:
    return 42


def test_a_decision_made_in_the_server_when_the_workers_fail_leaves_no_thread() -> None:
    """Work that cannot go to a worker process is done in a thread of the server's own, which
    ends with it (not the event loop's, which lives as long as the loop)."""

    async def run() -> tuple[int, list[str], list[str]]:
        before = {thread.ident for thread in threading.enumerate()}
        thinkers = Thinkers(2)
        answer = await thinkers.run("table TEST seat 1", lambda: unpicklable())  # no pickle
        during = [name for name in started_since(before) if name.startswith("server-thinking")]
        thinkers.shutdown()
        return answer, during, started_since(before)

    answer, during, left = asyncio.run(run())
    assert answer == 42 and during != []  # it was made in the server, in its own thread
    assert left == [], f"still running after the workers stopped: {left}"
