"""Key-to-speech latency and start-up time of the program.

Usage: ``python bench/ui_latency.py [--keys 2000]``

* key to speech call: a key press (parsed by prompt_toolkit from the bytes a terminal sends) to
  the speaker's ``speak`` call for the resulting message, keys 30 ms apart (faster than key
  repeat; ``--gap 0`` sends them back to back, where a screen redraw of about 4 ms sometimes
  stands in between), at a Battaglia table (Space) and in a
  menu (Down), p50 and p99 in milliseconds; the computer players think in the program's worker
  thread, as in the program (they only flip);
* start to first spoken line: a fresh ``python -m audiogame`` process, from launch to its first
  console line.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from prompt_toolkit.input import create_pipe_input

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from audiogame.app.menus import start_screens  # noqa: E402
from audiogame.testing import key_bytes, make_session  # noqa: E402


def key_latencies(
    key: str, count: int, game: str | None, gap: float = 0.0, data_dir: Path | None = None
) -> list[float]:
    """Milliseconds from sending each key to the first speak call it causes (with
    ``data_dir``, every move saved there, as the program does, before it is announced)."""

    async def run() -> list[float]:
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, data_dir=data_dir)
            session.app.thinkers = None  # as the program: computer players in a worker thread
            spoken_at: list[float] = []
            original = session.speaker.speak

            def timed(text: str, interrupt: bool = False) -> None:
                spoken_at.append(time.perf_counter())
                original(text, interrupt)

            session.speaker.speak = timed  # type: ignore[method-assign]
            config = {"seed": 1, "trick_limit": 100000} if game else {}
            session.app.start(start_screens(session.app, game, config))
            task = asyncio.ensure_future(session.app.run_async())
            await asyncio.sleep(0.05)
            samples = []
            for _ in range(count):
                before = len(spoken_at)
                sent = time.perf_counter()
                pipe.send_text(key_bytes([key]))
                while len(spoken_at) == before:
                    await asyncio.sleep(0)
                samples.append((spoken_at[before] - sent) * 1000)
                if gap:
                    await asyncio.sleep(gap)
                state = getattr(session.app.top, "state", None) if session.app.stack else None
                if state is not None and state.is_over:
                    break
            pipe.send_text(key_bytes(["c-c"]))
            await task
            return samples

    return asyncio.run(run())


def startup_ms(runs: int) -> list[float]:
    """Launch to first line, console speech, in a fresh process each time."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "audiogame",
                "--speech",
                "console",
                "--config-dir",
                str(ROOT / "bench" / ".config"),
            ],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        assert process.stdout is not None
        process.stdout.readline()
        times.append((time.perf_counter() - start) * 1000)
        process.kill()
        process.wait()
    return times


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=300)
    parser.add_argument(
        "--gap",
        type=float,
        default=0.03,
        help="seconds between keys (0: back to back, redraws then collide)",
    )
    parser.add_argument("--starts", type=int, default=5)
    args = parser.parse_args()
    saves = Path(tempfile.mkdtemp(prefix="audiogame-bench-"))
    rows: tuple[tuple[str, str, str | None, Path | None], ...] = (
        ("table, Space", "space", "battle", None),
        ("table, Space, each move saved", "space", "battle", saves),
        ("menu, Down", "down", None, None),
    )
    for label, key, game, data_dir in rows:
        samples = key_latencies(key, args.keys, game, args.gap, data_dir)
        what = f"{label}, {len(samples)} keys, {args.gap * 1000:g} ms apart"
        p50, p99 = percentile(samples, 0.5), percentile(samples, 0.99)
        print(f"key to speech call ({what}): p50 {p50:.2f} ms, p99 {p99:.2f} ms")
    starts = startup_ms(args.starts)
    median = statistics.median(starts)
    print(
        f"start to first spoken line ({args.starts} runs): "
        f"median {median:.0f} ms, max {max(starts):.0f} ms"
    )


if __name__ == "__main__":
    main()
