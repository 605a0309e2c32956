"""Strength and speed of the computer players, with their targets: each level against the
level below and against the baseline players, seats rotated and the same deals for both sides.

    python3 bench/bots.py --quick            # a few deals per line (seconds)
    python3 bench/bots.py --jobs 2           # every line at its full size (long)
    python3 bench/bots.py --game cardavia --only hard:normal --deals 300

The player measured sits alone against copies of the other, and every deal is played once with
him in each seat (duplicate style: a good hand is never his luck alone). The unit of every
interval is the deal, which is what is independent: a deal's result is the mean over its
seatings. Each line gives the deals played, the share of seatings won outright (with its par,
1 / players, and its 95% confidence interval), the draws apart (a game shared at the trick
limit, or one nobody survived), the mean score a deal (Cardavia: settlement points; the
others: cards owned at the end minus the best other player's), the share won from each seat,
and the measured player's decision time (median and 99th percentile, on this machine now).
A line with a target ends with ``met`` or ``MISSED`` and by how much; the benchmark prints a
summary of the targets missed at the end.

A long line can be played in parts that each fit in the time at hand, then read as one:

    python3 bench/bots.py --game scientific --players 4 --only hard:normal --deals 150 \
        --record runs.jsonl
    python3 bench/bots.py ... --deals 150 --first 151 --record runs.jsonl
    python3 bench/bots.py --combine runs.jsonl    # every line recorded, its parts added up
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(1, str(Path(__file__).resolve().parent))

from engine import games
from engine.baseline import make_baseline
from engine.bots import make
from engine.registry import registration

BASELINES = ("random", "greedy")
SCIENTIFIC_PLAYERS = (2, 3, 4, 6, 8)


@dataclass(frozen=True)
class Line:
    """One match-up: ``measured`` alone against ``other`` at a table of ``players``."""

    game: str
    players: int
    measured: str
    other: str
    deals: int
    min_won: float | None = None
    """Target: the least share of seatings won (0 to 1)."""
    min_score: float | None = None
    """Target: the least mean score a deal."""
    max_p99_ms: float | None = None
    """Target: the 99th percentile of the decision time, in milliseconds."""
    variant: str = ""
    """Keyword arguments of the measured player's class, as JSON (``--variant``): a change
    measured beside the player as it is, on the same deals; empty for the player as it is."""

    @property
    def options(self) -> dict[str, Any]:
        if self.game == "cardavia":
            return {}
        if self.game == "battle":
            return {"players": self.players, "open": True}
        return {"players": self.players}


@dataclass
class Tally:
    """Per deal: the share of its seatings won outright and drawn, the mean score; per seat:
    won outright; the measured player's decision times in seconds."""

    won: list[float] = field(default_factory=list)
    draws: list[float] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    by_seat: list[list[float]] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.won += other.won
        self.draws += other.draws
        self.scores += other.scores
        if not self.by_seat:
            self.by_seat = [[] for _ in other.by_seat]
        for mine, theirs in zip(self.by_seat, other.by_seat, strict=True):
            mine += theirs
        self.times += other.times


def player(game: str, kind: str, seed: int, variant: str = "") -> Any:
    """A baseline (``random``, ``greedy``) or a level (``easy`` to ``expert``), the level's
    class given the keyword arguments ``variant`` (JSON) when there are any."""
    if kind in BASELINES:
        return make_baseline(game, kind, seed)
    if variant and game == "cardavia":
        from cardavia_variants import variant_player  # bench/cardavia_variants.py

        return variant_player(kind, seed, json.loads(variant))
    if variant:
        players = importlib.import_module(registration(game).bots).PLAYERS
        return players[kind](seed, **json.loads(variant))
    return make(game, kind, seed)


def play_one(line: Line, seed: int, seat: int, times: list[float]) -> tuple[float, float, float]:
    """One deal with the measured player in ``seat``: won outright, drawn, score."""
    state = games[line.game].new_state(seed=seed, **line.options)
    players = [
        player(line.game, line.measured, seed * 10 + s, line.variant)
        if s == seat
        else player(line.game, line.other, seed * 10 + s)
        for s in range(state.players)
    ]
    order = random.Random(seed)
    clock = time.process_time  # CPU time: the decision on one core, whatever the load
    while not state.is_over:
        awaited = state.to_act()
        s = awaited[0] if len(awaited) == 1 else order.choice(awaited)
        view, legal = state.view(s), state.legal_actions(s)
        start = clock()
        action = players[s].choose(view, legal)
        if s == seat:
            times.append(clock() - start)
        state.apply(s, action)
    result = state.result()
    won = result.winners == (seat,)
    drawn = seat in result.winners and not won
    if line.game == "cardavia":
        score = float(result.scores[seat])
    else:
        best_other = max(score for s, score in enumerate(result.scores) if s != seat)
        score = float(result.scores[seat] - best_other)
    return float(won), float(drawn), score


