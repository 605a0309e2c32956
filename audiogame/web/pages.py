"""The page over HTTP, on the server's own port: ``/`` is the page in the player's language,
``/static/…`` its scripts and style, ``/sounds/NAME.ogg`` the cues. A WebSocket upgrade passes
through to the game server; any other request gets a plain 404.

The answer is computed by :func:`answer` (path and headers in, status, headers and body out), so
that it can be tested without a socket; :func:`process_request` plugs it into the
``websockets`` server.

>>> status, headers, body = answer("/static/../pages.py", {})
>>> status
404
>>> b'<html lang="it">' in answer("/", {"Accept-Language": "it-IT,it;q=0.9"})[2]
True
"""

from __future__ import annotations

import html
import ipaddress
import json
import re
import socket
from collections.abc import Awaitable, Callable, Iterable, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from audiogame.app.texts import paragraphs, rules_text
from audiogame.catalog import GAMES, LEVEL
from audiogame.i18n import LANGUAGES, _, set_language
from audiogame.i18n import language as current_language
from audiogame.web.files import FileResponse, Opened, file_response, regular_file, send_file
from audiogame.web.words import page_words

STATIC = Path(__file__).resolve().parent / "static"
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".ogg": "audio/ogg",
    ".svg": "image/svg+xml",
}
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
        "media-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
}
ALONE_HEADERS = {
    **HEADERS,
    # Pyodide compiles WebAssembly; the page's worker is its own script.
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
        "connect-src 'self'; img-src 'self' data:; media-src 'self'; object-src 'none'; "
        "base-uri 'none'; frame-ancestors 'none'"
    ),
}
ALONE_TYPES = {
    **TYPES,
    ".mjs": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".json": "application/json",
    ".png": "image/png",
}
ALONE_PART = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,80}$")
_ALONE: list[Path] = []
"""The folder ``export-web`` wrote, when the server offers the page that plays alone."""
PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
NAME = re.compile(r"^[a-z0-9_]+\.(js|css|ogg|svg)$")

Answer = tuple[int, dict[str, str], bytes | Opened]
"""Status, headers, and the body: bytes, or a large file left open (:mod:`audiogame.web.files`)."""


