"""Browser seats against a real ``audiogame serve``, side by side with a baseline revision.

Every client here is a real WebSocket client speaking the page's protocol (docs/protocol.md,
"A browser's connection"; audiogame/web/static/net.js): ``hello`` with ``"client":
"browser"``, then a table of Battaglia with a computer player, started, so that the server
presents the seat (its table screen, fed the seat's stream) and the page gets ``say``,
``show`` and ``keys``. Each server runs as its own process (``python3 -m audiogame serve``),
the revision being measured's and the baseline's (checked out with ``git archive`` into a
temporary folder) started the same way, one after the other, round after round.

What it measures, for each server:

- ``seat``: N browser seats seated one after the other (after one seat seated first, so
  that what is done once is not counted a seat); the time from the first ``hello`` to the
  last seat's first words, how many were served (seated, and a key answered), and the
  server's RSS (from /proc) before and after, per seat;
- ``traced``: the same N seats (at most 100) with the server under ``tracemalloc``: Python's
  own memory per seat, apart from the allocator's slack, and by allocation site;
- ``cpu``: 20 of the seats press 40 information keys each (T and E, each waited for its
  answer); the server's CPU time (utime + stime of /proc/PID/stat) per key;
- ``latency``: 60 seats, each from an address of its own (127.0.0.2 onwards), press keys at
  the rate limit (audiogame/online/limits.py: 20
  messages a second on average; here 19.5 a second each) while another seat presses a key
  every 100 ms: from its ``key`` to its ``say`` (p50, p99, max, how many), the server's
  share of a core, and whether it kept up (or the machine was too loaded for it to).

Each tree's server also runs the same N tables with a **terminal** client (``hello`` with
``"client": "terminal"``: the server sends it engine values, and presents nothing) in place
of the browser one, for ``seat`` and ``traced`` (a terminal "served": its ``who`` answered).
A seat's figures count a whole table (room, engine state, driver, computer player) and a
connection; browser minus terminal is what the browser seat itself costs (audiogame/web/
seat.py: the seat's presenter, its table screen, its stream), and the allocation sites where
the browser seats took more than the terminal ones show where it goes.

It measures; it asserts nothing. About 1 minute a server with the defaults.

    python3 bench/browser_seats.py                        # 100 seats, against the branch's start
    python3 bench/browser_seats.py --seats 500            # the issue's 500 seats on 2 cores
    python3 bench/browser_seats.py --baseline 033a7ac --rounds 2
    python3 bench/browser_seats.py --no-baseline --seats 200   # this tree alone
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
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
LIMITS = """
connections = 100000
connections_per_address = 100000
connections_per_network = 100000
tables = 100000
tables_per_address = 100000
tables_per_network = 100000
"""
CREATE = {"type": "create", "game": "battle", "seats": ["person", "bot:easy"],
          "options": {"players": 2, "deck": 52}}  # fmt: skip
INFO_KEYS = ("t", "e")  # Battaglia's "whose move, which trick" and "cards owned"
PRESSERS = 60
FLOOD_PROCESSES = 2  # the 60 seats' clients, in processes of their own
RATE = 19.5  # keys a second each: just under the rate limit's 20 a second on average

# The server under tracemalloc: this file runs ``audiogame serve`` in its own process, and
# on SIGUSR1 dumps a snapshot of the traced blocks beside TRACE_FILE (``.snapshot``), then
# writes the traced memory to TRACE_FILE.
TRACED = "AUDIOGAME_BENCH_TRACED"
TOP_SITES = 12  # the allocation sites shown, browser beyond terminal


def traced_serve() -> None:
    import runpy

    tracemalloc.start()
    out = Path(os.environ[TRACED])

    def report(signum: int, frame: Any) -> None:
        traced = tracemalloc.get_traced_memory()[0]  # before the snapshot's own memory
        snapshot = tracemalloc.take_snapshot()
        snapshot.dump(str(out.with_suffix(".snapshot")))
        del snapshot
        out.write_text(str(traced), encoding="utf-8")

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

    def traced(self) -> tuple[int, tracemalloc.Snapshot]:
        """The traced server's Python memory (bytes) and a snapshot of its blocks."""
        self.trace_file.unlink(missing_ok=True)
        os.kill(self.pid, signal.SIGUSR1)
        for _ in range(3000):
            if self.trace_file.exists() and self.trace_file.read_text(encoding="utf-8"):
                snapshot = tracemalloc.Snapshot.load(str(self.trace_file.with_suffix(".snapshot")))
                return int(self.trace_file.read_text(encoding="utf-8")), snapshot
            time.sleep(0.01)
        raise RuntimeError("the traced server did not answer")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(30)
        self.data.cleanup()


