"""Browser seats against a real ``audiogame serve``, side by side with a baseline revision.

Every client here is a real WebSocket client speaking the page's protocol (docs/protocol.md,
"A browser's connection"; audiogame/web/static/net.js): ``hello`` with ``"client":
"browser"``, then a table of Battaglia with a computer player, started, so that the server
presents the seat (its table screen, fed the seat's stream) and the page gets ``say``,
``show`` and ``keys``. Each server runs as its own process (``python3 -m audiogame serve``),
the revision being measured's and the baseline's (checked out with ``git archive`` into a
temporary folder) started the same way, one after the other, round after round.

What it measures, for each server:

- ``seat``: N browser seats seated one after the other; the time from the first ``hello``
  to the last seat's first words, how many were served (seated, and a key answered), and
  the server's RSS (from /proc) before and after, per seat;
- ``traced``: the same N seats with the server under ``tracemalloc``: Python's own memory
  per seat, apart from the allocator's slack;
- ``cpu``: 20 of the seats press 40 information keys each (T and E, each waited for its
  answer); the server's CPU time (utime + stime of /proc/PID/stat) per key;
- ``latency``: 60 seats press keys at the rate limit (audiogame/online/limits.py: 20
  messages a second on average; here 19.5 a second each) while another seat presses a key
  every 100 ms: from its ``key`` to its ``say`` (p50, p99, max).

It measures; it asserts nothing. About 1 minute a server with the defaults.

    python3 bench/browser_seats.py                        # 100 seats, against the branch's start
    python3 bench/browser_seats.py --seats 500            # the issue's 500 seats on 2 cores
    python3 bench/browser_seats.py --baseline 033a7ac --rounds 2
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
LIMITS = """
connections_per_address = 100000
tables = 100000
tables_per_address = 100000
"""
CREATE = {"type": "create", "game": "battle", "seats": ["person", "bot:easy"],
          "options": {"players": 2, "deck": 52}}  # fmt: skip
INFO_KEYS = ("t", "e")  # Battaglia's "whose move, which trick" and "cards owned"
PRESSERS = 60
FLOOD_PROCESSES = 2  # the 60 seats' clients, in processes of their own
RATE = 19.5  # keys a second each: just under the rate limit's 20 a second on average

# The server under tracemalloc: this file runs ``audiogame serve`` in its own process, and
# writes the traced memory to TRACE_FILE on SIGUSR1.
TRACED = "AUDIOGAME_BENCH_TRACED"


def traced_serve() -> None:
    import runpy
    import tracemalloc

    tracemalloc.start()
    out = Path(os.environ[TRACED])

    def report(signum: int, frame: Any) -> None:
        out.write_text(str(tracemalloc.get_traced_memory()[0]), encoding="utf-8")

    signal.signal(signal.SIGUSR1, report)
    sys.argv = ["audiogame", *sys.argv[1:]]
    runpy.run_module("audiogame", run_name="__main__", alter_sys=True)


# ----- the server's process ------------------------------------------------------------------
def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Server:
    """``audiogame serve`` of the tree ``tree`` on a port of its own, in a data folder of its
    own; ``traced`` runs it under tracemalloc."""

    def __init__(self, tree: Path, traced: bool = False) -> None:
        self.data = tempfile.TemporaryDirectory()
        limits = Path(self.data.name) / "limits.toml"
        limits.write_text(LIMITS, encoding="utf-8")
        self.trace_file = Path(self.data.name) / "traced"
        env = {**os.environ, "PYTHONPATH": str(tree)}
        argv = ["serve", "--port", "0", "--data-dir", self.data.name, "--limits", str(limits)]
        if traced:
            env[TRACED] = str(self.trace_file)
            command = [sys.executable, str(Path(__file__).resolve()), "--traced-serve", *argv]
        else:
            command = [sys.executable, "-m", "audiogame", *argv]
        self.process = subprocess.Popen(
            command, cwd=tree, env=env, stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout is not None
        found = re.search(r":(\d+)/", self.process.stdout.readline())
        if found is None:
            raise RuntimeError(f"the server of {tree} did not start")
        self.url = f"ws://127.0.0.1:{found.group(1)}/"
        self.pid = self.process.pid

    def traced_bytes(self) -> int:
        self.trace_file.unlink(missing_ok=True)
        os.kill(self.pid, signal.SIGUSR1)
        for _ in range(500):
            if self.trace_file.exists() and self.trace_file.read_text(encoding="utf-8"):
                return int(self.trace_file.read_text(encoding="utf-8"))
            time.sleep(0.01)
        raise RuntimeError("the traced server did not answer")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(30)
        self.data.cleanup()


# ----- a browser seat ------------------------------------------------------------------------
class Page:
    """One browser seat: greeted, at a started table, its ``say`` messages queued."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.said: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.reader: asyncio.Future[None] | None = None
        self.heard = 0  # ``say`` messages with words
        self.refused = 0  # ``error`` messages (``rate_limited``)

    def listen(self) -> None:
        """From now on every ``say`` with words goes to :attr:`said`."""
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for raw in self.ws:
                if '"say"' not in raw and '"error"' not in raw:
                    continue  # show, hand, keys: nothing this bench waits for
                message = json.loads(raw)
                if message["type"] == "say" and message.get("text"):
                    self.heard += 1
                    self.said.put_nowait(message)
                elif message["type"] == "error":
                    self.refused += 1

    async def expect(self, kind: str) -> dict[str, Any]:
        while True:
            message = json.loads(await self.ws.recv())
            if message["type"] == kind:
                return message
            if message["type"] == "error":
                raise RuntimeError(f"refused: {message}")

    async def press(self, key: str, timeout: float = 30) -> float:
        """The key, and the time until its words come back."""
        while not self.said.empty():
            self.said.get_nowait()
        sent = time.perf_counter()
        await self.ws.send(json.dumps({"type": "key", "key": key}))
        await asyncio.wait_for(self.said.get(), timeout)
        return time.perf_counter() - sent

    async def close(self) -> None:
        await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()


