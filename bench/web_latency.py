"""Key to words in the browser: a key pressed in the page's game region to the answer's text in
its live region, through headless Chromium and the real server on 127.0.0.1.

Usage: ``python bench/web_latency.py [--keys 300]`` (needs scripts/install-browser-test-deps)

At a Cardavia table, Left and Right move through the hand (each says the card): the page notes
the time of the key event (``keydown``, before its own handler) and the time the answer's text
appears in the page (a MutationObserver on the live regions), both on the page's clock. Keys go
about 80 ms apart, under the page's own limit of 15 keys a second. It prints p50 and p99 in
milliseconds, and the presenter's own share: the server's time to handle each key (the table
screen's words included), measured around the browser seat's key handler.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from audiogame.web import seat as web_seat  # noqa: E402
from tests.browser import chromium, wait_for  # noqa: E402
from tests.web_support import create_table, enter_lobby, keys, live_server, start_game  # noqa: E402

WATCH = """
window.benchKeys = []; window.benchWords = [];
document.addEventListener('keydown', () => window.benchKeys.push(performance.now()),
                          {capture: true});
const note = () => window.benchWords.push(performance.now());
for (const id of ['echo', 'history']) {
  new MutationObserver(note).observe(document.getElementById(id),
                                     {childList: true, subtree: true, characterData: true});
}
"""


def more_words(driver: Any, before: int) -> bool:
    """The page has said more than ``before`` words since the bench began."""
    count: int = driver.execute_script("return window.benchWords.length")
    return count > before


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=300)
    args = parser.parse_args()
    from selenium.webdriver.common.keys import Keys

    presenter: list[float] = []
    original = web_seat.BrowserSeat.key

    def timed(self: web_seat.BrowserSeat, key: str) -> list[web_seat.Intent]:
        start = time.perf_counter()
        try:
            return original(self, key)
        finally:
            presenter.append((time.perf_counter() - start) * 1000)

    web_seat.BrowserSeat.key = timed  # type: ignore[method-assign]
    samples: list[float] = []
    with tempfile.TemporaryDirectory() as data, live_server(Path(data)) as server, chromium() as d:
        enter_lobby(d, server["url"], "Anna")
        create_table(d, "cardavia")
        start_game(d)
        wait_for(lambda: d.execute_script("return document.querySelectorAll('#hand li').length"))
        d.execute_script(WATCH)
        presenter.clear()
        for index in range(args.keys):
            words_before = d.execute_script("return window.benchWords.length")
            keys(d, Keys.ARROW_RIGHT if index % 2 == 0 else Keys.ARROW_LEFT)
            wait_for(partial(more_words, d, words_before))
            pressed, shown = d.execute_script(
                "return [window.benchKeys.at(-1), window.benchWords.at(-1)]"
            )
            samples.append(shown - pressed)
            time.sleep(0.08)
    print(f"browser: key event in the page to its words in the live region, {len(samples)} keys")
    print(f"  p50 {statistics.median(samples):.1f} ms, p99 {percentile(samples, 0.99):.1f} ms, "
          f"max {max(samples):.1f} ms")  # fmt: skip
    print("presenter on the server (the browser seat's key, the table screen's words)")
    print(f"  p50 {statistics.median(presenter):.2f} ms, p99 {percentile(presenter, 0.99):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
