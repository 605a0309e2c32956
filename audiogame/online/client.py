"""The client's end of the protocol: connect, greet, send and receive messages.

:class:`Link` is what the terminal program (and the tests, and the load bench) use to talk to
``audiogame serve``; it knows nothing of screens.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import ssl
import sys
import unicodedata
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI
from websockets.frames import CloseCode

from audiogame.online import server_messages
from audiogame.online.messages import VERSION

DEFAULT_PORT = 8765
OPEN_WITHIN = 10.0
"""Seconds to reach the server and open the WebSocket (else ``LinkError`` ``unreachable``)."""
ANSWER_WITHIN = 15.0
"""Seconds a server has to answer the hello (a ``welcome`` or an ``error``) once connected;
past them the client closes the connection (``LinkError`` ``no_answer``)."""


_MOVES_THE_TERMINAL = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
"""Control (escape, bell...), format (bidirectional, zero-width), surrogate, private,
unassigned characters, line and paragraph separators."""


def clean(value: Any) -> Any:
    """A server's message with nothing in its text that could move a terminal or a voice:
    every control and escape character (an escape sequence loses its escape and is plain
    text) removed from every string, keys included; a line break becomes a space.

    >>> clean({"text": "hi\x1b]0;owned\x07\x1b[2J", "n": [1, "a\u202eb"]})
    {'text': 'hi]0;owned[2J', 'n': [1, 'ab']}
    """
    if isinstance(value, str):
        if value.isprintable():
            return value
        return "".join(
            " " if char in "\n\r\t" else char
            for char in value
            if char in "\n\r\t" or unicodedata.category(char) not in _MOVES_THE_TERMINAL
        )
    if isinstance(value, dict):
        return {clean(key): clean(item) for key, item in value.items()}
    if isinstance(value, list):
        return [clean(item) for item in value]
    return value


class LinkError(Exception):
    """The server refused us or cannot be reached: ``code`` says why (docs/protocol.md, plus
    ``unreachable``, ``gone``, ``tls``, ``needs_tls``, ``no_answer``: connected, the server did
    not answer the hello in time, and ``not_understood``: the server sent what is no message of
    the protocol); ``reason``, the server's reason for a refusal."""

    def __init__(self, code: str, message: str = "", reason: str | None = None) -> None:
        super().__init__(message or code)
        self.code = code
        self.reason = reason


def server_url(address: str, tls: bool = False) -> str:
    """``HOST[:PORT]`` (or a full ``ws://`` or ``wss://`` address) as a WebSocket URL.

    >>> server_url("example.org")
    'ws://example.org:8765/'
    >>> server_url("127.0.0.1:9000", tls=True)
    'wss://127.0.0.1:9000/'
    """
    if address.startswith(("ws://", "wss://")):
        return address
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit():
        host, port = address, str(DEFAULT_PORT)
    return f"{'wss' if tls else 'ws'}://{host}:{port}/"