async def seated(url: str, name: str) -> Page:
    """A page greeted, at its own started table, having heard its first words."""
    ws = await connect(url, max_size=2**24)
    await ws.send(json.dumps({"type": "hello", "version": 1, "name": name,
                              "client": "browser", "lang": "en"}))  # fmt: skip
    page = Page(ws)
    await page.expect("welcome")
    await ws.send(json.dumps(CREATE))
    await page.expect("joined")
    await ws.send(json.dumps({"type": "start"}))
    await page.expect("started")
    while True:  # the table screen's first words
        message = json.loads(await ws.recv())
        if message["type"] == "say" and message.get("text"):
            break
    page.listen()
    return page


async def seat_all(url: str, count: int, prefix: str) -> tuple[list[Page], float]:
    """``count`` pages seated, a few at a time; the time it took."""
    start = time.perf_counter()
    pages: list[Page] = []
    for first in range(0, count, 10):
        batch = range(first, min(count, first + 10))
        pages += await asyncio.gather(*(seated(url, f"{prefix}{n}") for n in batch))
    return pages, time.perf_counter() - start


# ----- the measures --------------------------------------------------------------------------
def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


async def measure_seats(server: Server, count: int) -> dict[str, float]:
    await asyncio.sleep(0.5)
    before = rss_kb(server.pid)
    pages, took = await seat_all(server.url, count, "Seat")
    await asyncio.sleep(1.0)
    after = rss_kb(server.pid)
    answered = await asyncio.gather(
        *(page.press(INFO_KEYS[n % 2]) for n, page in enumerate(pages)), return_exceptions=True
    )
    served = sum(1 for a in answered if isinstance(a, float))
    # CPU per key: 20 seats, 40 keys each, each waited for.
    pressing = pages[:20]
    cpu_before = cpu_seconds(server.pid)

    async def forty(page: Page) -> int:
        for n in range(40):
            await page.press(INFO_KEYS[n % 2])
        return 40

    keys = sum(await asyncio.gather(*(forty(page) for page in pressing)))
    cpu_key = (cpu_seconds(server.pid) - cpu_before) / keys
    for page in pages:
        await page.close()
    return {
        "seat_s": took,
        "served": served,
        "rss_before_mb": before / 1024,
        "rss_after_mb": after / 1024,
        "kb_a_seat": (after - before) / count,
        "cpu_ms_a_key": cpu_key * 1000,
    }


