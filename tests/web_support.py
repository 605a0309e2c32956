"""A server on 127.0.0.1 (a free port) running in a thread for the browser tests: the page over
HTTP and, on the same port, the WebSocket handler given."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

from audiogame.web.pages import process_request


@contextmanager
def page_server(handler: Callable[[Any], Awaitable[None]]) -> Iterator[dict[str, Any]]:
    """``{"url": ..., "stop": callable}``; the server stops at the end at the latest."""
    from websockets.asyncio.server import serve

    ready = threading.Event()
    info: dict[str, Any] = {}

    async def main() -> None:
        stop = asyncio.Event()
        info["stop_event"] = stop
        info["loop"] = asyncio.get_running_loop()
        async with serve(handler, "127.0.0.1", 0, process_request=process_request) as server:
            port = server.sockets[0].getsockname()[1]
            info["url"] = f"http://127.0.0.1:{port}/"
            ready.set()
            await stop.wait()

    thread = threading.Thread(target=asyncio.run, args=(main(),), daemon=True)
    thread.start()
    ready.wait(10)

    def stop() -> None:
        if thread.is_alive():
            info["loop"].call_soon_threadsafe(info["stop_event"].set)
            thread.join(10)

    info["stop"] = stop
    try:
        yield info
    finally:
        stop()