async def speaks_tls(url: str, timeout: float = 3.0) -> bool:
    """Whether the server of a plain ``ws://`` address that failed its handshake answers a
    secure one instead (a server started with a certificate): a plain client is told to use
    ``--tls`` rather than that the server cannot be reached."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        host, port = parts.hostname or "", parts.port or DEFAULT_PORT
    except ValueError:
        return False
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # only asking whether it speaks TLS at all
    try:
        _reader, writer = await asyncio.wait_for(
            asyncio.open_connection(host, port, ssl=context), timeout
        )
    except (OSError, ssl.SSLError, TimeoutError, ValueError):
        return False
    writer.close()
    with contextlib.suppress(OSError, ssl.SSLError):
        await writer.wait_closed()
    return True


def client_tls(insecure: bool = False, cafile: str | None = None) -> ssl.SSLContext:
    """A context that verifies the server; ``insecure`` (a self-signed test server) does not."""
    context = ssl.create_default_context(cafile=cafile)
    if insecure:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


def missing_certificates(platform: str | None = None, paths: Any = None) -> bool:
    """macOS with python.org's Python: it checks certificates against a file of its own, which
    is there only once its ``Install Certificates.command`` has run; until then no server can
    be verified. (Elsewhere the system's certificates are used.)"""
    if (platform or sys.platform) != "darwin":
        return False
    paths = paths or ssl.get_default_verify_paths()
    return paths.cafile is None and paths.capath is None


class Link:
    """One connection to a server, greeted; ``answer_within``: seconds the server has to
    answer the hello (:data:`ANSWER_WITHIN`), and at most to open the connection (a test's
    server that never answers is given less)."""

    def __init__(
        self,
        url: str,
        name: str,
        *,
        password: str | None = None,
        tls: ssl.SSLContext | None = None,
        answer_within: float = ANSWER_WITHIN,
    ) -> None:
        self.url = url
        self.name = name
        self.password = password
        self.tls = tls
        self.answer_within = answer_within
        self.ws: ClientConnection | None = None

    async def open(self, token: str | None = None) -> dict[str, Any]:
        """Connect and greet; the ``welcome``. :class:`LinkError` when refused."""
        try:
            self.ws = await connect(
                self.url,
                ssl=self.tls if self.url.startswith("wss") else None,
                open_timeout=min(OPEN_WITHIN, self.answer_within),
                max_size=server_messages.MAX_MESSAGE,
            )
        except ssl.SSLError as error:
            if isinstance(error, ssl.SSLCertVerificationError) and missing_certificates():
                raise LinkError("tls_certificates", str(error)) from error
            raise LinkError("tls", str(error)) from error
        except ConnectionRefusedError as error:  # nobody listens there (yet)
            raise LinkError("unreachable", str(error)) from error
        except InvalidStatus as error:
            if error.response.status_code == 403:  # a name the server was not started for
                raise LinkError("wrong_host", str(error)) from error
            raise LinkError("unreachable", str(error)) from error
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ValueError, EOFError) as error:
            # ValueError: an address whose port is not a number ("host:80x"); EOFError: the
            # server closed before answering (websockets 14.1 does not wrap it in
            # InvalidHandshake, as later versions do).
            if self.url.startswith("ws://") and await speaks_tls(
                self.url, min(3.0, self.answer_within)
            ):
                raise LinkError("needs_tls", str(error)) from error
            raise LinkError("unreachable", str(error)) from error
        await self.send(
            {
                "type": "hello",
                "version": VERSION,
                "name": self.name,
                "password": self.password,
                "token": token,
            }
        )
        try:
            reply = await asyncio.wait_for(self.receive(), self.answer_within)
        except TimeoutError as error:
            if self.ws is not None:  # a server that does not answer would not answer a close
                self.ws.transport.abort()
            raise LinkError("no_answer", "the server did not answer the hello") from error
        if reply.get("type") != "welcome":
            await self.close()
            if reply.get("type") != "error":
                raise LinkError("not_understood", "the first answer is a welcome or an error")
            reason = reply.get("reason")
            raise LinkError(
                str(reply.get("code")),
                str(reply.get("message", "")),
                None if reason is None else str(reason),
            )
        self.name = str(reply.get("name", self.name))
        return reply

    async def send(self, message: dict[str, Any]) -> None:
        if self.ws is None:
            raise LinkError("gone")
        try:
            await self.ws.send(json.dumps(message))
        except ConnectionClosed as error:
            raise LinkError("gone", str(error)) from error

    async def receive(self) -> dict[str, Any]:
        """The next message, checked against the protocol's schemas
        (:mod:`audiogame.online.server_messages`); :class:`LinkError` ``gone`` when the
        connection ended, ``not_understood`` (and the connection closed) when what came is no
        message of the protocol, or too large."""
        if self.ws is None:
            raise LinkError("gone")
        try:
            raw = await self.ws.recv()
        except ConnectionClosed as error:
            if error.sent is not None and error.sent.code == CloseCode.MESSAGE_TOO_BIG:
                raise LinkError("not_understood", "a message too large") from error
            reason = clean(str(error.rcvd.reason if error.rcvd else ""))
            raise LinkError("gone", reason) from error
        try:
            server_messages.check(raw)
            message = clean(msgspec.json.decode(raw))
        except (ValueError, msgspec.DecodeError, msgspec.ValidationError) as error:
            await self.close()
            raise LinkError("not_understood", clean(str(error))[:200]) from error
        assert isinstance(message, dict)  # the schemas are all objects
        return message

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
