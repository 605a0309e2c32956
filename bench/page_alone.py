"""The page that plays alone, in headless Chromium: how soon it speaks, how fast it answers a
key, and how long the hard Cardavia player takes to decide in the page (Python under Pyodide,
WebAssembly) beside CPython, on the same positions.

The folder ``audiogame export-web`` writes is served by Python's static file server. Reported:

- page open → first spoken line (the main menu in the history), cold (a fresh browser profile:
  nothing cached) and warm (the same profile again: the service worker's copy), min, median and
  max;
- what the site's server sent for each kind of opening: every file asked for, how many times,
  and its bytes (from the server's log: a ``304`` sends none);
- key → words: a Battaglia game played with Space, from the key to the batch that says it;
- the hard Cardavia player's decisions: positions recorded in CPython from seeded deals
  (pickled: the player, its view, the legal plays), decided again in CPython and in the page's
  worker, p50 and p99 each and their ratio.

    python3 bench/page_alone.py
    python3 bench/page_alone.py --runs 5 --tricks 200 --deals 3
    python3 bench/page_alone.py --runs 5 --open-only
"""

from __future__ import annotations

import argparse
import base64
import pickle
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from audiogame.web.alone import PAGE_BUDGETS  # noqa: E402
from tests.browser import chromium, wait_for  # noqa: E402

PYODIDE = ROOT / "node_modules" / "pyodide"

DECIDE = """
import base64, pickle, time
def decide_all(blob, budget=None):
    times = []
    for bot, view, legal in pickle.loads(base64.b64decode(blob)):
        bot.budget = budget
        start = time.perf_counter()
        bot.choose(view, legal)
        times.append((time.perf_counter() - start) * 1000)
    return times
"""

BENCH_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
</head><body><pre id="out">wait</pre><script type="module">
const worker = new Worker("bench-worker.js", { type: "module" });
window.result = null;
worker.onmessage = (event) => { window.result = event.data; };
window.decide = (blob, budget) => { window.result = null; worker.postMessage({ blob, budget }); };
</script></body></html>"""

BENCH_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
py.unpackArchive(await (await fetch("app.zip")).arrayBuffer(), "zip", { extractDir: "/app" });
py.runPython("import sys; sys.path.insert(0, '/app')");
py.runPython(%s);
postMessage("ready");
self.onmessage = (event) => {
  py.globals.set("blob", event.data.blob);
  py.globals.set("budget", event.data.budget === null ? undefined : event.data.budget);
  try {
    postMessage(py.runPython("decide_all(blob, budget)").toJs());
  } catch (error) {
    postMessage(`failed: ${error}`);
  }
};
"""


def script(driver: Any, code: str) -> Any:
    return driver.execute_script(code)


def more(driver: Any, code: str, than: int) -> bool:
    return int(driver.execute_script(code)) > than


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * 0.99) - 1)]


def summary(values: list[float]) -> str:
    return f"p50 {statistics.median(values):.0f} ms, p99 {p99(values):.0f} ms (n={len(values)})"


def positions(deals: int) -> list[tuple[Any, Any, Any]]:
    """``(player, view, legal)`` at every decision of the hard players of seeded deals."""
    from audiogame.table.session import Table

    found = []
    for number in range(deals):
        table = Table("cardavia", {}, 500 + number, {1: "hard", 2: "hard"})
        while not table.is_over:
            for seat in table.to_act():
                bot = table.thinker(seat)
                if bot is None:
                    table.apply(seat, table.legal(seat)[0])
                    continue
                _, view, legal = table.bot_turn(seat)
                found.append(pickle.loads(pickle.dumps((bot, view, legal))))
                table.apply(seat, bot.choose(view, legal))
    return found


def serve(folder: Path, log: Path) -> tuple[subprocess.Popen[str], str]:
    """The site served by Python's static file server, each request written to ``log``."""
    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
         "--directory", str(folder)],
        stdout=subprocess.PIPE, stderr=log.open("w"), text=True,
    )  # fmt: skip
    assert server.stdout is not None
    port = re.search(r"port (\d+)", server.stdout.readline())
    assert port
    return server, f"http://127.0.0.1:{port.group(1)}/"


PHASES: list[dict[str, int]] = []
REQUEST = re.compile(r'"GET (\S+) HTTP/[\d.]+" (\d{3})')


def requests(log: Path, since: int, site: Path) -> tuple[int, dict[str, list[int]]]:
    """The requests the server logged after byte ``since`` of ``log``: the log's new end, and
    for each path the bytes sent at each request (0 for a ``304``)."""
    text = log.read_text(errors="replace")
    found: dict[str, list[int]] = {}
    for path, status in REQUEST.findall(text[since:]):
        file = site / path.split("?")[0].lstrip("/")
        if file.is_dir():
            file = file / "index.html"
        sent = file.stat().st_size if status == "200" and file.is_file() else 0
        found.setdefault(path, []).append(sent)
    return len(text), found


def spread(values: list[float]) -> str:
    return (f"min {min(values):.2f} s, median {statistics.median(values):.2f} s, "
            f"max {max(values):.2f} s")  # fmt: skip


