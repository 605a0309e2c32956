"""A public server tried with frames the library would answer by itself: thousands of pings
in one write (read, or the connection reset under their pongs) and a frame out of place.
Real connections from loopback addresses, bounded in count and time; each test asserts what
the honest player gets (a welcome) and what the attacker got back."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import logging
import os
import socket
import struct
from pathlib import Path

import pytest

from audiogame.online.frames import RATE
from tests.online_support import running_server
from tests.test_online_hostile_doors import client, next_of

PINGS = b"\x89\x80\0\0\0\0" * 5000
"""5,000 empty pings, masked, in one write of 30 KB."""


async def upgraded(port: int, address: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A raw WebSocket from ``address``, its upgrade answered (101)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
    )
    writer.write(f"{request}\r\n".encode())
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
    assert head.startswith(b"HTTP/1.1 101")
    return reader, writer


def pongs_in(data: bytes) -> int:
    """Pongs (empty, unmasked: 0x8A 0x00) among the frames the server sent."""
    count, at = 0, 0
    while at + 2 <= len(data):
        opcode, length = data[at] & 0x0F, data[at + 1] & 0x7F
        size = 2 + (2 if length == 126 else 8 if length == 127 else 0)
        if length >= 126:
            length = int.from_bytes(data[at + 2 : at + size], "big")
        count += opcode == 0xA
        at += size + length
    return count


def test_thousands_of_pings_in_one_write_are_not_answered_and_not_logged_once_each(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """One connection reads what its 5,000 pings bring back: no more than a burst's worth of
    pongs before it is closed (before: every one of them); twenty others reset their
    connections under their pings: asyncio's "socket.send() raised exception." reaches the
    log once at most (before: about 5,000 lines a connection); then the honest player is
    welcomed."""

    async def go() -> tuple[int, str]:
        async with running_server(tmp_path, rate=RATE) as server:
            reader, writer = await upgraded(server.port, "127.0.9.1")
            writer.write(PINGS)
            got = b""
            with contextlib.suppress(ConnectionError, TimeoutError):
                while chunk := await asyncio.wait_for(reader.read(65536), 10):
                    got += chunk
            writer.close()
            for n in range(20):
                _, rude = await upgraded(server.port, f"127.0.10.{n + 1}")
                rude.write(PINGS)
                await rude.drain()
                sock = rude.get_extra_info("socket")
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                rude.transport.abort()  # reset, the pongs unread
            await asyncio.sleep(0)  # let the resets arrive before the honest player
            honest = await client(server.port, "127.0.11.1", "Anna")
            welcome = await next_of(honest, "welcome")
            await honest.close()
            return pongs_in(got), welcome["name"]

    with caplog.at_level(logging.WARNING, logger="asyncio"):
        pongs, name = asyncio.run(go())
    assert name == "Anna"
    assert pongs <= 2 * RATE * 2  # a burst's worth, twice at most (before: 5,000)
    sends = [r for r in caplog.records if "socket.send() raised exception" in r.getMessage()]
    assert len(sends) <= 1


def test_a_frame_out_of_place_closes_the_connection_and_nothing_more_is_read(
    tmp_path: Path,
) -> None:
    """A continuation frame with no message begun: the client hears why (1002, "unexpected
    continuation frame") and what it sends afterwards is no longer read, so it can push no
    more than the sockets' buffers (before: read and thrown away for the 10 s a hello is
    waited for, 816 MB and a core); the honest player is welcomed meanwhile."""
    blob = b"\x00\x81\0\0\0\0a" * 2000  # continuations, never begun

    async def go() -> tuple[bytes, int, str]:
        async with running_server(tmp_path) as server:
            reader, writer = await upgraded(server.port, "127.0.12.1")
            heard = asyncio.ensure_future(reader.read(64))
            sent = 0
            with contextlib.suppress(ConnectionError, TimeoutError):
                while sent < 2**31:
                    writer.write(blob)
                    await asyncio.wait_for(writer.drain(), 5)
                    sent += len(blob)
            said = await asyncio.wait_for(heard, 5)
            writer.close()
            honest = await client(server.port, "127.0.13.1", "Anna")
            welcome = await next_of(honest, "welcome")
            await honest.close()
            return said, sent, welcome["name"]

    said, sent, name = asyncio.run(go())
    assert said.startswith(b"\x88\x1f\x03\xeaunexpected continuation frame")
    assert sent < 64 * 2**20  # the sockets' buffers (before: hundreds of MB)
    assert name == "Anna"