# ----- a seat: a browser's, or a terminal's ----------------------------------------------------
CLIENTS = ("browser", "terminal")


class Page:
    """One seat, greeted, at a started table. A browser's ``say`` messages with words are
    queued; a terminal (which the server sends engine values, never words) asks ``who``
    instead of pressing a key, and its answers are queued."""

    def __init__(self, ws: ClientConnection, client: str = "browser") -> None:
        self.ws = ws
        self.client = client
        self.said: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.reader: asyncio.Future[None] | None = None
        self.heard = 0  # ``say`` messages with words (a terminal's: ``who`` answers)
        self.refused = 0  # ``error`` messages (``rate_limited``)

    def listen(self) -> None:
        """From now on every ``say`` with words (``who``) goes to :attr:`said`."""
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        answer = '"say"' if self.client == "browser" else '"who"'
        with contextlib.suppress(Exception):
            async for raw in self.ws:
                if answer not in raw and '"error"' not in raw:
                    continue  # show, hand, keys, presence: nothing this bench waits for
                message = json.loads(raw)
                if message["type"] == "error":
                    self.refused += 1
                elif message["type"] == "who" or message.get("text"):
                    self.heard += 1
                    self.said.put_nowait(message)

    async def expect(self, kind: str) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(await self.ws.recv())
            if message["type"] == kind:
                return message
            if message["type"] == "error":
                raise RuntimeError(f"refused: {message}")

    async def press(self, key: str, timeout: float = 30) -> float:
        """The key (a terminal: ``who``), and the time until its answer comes back."""
        while not self.said.empty():
            self.said.get_nowait()
        sent = time.perf_counter()
        if self.client == "browser":
            await self.ws.send(json.dumps({"type": "key", "key": key}))
        else:
            await self.ws.send(json.dumps({"type": "who"}))
        await asyncio.wait_for(self.said.get(), timeout)
        return time.perf_counter() - sent

    async def close(self) -> None:
        await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()


def address(n: int) -> str:
    """The loopback address standing for the ``n``-th machine: 127.0.0.2 onwards (the
    measured seat is 127.0.0.1)."""
    return f"127.0.{n // 250}.{2 + n % 250}"


async def seated(url: str, name: str, client: str = "browser", at: str = "127.0.0.1") -> Page:
    """A page greeted from the address ``at``, at its own started table, having heard its
    first words (a terminal: its ``started``, the engine's view of the game)."""
    ws = await connect(url, max_size=2**24, local_addr=(at, 0))
    await ws.send(json.dumps({"type": "hello", "version": 1, "name": name,
                              "client": client, "lang": "en"}))  # fmt: skip
    page = Page(ws, client)
    await page.expect("welcome")
    await ws.send(json.dumps(CREATE))
    await page.expect("joined")
    await ws.send(json.dumps({"type": "start"}))
    await page.expect("started")
    while client == "browser":  # the table screen's first words
        message = json.loads(await ws.recv())
        if message["type"] == "say" and message.get("text"):
            break
    page.listen()
    return page


async def seat_all(
    url: str, count: int, prefix: str, client: str = "browser", first_address: int = 0
) -> tuple[list[Page], float]:
    """``count`` pages seated, a few at a time, each from an address of its own (from
    ``address(first_address)`` on); the time it took."""
    start = time.perf_counter()
    pages: list[Page] = []
    for first in range(0, count, 10):
        batch = range(first, min(count, first + 10))
        at = [address(first_address + n) for n in batch]
        pages += await asyncio.gather(
            *(seated(url, f"{prefix}{n}", client, a) for n, a in zip(batch, at, strict=True))
        )
    return pages, time.perf_counter() - start


# ----- the measures --------------------------------------------------------------------------
def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


async def warmed(server: Server, client: str) -> Page:
    """One seat of ``client`` seated first, so that what is done once (modules imported,
    caches filled) is not counted a seat."""
    page = await seated(server.url, "Warm", client)
    await page.press(INFO_KEYS[0])
    await asyncio.sleep(0.5)
    return page