def traffic(name: str, openings: list[dict[str, list[int]]]) -> None:
    """Each path asked for in ``openings`` (one dict per opening): requests and bytes."""
    print(f"{name} openings, the server's answers (requests / bytes sent, per opening, "
          f"the most seen):")  # fmt: skip
    paths = sorted({path for opening in openings for path in opening})
    total = max(sum(sum(sent) for sent in opening.values()) for opening in openings)
    for path in paths:
        most = max(openings, key=lambda opening: len(opening.get(path, [])))
        sent = most.get(path, [])
        print(f"  {path}: {len(sent)} / {sum(sent):,}")
    print(f"  every file: at most {total:,} bytes an opening")


def first_line(driver: Any, url: str) -> float:
    """Seconds from opening ``url`` to the main menu's line in the history."""
    driver.get(url)
    script = (
        "const e = [...document.querySelectorAll('#history .entry')].find("
        "  (e) => e.textContent.includes('Main menu.'));"
        "return e ? Number(e.dataset.shown) - performance.timeOrigin : 0;"
    )
    shown = wait_for(lambda: driver.execute_script(script), timeout=120)
    PHASES.append(wait_for(lambda: driver.execute_script("return window.audiogame.phases")))
    return float(shown) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold and warm openings each")
    parser.add_argument("--tricks", type=int, default=120, help="keys for key -> words")
    parser.add_argument("--deals", type=int, default=2, help="Cardavia deals of positions")
    parser.add_argument("--open-only", action="store_true", help="only the openings")
    args = parser.parse_args()
    from selenium.webdriver.common.keys import Keys

    work = Path(tempfile.mkdtemp(prefix="audiogame-page-bench-"))
    site = work / "site"
    subprocess.run([sys.executable, "-m", "audiogame", "export-web", str(site), "--pyodide",
                    str(PYODIDE)], check=True, cwd=ROOT, capture_output=True)  # fmt: skip
    (site / "bench.html").write_text(BENCH_PAGE, encoding="utf-8")
    (site / "bench-worker.js").write_text(BENCH_WORKER % repr(DECIDE), encoding="utf-8")
    log = work / "server.log"
    server, url = serve(site, log)
    try:
        cold, warm = [], []
        sent_cold, sent_warm = [], []
        mark = 0
        for run in range(args.runs):
            profile = work / f"profile-{run}"
            with chromium(profile=profile) as driver:
                cold.append(first_line(driver, url))
                controlled = "return Boolean(navigator.serviceWorker.controller)"
                wait_for(partial(script, driver, controlled), timeout=120)
            mark, opening = requests(log, mark, site)
            sent_cold.append(opening)
            with chromium(profile=profile) as driver:
                warm.append(first_line(driver, url))
            mark, opening = requests(log, mark, site)
            sent_warm.append(opening)
        print(f"page open -> first line: cold {spread(cold)}; warm {spread(warm)} "
              f"({args.runs} runs each)")  # fmt: skip
        print(
            "the worker's phases (ms since it started, each opening):",
            "; ".join(", ".join(f"{k} {v}" for k, v in p.items()) for p in PHASES),
        )
        traffic("cold", sent_cold)
        traffic("warm", sent_warm)
        if args.open_only:
            return
        with chromium() as driver:
            first_line(driver, url)
            play = driver.find_element("id", "play")
            play.send_keys(Keys.ENTER)
            wait_for(lambda: "new game" in driver.execute_script(
                "return window.audiogame.announcer.last || ''"))  # fmt: skip
            play.send_keys(Keys.ENTER)
            wait_for(lambda: "cards each" in " ".join(driver.execute_script(
                "return window.audiogame.program")))  # fmt: skip
            driver.execute_script("window.audiogame.answers.length = 0")
            for _trick in range(args.tricks):
                before = driver.execute_script("return window.audiogame.answers.length")
                play.send_keys(Keys.SPACE)
                wait_for(partial(more, driver, "return window.audiogame.answers.length", before))
                if "Game over" in driver.execute_script("return window.audiogame.announcer.last"):
                    break
            answers = [float(x) for x in driver.execute_script("return window.audiogame.answers")]
        found = positions(args.deals)
        blob = base64.b64encode(pickle.dumps(found)).decode()
        namespace: dict[str, Any] = {}
        exec(DECIDE, namespace)
        native = namespace["decide_all"](blob)
        with chromium() as driver:
            driver.get(url + "bench.html")
            wait_for(lambda: driver.execute_script("return window.result") == "ready", timeout=120)
            results = []
            for budget in (None, PAGE_BUDGETS["hard"]):
                driver.execute_script("window.decide(arguments[0], arguments[1])", blob, budget)
                answer = wait_for(lambda: driver.execute_script(
                    "const r = window.result; return r === 'ready' ? null : r;"),
                    timeout=600)  # fmt: skip
                if not isinstance(answer, list):
                    raise RuntimeError(f"the page could not decide: {str(answer)[-3000:]}")
                results.append(answer)
            page, kept = results
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(work, ignore_errors=True)
    print(f"key -> words (Battaglia, Space): {summary(answers)}")
    print(f"hard Cardavia decision, {len(found)} positions: CPython {summary(native)}; "
          f"page {summary(page)}; ratio p50 "
          f"{statistics.median(page) / statistics.median(native):.2f}, p99 "
          f"{p99(page) / p99(native):.2f}")  # fmt: skip
    print(f"the same in the page as it plays them (a {PAGE_BUDGETS['hard']} s budget a "
          f"decision): {summary(kept)}")  # fmt: skip


if __name__ == "__main__":
    main()
