"""While the page that plays alone loads, it is never silent for long: after "Loading the
game", every few seconds it says how far it has got, in the page's language, with words true
for the visit: a first visit downloads the game ("Downloading the game: 40 percent."), a later
one has every file in the browser and says neither the download nor that the first visit takes
a few seconds.

The site is served by a static file server of the test's own that holds one file back until
the test has heard what the page says while waiting for it (no clock): the program's archive
half sent at a first visit, the version file at a later one (taken out of the browser's copy
first, so that the page waits for the network)."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.browser import chromium, wait_for

pytestmark = pytest.mark.browser

LOADING = 90.0
"""Seconds a first visit may take to start Pyodide on a loaded machine (measured in bench/)."""

HEARD = """
window.heard = [];
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) {
    const parent = node.parentElement;
    if (node.nodeType === 1 && parent && (parent.id === "history" || parent.id === "echo")) {
      window.heard.push(node.textContent.replace(/\\u00a0/g, "").trim());
    }
  }
}).observe(document, { childList: true, subtree: true });
"""
"""What the page says (each entry added to the history, each line of the echo), from the
moment it opens, in order."""

WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "page": "",
        "first": "Loading the game: the first visit takes a few seconds.",
        "later": "Loading the game.",
        "downloading": re.compile(r"^Downloading the game: \d{1,2} percent\.$"),
        "progress": {"Starting Python.", "Starting the game.", "Still starting the game."},
        "menu": "Main menu.",
    },
    "it": {
        "page": "index-it.html",
        "first": "Il gioco si sta caricando: la prima volta ci vuole qualche secondo.",
        "later": "Il gioco si sta caricando.",
        "downloading": re.compile(r"^Scaricamento del gioco: \d{1,2} per cento\.$"),
        "progress": {"Avvio di Python.", "Avvio del gioco.", "Il gioco si sta ancora avviando."},
        "menu": "Menu principale.",
    },
}


class Held:
    """The file the server holds back (its path), and the event that lets it go."""

    path = ""
    release = threading.Event()


@contextmanager
def holding_server(folder: Path) -> Iterator[str]:
    """``folder`` served on 127.0.0.1; a request for ``Held.path`` gets the first half of
    the file, then the rest once ``Held.release`` is set."""

    class Handler(SimpleHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path != Held.path:
                super().do_GET()
                return
            data = (folder / self.path.lstrip("/")).read_bytes()
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            Held.release.wait(LOADING)
            self.wfile.write(data[len(data) // 2 :])

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        Held.release.set()
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import subprocess
    import sys

    from tests.browser import ROOT
    from tests.screenreader_play import PYODIDE

    site = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "audiogame", "export-web", str(site), "--pyodide", str(PYODIDE)],
        capture_output=True, text=True, check=True, cwd=ROOT,
    )  # fmt: skip
    return site


def heard(driver: Any) -> list[str]:
    lines: list[str] = driver.execute_script("return window.heard || []")
    return lines


def opened_holding(driver: Any, url: str, path: str) -> None:
    """Open ``url`` with ``path`` held back, what the page says recorded from the start."""
    Held.path, Held.release = path, threading.Event()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HEARD})
    driver.get(url)


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_loading_says_how_far_it_has_got_at_a_first_and_a_later_visit(
    folder: Path, tmp_path: Path, language: str
) -> None:
    words = WORDS[language]
    profile = tmp_path / "profile"
    with holding_server(folder) as site:
        url = site + words["page"]
        with chromium(language=language, profile=profile) as driver:
            opened_holding(driver, url, "/app.zip")
            wait_for(lambda: any(words["downloading"].match(line) for line in heard(driver)),
                     timeout=LOADING, message=f"no download said: {heard(driver)}")  # fmt: skip
            Held.release.set()
            wait_for(lambda: any(line.startswith(words["menu"]) for line in heard(driver)),
                     timeout=LOADING, message=f"never started: {heard(driver)}")  # fmt: skip
            first = heard(driver)
            assert first[0] == words["first"], first
            wait_for(lambda: driver.execute_script(
                "return Boolean(navigator.serviceWorker.controller)"), timeout=LOADING,
                message="the service worker never took the page")  # fmt: skip
            # A later visit whose browser lacks one file: the page waits for the network.
            driver.execute_async_script(
                "const done = arguments[0];"
                "caches.keys().then((names) => Promise.all(names.map(async (name) =>"
                " (await caches.open(name)).delete('version.json')))).then(done);"
            )
        with chromium(language=language, profile=profile) as driver:
            opened_holding(driver, url, "/version.json")
            wait_for(lambda: words["progress"] & set(heard(driver)), timeout=LOADING,
                     message=f"no progress said: {heard(driver)}")  # fmt: skip
            Held.release.set()
            wait_for(lambda: any(line.startswith(words["menu"]) for line in heard(driver)),
                     timeout=LOADING, message=f"never started: {heard(driver)}")  # fmt: skip
            later = heard(driver)
    assert later[0] == words["later"], later
    assert not any(words["downloading"].match(line) for line in later), later
    assert words["first"] not in later, later
