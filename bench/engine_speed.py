"""Complete games per second for each game with baseline players, on one core.

    python3 bench/engine_speed.py                   # about 10 s per configuration
    python3 bench/engine_speed.py --quick           # a second each
    python3 bench/engine_speed.py --against main    # this tree beside the engine of a git
                                                    # revision, in the same run
    python3 bench/engine_speed.py --only battle     # the configurations whose label has "battle"
    python3 bench/engine_speed.py --instructions --against main
                                                    # instructions a game, counted by valgrind
    python3 bench/engine_speed.py --time 3 --against fa31126
                                                    # beside the engine of issue #11's day

Issue #11 (item 7) asks for 250 Battaglia classic games/s and 1,600 Cardavia deals/s with
random players, on a machine where the engine of that day gave 181 and 1,329 (README of
commit a549c10). That engine is the one of fa31126 (main when the issue was filed), so the
targets are ratios measured in one run beside it: x1.38 (250 / 181) for "battle classic, 2
players, 52 cards" and x1.20 (1,600 / 1,329) for "cardavia, random players".

Each configuration is timed in five batches (games per second of CPU time) and the median is
printed. With ``--against``, the
batches of the two engines alternate (each in its own process), so that a machine busy with
other work slows both alike; the last column is the ratio of the medians.

On a machine shared with other work even CPU time varies by tens of percent from one batch to
the next. ``--instructions`` counts instead the machine instructions one game takes (valgrind's
callgrind, the same seeded games for both engines, the start and a first game taken out):
the same count on a busy machine as on a quiet one, 10 games a configuration by default
(``--games``), about a minute a configuration. It is not a time, but a change of the engine
that takes fewer instructions for the same games is a change that does less work. The last
column is then the other engine's count over this tree's (above 1: this tree does less).
"""

from __future__ import annotations

import argparse
import os
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

ROOT = Path(__file__).resolve().parent.parent

CONFIGS: list[tuple[str, str, str, dict[str, Any]]] = [
    ("cardavia, random players", "cardavia", "random", {}),
    ("cardavia, greedy players", "cardavia", "greedy", {}),
    ("battle classic, 2 players, 52 cards", "battle", "random", {"players": 2}),
    ("battle classic, 4 players, 32 cards", "battle", "random", {"players": 4, "deck": 32}),
    ("battle open, 2 players, greedy", "battle", "greedy", {"players": 2, "open": True}),
    ("scientific, 2 players, random", "scientific", "random", {"players": 2}),
    ("scientific, 4 players, random", "scientific", "random", {"players": 4}),
]
BATCHES = 5


def play_one(game_name: str, seed: int, kind: str, options: dict[str, Any]) -> int:
    """One whole game with baseline players; returns the number of decisions."""
    from engine import games  # the engine of the tree chosen by --root
    from engine.baseline import make_baseline

    state = games[game_name].new_state(seed=seed, **options)
    players = [make_baseline(game_name, kind, seed + s) for s in range(state.players)]
    decisions = 0
    while not state.is_over:
        # Simultaneous choices are secret: the order in which seats give them changes nothing.
        seat = state.to_act()[0]
        action = players[seat].choose(state.view(seat), state.legal_actions(seat))
        state.apply(seat, action)
        decisions += 1
    return decisions


def batch_rate(index: int, seconds: float, first_seed: int) -> float:
    """Games per second over one batch of about ``seconds``."""
    _label, game, kind, options = CONFIGS[index]
    play_one(game, first_seed, kind, options)  # imports and first-call costs stay out
    # CPU time of this process, not the wall clock: other work on the machine then slows
    # the figures much less.
    count, seed, start = 0, first_seed, time.process_time()
    while time.process_time() - start < seconds:
        play_one(game, seed, kind, options)
        seed += 1
        count += 1
    return count / (time.process_time() - start)