async def measure_traced(server: Server, count: int) -> dict[str, float]:
    await asyncio.sleep(0.5)
    before = server.traced_bytes()
    pages, _ = await seat_all(server.url, count, "Traced")
    await asyncio.sleep(1.0)
    after = server.traced_bytes()
    for page in pages:
        await page.close()
    return {"traced_kb_a_seat": (after - before) / 1024 / count}


def flood(url: str, first: int, count: int, ready: Any, stop: Any, out: Any) -> None:
    """A process of its own: ``count`` seats pressing keys at the rate limit until ``stop``;
    then what they sent, heard and had refused, to ``out``. (In the bench's own process the
    flood's clients would slow the measured seat's client, not the server.)"""

    async def work() -> tuple[int, int, int]:
        pages, _ = await seat_all(url, count, f"Presser{first}-")
        ready.set()
        every = 1 / RATE
        sent = 0

        async def press(page: Page, n: int) -> None:
            nonlocal sent
            next_at = time.perf_counter()
            with contextlib.suppress(Exception):
                while not stop.is_set():
                    await page.ws.send(json.dumps({"type": "key", "key": INFO_KEYS[n % 2]}))
                    sent += 1
                    while not page.said.empty():
                        page.said.get_nowait()
                    # Never a burst to catch up after a stall: at most RATE a second.
                    next_at = max(next_at + every, time.perf_counter())
                    await asyncio.sleep(next_at - time.perf_counter())

        heard = sum(page.heard for page in pages)
        await asyncio.gather(*(press(page, n) for n, page in enumerate(pages)))
        heard = sum(page.heard for page in pages) - heard
        refused = sum(page.refused for page in pages)
        for page in pages:
            await page.close()
        return sent, heard, refused

    out.put(asyncio.run(work()))


async def measure_latency(server: Server, seconds: float) -> dict[str, float]:
    context = multiprocessing.get_context("fork")
    stop, out = context.Event(), context.Queue()
    ready = [context.Event() for _ in range(FLOOD_PROCESSES)]
    share = PRESSERS // FLOOD_PROCESSES
    workers = [
        context.Process(target=flood, args=(server.url, n * share, share, ready[n], stop, out))
        for n in range(FLOOD_PROCESSES)
    ]
    for worker in workers:
        worker.start()
    other = await seated(server.url, "Other")
    for event in ready:
        while not event.wait(0):
            await asyncio.sleep(0.05)
    await asyncio.sleep(1.0)  # the flood under way
    cpu_before, wall_before = cpu_seconds(server.pid), time.perf_counter()
    times: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        times.append(await other.press(INFO_KEYS[len(times) % 2]))
        await asyncio.sleep(0.1)
    wall = time.perf_counter() - wall_before
    busy = (cpu_seconds(server.pid) - cpu_before) / wall
    stop.set()
    counts = [out.get(timeout=60) for _ in workers]
    for worker in workers:
        worker.join(30)
    await other.close()
    flood_wall = wall + 1.0  # the flood ran from a second before the measure to its end
    ms = [t * 1000 for t in times]
    return {
        "key_p50_ms": statistics.median(ms),
        "key_p99_ms": p99(ms),
        "key_max_ms": max(ms),
        "key_samples": len(ms),
        "server_cpu_pct": busy * 100,
        "flood_sent_a_s": sum(c[0] for c in counts) / flood_wall,
        "flood_answers_a_s": sum(c[1] for c in counts) / flood_wall,
        "flood_refused": sum(c[2] for c in counts),
    }


def run_server(tree: Path, seats: int, seconds: float) -> dict[str, float]:
    found: dict[str, float] = {}
    server = Server(tree)
    try:
        found.update(asyncio.run(measure_seats(server, seats)))
        found.update(asyncio.run(measure_latency(server, seconds)))
    finally:
        server.stop()
    traced = Server(tree, traced=True)
    try:
        found.update(asyncio.run(measure_traced(traced, min(seats, 100))))
    finally:
        traced.stop()
    return found


