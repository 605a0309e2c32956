"""Complete games per second for each game with baseline players, on one core.

    python3 bench/engine_speed.py            # about 10 s per configuration
    python3 bench/engine_speed.py --quick    # a second each, for CI

Prints the median of five timed batches for each configuration.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import games
from engine.baseline import make_baseline

CONFIGS: list[tuple[str, str, dict[str, Any]]] = [
    ("cardavia, random players", "cardavia", {}),
    ("cardavia, greedy players", "cardavia", {}),
    ("battle classic, 2 players, 52 cards", "battle", {"players": 2}),
    ("battle classic, 4 players, 32 cards", "battle", {"players": 4, "deck": 32}),
    ("battle open, 2 players, greedy", "battle", {"players": 2, "open": True}),
    ("scientific, 2 players, random", "scientific", {"players": 2}),
    ("scientific, 4 players, random", "scientific", {"players": 4}),
]


def play_one(game_name: str, seed: int, kind: str, options: dict[str, Any]) -> int:
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


def games_per_second(label: str, game: str, options: dict[str, Any], seconds: float) -> float:
    kind = "greedy" if "greedy" in label else "random"
    rates = []
    seed = 0
    for _ in range(5):
        count, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds / 5:
            play_one(game, seed, kind, options)
            seed += 1
            count += 1
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="one second per configuration")
    args = parser.parse_args()
    seconds = 1.0 if args.quick else 10.0
    print(f"python {sys.version.split()[0]}, one core, median of 5 batches")
    for label, game, options in CONFIGS:
        rate = games_per_second(label, game, options, seconds)
        print(f"{label:40s} {rate:10.1f} games/s")


if __name__ == "__main__":
    main()
