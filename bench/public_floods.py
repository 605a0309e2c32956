"""An honest table during each flood a public server meets, side by side in one run.

The server runs as its own process (``audiogame serve`` with its default limits, but those per
address: every client here comes from 127.0.0.1). Two honest people play Battaglia; the
figure is a move's delivery: from one person's ``act`` to the other's ``update`` (p50, p99,
max), first alone, then during each flood:

- ``listing``: 390 tables open, 4 clients asking for the lobby 10 times a second each;
- ``watchers``: 20 connections trying to watch the honest table as fast as the rate allows;
- ``browser keys``: 60 browser seats, from 60 addresses (127.0.0.100 onwards), each at a
  started table of its own with a computer player, pressing keys at the rate limit (19.5 a
  second each), their clients in a process of their own; the server's memory before they
  came and after they left;
- ``slow reader``: a client that never reads, asking for the lobby 19 times a second (twice
  as long, so that the kernel's buffers fill and the server's budget is reached);
- ``ping flood``: 4 connections from one address sending WebSocket pings as fast as they go
  (each one's pings sent before it was closed are counted);
- ``table flood``: 140 addresses, each in a network of its own (127.0.N.1), create 3 tables
  each and close their connections, again every 2 s; meanwhile the honest player tries to
  create a table every half second (how many were refused "busy", and the longest run of
  refusals).

Each phase's line ends with the server's CPU (of one core) and its memory during it.

Then the server's memory with 500 browser seats, and what the slow reader cost it before it
was dropped.

    python3 bench/public_floods.py                 # 8 s a phase, about 1.5 minutes in all
    python3 bench/public_floods.py --seconds 4
    python3 bench/public_floods.py --only browser --busy --against e03dc44 --rounds 2
        # the browser keys phase alone, another process spinning on a core, this tree's
        # server and that commit's alternating, twice
    python3 bench/public_floods.py --only browser --profile server.prof   # cProfile's figures
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
LIMITS = """
connections_per_address = 100000
connections_per_network = 100000
tables = 400
tables_per_address = 100000
tables_per_network = 100000
unstarted_per_network = 100000
unattended_close_after = 5.0
"""
"""Those per address and network are lifted: the other floods come from 127.0.0.1; a table
left by its people closes after 5 s, so that the browser seats' memory is seen given back."""
UNATTENDED = 5.0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Cost:
    """The server's CPU (percent of one core) and memory (MB) over a phase."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.cpu, self.rss, self.start = cpu_seconds(pid), rss_mb(pid), time.monotonic()

    def __str__(self) -> str:
        used = (cpu_seconds(self.pid) - self.cpu) / (time.monotonic() - self.start)
        return f"  cpu {used * 100:3.0f}%  rss {self.rss:.0f} -> {rss_mb(self.pid):.0f} MB"


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def greet(url: str, name: str, client: str = "terminal") -> ClientConnection:
    ws = await connect(url, max_size=2**24)
    await ws.send(json.dumps({"type": "hello", "version": 1, "name": name, "client": client}))
    reply = json.loads(await ws.recv())
    assert reply["type"] == "welcome", reply
    return ws


async def until(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await ws.recv())
        if message["type"] == kind:
            return message


async def honest_table(url: str) -> tuple[ClientConnection, ClientConnection, str]:
    anna, bruno = await greet(url, "Anna"), await greet(url, "Bruno")
    options = {"players": 2, "deck": 52, "trick_limit": 5000}
    await anna.send(json.dumps({**CREATE, "options": options}))
    table = (await until(anna, "joined"))["table"]["id"]
    await bruno.send(json.dumps({"type": "join", "table": table}))
    await until(bruno, "joined")
    await anna.send(json.dumps({"type": "start"}))
    await until(anna, "started")
    await until(bruno, "started")
    return anna, bruno, table


CREATE = {"type": "create", "game": "battle", "seats": ["person", "person"]}
LEGAL: dict[int, list[str]] = {0: ["flip"], 1: ["flip"]}


async def deliveries(
    anna: ClientConnection, bruno: ClientConnection, seconds: float
) -> list[float]:
    """The person whose turn it is moves, about 10 times a second; the time until the other one
    hears the move."""
    times: list[float] = []
    legal = LEGAL  # what each person may do, from one phase to the next
    links = [anna, bruno]
    heard: dict[int, asyncio.Queue[dict[str, Any]]] = {0: asyncio.Queue(), 1: asyncio.Queue()}

    async def read(n: int) -> None:
        with contextlib.suppress(Exception):
            while True:
                message = json.loads(await links[n].recv())
                if message["type"] in ("update", "refused"):
                    await heard[n].put(message)

    readers = [asyncio.ensure_future(read(n)) for n in (0, 1)]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        mover = 0 if legal[0] else 1
        other = 1 - mover
        if not legal[mover]:
            break  # the game is over
        sent = time.perf_counter()
        await links[mover].send(json.dumps({"type": "act", "action": legal[mover][0]}))
        while True:
            message = await asyncio.wait_for(heard[other].get(), 30)
            if message["type"] == "refused":
                legal[other] = []
                continue
            if message["type"] == "update":
                times.append(time.perf_counter() - sent)
                legal[other] = message.get("legal") or []
                break
        while True:
            message = await asyncio.wait_for(heard[mover].get(), 30)
            if message["type"] == "update" or message["type"] == "refused":
                legal[mover] = message.get("legal") or []
                break
        await asyncio.sleep(0.1)
    for reader in readers:
        reader.cancel()
    return times


async def repeat(every: float, stop: asyncio.Event, send: Callable[[], Awaitable[None]]) -> None:
    with contextlib.suppress(Exception):
        while not stop.is_set():
            await send()
            await asyncio.sleep(every)


async def drain(ws: ClientConnection, stop: asyncio.Event) -> None:
    with contextlib.suppress(Exception):
        while not stop.is_set():
            await ws.recv()


def summary(times: list[float]) -> str:
    if not times:
        return "no moves"
    ms = sorted(t * 1000 for t in times)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    middle = statistics.median(ms)
    return f"p50 {middle:6.1f} ms  p99 {p99:6.1f} ms  max {ms[-1]:6.1f} ms  ({len(ms)} moves)"


async def ping_flood(url: str, stop: asyncio.Event, sent: list[int]) -> None:
    """One connection from 127.0.0.9 sending pings as fast as it goes, until closed."""
    ws = await connect(url, local_addr=("127.0.0.9", 0), max_size=2**24)
    await ws.send(json.dumps({"type": "hello", "version": 1, "name": f"Pinger{len(sent)}"}))
    index = len(sent)
    sent.append(0)
    reading = asyncio.ensure_future(drain(ws, stop))
    with contextlib.suppress(Exception):
        while not stop.is_set():
            await ws.ping()
            sent[index] += 1
            if sent[index] % 100 == 0:
                await asyncio.sleep(0)
    reading.cancel()


async def crowd_of_tables(url: str, stop: asyncio.Event) -> None:
    """140 addresses, each of its own network, 3 unstarted tables each, then gone; again."""
    while not stop.is_set():
        for n in range(140):
            if stop.is_set():
                return
            address = f"127.{1 + n // 250}.{1 + n % 250}.1"
            links = []
            with contextlib.suppress(Exception):
                for k in range(3):
                    ws = await connect(url, local_addr=(address, 0))
                    await ws.send(json.dumps({"type": "hello", "version": 1,
                                              "name": f"Junk{n}x{k}"}))  # fmt: skip
                    await ws.send(json.dumps(CREATE))
                    links.append(ws)
                for ws in links:
                    while json.loads(await ws.recv())["type"] not in ("joined", "error"):
                        pass
            for ws in links:
                await ws.close()
        await asyncio.sleep(2)


async def honest_creates(url: str, stop: asyncio.Event, answers: list[str]) -> None:
    ws = await greet(url, "Carla")
    while not stop.is_set():
        await ws.send(json.dumps(CREATE))
        while True:
            message = json.loads(await ws.recv())
            if message["type"] in ("joined", "error"):
                break
        answers.append(message.get("code", message["type"]))
        if message["type"] == "joined":
            await ws.send(json.dumps({"type": "leave"}))
            await until(ws, "left")
        await asyncio.sleep(0.5)
    await ws.close()


def browser_keys(url: str, ready: Any, stop: Any, counts: Any) -> None:
    """A process of its own (so that its clients slow the server, not the honest players'
    client): 60 browser seats, each from an address of its own (127.0.0.100 onwards), each
    at a started table of its own with a computer player, pressing information keys at the
    rate limit (19.5 a second) until ``stop``; then gone. ``counts``: the keys sent and the
    messages received while pressing."""

    async def seat(n: int) -> ClientConnection:
        ws = await connect(url, local_addr=(f"127.0.0.{100 + n}", 0), max_size=2**24)
        await ws.send(json.dumps({"type": "hello", "version": 1, "name": f"Page{n}",
                                  "client": "browser", "lang": "en"}))  # fmt: skip
        await ws.send(json.dumps({**CREATE, "seats": ["person", "bot:easy"]}))
        await ws.send(json.dumps({"type": "start"}))
        while (message := json.loads(await ws.recv()))["type"] != "keys":
            assert message["type"] != "error", message  # the table screen's opening, its keys
        return ws

    async def press(ws: ClientConnection, n: int, done: asyncio.Event) -> None:
        key = json.dumps({"type": "key", "key": "te"[n % 2]})
        next_at = time.perf_counter()
        with contextlib.suppress(Exception):
            while not done.is_set():
                await ws.send(key)
                counts[0] += 1
                next_at = max(next_at + 1 / 19.5, time.perf_counter())  # never a burst
                await asyncio.sleep(next_at - time.perf_counter())

    async def hear(ws: ClientConnection, done: asyncio.Event) -> None:
        with contextlib.suppress(Exception):
            while not done.is_set():
                await ws.recv()
                counts[1] += 1

    async def work() -> None:
        pages = [await seat(n) for n in range(60)]
        done = asyncio.Event()
        tasks = [asyncio.ensure_future(hear(ws, done)) for ws in pages]
        tasks += [asyncio.ensure_future(press(ws, n, done)) for n, ws in enumerate(pages)]
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(0.05)
        done.set()
        for ws in pages:
            await ws.close()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(work())


async def browser_phase(
    url: str,
    pid: int,
    anna: ClientConnection,
    bruno: ClientConnection,
    seconds: float,
    label: str = "browser keys",
) -> None:
    """The 60 browser seats pressing keys while the honest people play; the server's memory
    before they came, after they left, and after their tables closed."""
    before = rss_mb(pid)
    context = multiprocessing.get_context("fork")
    stop_keys, ready = context.Event(), context.Event()
    counts = context.Array("l", 2, lock=False)
    presser = context.Process(target=browser_keys, args=(url, ready, stop_keys, counts))
    presser.start()
    while not ready.wait(0):
        if not presser.is_alive():
            raise SystemExit("the browser seats could not be seated")
        await asyncio.sleep(0.05)
    cost, sent, heard, start = Cost(pid), counts[0], counts[1], time.monotonic()
    print(f"{label:14} {summary(await deliveries(anna, bruno, seconds))}{cost}", flush=True)
    took, back = time.monotonic() - start, counts[1] - heard
    used = (cpu_seconds(pid) - cost.cpu) / max(1, back) * 1000
    print(f"{label}: keys sent {(counts[0] - sent) / took:.0f} a second, messages back "
          f"{back / took:.0f} a second; server CPU {used:.2f} ms a message back, "
          f"load average {os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip
    during = rss_mb(pid)
    stop_keys.set()
    presser.join(60)
    await asyncio.sleep(3)  # the server sees the pages go
    gone = rss_mb(pid)
    await asyncio.sleep(UNATTENDED + 3)  # their tables close (unattended_close_after)
    print(f"{label}: server RSS {before:.0f} MB before the 60 seats, {during:.0f} MB with "
          f"them, {gone:.0f} MB 3 s after they left, {rss_mb(pid):.0f} MB after their "
          f"tables closed", flush=True)  # fmt: skip


async def browser_only(url: str, pid: int, seconds: float, label: str) -> None:
    """The honest table alone, then during the browser seats' keys."""
    anna, bruno, _ = await honest_table(url)
    cost = Cost(pid)
    times = await deliveries(anna, bruno, seconds)
    print(f"{label + ' alone':14} {summary(times)}{cost}", flush=True)
    await browser_phase(url, pid, anna, bruno, seconds, label + " keys")
    await anna.close()
    await bruno.close()