def play_deal(job: tuple[Line, int]) -> Tally:
    """One deal with the measured player in every seat in turn."""
    line, seed = job
    tally = Tally(by_seat=[[] for _ in range(line.players)])
    results = [play_one(line, seed, seat, tally.times) for seat in range(line.players)]
    tally.won.append(statistics.fmean(r[0] for r in results))
    tally.draws.append(statistics.fmean(r[1] for r in results))
    tally.scores.append(statistics.fmean(r[2] for r in results))
    for seat, r in enumerate(results):
        tally.by_seat[seat].append(r[0])
    return tally


def run(line: Line, deals: int, jobs: int, first: int) -> Tally:
    work = [(line, first + d) for d in range(deals)]
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
    """Mean and half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def verdicts(line: Line, tally: Tally) -> list[str]:
    """``met`` or ``MISSED by ...`` for each target of the line."""
    found: list[str] = []
    win = statistics.fmean(tally.won)
    score = statistics.fmean(tally.scores)
    p99 = 1000 * percentile(tally.times, 0.99)
    if line.min_won is not None:
        gap = 100 * (line.min_won - win)
        target = f"won >= {100 * line.min_won:.0f}%"
        found.append(f"{target} met" if gap <= 0 else f"{target} MISSED by {gap:.1f} points")
    if line.min_score is not None:
        gap = line.min_score - score
        target = f"score >= {line.min_score:+.0f}"
        found.append(f"{target} met" if gap <= 0 else f"{target} MISSED by {gap:.2f}")
    if line.max_p99_ms is not None:
        target = f"p99 <= {line.max_p99_ms:.0f} ms"
        over = p99 - line.max_p99_ms
        found.append(f"{target} met" if over <= 0 else f"{target} MISSED by {over:.0f} ms")
    return found


def describe(line: Line, tally: Tally) -> str:
    win, win_half = interval(tally.won)
    draws = statistics.fmean(tally.draws)
    score, score_half = interval(tally.scores)
    par = 100 / line.players
    seats = "/".join(f"{100 * statistics.fmean(w):.0f}" for w in tally.by_seat)
    targets = "; ".join(verdicts(line, tally)) or ""
    measured = f"{line.measured} {line.variant}" if line.variant else line.measured
    return (
        f"| {line.game} | {line.players} | {measured} | {line.other} | "
        f"{len(tally.won)} x {line.players} | {100 * win:.1f}% ± {100 * win_half:.1f} "
        f"(par {par:.0f}%) | {100 * draws:.1f}% | {score:+.2f} ± {score_half:.2f} | {seats} | "
        f"{1000 * percentile(tally.times, 0.5):.1f} / {1000 * percentile(tally.times, 0.99):.1f}"
        f" | {targets} |"
    )


def lines_of(game: str) -> Iterable[Line]:
    """Every match-up of a game with its full size and its targets (issue: computer players
    that a strong player respects)."""
    if game == "cardavia":
        yield Line(game, 3, "hard", "greedy", 2000, 0.62, 8.0, 100.0)
        yield Line(game, 3, "hard", "normal", 2000, 0.45, 4.0, 100.0)
        yield Line(game, 3, "normal", "easy", 2000, 0.40, 3.0)
        yield Line(game, 3, "easy", "random", 1000)
        yield Line(game, 3, "expert", "hard", 300, 0.40, 0.0, 1000.0)
        return
    if game == "battle":
        for measured, other in (("hard", "random"), ("hard", "normal"), ("normal", "easy")):
            yield Line(game, 2, measured, other, 250)
        return
    for players in SCIENTIFIC_PLAYERS:
        deals = 250 if players <= 4 else 100
        for measured, other in (("easy", "random"), ("normal", "easy"), ("hard", "normal")):
            target = 2 / players if measured == "hard" and players in (3, 4) else None
            p99 = 100.0 if measured == "hard" else None
            yield Line(game, players, measured, other, deals, target, None, p99)
        for level in ("normal", "hard"):
            p99 = 100.0 if level == "hard" else None
            yield Line(game, players, level, "random", deals, max_p99_ms=p99)


def record(path: Path, line: Line, first: int, tally: Tally) -> None:
    """Append one line's per-deal results to ``path`` (one JSON object a line)."""
    entry = {"line": line.__dict__, "first": first, "tally": tally.__dict__}
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(entry) + "\n")