# ----- the baseline and the table ------------------------------------------------------------
def default_baseline() -> str:
    """The commit the branch started from: where it leaves main."""
    for base in ("main", "origin/main", "master"):
        found = subprocess.run(["git", "merge-base", "HEAD", base], cwd=ROOT,
                               capture_output=True, text=True)  # fmt: skip
        if found.returncode == 0:
            return found.stdout.strip()
    return "HEAD"


@contextlib.contextmanager
def checked_out(revision: str) -> Iterator[Path]:
    """``revision``'s tree in a temporary folder (``git archive``: the repository's own
    worktrees and branches are left as they are)."""
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.Popen(["git", "archive", revision], cwd=ROOT,
                                   stdout=subprocess.PIPE)  # fmt: skip
        subprocess.run(["tar", "-x", "-C", folder], stdin=archive.stdout, check=True)
        if archive.wait() != 0:
            raise SystemExit(f"no revision {revision!r}")
        yield Path(folder)


ROWS = [
    ("seat_s", "time to seat them all (s)", "{:.1f}"),
    ("served", "seats served (seated, a key answered)", "{:.0f}"),
    ("rss_before_mb", "server RSS before (MB)", "{:.1f}"),
    ("rss_after_mb", "server RSS with the seats (MB)", "{:.1f}"),
    ("kb_a_seat", "RSS a seat (KB)", "{:.0f}"),
    ("traced_kb_a_seat", "tracemalloc a seat (KB)", "{:.0f}"),
    ("cpu_ms_a_key", "server CPU a key (ms)", "{:.2f}"),
    ("key_p50_ms", "another seat's key, 60 at the limit: p50 (ms)", "{:.1f}"),
    ("key_p99_ms", "  p99 (ms)", "{:.1f}"),
    ("key_max_ms", "  max (ms)", "{:.1f}"),
    ("key_samples", "  keys measured", "{:.0f}"),
    ("server_cpu_pct", "server CPU during the flood (% of a core)", "{:.0f}"),
    ("flood_sent_a_s", "the flood's keys sent a second", "{:.0f}"),
    ("flood_answers_a_s", "the flood's keys answered a second", "{:.0f}"),
    ("flood_refused", "the flood's keys refused (rate limit)", "{:.0f}"),
]


def table(results: dict[str, list[dict[str, float]]], names: tuple[str, str]) -> str:
    """Medians over the rounds, side by side, with the ratio current / baseline."""
    base, current = names
    lines = [f"{'':48} {base[:14]:>14} {current[:14]:>14} {'ratio':>7}"]
    for key, label, form in ROWS:
        values = [statistics.median(r[key] for r in results[n]) for n in names]
        ratio = f"x{values[1] / values[0]:.2f}" if values[0] else ""
        lines.append(f"{label:48} {form.format(values[0]):>14} {form.format(values[1]):>14} "
                     f"{ratio:>7}")  # fmt: skip
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=None, help="revision to compare with "
                        "(default: where the branch left main)")  # fmt: skip
    parser.add_argument("--seats", type=int, default=100, help="browser seats (500: the issue's)")
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds of the latency flood")
    parser.add_argument("--rounds", type=int, default=1, help="rounds, each server once a round")
    args = parser.parse_args()
    revision = args.baseline or default_baseline()
    names = (f"baseline {revision[:7]}", "this tree")
    results: dict[str, list[dict[str, float]]] = {name: [] for name in names}
    print(f"{args.seats} browser seats, {PRESSERS} pressing keys at {RATE}/s for "
          f"{args.seconds:.0f} s, {args.rounds} round(s); load average "
          f"{os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip
    with checked_out(revision) as baseline:
        for round_number in range(args.rounds):
            order = [(names[0], baseline), (names[1], ROOT)]
            if round_number % 2:
                order.reverse()  # neither server always runs first
            for name, tree in order:
                found = run_server(tree, args.seats, args.seconds)
                results[name].append(found)
                figures = ", ".join(f"{k} {v:.2f}" for k, v in found.items())
                print(f"round {round_number + 1}, {name}: {figures}", flush=True)
    print()
    print(table(results, names))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--traced-serve":
        del sys.argv[1]
        traced_serve()
    else:
        main()