async def main(url: str, pid: int, seconds: float, log: Path) -> None:
    anna, bruno, table = await honest_table(url)
    cost = Cost(pid)
    print(f"{'alone':14} {summary(await deliveries(anna, bruno, seconds))}{cost}")

    # ---- ping flood: 4 connections from one address
    stop, sent = asyncio.Event(), list[int]()
    tasks = [asyncio.ensure_future(ping_flood(url, stop, sent)) for _ in range(4)]
    cost = Cost(pid)
    times = await deliveries(anna, bruno, seconds)
    print(f"{'ping flood':14} {summary(times)}{cost}")
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    closed = log.read_text(encoding="utf-8").count("closed: flood")
    print(f"ping flood: pings sent by each before it was closed {sent}; closed: {closed} of 4")

    # ---- table flood: 140 addresses of 140 networks, 3 tables each, gone, again
    stop, answers = asyncio.Event(), list[str]()
    tasks = [asyncio.ensure_future(crowd_of_tables(url, stop)),
             asyncio.ensure_future(honest_creates(url, stop, answers))]  # fmt: skip
    cost = Cost(pid)
    times = await deliveries(anna, bruno, 3 * seconds)
    print(f"{'table flood':14} {summary(times)}{cost}")
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    runs = "".join("x" if answer != "joined" else "." for answer in answers).split(".")
    print(f"table flood: the honest player created {answers.count('joined')} of {len(answers)}"
          f" tables; refused {len(answers) - answers.count('joined')} times, at most"
          f" {max(len(run) for run in runs) * 0.5:.1f} s in a row")  # fmt: skip
    await asyncio.sleep(12)  # the crowd's last tables close (unstarted_close_after)

    # ---- listing: 390 tables, 4 clients listing 10 times a second
    makers = []
    for n in range(390):
        ws = await greet(url, f"Maker{n}")
        await ws.send(json.dumps(CREATE))
        await until(ws, "joined")
        makers.append(ws)
    stop = asyncio.Event()
    listers = [await greet(url, f"Lister{n}") for n in range(4)]
    tasks = [asyncio.ensure_future(drain(ws, stop)) for ws in [*listers, *makers]]
    tasks += [asyncio.ensure_future(repeat(0.1, stop, partial(ws.send, '{"type":"list"}')))
              for ws in listers]  # fmt: skip
    cost = Cost(pid)
    print(f"{'listing':14} {summary(await deliveries(anna, bruno, seconds))}{cost}")
    stop.set()
    for ws in [*listers, *makers]:
        await ws.close()
    await asyncio.gather(*tasks, return_exceptions=True)

    # ---- watchers: 20 connections trying to watch the honest table at the rate limit
    stop = asyncio.Event()
    eyes = [await greet(url, f"Eye{n}") for n in range(20)]
    watch = json.dumps({"type": "watch", "table": table})
    tasks = [asyncio.ensure_future(drain(ws, stop)) for ws in eyes]
    tasks += [asyncio.ensure_future(repeat(0.06, stop, partial(ws.send, watch))) for ws in eyes]
    cost = Cost(pid)
    print(f"{'watchers':14} {summary(await deliveries(anna, bruno, seconds))}{cost}")
    stop.set()
    for ws in eyes:
        await ws.close()
    await asyncio.gather(*tasks, return_exceptions=True)

    # ---- browser keys: 60 browser seats at their own tables, from 60 addresses, at the limit
    await asyncio.sleep(12)  # the listing's tables close (unstarted_close_after): room for 60
    await browser_phase(url, pid, anna, bruno, seconds)

    # ---- a slow reader: never reads, lists 19 times a second (390 tables listed again)
    makers = []
    for n in range(390):
        ws = await greet(url, f"Again{n}")
        await ws.send(json.dumps(CREATE))
        await until(ws, "joined")
        makers.append(ws)
    before = rss_mb(pid)
    stop = asyncio.Event()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # the kernel holds little
    sock.connect(("127.0.0.1", int(url.rsplit(":", 1)[1].strip("/"))))
    slow = await connect(url, sock=sock, max_size=2**24, max_queue=1)
    slow.transport.pause_reading()  # it never reads
    await slow.send(json.dumps({"type": "hello", "version": 1, "name": "Snail"}))
    tasks = [asyncio.ensure_future(drain(ws, stop)) for ws in makers]
    tasks.append(asyncio.ensure_future(repeat(1 / 19, stop, partial(slow.send, '{"type":"list"}'))))
    peak = before
    times = []
    end = time.monotonic() + 2 * seconds
    while time.monotonic() < end:
        times += await deliveries(anna, bruno, 1.0)
        peak = max(peak, rss_mb(pid))
    print(f"{'slow reader':14} {summary(times)}")
    dropped = "Snail dropped: too slow" in log.read_text(encoding="utf-8")
    print(f"slow reader: server RSS {before:.0f} MB before, {peak:.0f} MB at most "
          f"(+{peak - before:.1f} MB); dropped: {dropped}")  # fmt: skip
    stop.set()
    slow.transport.abort()
    for ws in makers:
        await ws.close()
    await asyncio.gather(*tasks, return_exceptions=True)

    # ---- memory: 500 browser seats
    before = rss_mb(pid)
    pages = [await greet(url, f"Seat{n}", "browser") for n in range(500)]
    for ws in pages:  # each page's presenter at work: the lobby's screen, one key
        await ws.send(json.dumps({"type": "key", "key": "ArrowDown"}))
    stop = asyncio.Event()
    tasks = [asyncio.ensure_future(drain(ws, stop)) for ws in pages]
    await asyncio.sleep(2)
    after = rss_mb(pid)
    print(f"500 browser seats: server RSS {before:.0f} MB -> {after:.0f} MB "
          f"({(after - before) * 1024 / 500:.0f} KB a seat)")  # fmt: skip
    stop.set()
    for ws in pages:
        await ws.close()
    await asyncio.gather(*tasks, return_exceptions=True)


