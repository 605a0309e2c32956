"""Strength and speed of the computer players: each level against the baseline players
(random, greedy) and against each other, seats rotated and the same deals for both sides.

    python3 bench/bots.py --quick            # a few deals per line, for CI (seconds)
    python3 bench/bots.py                    # the figures of the README (long: use --jobs)
    python3 bench/bots.py --game cardavia --jobs 2

Cardavia (3 players): the player measured sits alone against two copies of the other, and
every deal is played three times, the player in each seat in turn (duplicate style: a good
hand is never his luck alone). Scientific Battle and open Battaglia (2 players): every game is
played twice, the player in each seat. Each line gives the deals or games won (Cardavia: the
player went out first; par is 33%), the mean score per deal or game with its 95% confidence
interval (Cardavia: settlement points; the others: cards owned at the end minus the other's),
and the measured player's decision time, median and 99th percentile.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import games
from engine.baseline import make_baseline
from engine.bots import make

BASELINES = ("random", "greedy")
OPTIONS: dict[str, dict[str, Any]] = {
    "cardavia": {},
    "scientific": {"players": 2},
    "battle": {"players": 2, "open": True},
}


def player(game: str, kind: str, seed: int) -> Any:
    """A baseline (``random``, ``greedy``) or a level (``easy``, ``normal``, ``hard``)."""
    if kind in BASELINES:
        return make_baseline(game, kind, seed)
    return make(game, kind, seed)


@dataclass
class Tally:
    """Results of one line: per deal (or game) won, draw, score; decision times in seconds."""

    won: list[float] = field(default_factory=list)
    draws: int = 0
    scores: list[float] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.won += other.won
        self.draws += other.draws
        self.scores += other.scores
        self.times += other.times


def play_one(game: str, measured: str, other: str, seed: int, seat: int) -> Tally:
    """One deal or game with ``measured`` in ``seat`` and ``other`` everywhere else."""
    state = games[game].new_state(seed=seed, **OPTIONS[game])
    players = [
        player(game, measured if s == seat else other, seed * 10 + s) for s in range(state.players)
    ]
    order = random.Random(seed)
    tally = Tally()
    clock = time.perf_counter
    while not state.is_over:
        awaited = state.to_act()
        s = awaited[0] if len(awaited) == 1 else order.choice(awaited)
        view, legal = state.view(s), state.legal_actions(s)
        start = clock()
        action = players[s].choose(view, legal)
        if s == seat:
            tally.times.append(clock() - start)
        state.apply(s, action)
    result = state.result()
    won = result.winners == (seat,)
    tally.won.append(1.0 if won else 0.0)
    tally.draws += seat in result.winners and not won
    if game == "cardavia":
        tally.scores.append(result.scores[seat])
    else:
        best_other = max(score for s, score in enumerate(result.scores) if s != seat)
        tally.scores.append(result.scores[seat] - best_other)
    return tally


def play_deal(job: tuple[str, str, str, int]) -> Tally:
    """One deal in every seat (duplicate): the tallies of all seatings together."""
    game, measured, other, seed = job
    seats = 3 if game == "cardavia" else 2
    tally = Tally()
    for seat in range(seats):
        tally.add(play_one(game, measured, other, seed, seat))
    return tally


def run(game: str, measured: str, other: str, deals: int, jobs: int, first: int) -> Tally:
    work = [(game, measured, other, first + d) for d in range(deals)]
    tally = Tally()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for part in pool.map(play_deal, work, chunksize=max(1, deals // (8 * jobs))):
                tally.add(part)
    else:
        for job in work:
            tally.add(play_deal(job))
    return tally


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% confidence interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def line(game: str, measured: str, other: str, tally: Tally) -> str:
    win, win_half = interval(tally.won)
    score, score_half = interval(tally.scores)
    seats = 3 if game == "cardavia" else 2
    unit = "deals" if game == "cardavia" else "games"
    return (
        f"| {game} | {measured} | {other} | {len(tally.won) // seats} {unit} x {seats} seats | "
        f"{100 * win:.1f}% ± {100 * win_half:.1f} | {score:+.2f} ± {score_half:.2f} | "
        f"{1000 * percentile(tally.times, 0.5):.1f} | {1000 * percentile(tally.times, 0.99):.1f} |"
    )


def matchups(game: str) -> Iterable[tuple[str, str]]:
    """Each level against each baseline, then the ladder: hard-normal, normal-easy (easy
    against random is among the first lines)."""
    for level in ("easy", "normal", "hard"):
        for baseline in BASELINES:
            yield level, baseline
    yield "hard", "normal"
    yield "normal", "easy"


def deals_for(game: str, measured: str, other: str, quick: bool) -> int:
    if quick:
        return 4 if game == "cardavia" else 3
    if game == "cardavia":
        if (measured, other) == ("hard", "greedy"):
            return 2000
        return 600 if "hard" in (measured, other) else 1000
    return 250


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few deals per line, for CI")
    parser.add_argument("--game", choices=[*OPTIONS, "all"], default="all")
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes (decision times stay per core)"
    )
    parser.add_argument("--only", help="one matchup, as measured:other (e.g. hard:greedy)")
    parser.add_argument("--deals", type=int, help="deals (or games) per line, overriding")
    parser.add_argument("--first", type=int, default=1, help="first deal seed")
    args = parser.parse_args()
    names = list(OPTIONS) if args.game == "all" else [args.game]
    print("| game | player | against | played | won | mean score ± 95% CI | p50 ms | p99 ms |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for game in names:
        pairs = list(matchups(game))
        if args.only:
            pairs = [tuple(args.only.split(":"))]  # type: ignore[list-item]
        for measured, other in pairs:
            deals = args.deals or deals_for(game, measured, other, args.quick)
            tally = run(game, measured, other, deals, args.jobs, args.first)
            print(line(game, measured, other, tally), flush=True)


if __name__ == "__main__":
    main()