async def measure_seats(server: Server, count: int, client: str) -> dict[str, float]:
    warm = await warmed(server, client)
    before = rss_kb(server.pid)
    pages, took = await seat_all(server.url, count, "Seat", client)
    await asyncio.sleep(1.0)
    after = rss_kb(server.pid)
    answered = await asyncio.gather(
        *(page.press(INFO_KEYS[n % 2]) for n, page in enumerate(pages)), return_exceptions=True
    )
    found = {
        "seat_s": took,
        "served": sum(1 for a in answered if isinstance(a, float)),
        "rss_before_mb": before / 1024,
        "rss_after_mb": after / 1024,
        "kb_a_seat": (after - before) / count,
    }
    if client == "browser":  # CPU per key: 20 seats, 40 keys each, each waited for.
        pressing = pages[:20]
        cpu_before = cpu_seconds(server.pid)

        async def forty(page: Page) -> int:
            for n in range(40):
                await page.press(INFO_KEYS[n % 2])
            return 40

        keys = sum(await asyncio.gather(*(forty(page) for page in pressing)))
        found["cpu_ms_a_key"] = (cpu_seconds(server.pid) - cpu_before) / keys * 1000
    for page in [warm, *pages]:
        await page.close()
    return found


def site_name(frame: tracemalloc.Frame, tree: Path) -> str:
    """An allocation site as ``file:line``, the file within the tree, the installed package
    or the standard library (so that the sites of two trees compare)."""
    path = frame.filename
    if path.startswith(f"{tree}/"):
        path = path[len(str(tree)) + 1 :]
    elif "site-packages/" in path:
        path = path.rsplit("site-packages/", 1)[1]
    elif path.startswith(sys.prefix) or path.startswith(sys.base_prefix):
        path = "/".join(Path(path).parts[-2:])
    return f"{path}:{frame.lineno}"


def grown_sites(
    before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, tree: Path, count: int
) -> dict[str, float]:
    """Bytes a seat by allocation site, from ``before`` to ``after``."""
    own = [tracemalloc.Filter(False, tracemalloc.__file__), tracemalloc.Filter(False, __file__)]
    after, before = after.filter_traces(own), before.filter_traces(own)
    grown: dict[str, float] = {}
    for diff in after.compare_to(before, "lineno"):
        if diff.size_diff:
            site = site_name(diff.traceback[0], tree)
            grown[site] = grown.get(site, 0.0) + diff.size_diff / count
    return grown


async def measure_traced(
    server: Server, count: int, client: str, tree: Path
) -> tuple[dict[str, float], dict[str, float]]:
    warm = await warmed(server, client)
    before, first = server.traced()
    pages, _ = await seat_all(server.url, count, "Traced", client)
    await asyncio.sleep(1.0)
    after, second = server.traced()
    for page in [warm, *pages]:
        await page.close()
    return {"traced_kb_a_seat": (after - before) / 1024 / count}, grown_sites(
        first, second, tree, count
    )


def flood(url: str, first: int, count: int, ready: Any, stop: Any, out: Any) -> None:
    """A process of its own: ``count`` seats pressing keys at the rate limit until ``stop``;
    then what they sent, heard and had refused, to ``out``. (In the bench's own process the
    flood's clients would slow the measured seat's client, not the server.)"""

    async def work() -> tuple[int, int, int]:
        pages, _ = await seat_all(url, count, f"Presser{first}-", first_address=first)
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
    load = os.getloadavg()[0]
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
        "flood_load": load,
    }


Sites = dict[str, float]


def run_server(
    tree: Path, seats: int, seconds: float, client: str
) -> tuple[dict[str, float], Sites]:
    """One server of ``tree`` with ``seats`` seats of ``client`` (a browser's also under the
    latency flood), then one under tracemalloc with as many (at most 100)."""
    found: dict[str, float] = {}
    server = Server(tree)
    try:
        found.update(asyncio.run(measure_seats(server, seats, client)))
        if client == "browser":
            found.update(asyncio.run(measure_latency(server, seconds)))
    finally:
        server.stop()
    traced = Server(tree, traced=True)
    try:
        memory, sites = asyncio.run(measure_traced(traced, min(seats, 100), client, tree))
        found.update(memory)
    finally:
        traced.stop()
    return found, sites


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