@contextlib.contextmanager
def serving(root: Path, profile: str | None = None) -> Iterator[tuple[str, int, Path]]:
    """``audiogame serve`` of the tree at ``root`` as a process of its own (under cProfile,
    written to ``profile`` when it stops, if given): its address, process id and log."""
    with tempfile.TemporaryDirectory() as data:
        limits = Path(data) / "limits.toml"
        limits.write_text(LIMITS, encoding="utf-8")
        python = [sys.executable] + (["-m", "cProfile", "-o", profile] if profile else [])
        server = subprocess.Popen(
            [*python, "-m", "audiogame", "serve", "--port", "0", "--data-dir", data,
             "--limits", str(limits)],
            cwd=root, env={**os.environ, "PYTHONPATH": str(root)},
            stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        try:
            assert server.stdout is not None
            found = re.search(r":(\d+)/", server.stdout.readline())
            assert found is not None, "the server said no port"
            yield (
                f"ws://127.0.0.1:{found.group(1)}/",
                server.pid,
                Path(data) / "logs" / "server.log",
            )
        finally:
            server.terminate()
            server.wait(30)


@contextlib.contextmanager
def old_tree(commit: str) -> Iterator[Path]:
    """The project's files at ``commit``, in a folder of their own."""
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "archive", commit], cwd=ROOT, check=True,
                                 capture_output=True).stdout  # fmt: skip
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        yield Path(folder)


