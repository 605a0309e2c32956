"""What the host of ``audiogame serve`` reads in its terminal: that the server stopped and its
tables were saved, on Control+C (SIGINT to the whole terminal's process group, workers too) and
on SIGTERM; and, started again, how many tables it resumed."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.online_support import player

ROOT = Path(__file__).resolve().parent.parent
STOPPED = "audiogame serve: server stopped; tables saved."


def start(data: Path, lang: str = "en") -> tuple[subprocess.Popen[str], int, list[str]]:
    """A server in a process group of its own, as in a terminal; its first lines."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "audiogame",
            "serve",
            "--port",
            "0",
            "--data-dir",
            str(data),
            "--lang",
            lang,
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        start_new_session=True,
    )
    assert process.stdout is not None
    lines = [process.stdout.readline().strip() for _ in range(3)]
    found = re.search(r":(\d+)/", lines[0])
    assert found, lines
    return process, int(found.group(1)), lines


async def a_table_in_play(port: int) -> None:
    """Anna and a hard computer player at Scientific Battle, a card played."""
    url = f"ws://127.0.0.1:{port}/"
    anna = await player(url, "Anna")
    await anna.send(
        {"type": "create", "game": "scientific", "seats": ["person", "bot:hard"], "grace": 30}
    )
    await anna.expect("joined")
    await anna.send({"type": "start"})
    started = await anna.expect("started")
    await anna.send({"type": "act", "action": started["legal"][0]})
    await anna.expect("update")
    await anna.close()


def rest(process: subprocess.Popen[str]) -> list[str]:
    """The lines left to read, once the server ends (from the same buffered reader as the
    first lines: communicate() would skip what it holds)."""
    assert process.stdout is not None
    out = process.stdout.read()
    process.wait(30)
    return [line.strip() for line in out.splitlines() if line.strip()]


@pytest.mark.parametrize("how", ["control-c", "sigterm"])
def test_the_host_reads_that_the_server_stopped_and_then_what_it_resumed(
    tmp_path: Path, how: str
) -> None:
    server, port, _ = start(tmp_path)
    try:
        asyncio.run(a_table_in_play(port))
    finally:
        if how == "control-c":  # the terminal's Control+C reaches every process of the group
            os.killpg(server.pid, signal.SIGINT)
        else:
            server.send_signal(signal.SIGTERM)
    said = rest(server)
    assert server.returncode == 0
    assert said[-1] == STOPPED
    assert not any("Traceback" in line for line in said), said
    again, port, first = start(tmp_path, "it")
    again.send_signal(signal.SIGTERM)
    said = first + rest(again)
    assert said[3] == "audiogame serve: 1 tavolo ripreso, in attesa dei suoi giocatori.", said
    assert said[-1] == "audiogame serve: server fermato; tavoli salvati."


def test_a_first_start_says_nothing_of_resumed_tables(tmp_path: Path) -> None:
    server, _port, first = start(tmp_path)
    server.send_signal(signal.SIGTERM)
    said = rest(server)
    assert not any("resumed" in line for line in first + said)
    assert said == [STOPPED]


def test_without_the_look_alike_library_the_server_says_why_it_does_not_start() -> None:
    """Where the library that tells look-alike names apart has no wheel (pyproject.toml), the
    program installs without it and ``serve`` refuses to start, saying why."""
    hidden = ("import sys; sys.modules['disarm'] = None; "
              "from audiogame.__main__ import main; sys.exit(main())")  # fmt: skip
    for language, sentence in [
        ("en", "audiogame serve: the server needs the package disarm to tell look-alike names "
               "apart, and it has none for this computer's processor: host the tables on another "
               "computer"),
        ("it", "audiogame serve: il server ha bisogno del pacchetto disarm per distinguere i "
               "nomi che si somigliano, e non ce n'è per il processore di questo computer: "
               "ospita i tavoli su un altro computer"),
    ]:  # fmt: skip
        done = subprocess.run(
            [sys.executable, "-c", hidden, "--lang", language, "serve", "--port", "0"],
            capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
        assert done.returncode == 2
        assert done.stderr.strip() == sentence
