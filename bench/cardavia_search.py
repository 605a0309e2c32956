"""Speed of the Cardavia searches' parts: the play-outs, the exact endgames, and the decisions
of the hard and expert players over whole deals, this tree beside the engine of a git revision.

    python3 bench/cardavia_search.py                    # this tree alone (about a minute)
    python3 bench/cardavia_search.py --against main     # beside main's engine, in one run
    python3 bench/cardavia_search.py --rounds 3         # fewer batches (quicker, noisier)
    python3 bench/cardavia_search.py --instructions --against main --only play-out
                                                        # instructions, counted by valgrind

Each measure runs in batches, each batch in a fresh interpreter that imports the engine of one
tree; with ``--against``, the batches of the two trees alternate, so that a machine busy with
other work slows both alike. Times are CPU time of the process (``time.process_time``).

* ``play-out``: one play-out of a sampled deal to its end, every seat playing as the hard
  player's play-outs do (planned leads and answers, :func:`engine.cardavia.fast.seat_rollout`),
  from the positions of seeded deals after every fourth play: median and p99 in microseconds.
* ``greedy play-out``: the same positions played out by greedy players
  (:func:`engine.cardavia.fast.greedy_rollout`).
* ``endgame``: one exact search of a sampled endgame of 18 cards or fewer, every line of play
  (:class:`engine.bots.cardavia.endgame.Endgame`): median and p99 in milliseconds.
* ``--instructions``: the machine instructions of one batch of each measure (valgrind's
  callgrind, the same seeded batch for both trees), less those of its preparation alone (the
  seeded positions for the play-outs; the imports for the others): the same count on a busy
  machine as on a quiet one, about a minute a play-out count and three a decision count.
* ``hard decision`` / ``expert decision``: the player's decisions over whole seeded deals, the
  level in every seat; only the decisions among three plays or more (the others are answered
  at once), in milliseconds.
"""

from __future__ import annotations

import argparse
import json
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
MEASURES = ("play-out", "greedy play-out", "endgame", "hard decision", "expert decision")
UNITS = {"play-out": "µs", "greedy play-out": "µs", "endgame": "ms"}


def _positions(first: int, deals: int) -> list[tuple[Any, Any]]:
    """``(public, hands)`` of the seat to act after every fourth play of seeded greedy deals."""
    import random

    from engine.baseline import make_baseline
    from engine.bots.cardavia.public import read_view
    from engine.bots.cardavia.sample import Sampler
    from engine.cardavia.deck import deal
    from engine.cardavia.state import CardaviaState

    greedy = make_baseline("cardavia", "greedy")
    found = []
    for seed in range(first, first + deals):
        state = CardaviaState(deal(seed))
        step = 0
        while not state.is_over:
            (seat,) = state.to_act()
            view = state.view(seat)
            if step % 4 == 3:
                public = read_view(view)
                rng = random.Random(seed * 100 + step)
                found.append((public, Sampler(public).deal(rng)))
            state.apply(seat, greedy.choose(view, state.legal_actions(seat)))
            step += 1
    return found


