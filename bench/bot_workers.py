"""Computer players in worker processes: ship the player with every decision, or keep it
resident in a worker by table and seat?

The decisions of real games (hard Cardavia players; hard Scientific Battle players, whose
memory is the largest) are recorded in this process, then made again in a one-worker pool
both ways, alternating: *ship* sends the player with the view and legal actions and gets it
back (what the server does, :mod:`audiogame.online.thinkers`); *resident* sends only a key,
the view and the legal actions to a worker that keeps the players. Reported: the round trip
of a decision (p50, p99, wall time) both ways, the difference, and the size of a shipped player.

    python3 bench/bot_workers.py
    python3 bench/bot_workers.py --games 4
"""

from __future__ import annotations

import argparse
import multiprocessing
import pickle
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from audiogame.computer_players import make_bot  # noqa: E402
from audiogame.online.thinkers import think  # noqa: E402
from audiogame.table.session import Table  # noqa: E402

_RESIDENT: dict[Any, Any] = {}


def resident(key: tuple[str, int], spec: tuple[str, str, int], view: Any, legal: Any) -> Any:
    """A decision of the player kept in this worker under ``key`` (made at the first one)."""
    bot = _RESIDENT.get(key)
    if bot is None:
        bot = _RESIDENT[key] = make_bot(*spec)
    return bot.choose(view, legal)


def decisions(game: str, config: dict[str, Any], games: int) -> list[tuple[Any, ...]]:
    """``(key, spec, view, legal)`` of every decision of the computer players of ``games``
    games (the person's seat plays its first legal action)."""
    found = []
    for number in range(games):
        seed = 100 + number
        levels = {1: "hard", 2: "hard"}
        table = Table(game, config, seed, levels)
        while not table.is_over:
            for seat in table.to_act():
                bot = table.thinker(seat)
                if bot is None:
                    table.apply(seat, table.legal(seat)[0])
                    continue
                _, view, legal = table.bot_turn(seat)
                spec = (game, levels[seat], seed * 10 + seat)
                found.append(((game, number, seat), spec, view, legal))
                table.apply(seat, bot.choose(view, legal))
    return found


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * 0.99) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games of each kind")
    args = parser.parse_args()
    found = decisions("cardavia", {}, args.games) + decisions(
        "scientific", {"players": 3, "trick_limit": 60}, args.games
    )
    context = multiprocessing.get_context("spawn")
    shipped: dict[Any, Any] = {}
    sizes: list[int] = []
    costs: list[float] = []
    same = 0
    times: dict[str, list[float]] = {"ship": [], "resident": []}
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        pool.submit(make_bot, "cardavia", "hard", 1).result()  # the worker is up
        for key, spec, view, legal in found:
            bot = shipped.get(key) or make_bot(*spec)
            start = time.perf_counter()
            data = pickle.dumps(bot)
            pickle.loads(pickle.dumps(pickle.loads(data)))
            costs.append((time.perf_counter() - start) * 1000)
            sizes.append(len(data))
            for mode in ("ship", "resident") if len(times["ship"]) % 2 else ("resident", "ship"):
                start = time.perf_counter()
                if mode == "ship":
                    chosen, shipped[key] = pool.submit(think, bot, view, legal).result()
                else:
                    kept_choice = pool.submit(resident, key, spec, view, legal).result()
                times[mode].append((time.perf_counter() - start) * 1000)
            same += chosen == kept_choice
    ship, kept = times["ship"], times["resident"]
    extra = [a - b for a, b in zip(ship, kept, strict=True)]
    print(f"{len(found)} decisions (hard Cardavia, hard Scientific Battle of 3), one worker")
    for name, values in (("ship the player", ship), ("resident player", kept)):
        print(
            f"{name}: round trip p50 {statistics.median(values):.2f} ms,"
            f" p99 {p99(values):.2f} ms, total {sum(values) / 1000:.2f} s"
        )
    print(
        f"shipping costs p50 {statistics.median(extra):+.2f} ms a decision, mean"
        f" {statistics.fmean(extra):+.2f} ms (the difference of the two round trips); pickling"
        f" the player there and back: p50 {statistics.median(costs):.2f} ms, p99"
        f" {p99(costs):.2f} ms; a player shipped is {statistics.median(sizes):.0f} bytes"
        f" (max {max(sizes)}); the same choice both ways: {same} of {len(found)}"
    )


if __name__ == "__main__":
    main()
