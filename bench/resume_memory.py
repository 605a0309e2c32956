"""How long a resumed table takes to bring its computer players back with their memory
(:func:`audiogame.table.recall.recall`: the log played through again, each computer player
asked again at each of its moves), offline in a worker thread as on the server in a worker.

Each table is played to its end by its computer players and a person choosing at random, then
its log cut in half (a game resumed halfway) and recalled; reported, per kind of table, the
moves recalled and the CPU time (median and slowest over the seeds), and a check that every
decision came out as in the log. Also the cost of copying a hard player to the worker thread
with each decision (the table's copy stays untouched until the answer is taken).

    nice -n 10 python3 bench/resume_memory.py
    nice -n 10 python3 bench/resume_memory.py --seeds 20
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from audiogame.saves.moves import deal_recipe  # noqa: E402
from audiogame.table.recall import recall  # noqa: E402
from audiogame.table.session import Table  # noqa: E402

TABLES: list[tuple[str, dict[str, Any], dict[int, str]]] = [
    ("cardavia", {"deals": 1}, {1: "hard", 2: "hard"}),
    ("cardavia", {"deals": 3}, {1: "hard", 2: "hard"}),
    ("cardavia", {"deals": 3}, {1: "expert", 2: "expert"}),
    ("scientific", {"players": 3}, {1: "hard", 2: "hard"}),
    ("scientific", {"players": 5}, {seat: "expert" for seat in range(1, 5)}),
]


def save_log(game: str, config: dict[str, Any], seed: int, levels: dict[int, str]) -> list[str]:
    """A whole game's log as a save keeps it (a new deal by its hands)."""
    table = Table(game, config, seed, levels)
    rng = random.Random(seed)
    lines: list[str] = []
    while not table.match_over:
        if table.is_over:
            table.next_deal()
            lines.append(deal_recipe(game, table.state) or "deal ?")
            continue
        seat = table.to_act()[0]
        bot = table.thinker(seat)
        action = bot.choose(*table.bot_turn(seat)[1:]) if bot else rng.choice(table.legal(seat))
        table.apply(seat, action)
        lines.append(table.log[-1])
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args()
    for game, config, levels in TABLES:
        cpu: list[float] = []
        moves: list[int] = []
        for seed in range(1, args.seeds + 1):
            half = save_log(game, config, seed, levels)
            half = half[: len(half) // 2]
            start = time.process_time()
            _, _, differed = recall(game, config, seed, levels, half, [])
            cpu.append(time.process_time() - start)
            moves.append(len(half))
            assert differed == 0, f"{game} seed {seed}: {differed} decisions differ"
        level = ", ".join(sorted(set(levels.values())))
        print(f"{game} {config} {level}: {statistics.median(moves):.0f} moves recalled; "
              f"CPU median {statistics.median(cpu):.3f} s, slowest {max(cpu):.3f} s")  # fmt: skip
    table = Table("cardavia", {"deals": 1}, 1, {1: "hard", 2: "hard"})
    player = table.bots[1]
    start = time.process_time()
    for _ in range(200):
        copy.deepcopy(player)
    print(f"a hard Cardavia player copied to the worker thread: "
          f"{(time.process_time() - start) / 200 * 1000:.2f} ms of CPU")  # fmt: skip


if __name__ == "__main__":
    main()
