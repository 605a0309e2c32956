"""A browser seat's key, in one process: the CPU the server's presenter takes for a key.

A seat at a started Battaglia table (2 players, 52 cards, a computer player) is fed the
``joined`` and ``started`` messages of a real server, then T and E are pressed in turn, each
message the seat sends encoded as the server encodes it; the figure is the CPU time a key
(``time.process_time``), with the messages and bytes a key. With ``--against COMMIT`` the
same is measured on that commit's tree, alternating, in one run; ``--profile`` prints where
the time goes (cProfile, by own time).

    python3 bench/seat_keys.py --keys 4000 --rounds 3 --against e03dc44
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import os
import pstats
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def measure(keys: int, profile: bool) -> None:
    """In the tree this runs from: the CPU a key, printed on one line."""
    sys.path.insert(0, os.getcwd())
    from audiogame.online import messages as m
    from audiogame.web.seat import BrowserSeat
    from tests.online_support import Recorder, running_server

    async def opening(data: Path) -> list[dict[str, Any]]:
        async with running_server(data) as server:
            link = Recorder(f"ws://127.0.0.1:{server.port}/", "Anna")
            await link.open()
            await link.send({"type": "create", "game": "battle", "seats": ["person", "bot:easy"],
                             "options": {"players": 2, "deck": 52}})  # fmt: skip
            joined = await link.expect("joined")
            await link.send({"type": "start"})
            started = await link.expect("started")
            await link.close()
            return [joined, started]

    with tempfile.TemporaryDirectory() as data:
        stream = asyncio.run(opening(Path(data)))
    sent = [0, 0]

    def send(message: dict[str, Any]) -> None:
        data = m.encode(message)
        sent[0] += 1
        sent[1] += len(data)

    seat = BrowserSeat(send, "en")
    for message in stream:
        seat.outgoing(message)
    for n in range(200):  # every cache warm
        seat.key("te"[n % 2])
    sent[:] = [0, 0]
    start = time.process_time()
    for n in range(keys):
        seat.key("te"[n % 2])
    took = time.process_time() - start
    print(f"{took / keys * 1e6:6.1f} us a key; {sent[0] / keys:.2f} messages, "
          f"{sent[1] / keys:.0f} bytes a key")  # fmt: skip
    if profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for n in range(keys):
            seat.key("te"[n % 2])
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


@contextlib.contextmanager
def old_tree(commit: str) -> Iterator[Path]:
    """The project's files at ``commit``, in a folder of their own."""
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "archive", commit], cwd=ROOT, check=True,
                                 capture_output=True).stdout  # fmt: skip
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        yield Path(folder)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=4000)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--against", metavar="COMMIT", help="that commit's tree too")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.measure:
        measure(options.keys, options.profile)
        return
    with contextlib.ExitStack() as stack:
        trees = [("now", ROOT)]
        if options.against:
            trees.append((options.against[:7], stack.enter_context(old_tree(options.against))))
        for round in range(options.rounds):
            for label, root in trees if round % 2 == 0 else trees[::-1]:
                command = [
                    sys.executable,
                    str(Path(__file__).resolve()),
                    "--measure",
                    "--keys",
                    str(options.keys),
                ] + (["--profile"] * options.profile)
                print(f"{label:8}", end=" ", flush=True)
                subprocess.run(command, cwd=root, env={**os.environ, "PYTHONPATH": str(root)},
                               check=True)  # fmt: skip
        print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