@contextlib.contextmanager
def busy_core(busy: bool) -> Iterator[None]:
    """Another process using a core the whole time (``--busy``), as on a shared machine."""
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if busy else None
    try:
        yield
    finally:
        if spinner is not None:
            spinner.kill()
            spinner.wait()


def run(seconds: float, busy: bool, profile: str | None) -> None:
    with busy_core(busy), serving(ROOT, profile) as (url, pid, log):
        asyncio.run(main(url, pid, seconds, log))


def run_browser(seconds: float, busy: bool, against: str | None, rounds: int,
                profile: str | None) -> None:  # fmt: skip
    """The browser keys phase alone; with ``against``, on that commit's server too, the two
    alternating, ``rounds`` times."""
    with busy_core(busy), contextlib.ExitStack() as stack:
        trees = [("now", ROOT)]
        if against is not None:
            trees.append((against[:7], stack.enter_context(old_tree(against))))
        for round in range(rounds):
            print(f"round {round + 1}, load average {os.getloadavg()[0]:.1f}", flush=True)
            for label, root in trees if round % 2 == 0 else trees[::-1]:
                with serving(root, profile if root == ROOT else None) as (url, pid, _):
                    asyncio.run(browser_only(url, pid, seconds, label))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds a phase")
    parser.add_argument("--only", choices=["browser"], help="only the browser keys phase")
    parser.add_argument(
        "--against",
        metavar="COMMIT",
        help="with --only browser: that commit's server too, alternating",
    )
    parser.add_argument("--rounds", type=int, default=1, help="with --only browser")
    parser.add_argument(
        "--busy", action="store_true", help="another process spinning on a core the whole time"
    )
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="the server (this tree's) under cProfile, its figures to FILE",
    )
    options = parser.parse_args()
    if options.only == "browser":
        run_browser(options.seconds, options.busy, options.against, options.rounds,
                    options.profile)  # fmt: skip
    else:
        run(options.seconds, options.busy, options.profile)
