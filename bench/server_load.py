"""Load on the online server: N tables of scripted clients over loopback.

The server runs as its own process (``audiogame serve``); this process holds every client.
Half the tables seat three people, half two people and a computer player; each person turns
up a card (Battaglia, 52 cards) about once every ``--interval`` seconds, as a brisk player
would. Reported: action-to-delivery latency (from a person's move to its update reaching
each person at the table; p50, p99, max), moves and messages per second, the server's CPU
use and so the tables one core holds at that pace.

    python3 bench/server_load.py                      # 200 tables, 500 clients, 30 s
    python3 bench/server_load.py --tables 20 --seconds 10
    python3 bench/server_load.py --against 699fe0a --rounds 2   # before and after, alternating
    python3 bench/server_load.py --profile server.prof          # the server under cProfile
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from audiogame.online.messages import VERSION  # noqa: E402


class TableInfo(msgspec.Struct):
    id: str


class Incoming(msgspec.Struct):
    """What a scripted person reads of a message (the rest is skipped, not built: the clients
    share one process and should cost it as little as possible)."""

    type: str
    seq: int = 0
    by: int | None = None
    legal: list[str] = []
    table: TableInfo | None = None
    what: str = ""
    code: str = ""


decode = msgspec.json.Decoder(Incoming).decode


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Stats:
    def __init__(self) -> None:
        self.sent: dict[tuple[str, int], float] = {}
        self.arrived: list[tuple[str, int, float]] = []
        self.moves = 0
        self.messages = 0
        self.errors: dict[str, int] = {}


async def person(
    url: str,
    name: str,
    stats: Stats,
    table: asyncio.Future[str] | None,
    create: dict[str, Any] | None,
    stop: asyncio.Event,
    interval: float,
    rng: random.Random,
) -> None:
    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "version": VERSION, "name": name}))
        json.loads(await ws.recv())
        if create is not None:
            await ws.send(json.dumps(create))
        else:
            assert table is not None
            await ws.send(json.dumps({"type": "join", "table": await table}))
        table_id = ""
        seated = 1
        pending: float | None = None
        waiting_move: asyncio.Task[None] | None = None

        async def move(delay: float) -> None:
            nonlocal pending
            await asyncio.sleep(delay)
            pending = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "action": "flip"}))

        closer = asyncio.ensure_future(close_on(stop, ws))
        async for raw in ws:
            now = time.perf_counter()
            stats.messages += 1
            message = decode(raw)
            kind = message.type
            if kind == "joined" and message.table is not None:
                table_id = message.table.id
                if create is not None and table is not None and not table.done():
                    table.set_result(table_id)
            elif kind == "presence" and create is not None and message.what == "joined":
                seated += 1
                if seated == create["seats"].count("person"):  # everyone is here: start
                    await ws.send(json.dumps({"type": "start"}))
            elif kind in ("started", "update"):
                if kind == "update":
                    stats.arrived.append((table_id, message.seq, now))
                if message.by == 0 and pending is not None:
                    stats.sent[(table_id, message.seq)] = pending
                    stats.moves += 1
                    pending = None
                if (
                    message.legal
                    and pending is None
                    and (waiting_move is None or waiting_move.done())
                ):
                    waiting_move = asyncio.ensure_future(move(interval * rng.uniform(0.5, 1.5)))
            elif kind == "error":
                stats.errors[message.code] = stats.errors.get(message.code, 0) + 1
        if waiting_move is not None:
            waiting_move.cancel()
        closer.cancel()


async def close_on(stop: asyncio.Event, ws: ClientConnection) -> None:
    await stop.wait()
    await ws.close()


async def drive(
    url: str, tables: int, seconds: float, interval: float, started: Any
) -> tuple[Stats, float]:
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(1)
    tasks = []
    for number in range(tables):
        three = number % 2 == 0
        seats = ["person", "person", "person"] if three else ["person", "person", "bot:greedy"]
        create = {
            "type": "create",
            "game": "battle",
            "seats": seats,
            "options": {"players": 3, "trick_limit": 5000},
        }
        table: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        people = seats.count("person")
        tasks.append(
            asyncio.ensure_future(
                person(url, f"T{number}p0", stats, table, create, stop, interval, rng)
            )
        )
        for seat in range(1, people):
            tasks.append(
                asyncio.ensure_future(
                    person(url, f"T{number}p{seat}", stats, table, None, stop, interval, rng)
                )
            )
        await asyncio.sleep(0.01)  # connections come in over a couple of seconds, not at once
    while stats.moves < tables // 2 and not stop.is_set():  # every table has begun
        await asyncio.sleep(0.1)
    stats.sent.clear()
    stats.arrived.clear()
    stats.moves = stats.messages = 0
    started()
    begin = time.perf_counter()
    await asyncio.sleep(seconds)
    stop.set()
    wall = time.perf_counter() - begin
    await asyncio.gather(*tasks, return_exceptions=True)
    return stats, wall


def family_cpu(pid: int) -> float:
    """CPU time of a process and of its children (the server and its worker processes)."""
    total = cpu_seconds(pid)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                total += cpu_seconds(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return total


def load_average() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


def server_tree(revision: str, folder: Path) -> Path:
    """The program as it was at ``revision`` (git archive), to run its server beside this one."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision, "audiogame", "engine",
         "sounds"],
        check=True, capture_output=True,
    ).stdout  # fmt: skip
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


