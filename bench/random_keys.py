"""Random keys through the real program, many of them (the tests press 10,000), and the cost of
the save written after each key.

    python3 bench/random_keys.py                   # 100,000 keys
    python3 bench/random_keys.py --keys 1000000 --seed 3

Any error, broken engine invariant or Escape that does not lead home stops the run with its
traceback (see tests/random_keys.py). Then the save: the time to write the save of a long game
(atomically, flushed to the disk) and its size.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from audiogame.saves.store import SavedGame, SaveStore, encode
from tests.conformance import play_random_game
from tests.random_keys import run


def save_cost(folder: Path, game: str, options: Mapping[str, object], repeats: int = 200) -> str:
    """Median time to save a whole game of ``game`` (the longest of a few seeds)."""
    from audiogame.saves.moves import move_text

    longest: list[str] = []
    for seed in range(5):
        _, log, _ = play_random_game(game, seed, check_every=1000, **options)
        moves = [move_text(seat, action) for seat, action in log]
        longest = max(longest, moves, key=len)
    saved = SavedGame(game, {**options, "seed": 1}, longest, ("Anna", "Bruno"))
    store = SaveStore(folder)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        store.save(saved)
        times.append(time.perf_counter() - start)
    size = len(encode(saved).encode("utf-8"))
    return (f"{game:10s} {len(longest):6d} moves: {size / 1024:6.1f} KiB, "
            f"median {statistics.median(times) * 1000:6.2f} ms, "
            f"max {max(times) * 1000:6.2f} ms per save")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--keys", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        report = run(args.keys, args.seed, Path(folder))
        print(f"{report.keys} keys in {report.seconds:.1f} s "
              f"({report.keys / report.seconds:.0f} keys/s), {report.sessions} program runs, "
              f"{report.escapes} Escape checks, {report.save_writes} saves")  # fmt: skip
        print("most moves in one game: " + ", ".join(f"{g} {n}" for g, n in report.moves.items()))
        print("screens reached: " + ", ".join(sorted(report.screens)))
        print(f"save cost, in {Path(folder).resolve().parent}:")
        for game, options in (("battle", {"players": 2}), ("scientific", {"players": 8}),
                              ("cardavia", {})):  # fmt: skip
            print("  " + save_cost(Path(folder) / "saves", game, options))


if __name__ == "__main__":
    main()
