"""The files the server sends over HTTP (the page's own, the page that plays alone), and how a
large one is sent: in chunks, never whole in memory.

The ``websockets`` library answers a plain HTTP request with one ``Response`` whose body is
bytes, written at once: a file of 1.5 GB was read whole on the event loop (21 s with nothing
else served) and held, in copies, for each client that did not read it (200 of them took
the server from 39 MB to 3.2 GB). So a file is opened and checked here (:func:`regular_file`);
one of at most :data:`WHOLE` bytes is read at once, a larger one is left open
(:class:`Opened`) and :func:`send_file` writes it on the connection itself, a chunk of
:data:`CHUNK` bytes at a time, read in a worker thread, each written only once the client
has taken the one before (the transport's flow control). What a large file costs the server
is then a chunk and the transport's buffer, whatever its size; a client that takes nothing
for :data:`STALLED` seconds is cut off.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import stat
from pathlib import Path
from typing import BinaryIO

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Response

WHOLE = 64 * 1024
"""A file up to this size is read at once and sent as the library sends any answer."""
CHUNK = 64 * 1024
"""What a large file is read and written by."""
STALLED = 10.0
"""Seconds a client has to take each chunk of a file being sent (at least 64 KB every 10 s,
once the sockets' buffers are full) before it is cut off: 256 clients reading 512 bytes
every 20 s held every HTTP slot for the whole of a 9.6 MB file."""
CLOSING = 5.0
"""Seconds the connection has to close once the file is sent."""


class Opened:
    """A regular file of the page's, open, and its size (as it was when opened)."""

    def __init__(self, file: BinaryIO, size: int) -> None:
        self.file, self.size = file, size

    def read(self, count: int) -> bytes:
        return self.file.read(count)

    def close(self) -> None:
        self.file.close()


class FileResponse(Response):
    """An answer whose body is a large file, sent by :func:`send_file` (``body`` is empty;
    ``Content-Length`` is the file's)."""

    file: Opened


def file_response(status: int, reason: str, headers: object, opened: Opened) -> FileResponse:
    response = FileResponse(status, reason, headers)  # type: ignore[arg-type]
    response.file = opened
    return response


def regular_file(root: Path, parts: list[str]) -> bytes | Opened | None:
    """The regular file ``parts`` names inside ``root``: its bytes (up to :data:`WHOLE`),
    else the file open (:class:`Opened`); None for anything else: a symbolic link (anywhere
    on the way), a file with more than one name (a hard link: its other name may be anywhere),
    a folder, a device, anything leading outside ``root``.

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> _ = (root / "a.js").write_text("ok")
    >>> (root / "b.js").symlink_to("/etc/hostname")
    >>> regular_file(root, ["a.js"]), regular_file(root, ["b.js"]), regular_file(root, [".."])
    (b'ok', None, None)
    """
    here = root
    for part in parts:
        here = here / part
        if part in ("", ".", "..") or here.is_symlink():
            return None
    try:
        if not here.resolve().is_relative_to(root.resolve()):
            return None
        # Without waiting: a named pipe opened to read waits for a writer (the server with
        # it); it is refused as no regular file once open.
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        descriptor = os.open(here, flags)
    except OSError:  # a name the file system refuses is no file of ours
        return None
    file = os.fdopen(descriptor, "rb")
    try:
        found = os.fstat(file.fileno())
        if not stat.S_ISREG(found.st_mode) or found.st_nlink != 1:
            file.close()
            return None
        # A folder of the path swapped for a link between the checks and the opening: where
        # the file opened really is (Linux tells it), inside the folder or refused.
        opened = Path(f"/proc/self/fd/{descriptor}")
        if opened.exists() and not opened.resolve().is_relative_to(root.resolve()):
            file.close()
            return None
        if found.st_size <= WHOLE:
            with file:
                return file.read(WHOLE + 1)[:WHOLE]
        return Opened(file, found.st_size)
    except OSError:
        file.close()
        return None


async def send_file(connection: ServerConnection, response: FileResponse) -> None:
    """Write ``response`` (its head, then its file by chunks) on ``connection``, then close
    it; the library has nothing left to send (the connection is closed when it looks)."""
    transport = connection.transport
    transport.pause_reading()  # one request a connection: nothing more is read
    opened, left = response.file, response.file.size
    try:
        transport.write(response.serialize())
        while left > 0 and not transport.is_closing():
            chunk = await asyncio.to_thread(opened.read, min(CHUNK, left))
            if not chunk:
                break  # the file shrank since it was opened: the answer is cut short
            left -= len(chunk)
            transport.write(chunk)
            async with asyncio.timeout(STALLED):
                await connection.drain()
    except (TimeoutError, OSError):
        left = left or 1
    finally:
        opened.close()
    if left or transport.is_closing():
        transport.abort()
    else:
        transport.close()  # once the buffer is written
    try:
        async with asyncio.timeout(CLOSING):
            await asyncio.shield(connection.connection_lost_waiter)
    except TimeoutError:
        transport.abort()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(CLOSING):
                await asyncio.shield(connection.connection_lost_waiter)