def language_of(query: str, headers: Mapping[str, str]) -> str:
    """``?lang=it`` first, then the browser's Accept-Language, then English."""
    asked = parse_qs(query).get("lang", [""])[0]
    if asked in LANGUAGES:
        return asked
    for part in headers.get("Accept-Language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


def setup_forms(language: str) -> list[dict[str, Any]]:
    """Every game's new-table form for the page, in ``language``: its name, its number of
    players (from its engine's facts), each of its own options with its label, its values
    and their words, its default; the levels of the computer players."""
    before = current_language()
    set_language(language)
    try:
        forms = []
        for entry in GAMES:
            facts = entry.facts
            options = [
                {
                    "key": option.key,
                    "label": _(option.label),
                    "switch": facts.option(option.key).is_switch,
                    "default": option.default,
                    "values": [[value, option.describe(value)] for value in option.values],
                }
                for option in entry.options
                if option.key not in ("players", "level", "seed")
            ]
            players = {"min": facts.min_players, "max": facts.max_players,
                       "default": facts.default_players}  # fmt: skip
            forms.append({"key": entry.key, "title": _(entry.short_title or entry.title),
                          "players": players, "options": options})  # fmt: skip
        return forms
    finally:
        set_language(before)


def levels(language: str) -> list[list[str]]:
    """The computer players' levels and their words in ``language``."""
    before = current_language()
    set_language(language)
    try:
        return [[level, LEVEL.describe(level)] for level in LEVEL.values]
    finally:
        set_language(before)


@cache
def page(language: str) -> bytes:
    """The page in ``language``: the template's ``{{key}}`` filled with the words, and every
    word also handed to the scripts as JSON."""
    words = page_words(language)
    template = (STATIC / "index.html").read_text(encoding="utf-8")
    values = {key: html.escape(text) for key, text in words.items()}
    values["lang"] = language
    values["alone_hidden"] = "" if _ALONE else " hidden"
    values["words_json"] = html.escape(json.dumps(words, ensure_ascii=False), quote=False)
    # The rules of every game (F4), in the page's language.
    rules = {entry.key: paragraphs(rules_text(entry.key, language)) for entry in GAMES}
    values["rules_json"] = html.escape(json.dumps(rules, ensure_ascii=False), quote=False)
    # The new-table form of every game, built by the page from this (lobby.js).
    forms = {"games": setup_forms(language), "levels": levels(language)}
    values["games_json"] = html.escape(json.dumps(forms, ensure_ascii=False), quote=False)
    return PLACEHOLDER.sub(lambda match: values[match.group(1)], template).encode("utf-8")


def _file(folder: Path, name: str) -> bytes | Opened | None:
    if len(name) > 100 or not NAME.match(name):
        return None
    return regular_file(folder, [name])


def _sound(name: str) -> bytes | None:
    if not NAME.match(name) or not name.endswith(".ogg"):
        return None
    cue = resources.files("sounds").joinpath(name)
    return cue.read_bytes() if cue.is_file() else None


def serve_alone(folder: Path) -> str | None:
    """Offer the page that plays alone, from ``folder`` (written by ``export-web``) at
    ``/alone/``; the reason when it cannot be."""
    if not (folder / "index.html").is_file() or not (folder / "app.zip").is_file():
        return f"{folder} is not a folder written by audiogame export-web"
    _ALONE[:] = [folder.resolve()]
    page.cache_clear()
    return None


def alone_file(path: str, headers: Mapping[str, str], query: str) -> Answer | None:
    """A file of the page that plays alone (``/alone/…``), or None: only a regular file
    inside the exported folder (:func:`regular_file`)."""
    if not _ALONE:
        return None
    parts = path.removeprefix("/alone/").split("/")
    if parts == [""]:
        language = language_of(query, headers)
        parts = ["index.html" if language == "en" else f"index-{language}.html"]
    if len(parts) > 3 or not all(ALONE_PART.match(part) for part in parts):
        return None
    kind = Path(parts[-1]).suffix
    if kind not in ALONE_TYPES:
        return None
    body: bytes | Opened | None = regular_file(_ALONE[0], parts)
    if body is None:
        return None
    return 200, {"Content-Type": ALONE_TYPES[kind], **ALONE_HEADERS}, body


def answer(target: str, headers: Mapping[str, str]) -> Answer:
    """The answer to ``GET target``."""
    parts = urlsplit(target)
    path = parts.path
    body: bytes | Opened | None = None
    if path.startswith("/alone/"):
        found = alone_file(path, headers, parts.query)
        if found is not None:
            return found
    elif path in ("/", "/index.html"):
        body, kind = page(language_of(parts.query, headers)), ".html"
    elif path.startswith("/static/"):
        name = path.removeprefix("/static/")
        body, kind = _file(STATIC, name), Path(name).suffix
    elif path.startswith("/sounds/"):
        body, kind = _sound(path.removeprefix("/sounds/")), ".ogg"
    if body is None:
        return 404, {"Content-Type": "text/plain; charset=utf-8", **HEADERS}, b"Not found.\n"
    return 200, {"Content-Type": TYPES[kind], **HEADERS}, body


def foreign_origin(headers: Mapping[str, str]) -> bool:
    """A browser's connection from a page this server did not serve (its ``Origin`` is
    another host than the one it asked for); a terminal client sends no ``Origin``.

    >>> foreign_origin({"Origin": "https://evil.example", "Host": "cards.example:8765"})
    True
    >>> foreign_origin({"Origin": "https://cards.example:8765", "Host": "cards.example:8765"})
    False
    >>> foreign_origin({"Host": "cards.example:8765"})
    False
    """
    origin = headers.get("Origin")
    if origin is None:
        return False
    return urlsplit(origin).netloc.lower() != headers.get("Host", "").lower()


class Hosts:
    """The names a request may give in its ``Host`` (and a browser's upgrade in its
    ``Origin``): those the server was started for (``serve --host`` when it is a name, each
    ``serve --public-name``), this computer's own name, ``localhost``, and any address written as
    numbers. A web page on another name that resolves to this server (DNS rebinding) gives
    its own name, and is refused.

    >>> hosts = Hosts("0.0.0.0", ["Cards.Example.org"], machine="box")
    >>> [hosts.allowed(h) for h in ("cards.example.org:8765", "127.0.0.1:8765", "[::1]:8765",
    ...                             "localhost", "box.local", "evil.example:8765", "")]
    [True, True, True, True, True, False, False]
    """

    def __init__(self, listen: str, names: Iterable[str] = (), machine: str | None = None) -> None:
        machine = socket.gethostname() if machine is None else machine
        found = {"localhost", machine, f"{machine}.local", listen, *names}
        self.names = {name.lower().rstrip(".") for name in found if name}

    def allowed(self, host: str) -> bool:
        host = host.strip().lower()
        if host.startswith("["):  # an IPv6 address, with its port after "]"
            name = host[1 : host.find("]")] if "]" in host else ""
        else:
            name, _, port = host.rpartition(":")
            if not name or not port.isdigit():
                name = host
        name = name.rstrip(".")
        if not name:
            return False
        try:
            ipaddress.ip_address(name)
            return True  # no other site's page can be served under this server's address
        except ValueError:
            return name in self.names or name.endswith(".localhost")

    def refused(self, headers: Mapping[str, str]) -> bool:
        """Whether the request names this server by a name it was not started for."""
        if not self.allowed(headers.get("Host", "")):
            return True
        origin = headers.get("Origin")
        return origin is not None and not self.allowed(urlsplit(origin).netloc)


WRONG_HOST = (
    b"This server answers only to the names it was started for (audiogame serve --public-name).\n"
)


def is_websocket(headers: Mapping[str, str]) -> bool:
    return headers.get("Upgrade", "").lower() == "websocket"


SINGLE = ("Host", "Origin", "Upgrade", "Accept-Language")
"""Headers a request may give at most once (the server reads each as one value)."""


class Gate(Protocol):
    """What counts the HTTP answers being sent (:class:`audiogame.online.door.Door`)."""

    def http_enter(self, peer: str) -> bool: ...

    def http_leave(self, peer: str) -> None: ...


def plain(status: int, words: str, **extra: str) -> Response:
    """A short answer in words (a refusal)."""
    body = words.encode("utf-8")
    headers = Headers({"Content-Type": "text/plain; charset=utf-8", **HEADERS, **extra})
    headers["Content-Length"] = str(len(body))
    return Response(status, REASONS[status], headers, body)


def twice(headers: Headers) -> str | None:
    """The first header of :data:`SINGLE` the request gives more than once."""
    return next((name for name in SINGLE if len(headers.get_all(name)) > 1), None)


def busy(headers: Headers) -> Response:
    """503, in the words the page's player hears when the server is full."""
    from audiogame.i18n import speaking
    from audiogame.online.table_words import refusal_text

    with speaking(language_of("", headers)):
        words = refusal_text("server_full")
    return plain(503, words + "\n", **{"Retry-After": "60"})


def requests_for(
    hosts: Hosts, gate: Gate | None = None
) -> Callable[[ServerConnection, Request], Awaitable[Response | None]]:
    """``process_request`` for a server started for ``hosts``: a request that gives a header
    twice is refused (400), one that names the server by another name too (403), before
    anything else; past the HTTP answers ``gate`` lets be sent at once, 503; a large file is
    sent by chunks (:func:`audiogame.web.files.send_file`)."""

    async def process(connection: ServerConnection, request: Request) -> Response | None:
        headers = request.headers
        repeated = twice(headers)
        if repeated is not None:
            return plain(400, f"Bad request: the {repeated} header is given more than once.\n")
        if hosts.refused(headers):
            return plain(403, WRONG_HOST.decode())
        if is_websocket(headers) or gate is None:
            return await answered(connection, request)
        peer = connection.remote_address[0] if connection.remote_address else "?"
        if not gate.http_enter(str(peer)):
            return busy(headers)
        try:
            return await answered(connection, request)
        finally:
            gate.http_leave(str(peer))

    return process


async def answered(connection: ServerConnection, request: Request) -> Response | None:
    response = process_request(connection, request)
    if isinstance(response, FileResponse):
        await send_file(connection, response)
    return response


REASONS = {200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
           503: "Service Unavailable"}  # fmt: skip


def process_request(connection: ServerConnection, request: Request) -> Response | None:
    """For ``websockets.asyncio.server.serve(process_request=...)``: a WebSocket upgrade goes on
    to the game server (``None``); any other request is answered here (a large file: a
    :class:`audiogame.web.files.FileResponse`, for :func:`requests_for` to send)."""
    request_headers = request.headers
    if is_websocket(request_headers):
        if foreign_origin(request_headers):  # another site's page driving a visitor's browser
            return Response(403, "Forbidden", Headers({"Content-Length": "0"}), b"")
        return None
    status, headers, body = answer(request.path, request_headers)
    response_headers = Headers(headers)
    if connection.transport.get_extra_info("ssl_object") is not None:
        response_headers["Strict-Transport-Security"] = "max-age=31536000"
    if isinstance(body, Opened):
        response_headers["Content-Length"] = str(body.size)
        return file_response(status, REASONS[status], response_headers, body)
    response_headers["Content-Length"] = str(len(body))
    return Response(status, REASONS[status], response_headers, body)