def engine_at(revision: str, folder: Path) -> Path:
    """The ``engine`` package of a git revision, unpacked under ``folder``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision, "engine"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def rate_in(root: Path, index: int, seconds: float, first_seed: int) -> float:
    """One batch run by a fresh interpreter that imports the engine found under ``root``."""
    done = subprocess.run(
        [
            sys.executable,
            str(Path(__file__).resolve()),
            "--batch",
            str(index),
            "--root",
            str(root),
            "--seconds",
            str(seconds),
            "--seed",
            str(first_seed),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    return float(done.stdout)


def play_games(index: int, games: int) -> None:
    """``games`` seeded games of configuration ``index`` (what ``--instructions`` counts),
    after one more that imports the game and warms it up (a run of none plays only that)."""
    _label, game, kind, options = CONFIGS[index]
    play_one(game, 10**6, kind, options)
    for seed in range(games):
        play_one(game, seed, kind, options)


def instructions_in(root: Path, index: int, games: int) -> float:
    """Instructions one game takes with the engine under ``root``: a run of ``games`` games
    less a run of none (the interpreter's start, the imports, a first game), divided by
    ``games``."""
    counts = []
    for count in (games, 0):
        done = subprocess.run(
            [
                "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                sys.executable, str(Path(__file__).resolve()), "--play", str(index),
                "--root", str(root), "--games", str(count),
            ],
            check=True, capture_output=True, text=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},  # the same run every time
        )  # fmt: skip
        found = re.search(r"Collected : (\d+)", done.stderr)
        if found is None:
            raise RuntimeError("valgrind printed no instruction count:\n" + done.stderr)
        counts.append(int(found.group(1)))
    return (counts[0] - counts[1]) / games


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="one second per configuration")
    parser.add_argument("--time", type=float, help="seconds per configuration (default 10)")
    parser.add_argument("--against", metavar="REV", help="also time the engine of this revision")
    parser.add_argument("--only", metavar="TEXT", help="configurations whose label holds TEXT")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions a game (valgrind)"
    )
    parser.add_argument("--games", type=int, default=10, help="games counted (--instructions)")
    parser.add_argument("--play", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--batch", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--root", help=argparse.SUPPRESS)
    parser.add_argument("--seconds", type=float, help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.batch is not None:
        sys.path.insert(0, args.root)
        print(batch_rate(args.batch, args.seconds, args.seed))
        return
    if args.play is not None:
        sys.path.insert(0, args.root)
        play_games(args.play, args.games)
        return
    seconds = (args.time or (1.0 if args.quick else 10.0)) / BATCHES
    chosen = [i for i, c in enumerate(CONFIGS) if args.only is None or args.only in c[0]]
    if args.instructions:
        print(
            f"python {sys.version.split()[0]}, millions of instructions a game, {args.games} games"
        )
    else:
        print(f"python {sys.version.split()[0]}, one core, median of {BATCHES} batches, games/s")
    with tempfile.TemporaryDirectory() as folder:
        roots = {"this tree": ROOT}
        if args.against:
            roots = {args.against: engine_at(args.against, Path(folder)), **roots}
        print(f"{'':40s}" + "".join(f"{name:>14s}" for name in roots))
        for index in chosen:
            if args.instructions:
                counts = [instructions_in(root, index, args.games) / 1e6 for root in roots.values()]
                line = f"{CONFIGS[index][0]:40s}" + "".join(f"{c:14.2f}" for c in counts)
                if len(counts) == 2:
                    line += f"   x{counts[0] / counts[1]:.2f}"
                print(line, flush=True)
                continue
            rates: dict[str, list[float]] = {name: [] for name in roots}
            for batch in range(BATCHES):
                for name, root in roots.items():
                    rates[name].append(rate_in(root, index, seconds, batch * 10_000))
            medians = [statistics.median(r) for r in rates.values()]
            line = f"{CONFIGS[index][0]:40s}" + "".join(f"{m:14.1f}" for m in medians)
            if len(medians) == 2:
                line += f"   x{medians[1] / medians[0]:.2f}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
