"""The server's memory (RSS) when many seats come and leave, and when clients ask for a large
file of the page and never read it: before, at most during, and after.

The server runs as its own process (``audiogame serve --alone FOLDER``, its default limits
but ``unattended_close_after``, 5 s here, so that the tables left close within the run):

- ``seats`` (twice, the second round by new players): 300 players, each from an address of
  its own (10 machines in each of 30 networks, 127.0.N.M), each create a started Battaglia
  table with a computer player, make a few moves, and leave; the server's RSS before they
  came, at most while they play, 3 s after they left, and once their tables have closed;
- ``large file``: a folder written as ``export-web`` writes it, with a file of 1.5 GB (sparse:
  no disk used); 200 clients from 200 addresses (20 networks) ask for it and never read; an
  honest client of another network meanwhile loads the page (its time), and the server's
  RSS before, at most during, and after they go.

    python3 bench/server_memory.py
    python3 bench/server_memory.py --seats 100 --hoarders 50
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
LIMITS = "unattended_close_after = 5.0\n"
BIG = 1536 * 1024 * 1024


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def seat(port: int, n: int) -> ClientConnection:
    """A player from an address of its own at a started table of its own, a few moves made."""
    address = f"127.0.{n // 10 + 1}.{n % 10 + 1}"
    ws = await connect(f"ws://127.0.0.1:{port}/", local_addr=(address, 0), max_size=2**24)
    await ws.send(json.dumps({"type": "hello", "version": 1, "name": f"Seat{n}"}))
    await ws.send(json.dumps({"type": "create", "game": "battle", "seats": ["person", "bot:greedy"],
                              "options": {"players": 2}}))  # fmt: skip
    await ws.send(json.dumps({"type": "start"}))
    for _ in range(5):
        await ws.send(json.dumps({"type": "act", "action": "flip"}))
    return ws


async def drain(ws: ClientConnection) -> None:
    try:
        async for _ in ws:
            pass
    except Exception:  # closed by the end of the phase
        pass


async def seats(port: int, pid: int, count: int, log: Path, turn: int) -> None:
    before = rss_mb(pid)
    peak = before
    links = []
    for n in range(count):
        links.append(await seat(port, n + turn * count))
        if n % 25 == 0:
            peak = max(peak, rss_mb(pid))
    readers = [asyncio.ensure_future(drain(ws)) for ws in links]
    for _ in range(6):
        await asyncio.sleep(0.5)
        peak = max(peak, rss_mb(pid))
    for ws in links:
        await ws.close()
    await asyncio.gather(*readers)
    await asyncio.sleep(3)
    left = rss_mb(pid)
    deadline = time.monotonic() + 60
    while log.read_text(encoding="utf-8").count("kept for its tokens") < count * (turn + 1):
        if time.monotonic() > deadline:
            break
        await asyncio.sleep(0.5)
    await asyncio.sleep(1)
    print(f"seats, round {turn + 1}: {count} came and left: server RSS {before:.0f} MB before, "
          f"{peak:.0f} MB at most, {left:.0f} MB 3 s after they left, "
          f"{rss_mb(pid):.0f} MB once their tables closed")  # fmt: skip


async def get(port: int, address: str, path: str) -> tuple[int, int]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    raw = await reader.read()
    writer.close()
    return int(raw.split()[1]), len(raw)


async def hoarders(port: int, pid: int, count: int) -> None:
    before = rss_mb(pid)
    peak = before
    held = []
    for n in range(count):
        address = f"127.1.{n // 10 + 1}.{n % 10 + 1}"
        _, writer = await asyncio.open_connection(
            "127.0.0.1", port, local_addr=(address, 0), limit=1024
        )
        writer.write(b"GET /alone/big.wasm HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        held.append(writer)
    for _ in range(10):
        await asyncio.sleep(0.5)
        peak = max(peak, rss_mb(pid))
    start = time.monotonic()
    status, _ = await get(port, "127.2.0.1", "/alone/index.html")
    took = (time.monotonic() - start) * 1000
    peak = max(peak, rss_mb(pid))
    for writer in held:
        writer.transport.abort()
    await asyncio.sleep(3)
    print(f"large file: {count} clients never reading 1.5 GB: server RSS {before:.0f} MB "
          f"before, {peak:.0f} MB at most, {rss_mb(pid):.0f} MB 3 s after; the page meanwhile: "
          f"{status} in {took:.1f} ms")  # fmt: skip


def run(count: int, hoarding: int) -> None:
    with tempfile.TemporaryDirectory() as data:
        folder = Path(data) / "site"
        folder.mkdir()
        (folder / "index.html").write_text("<html>alone</html>", encoding="utf-8")
        (folder / "app.zip").write_bytes(b"PK")
        with open(folder / "big.wasm", "wb") as big:
            big.truncate(BIG)
        limits = Path(data) / "limits.toml"
        limits.write_text(LIMITS, encoding="utf-8")
        server = subprocess.Popen(
            [sys.executable, "-m", "audiogame", "serve", "--port", "0", "--data-dir", data,
             "--limits", str(limits), "--alone", str(folder)],
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        try:
            assert server.stdout is not None
            found = re.search(r":(\d+)/", server.stdout.readline())
            assert found is not None, "the server said no port"
            port = int(found.group(1))
            log = Path(data) / "logs" / "server.log"
            for turn in range(2):  # the second: is the memory of the first used again?
                asyncio.run(seats(port, server.pid, count, log, turn))
            asyncio.run(hoarders(port, server.pid, hoarding))
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=300)
    parser.add_argument("--hoarders", type=int, default=200)
    arguments = parser.parse_args()
    run(arguments.seats, arguments.hoarders)