MEMORY_ROWS = [
    ("served", "seats served (seated, a key / who answered)", "{:.0f}"),
    ("seat_s", "time to seat them all (s)", "{:.1f}"),
    ("rss_before_mb", "server RSS before (MB)", "{:.1f}"),
    ("rss_after_mb", "server RSS with the seats (MB)", "{:.1f}"),
    ("kb_a_seat", "RSS a seat (KB)", "{:.0f}"),
    ("traced_kb_a_seat", "tracemalloc a seat (KB)", "{:.0f}"),
]
DIFFERENCES = ("rss_after_mb", "kb_a_seat", "traced_kb_a_seat")
BROWSER_ROWS = [
    ("cpu_ms_a_key", "server CPU a key (ms)", "{:.2f}"),
    ("key_p50_ms", "another seat's key, 60 at the limit: p50 (ms)", "{:.1f}"),
    ("key_p99_ms", "  p99 (ms)", "{:.1f}"),
    ("key_max_ms", "  max (ms)", "{:.1f}"),
    ("key_samples", "  keys measured", "{:.0f}"),
    ("server_cpu_pct", "server CPU during the flood (% of a core)", "{:.0f}"),
    ("flood_sent_a_s", "the flood's keys sent a second", "{:.0f}"),
    ("flood_answers_a_s", "the flood's keys answered a second", "{:.0f}"),
    ("flood_refused", "the flood's keys refused (rate limit)", "{:.0f}"),
    ("flood_load", "load average (1 min) at the flood's end", "{:.1f}"),
]
Results = dict[str, dict[str, list[dict[str, float]]]]


def median(results: Results, name: str, client: str, key: str) -> float:
    return statistics.median(r[key] for r in results[name][client])


def ratio(current: float, base: float) -> str:
    return f"x{current / base:.2f}" if base else ""


def memory_table(results: Results, names: list[str]) -> str:
    """Medians over the rounds: for each tree its browser seats, its terminal seats and the
    difference (what the browser seat itself costs); with a baseline, the ratio of this
    tree's difference to the baseline's."""
    head = "".join(f" {'browser':>9} {'terminal':>9} {'b - t':>8}" for _ in names)
    trees = "".join(f" {name[:28]:>28}" for name in names)
    lines = [f"{'':44}{trees}", f"{'':44}{head}" + (f" {'ratio':>7}" if len(names) > 1 else "")]
    for key, label, form in MEMORY_ROWS:
        line = f"{label:44}"
        gaps: list[float] = []
        for name in names:
            browser, terminal = (median(results, name, c, key) for c in CLIENTS)
            gap = browser - terminal
            gaps.append(gap)
            shown = form.format(gap) if key in DIFFERENCES else ""
            line += f" {form.format(browser):>9} {form.format(terminal):>9} {shown:>8}"
        if len(names) > 1 and key in DIFFERENCES:
            line += f" {ratio(gaps[-1], gaps[0]):>7}"
        lines.append(line)
    return "\n".join(lines)


def browser_table(results: Results, names: list[str]) -> str:
    """The browser seats' CPU and latency, medians over the rounds, side by side."""
    lines = [f"{'':48}" + "".join(f" {name[:18]:>18}" for name in names)
             + (f" {'ratio':>7}" if len(names) > 1 else "")]  # fmt: skip
    for key, label, form in BROWSER_ROWS:
        values = [median(results, name, "browser", key) for name in names]
        line = f"{label:48}" + "".join(f" {form.format(v):>18}" for v in values)
        if len(names) > 1:
            line += f" {ratio(values[-1], values[0]):>7}"
        lines.append(line)
    return "\n".join(lines)


def keeping_up(results: Results, name: str) -> str:
    """Whether the server kept up with the flood, and whether the machine let it: with more
    runnable processes than cores, or the server answering fewer keys than were sent while
    it got less than a core, the figures that depend on time are the machine's."""
    sent, answered, cpu, load = (median(results, name, "browser", k) for k in
                                 ("flood_sent_a_s", "flood_answers_a_s", "server_cpu_pct",
                                  "flood_load"))  # fmt: skip
    cores = os.cpu_count() or 1
    share = answered / sent if sent else 0.0
    said = (f"{name}: the server got {cpu:.0f}% of a core and answered {share:.0%} of the "
            f"flood's {sent:.0f} keys a second, load average {load:.1f} on {cores} "
            "cores: ")  # fmt: skip
    if cpu >= 90 and share < 0.95:
        return said + "it was at a whole core and fell behind: the latency is the server's own."
    if share < 0.95:
        return said + ("it fell behind, the machine too loaded for the server to keep up (it "
                       "waits for a core): the latency figures are the machine's, not the "
                       "server's.")  # fmt: skip
    if load > cores:
        return said + ("it kept up, but with more runnable processes than cores it waits "
                       "for a core: the latency's tail is the machine's, not the "
                       "server's.")  # fmt: skip
    return said + "it kept up, and the latency is the server's."