def combined(path: Path) -> list[tuple[Line, Tally]]:
    """The lines recorded in ``path``, the parts of each added up in the order recorded; a
    part whose deals were already counted (the same first deal) is left out. Each line is
    judged by the targets it has now; a variant is a line of its own."""
    current = {
        (line.game, line.players, line.measured, line.other): line
        for game in ("cardavia", "scientific", "battle")
        for line in lines_of(game)
    }
    found: dict[tuple[object, ...], tuple[Line, Tally, set[int]]] = {}
    for entry in _entries(path):
        line = Line(**entry["line"])
        key = (line.game, line.players, line.measured, line.other, line.variant)
        line = replace(current.get(key[:4], line), variant=line.variant)
        _, tally, firsts = found.setdefault(key, (line, Tally(), set()))
        if entry["first"] in firsts:
            continue
        firsts.add(entry["first"])
        tally.add(Tally(**entry["tally"]))
    return [(line, tally) for line, tally, _ in found.values()]


def _entries(path: Path) -> list[dict[str, Any]]:
    return [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()]


def paired(path: Path) -> list[str]:
    """Each variant recorded in ``path`` beside the player as it is, on the deals both
    played (parts with the same first deal and size): the mean difference a deal in deals
    won (points of percentage) and in score, with their 95% intervals."""
    parts: dict[tuple[object, ...], dict[tuple[int, int], dict[str, Any]]] = {}
    for entry in _entries(path):
        line = entry["line"]
        head = (line["game"], line["players"], line["measured"], line["other"])
        size = len(entry["tally"]["won"])
        parts.setdefault((*head, line.get("variant", "")), {})[entry["first"], size] = entry
    found: list[str] = []
    for key, mine in parts.items():
        base = parts.get((*key[:4], ""))
        if not key[4] or base is None:
            continue
        won: list[float] = []
        score: list[float] = []
        for part, entry in mine.items():
            other = base.get(part)
            if other is None:
                continue
            for field_name, into in (("won", won), ("scores", score)):
                pairs = zip(entry["tally"][field_name], other["tally"][field_name], strict=True)
                into.extend(a - b for a, b in pairs)
        if len(won) < 2:
            continue
        won_mean, won_half = interval(won)
        score_mean, score_half = interval(score)
        found.append(
            f"{key[0]}, {key[1]} players, {key[2]} {key[4]} against {key[3]}, beside "
            f"{key[2]} on the same {len(won)} deals: won {100 * won_mean:+.1f} ± "
            f"{100 * won_half:.1f} points, score {score_mean:+.2f} ± {score_half:.2f}"
        )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few deals per line")
    parser.add_argument(
        "--game", choices=["scientific", "cardavia", "battle", "all"], default="all"
    )
    parser.add_argument("--players", type=int, help="only tables of this many players")
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes (decision times stay per core)"
    )
    parser.add_argument("--only", help="one match-up, as measured:other (e.g. hard:greedy)")
    parser.add_argument("--deals", type=int, help="deals per line, overriding")
    parser.add_argument("--first", type=int, default=1, help="first deal seed")
    parser.add_argument("--record", type=Path, help="append each line's deals to this file")
    parser.add_argument(
        "--variant",
        default="",
        help="keyword arguments of the measured player's class, as JSON (e.g. "
        "'{\"margin\": 2.0}'): recorded as a line of its own, which --combine sets beside "
        "the player as it is on the same deals",
    )
    parser.add_argument(
        "--combine", type=Path, help="play nothing: print the lines recorded in this file"
    )
    args = parser.parse_args()
    names = ["cardavia", "scientific", "battle"] if args.game == "all" else [args.game]
    print(
        "| game | players | player | against | deals x seats | won (par) | draws "
        "| mean score ± 95% CI | won by seat % | p50 / p99 ms | targets |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    missed: list[str] = []

    def show(line: Line, tally: Tally) -> None:
        print(describe(line, tally), flush=True)
        missed.extend(
            f"{line.game}, {line.players} players, {line.measured} against {line.other}: "
            f"{verdict} ({len(tally.won)} deals)"
            for verdict in verdicts(line, tally)
            if "MISSED" in verdict
        )

    if args.combine:
        for line, tally in combined(args.combine):
            show(line, tally)
        for text in paired(args.combine):
            print(f"- {text}")
    for game in [] if args.combine else names:
        for line in lines_of(game):
            if args.only and f"{line.measured}:{line.other}" != args.only:
                continue
            if args.players and line.players != args.players:
                continue
            deals = args.deals or (3 if args.quick else line.deals)
            line = replace(line, variant=args.variant)
            tally = run(line, deals, args.jobs, args.first)
            if args.record:
                record(args.record, line, args.first, tally)
            show(line, tally)
    if missed:
        print("\nTargets missed:")
        for entry in missed:
            print(f"- {entry}")


if __name__ == "__main__":
    main()