LOOPBACK_LIMITS = """
connections_per_address = 100000
tables = 100000
tables_per_address = 100000
"""


def measure(root: Path, args: argparse.Namespace) -> dict[str, float]:
    """One run against the server of the program in ``root``."""
    profile = ["-m", "cProfile", "-o", args.profile] if args.profile else []
    with tempfile.TemporaryDirectory() as data:
        limits: list[str] = []
        if "--limits" in (root / "audiogame" / "cli.py").read_text(encoding="utf-8"):
            # every client comes from 127.0.0.1: the limits per address would refuse them
            (Path(data) / "limits.toml").write_text(LOOPBACK_LIMITS, encoding="utf-8")
            limits = ["--limits", str(Path(data) / "limits.toml")]
        server = subprocess.Popen(
            [sys.executable, *profile, "-m", "audiogame", "serve", "--port", "0",
             "--data-dir", data, *limits],
            cwd=root, env={**os.environ, "PYTHONPATH": str(root)},
            stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert server.stdout is not None
        found = re.search(r":(\d+)/", server.stdout.readline())
        assert found is not None, "the server said no port"
        port = int(found.group(1))
        marks: dict[str, float] = {}

        def started() -> None:
            marks["cpu"] = family_cpu(server.pid)
            marks["client"] = time.process_time()
            marks["load"] = load_average()

        stats, wall = asyncio.run(
            drive(f"ws://127.0.0.1:{port}/", args.tables, args.seconds, args.interval, started)
        )
        cpu = family_cpu(server.pid) - marks["cpu"]
        client_cpu = time.process_time() - marks["client"]
        load = (marks["load"] + load_average()) / 2
        server.terminate()
        server.wait(20)
    latencies = sorted(
        (arrived - stats.sent[(table, seq)]) * 1000
        for table, seq, arrived in stats.arrived
        if (table, seq) in stats.sent
    )
    return {
        "wall": wall,
        "moves": stats.moves,
        "messages": stats.messages,
        "errors": sum(stats.errors.values()),
        "p50": statistics.median(latencies) if latencies else float("nan"),
        "p99": latencies[int(len(latencies) * 0.99) - 1] if latencies else float("nan"),
        "max": latencies[-1] if latencies else float("nan"),
        "deliveries": len(latencies),
        "cpu": cpu,
        "client": client_cpu,
        "load": load,
    }


def report(label: str, tables: int, result: dict[str, float]) -> None:
    wall = result["wall"]
    share = result["cpu"] / wall
    print(
        f"{label}: move to delivery p50 {result['p50']:.1f} ms, p99 {result['p99']:.1f} ms,"
        f" max {result['max']:.1f} ms over {result['deliveries']:.0f} deliveries;"
        f" moves {result['moves'] / wall:.0f}/s, messages {result['messages'] / wall:.0f}/s,"
        f" errors {result['errors']:.0f}; server and workers {share:.0%} of a core,"
        f" {1000 * result['cpu'] / max(result['moves'], 1):.2f} ms of CPU a move"
        f" ({tables / max(share, 1e-9):.0f} tables per core at this pace), clients"
        f" {result['client'] / wall:.0%} of a core; load average {result['load']:.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between moves")
    parser.add_argument("--profile", metavar="FILE", help="run the server under cProfile")
    parser.add_argument("--against", metavar="REV", help="also run the server of this revision")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each server, alternating")
    args = parser.parse_args()
    clients = args.tables // 2 * 3 + (args.tables - args.tables // 2) * 2
    print(
        f"tables {args.tables}, clients {clients}, {args.seconds:.0f} s a run after the setup,"
        f" a move every ~{args.interval} s; {os.cpu_count()} cores"
    )
    with tempfile.TemporaryDirectory() as folder:
        roots = {"this tree": ROOT}
        if args.against:
            roots = {args.against: server_tree(args.against, Path(folder)), **roots}
        results: dict[str, list[dict[str, float]]] = {label: [] for label in roots}
        for _ in range(args.rounds):
            for label, root in roots.items():
                result = measure(root, args)
                results[label].append(result)
                report(f"  {label}", args.tables, result)
    if args.rounds > 1 or args.against:
        print("medians of the runs:")
        for label, runs in results.items():
            middle = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
            report(f"  {label}", args.tables, middle)


if __name__ == "__main__":
    main()
