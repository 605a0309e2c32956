"""Message shown to speech started, for the page under a real screen reader: Orca reading
Chromium on a virtual display (tests/screenreader_bed.py), the real server on 127.0.0.1.

Usage: ``python bench/screenreader_latency.py [--deals 1]`` (needs
scripts/install-screenreader-test-deps; about a minute and a half a deal and condition)

One Cardavia match is played by X keys (Tab and Enter, or P) for ``--deals`` deals, quiet,
then again with one core kept busy by a load generator. For every history entry the page shows
(its own wall-clock time, ``Date.now()``, when the entry is added) the speech log gives the
moment espeak-ng's utterance of it started (the output module's wall clock): p50 and p99 of
that, and of each "your turn" from the end of the utterance that was playing when it came.
The player presses a key only once everything shown has been spoken (a key makes Orca stop
speaking), so these are the page's and the screen reader's delays, not the player's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.screenreader_bed import Bed  # noqa: E402
from tests.screenreader_play import (  # noqa: E402
    Player,
    TurnDelay,
    busy_core,
    entries,
    every_entry,
    play_cardavia,
    shown_to_spoken,
    turn_delays,
    words_ahead,
)
from tests.web_support import live_server  # noqa: E402


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def play(
    stack: Bed, folder: Path, deals: int, loaded: bool
) -> tuple[list[float], list[TurnDelay], list[int], int]:
    load = busy_core() if loaded else nullcontext()
    with live_server(folder) as server, stack.chromium() as driver, load:
        player = Player(stack, driver)
        first = player.mark()
        player.enter(server["url"], "Anna")
        player.create("cardavia", deals="3", pace="0")
        player.start()
        play_cardavia(player, deals)
        said = stack.utterances()[first:]
        shown = entries(driver)
        hidden = sum(entry.unsaid for entry in every_entry(driver))
        return (shown_to_spoken(shown, said), turn_delays(shown, said),
                words_ahead(shown, said), hidden)  # fmt: skip


def line(name: str, samples: list[float]) -> str:
    if not samples:
        return f"{name}: no samples"
    return (f"{name}: n={len(samples)} p50={statistics.median(samples) * 1000:.0f} ms "
            f"p99={percentile(samples, 0.99) * 1000:.0f} ms "
            f"max={max(samples) * 1000:.0f} ms")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="audiogame-sr-bench-") as name:
        folder = Path(name)
        stack = Bed(folder / "bed")
        try:
            stack.start()
            for loaded in (False, True):
                data = folder / ("loaded" if loaded else "quiet")
                data.mkdir()
                spoken, turns, ahead, hidden = play(stack, data, args.deals, loaded)
                label = "one core busy" if loaded else "quiet"
                print(line(f"{label}, message shown -> speech started", spoken))
                print(line(f"{label}, your turn after the utterance playing, in play",
                           [t.seconds for t in turns if not t.behind_long]))  # fmt: skip
                print(line(f"{label}, your turn behind a long message (a deal's opening)",
                           [t.seconds for t in turns if t.behind_long]))  # fmt: skip
                print(line(f"{label}, every your turn after the utterance playing",
                           [t.seconds for t in turns]))  # fmt: skip
                print(f"{label}, words said ahead of a your turn: max {max(ahead, default=0)}, "
                      f"over {len(ahead)} turns; entries kept unsaid: {hidden}")  # fmt: skip
        finally:
            stack.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
