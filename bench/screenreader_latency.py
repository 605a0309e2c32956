"""Message shown to speech started, for both pages under a real screen reader: Orca reading
Chromium on a virtual display (tests/screenreader_bed.py); the online page on the real server
on 127.0.0.1, the page that plays alone exported (``audiogame export-web``, Pyodide from
node_modules/pyodide) and served by a static file server.

Usage: ``python bench/screenreader_latency.py [--deals 1] [--turns 12] [--pages online alone]``
(needs scripts/install-screenreader-test-deps and, for the page alone,
scripts/install-browser-test-deps; about a minute and a half a deal, page and condition)

On the online page one Cardavia match is played by X keys (Tab and Enter, or P) for ``--deals``
deals at pace 0; on the page alone Cardavia deal number 5 at its quickest pace (0.3 s) for
``--turns`` of the player's turns or to the deal's end, after a cold visit. Each quiet, then
again with one core kept busy by a load generator. For every history entry the page shows (its
own wall-clock time, ``Date.now()``, when the entry is added) the speech log gives the moment
espeak-ng's utterance of it started (the output module's wall clock): p50 and p99 of that, and
of each "your turn" from the end of the utterance that was playing when it came. The player
presses a key only once everything shown has been spoken (a key makes Orca stop speaking), so
these are the page's, the game's and the screen reader's delays, not the player's.
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
    exported_site,
    hidden_entries,
    open_alone,
    play_alone_cardavia,
    play_cardavia,
    shown_to_spoken,
    turn_delays,
    words_ahead,
)
from tests.web_support import live_server  # noqa: E402

Result = tuple[list[float], list[TurnDelay], list[int], int]


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measured(player: Player, first: int) -> Result:
    said = player.bed.utterances()[first:]
    shown = entries(player.driver)
    return (shown_to_spoken(shown, said), turn_delays(shown, said), words_ahead(shown, said),
            len(hidden_entries(player.driver)))  # fmt: skip


def online(stack: Bed, folder: Path, deals: int, loaded: bool) -> Result:
    load = busy_core() if loaded else nullcontext()
    with live_server(folder) as server, stack.chromium(f"online-{loaded}") as driver, load:
        player = Player(stack, driver)
        first = player.mark()
        player.enter(server["url"], "Anna")
        player.create("cardavia", deals="3", pace="0")
        player.start()
        play_cardavia(player, deals)
        return measured(player, first)


def alone(stack: Bed, folder: Path, turns: int, loaded: bool) -> Result:
    load = busy_core() if loaded else nullcontext()
    with exported_site(folder) as url, stack.chromium(f"alone-{loaded}") as driver, load:
        player = Player(stack, driver)
        first = player.mark()
        open_alone(player, url)
        play_alone_cardavia(player, turns)
        return measured(player, first)


def line(name: str, samples: list[float]) -> str:
    if not samples:
        return f"{name}: no samples"
    return (f"{name}: n={len(samples)} p50={statistics.median(samples) * 1000:.0f} ms "
            f"p99={percentile(samples, 0.99) * 1000:.0f} ms "
            f"max={max(samples) * 1000:.0f} ms")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--pages", nargs="+", choices=("online", "alone"),
                        default=["online", "alone"])  # fmt: skip
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="audiogame-sr-bench-") as name:
        folder = Path(name)
        stack = Bed(folder / "bed")
        try:
            stack.start()
            for page in args.pages:
                for loaded in (False, True):
                    data = folder / f"{page}-{'loaded' if loaded else 'quiet'}"
                    if page == "online":
                        data.mkdir()
                        result = online(stack, data, args.deals, loaded)
                    else:
                        result = alone(stack, data, args.turns, loaded)
                    spoken, turns, ahead, hidden = result
                    label = f"{page}, {'one core busy' if loaded else 'quiet'}"
                    print(line(f"{label}, message shown -> speech started", spoken))
                    print(line(f"{label}, your turn after the utterance playing, in play",
                               [t.seconds for t in turns if not t.behind_long]))  # fmt: skip
                    print(line(f"{label}, your turn behind a long message (a deal's opening)",
                               [t.seconds for t in turns if t.behind_long]))  # fmt: skip
                    print(line(f"{label}, every your turn after the utterance playing",
                               [t.seconds for t in turns]))  # fmt: skip
                    print(f"{label}, words said ahead of a your turn: max "
                          f"{max(ahead, default=0)}, over {len(ahead)} turns "
                          f"({sorted(ahead)}); entries hidden: {hidden}", flush=True)  # fmt: skip
        finally:
            stack.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
