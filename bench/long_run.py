"""Long run: many seeded games per game and variant with the baseline players (greedy and
random seats mixed), every invariant held: each card exactly once throughout, termination
within the step limit, someone awaited until the end, a winner, Cardavia settlements summing
to zero. The short version runs in the tests (tests/test_conformance.py); this is the long one.

    python3 bench/long_run.py                      # 10,000 games per configuration
    python3 bench/long_run.py --games 200 --jobs 2 # a quicker look
    python3 bench/long_run.py --only scientific    # configurations whose name contains this

Prints one line per configuration (games, time, games per second, moves per game) and exits
non-zero with the seed of the first game that broke an invariant.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import games
from engine.baseline import make_baseline
from engine.cards import Card
from tests.conformance import MAX_STEPS, all_cards

CONFIGS: list[tuple[str, str, dict[str, Any]]] = (
    [
        (
            f"battle {p}p {deck} {'face-down' if fd else 'no-face-down'} "
            f"{'open' if op else 'classic'}",
            "battle",
            {"players": p, "deck": deck, "face_down": fd, "open": op},
        )
        for p, deck, fd, op in itertools.product(
            range(2, 7), (52, 32), (True, False), (False, True)
        )
    ]
    + [(f"scientific {p}p", "scientific", {"players": p}) for p in range(2, 9)]
    + [("cardavia", "cardavia", {})]
)


def play(game: str, seed: int, options: dict[str, Any], check_every: int) -> tuple[int, str]:
    """One game to the end with every invariant checked; (moves, "" or what broke)."""
    state = games[game].new_state(seed=seed, **options)
    players = [
        make_baseline(game, "greedy" if (seed + seat) % 2 == 0 else "random", seed * 10 + seat)
        for seat in range(state.players)
    ]
    deck: Counter[Card] = all_cards(state)
    if any(count != 1 for count in deck.values()):
        return 0, "a card is dealt twice"
    moves = 0
    while not state.is_over:
        awaited = state.to_act()
        if not awaited:
            return moves, "nobody is awaited in a game that is not over"
        seat = awaited[moves % len(awaited)]
        state.apply(seat, players[seat].choose(state.view(seat), state.legal_actions(seat)))
        moves += 1
        if moves >= MAX_STEPS:
            return moves, "the game did not end"
        if moves % check_every == 0 and all_cards(state) != deck:
            return moves, f"cards were created or lost at move {moves}"
    if all_cards(state) != deck:
        return moves, "cards were created or lost by the end"
    result = state.result()
    if not result.winners:
        return moves, "a finished game has no winner"
    if game == "cardavia" and sum(result.scores) != 0:
        return moves, f"the settlement does not sum to zero: {result.scores}"
    return moves, ""


def batch(job: tuple[str, dict[str, Any], range, int]) -> tuple[int, int, int, str]:
    """Games of one configuration: (games, total moves, most moves, first failure)."""
    game, options, seeds, check_every = job
    total = most = 0
    for seed in seeds:
        moves, broken = play(game, seed, options, check_every)
        if broken:
            return seed, total, most, f"seed {seed}: {broken}"
        total += moves
        most = max(most, moves)
    return len(seeds), total, most, ""


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10_000, help="games per configuration")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--only", default="", help="configurations whose name contains this")
    parser.add_argument("--check-every", type=int, default=16, help="moves between card counts")
    args = parser.parse_args()
    chosen = [config for config in CONFIGS if args.only in config[0]]
    print(f"{args.games} games per configuration, {args.jobs} processes, python "
          f"{sys.version.split()[0]}")  # fmt: skip
    started = time.perf_counter()
    failures = 0
    with multiprocessing.Pool(args.jobs) as pool:
        for label, game, options in chosen:
            begin = time.perf_counter()
            step = -(-args.games // (args.jobs * 4))
            jobs = [
                (game, options, range(first, min(first + step, args.games)), args.check_every)
                for first in range(0, args.games, step)
            ]
            played = moves = most = 0
            broken = ""
            for count, total, longest, failure in pool.imap(batch, jobs):
                broken = broken or failure
                played += count if not failure else 0
                moves += total
                most = max(most, longest)
            seconds = time.perf_counter() - begin
            status = f"FAILED {broken}" if broken else "ok"
            failures += bool(broken)
            print(f"{label:40s} {played:7d} games {seconds:8.1f} s {played / seconds:8.1f}/s "
                  f"moves mean {moves / max(played, 1):7.1f} max {most:6d}  {status}",
                  flush=True)  # fmt: skip
    held = len(chosen) - failures
    print(f"total {time.perf_counter() - started:.0f} s, "
          f"{held} of {len(chosen)} configurations held every invariant")  # fmt: skip
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