def sites_table(sites: dict[str, list[Sites]]) -> str:
    """The allocation sites where the browser seats took more than the terminal ones (bytes
    a seat, the mean over the rounds), largest first."""

    def mean(client: str) -> Sites:
        total: Sites = {}
        for found in sites[client]:
            for site, size in found.items():
                total[site] = total.get(site, 0.0) + size / len(sites[client])
        return total

    browser, terminal = mean("browser"), mean("terminal")
    gaps = {site: browser.get(site, 0.0) - terminal.get(site, 0.0)
            for site in browser.keys() | terminal.keys()}  # fmt: skip
    top = sorted(gaps, key=lambda site: gaps[site], reverse=True)[:TOP_SITES]
    lines = [f"{'allocation site (file:line)':60} {'browser':>9} {'terminal':>9} {'b - t':>8}"]
    for site in top:
        lines.append(f"{site[-60:]:60} {browser.get(site, 0.0):>9.0f} "
                     f"{terminal.get(site, 0.0):>9.0f} {gaps[site]:>8.0f}")  # fmt: skip
    shown = sum(gaps[site] for site in top)
    lines.append(f"{'these ' + str(len(top)) + ' sites; all sites':60} {'':>9} {'':>9} "
                 f"{shown:>8.0f} / {sum(gaps.values()):.0f}")  # fmt: skip
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=None, help="revision to compare with "
                        "(default: where the branch left main)")  # fmt: skip
    parser.add_argument("--no-baseline", action="store_true", help="this tree alone")
    parser.add_argument("--seats", type=int, default=100, help="seats (500: the issue's)")
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds of the latency flood")
    parser.add_argument("--rounds", type=int, default=1, help="rounds, each server once a round")
    args = parser.parse_args()
    revision = args.baseline or default_baseline()
    names = ([] if args.no_baseline else [f"baseline {revision[:7]}"]) + ["this tree"]
    results: Results = {name: {client: [] for client in CLIENTS} for name in names}
    sites: dict[str, list[Sites]] = {client: [] for client in CLIENTS}
    loads = [os.getloadavg()[0]]
    print(f"{args.seats} browser seats and as many terminal ones, {PRESSERS} browser seats "
          f"pressing keys at {RATE}/s for {args.seconds:.0f} s, {args.rounds} round(s); load "
          f"average {loads[0]:.1f}", flush=True)  # fmt: skip
    started = time.perf_counter()
    with contextlib.ExitStack() as stack:
        trees = {"this tree": ROOT}
        if not args.no_baseline:
            trees[names[0]] = stack.enter_context(checked_out(revision))
        for round_number in range(args.rounds):
            order = [(name, client) for name in names for client in CLIENTS]
            if round_number % 2:
                order.reverse()  # neither server always runs first
            for name, client in order:
                found, grown = run_server(trees[name], args.seats, args.seconds, client)
                results[name][client].append(found)
                if name == "this tree":
                    sites[client].append(grown)
                loads.append(os.getloadavg()[0])
                figures = ", ".join(f"{k} {v:.2f}" for k, v in found.items())
                print(f"round {round_number + 1}, {name}, {client}: {figures}", flush=True)
    print()
    print(f"{time.perf_counter() - started:.0f} s; load average (1 min) at each server's end: "
          + ", ".join(f"{load:.1f}" for load in loads[1:]))  # fmt: skip
    print()
    print("Memory: the same tables with browser seats and with terminal seats")
    print(memory_table(results, names))
    print()
    print("Where the browser seats' memory goes beyond the terminal ones' (this tree, "
          "tracemalloc, bytes a seat)")  # fmt: skip
    print(sites_table(sites))
    print()
    print("The browser seats: CPU and the latency flood (p99 of fewer than 100 keys is "
          "their max)")  # fmt: skip
    print(browser_table(results, names))
    for name in names:
        print(keeping_up(results, name))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--traced-serve":
        del sys.argv[1]
        traced_serve()
    else:
        main()
