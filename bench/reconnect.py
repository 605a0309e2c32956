"""How soon the terminal program is back at its table once the server can be reached again:
the real program (in this process, keys by a pipe) seated at a Battaglia table of the real
server on 127.0.0.1; the server goes away for a while (stopped as on SIGTERM: the port refuses
every connection, as a network that is down would) and comes back on the same port with its
tables; the time from the server listening again to the program saying "Back at the table.".

Usage: ``python bench/reconnect.py [--outages 2,5,9,14,20]``

Each back-off schedule plays every outage once, side by side in one run: the program's
(``audiogame.online.terminal_link.BACK_OFF``) and the one before it (1, 2, 4, 8, 15, 30 s).
It prints, per schedule, each wait and their median and maximum, in seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from prompt_toolkit.input import create_pipe_input  # noqa: E402

from audiogame.online import terminal_link as terminal  # noqa: E402
from audiogame.online.commands import connect_screens  # noqa: E402
from audiogame.testing import key_bytes, make_session  # noqa: E402
from tests.online_support import Recorder, ServerThread, until  # noqa: E402

BEFORE: tuple[float, ...] = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)
BACK = "Back at the table."


async def schedule_run(folder: Path, outages: list[float]) -> list[float]:
    servers = [ServerThread(folder / "server")]
    first = servers[0].server
    assert first is not None
    port = first.port
    bruno = Recorder(servers[0].url, "Bruno")
    await bruno.open()
    await bruno.send({"type": "create", "game": "battle", "seats": ["person", "person"],
                      "options": {"players": 2, "deck": 32, "trick_limit": 100},
                      "grace": 600})  # fmt: skip
    code = (await bruno.expect("joined"))["table"]["id"]
    args = argparse.Namespace(address=f"127.0.0.1:{port}", name="Anna", password_file=None,
                              tls=False, insecure=False, data_dir=str(folder / "data"))  # fmt: skip
    waits = []
    with create_pipe_input() as pipe:
        session = make_session(input=pipe, config_dir=folder / "config")
        session.app.start(connect_screens(session.app, args))
        task = asyncio.ensure_future(session.app.run_async())
        await until(lambda: any("open." in t for t in session.spoken), said=session)
        pipe.send_text(key_bytes(["down", "enter", *code, "enter"]))
        await bruno.expect("presence")
        await bruno.send({"type": "start"})
        await until(lambda: any(t.startswith("Battaglia online") for t in session.spoken))
        for outage in outages:
            back_before = session.spoken.count(BACK)
            servers[-1].stop()
            servers[-1].thread.join(30)
            await asyncio.sleep(outage)
            servers.append(ServerThread(folder / "server", port=port))
            listening = time.monotonic()
            await until(partial(said_more, session.spoken, back_before), timeout=120)
            waits.append(time.monotonic() - listening)
        pipe.send_text(key_bytes(["c-c"]))
        await task
    for server in servers:
        server.close()
    return waits


def said_more(spoken: list[str], before: int) -> bool:
    """``BACK`` said more than ``before`` times."""
    return spoken.count(BACK) > before


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--outages", default="2,5,9,14,20")
    args = parser.parse_args()
    outages = [float(text) for text in args.outages.split(",")]
    now = terminal.BACK_OFF
    results: dict[str, Any] = {}
    for label, schedule in (("now", now), ("before", BEFORE)):
        terminal.BACK_OFF = schedule
        with tempfile.TemporaryDirectory() as folder:
            results[label] = asyncio.run(schedule_run(Path(folder), outages))
    terminal.BACK_OFF = now
    print(f"outages (s): {', '.join(f'{o:g}' for o in outages)}")
    for label, waits in results.items():
        shown = ", ".join(f"{wait:.2f}" for wait in waits)
        print(f"{label:>6}: back after {shown} s; median {statistics.median(waits):.2f} s, "
              f"max {max(waits):.2f} s")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
