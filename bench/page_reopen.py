"""How soon a page is back at its seat once the browser is started again: a headless Chromium
seated at a Scientific Battle table of the real server on 127.0.0.1 quits (``driver.quit()``)
and is started again at once with the same profile; the time from the page asked for to the
page saying "Back to your table: your seat was kept.", and the time Chromium took to quit and
start again (in which the old rule, a tab's mark younger than 4 s counting as an open tab, kept
the page at the name form).

Usage: ``python bench/page_reopen.py [--rounds 5]`` (needs scripts/install-browser-test-deps).
It prints each round's times and their median and maximum, in seconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser import chromium, texts, wait_for  # noqa: E402
from tests.web_support import create_table, enter_lobby, live_server, start_game  # noqa: E402

KEPT = "Back to your table: your seat was kept."


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = max(1, min(20, parser.parse_args().rounds))
    with tempfile.TemporaryDirectory() as folder:
        profile = Path(folder) / "profile"
        back: list[float] = []
        restart: list[float] = []
        with live_server(Path(folder) / "server") as server:
            with chromium(profile=profile) as driver:
                enter_lobby(driver, server["url"], "Carla")
                create_table(driver, "scientific", players="2")
                start_game(driver)
                wait_for(lambda: len(texts(driver, "#hand li")) == 14)
            for _round in range(rounds):
                quit_at = time.perf_counter()
                with chromium(profile=profile) as driver:
                    asked = time.perf_counter()
                    restart.append(asked - quit_at)
                    driver.get(server["url"])
                    wait_for(lambda: KEPT in texts(driver, "#history .message"), timeout=30)
                    back.append(time.perf_counter() - asked)
    for name, times in (("page asked -> back at the seat", back),
                        ("quit -> browser started again", restart)):  # fmt: skip
        listed = " ".join(f"{t:.2f}" for t in times)
        print(f"{name}: {listed}; median {statistics.median(times):.2f} s, "
              f"max {max(times):.2f} s")  # fmt: skip


if __name__ == "__main__":
    main()
