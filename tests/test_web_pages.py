"""The page over HTTP: in the player's language, its files with their types, the cues, and
nothing else (no path outside the page's folder)."""

from __future__ import annotations

import re

import pytest

from audiogame.web.pages import answer, language_of


def test_the_page_speaks_the_language_the_browser_asks_for() -> None:
    status, headers, body = answer("/", {"Accept-Language": "it-IT,it;q=0.9,en;q=0.8"})
    assert isinstance(body, bytes)  # the page, in memory (a large file would be left open)
    page = body.decode()
    assert status == 200
    assert headers["Content-Type"].startswith("text/html")
    assert '<html lang="it">' in page
    assert '<h2 id="lobby-h" tabindex="-1">Tavoli</h2>' in page
    assert "{{" not in page


def test_lang_in_the_address_wins_over_the_browser() -> None:
    assert language_of("lang=en", {"Accept-Language": "it"}) == "en"
    assert language_of("lang=fr", {"Accept-Language": "fr, it;q=0.5"}) == "it"
    assert language_of("", {}) == "en"


def test_the_words_for_the_scripts_are_in_the_page_and_escaped() -> None:
    body = answer("/?lang=en", {})[2]
    assert isinstance(body, bytes)
    page = body.decode()
    match = re.search(r'<script type="application/json" id="words">(.*?)</script>', page, re.S)
    assert match is not None
    assert "</" not in match.group(1)
    assert '"reconnecting": "Connection lost. Trying to reconnect."' in match.group(1)


@pytest.mark.parametrize(
    ("target", "kind"),
    [("/static/main.js", "text/javascript"), ("/static/style.css", "text/css"),
     ("/sounds/your_turn.ogg", "audio/ogg")],
)  # fmt: skip
def test_files_of_the_page_and_cues_are_served_with_their_type(target: str, kind: str) -> None:
    status, headers, body = answer(target, {})
    assert status == 200
    assert headers["Content-Type"].startswith(kind)
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert body


@pytest.mark.parametrize(
    "target",
    ["/static/../pages.py", "/static/%2e%2e/pages.py", "/static/index.html", "/sounds/../README.md",
     "/sounds/make_cues.py", "/etc/passwd", "/static/", "/sounds/nothing.ogg"],
)  # fmt: skip
def test_nothing_else_is_served(target: str) -> None:
    status, _, body = answer(target, {})
    assert status == 404
    assert body == b"Not found.\n"