def measure(name: str, first: int) -> list[float]:
    """The times of one batch of ``name``, in its unit (see the module's text)."""
    from engine.bots.cardavia.endgame import Endgame, TooBig
    from engine.bots.cardavia.heuristic import planned_answer, planned_lead
    from engine.cardavia.fast import greedy_rollout, seat_rollout

    clock = time.process_time
    times: list[float] = []
    if name == "positions":  # the play-outs' preparation alone (see --instructions)
        _positions(first, 6)
        return times
    if name == "imports":  # the decisions' preparation alone
        from engine.bots import make

        make("cardavia", "expert", 1)
        return times
    if name in ("play-out", "greedy play-out"):
        for public, hands in _positions(first, 6):
            for _ in range(3):  # three times each: the caches as in a search
                position = public.position(hands[:])
                start = clock()
                if name == "play-out":
                    seat_rollout(position, (planned_lead,) * 3, (planned_answer,) * 3)
                else:
                    greedy_rollout(position)
                times.append((clock() - start) * 1e6)
        return times
    if name == "endgame":
        for public, hands in _positions(first, 7):
            if sum(public.counts) > 18:
                continue
            position = public.position(hands[:])
            start = clock()
            try:
                Endgame(public.seat, 10.0, 20_000).outcome(position)
            except TooBig:
                continue
            times.append((clock() - start) * 1e3)
        return times
    from engine import games
    from engine.bots import make

    level = name.split()[0]
    for seed in range(first, first + (2 if level == "hard" else 1)):
        state = games["cardavia"].new_state(seed=seed)
        bots = [make("cardavia", level, seed * 10 + s) for s in range(3)]
        while not state.is_over:
            (seat,) = state.to_act()
            view, legal = state.view(seat), state.legal_actions(seat)
            start = clock()
            action = bots[seat].choose(view, legal)
            if len(legal) > 2:
                times.append((clock() - start) * 1e3)
            state.apply(seat, action)
    return times


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


def batch_in(root: Path, name: str, first: int) -> list[float]:
    """One batch run by a fresh interpreter that imports the engine found under ``root``."""
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--batch", name, "--root", str(root),
         "--seed", str(first)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    times: list[float] = json.loads(done.stdout)
    return times


def instructions_in(root: Path, name: str) -> int:
    """The instructions of one batch of ``name`` (seed 1) run on the engine under ``root``."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         str(Path(__file__).resolve()), "--batch", name, "--root", str(root), "--seed", "1"],
        check=True, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
    )  # fmt: skip
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError("valgrind printed no instruction count:\n" + done.stderr)
    return int(found.group(1))


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--against", metavar="REV", help="also time the engine of this revision")
    parser.add_argument("--rounds", type=int, default=5, help="batches a measure and tree")
    parser.add_argument("--only", metavar="TEXT", help="the measures whose name has TEXT")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions a batch (valgrind)"
    )
    parser.add_argument("--batch", help=argparse.SUPPRESS)
    parser.add_argument("--root", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.batch is not None:
        sys.path.insert(0, args.root)
        print(json.dumps(measure(args.batch, args.seed)))
        return
    if args.instructions:
        print(f"python {sys.version.split()[0]}, millions of instructions a batch")
    else:
        print(f"python {sys.version.split()[0]}, CPU time, {args.rounds} batches a tree")
    if args.instructions:
        print("| measure | tree | instructions | ratio |\n| --- | --- | --- | --- |")
    else:
        print("| measure | tree | count | median | p99 | median ratio |")
        print("| --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as folder:
        roots = {"this tree": ROOT}
        if args.against:
            roots = {args.against: engine_at(args.against, Path(folder)), **roots}
        for name in MEASURES:
            if args.only and args.only not in name:
                continue
            if args.instructions:
                before = "positions" if "play-out" in name else "imports"
                counts = {
                    tree: (instructions_in(root, name) - instructions_in(root, before)) / 1e6
                    for tree, root in roots.items()
                }
                first_count = next(iter(counts.values()))
                for tree, count in counts.items():
                    ratio = f"x{count / first_count:.2f}" if len(roots) == 2 else ""
                    print(f"| {name} | {tree} | {count:.1f} M | {ratio} |", flush=True)
                continue
            found: dict[str, list[float]] = {tree: [] for tree in roots}
            for batch in range(args.rounds):
                for tree, root in roots.items():
                    found[tree] += batch_in(root, name, 1 + batch * 7)
            unit = UNITS.get(name, "ms")
            medians = {tree: statistics.median(times) for tree, times in found.items()}
            base = next(iter(medians.values()))
            for tree, times in found.items():
                ratio = f"x{medians[tree] / base:.2f}" if len(roots) == 2 else ""
                print(
                    f"| {name} | {tree} | {len(times)} | {medians[tree]:.1f} {unit} "
                    f"| {p99(times):.1f} {unit} | {ratio} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
