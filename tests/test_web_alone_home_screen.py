"""What the export adds so that a phone keeps the page on its home screen and opens it offline:
a manifest in each language naming its page and its icons, the icons themselves (PNG of the
sizes named), and all of them kept by the service worker, each with the hash it checks."""

from __future__ import annotations

import base64
import hashlib
import json
import struct
from pathlib import Path

from audiogame.web.export import PYODIDE_FILES, export_web


def exported(tmp_path: Path) -> Path:
    """An exported folder (Pyodide's files stand-ins: not opened here)."""
    pyodide = tmp_path / "pyodide"
    pyodide.mkdir()
    for name in PYODIDE_FILES:
        (pyodide / name).write_bytes(f"fake {name}".encode())
    site = tmp_path / "site"
    export_web(site, pyodide, cache=tmp_path / "cache")
    return site


def test_each_language_has_a_manifest_whose_icons_are_in_the_site(tmp_path: Path) -> None:
    site = exported(tmp_path)
    english = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
    italian = json.loads((site / "manifest-it.json").read_text(encoding="utf-8"))
    assert (english["name"], english["start_url"], english["lang"]) == (
        "Audiogame cards", "index.html", "en")  # fmt: skip
    assert (italian["name"], italian["start_url"], italian["lang"]) == (
        "Audiogame: giochi di carte", "index-it.html", "it")  # fmt: skip
    assert english["display"] == italian["display"] == "standalone"
    assert '<link rel="manifest" href="manifest.json">' in (site / "index.html").read_text(
        encoding="utf-8"
    )
    assert '<link rel="manifest" href="manifest-it.json">' in (site / "index-it.html").read_text(
        encoding="utf-8"
    )
    sizes = set()
    for icon in english["icons"]:
        data = (site / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", icon
        width, height = struct.unpack(">II", data[16:24])  # the IHDR chunk's first fields
        assert f"{width}x{height}" == icon["sizes"], icon
        sizes.add(width)
    assert {192, 512} <= sizes  # what a phone asks for to add a page to its home screen
    assert italian["icons"] == english["icons"]


def test_the_service_worker_keeps_every_file_with_its_hash(tmp_path: Path) -> None:
    site = exported(tmp_path)
    offline = (site / "offline.js").read_text(encoding="utf-8")
    listed = json.loads(offline.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    for name in ["manifest.json", "manifest-it.json", "icons/icon-192.png",
                 "icons/icon-512.png", "index.html", "index-it.html", "app.zip",
                 "version.json"]:  # fmt: skip
        digest = hashlib.sha256((site / name).read_bytes()).digest()
        assert listed[name] == "sha256-" + base64.b64encode(digest).decode(), name
    # The site's address is either page, as the server chooses: either hash is accepted.
    assert listed["./"].split() == [listed["index-it.html"], listed["index.html"]]
