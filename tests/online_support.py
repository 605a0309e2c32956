"""What the online tests share: a real server on 127.0.0.1 (port 0) in the test's event loop,
clients that play by the protocol, and an oracle of what each seat has seen."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import re
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

from audiogame.online.client import Link
from audiogame.online.limits import Limits
from audiogame.online.messages import VERSION
from audiogame.online.server import Server, run
from audiogame.saves.moves import parse_move
from audiogame.table.seeds import deal_seed
from audiogame.table.session import NEXT_DEAL, engine_options, seat_count
from audiogame.testing import Session
from engine import games
from engine.cards import Card

LOOSE = Limits(
    connections_per_address=10_000, tables=10_000, tables_per_address=10_000,
    connections_per_network=10_000, tables_per_network=10_000,
    codes_per_minute=10_000, watchers_per_table=10_000, arrivals_per_minute=10_000,
    watcher_chat_per_minute=10_000, passwords_per_minute=10_000,
    unstarted_per_network=10_000, http_per_address=10_000, http_per_network=10_000,
)  # fmt: skip

CARD = re.compile(r"(?<![A-Za-z0-9#])((?:10|[2-9JQKA])[hsdc]|joker)(#\d+)?(?![A-Za-z0-9#])")


@contextlib.asynccontextmanager
async def running_server(data_dir: Path, **options: Any) -> AsyncIterator[Server]:
    """A server; scripted players move as fast as they can, so their rate limit is high
    unless the test gives one; every client comes from 127.0.0.1, so the limits per address
    are loose unless the test gives its own."""
    options.setdefault("rate", 10_000.0)
    options.setdefault("limits", LOOSE)
    stop = asyncio.Event()
    ready: asyncio.Future[Server] = asyncio.get_running_loop().create_future()
    task = asyncio.ensure_future(
        run(
            "127.0.0.1",
            0,
            data_dir,
            ready=ready.set_result,
            stop=stop,
            log_file=data_dir / "server.log",
            **options,
        )
    )
    server = await asyncio.wait_for(ready, 30)
    try:
        yield server
    finally:
        stop.set()
        await asyncio.wait_for(task, 30)


class Recorder(Link):
    """A link that keeps every message it received, as the bytes came."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.frames: list[str] = []
        self.messages: list[dict[str, Any]] = []

    async def receive(self) -> dict[str, Any]:
        message = await super().receive()
        self.frames.append(json.dumps(message))
        self.messages.append(message)
        return message

    async def expect(self, kind: str, timeout: float = 30) -> dict[str, Any]:
        """The next message of type ``kind`` (the others before it are kept, not answered)."""
        while True:
            message = await asyncio.wait_for(self.receive(), timeout)
            if message["type"] == kind:
                return message


async def player(url: str, name: str) -> Recorder:
    link = Recorder(url, name)
    await link.open()
    return link


def view_over(view: dict[str, Any] | None) -> bool:
    """Whether a view on the wire says the game is over (Battaglia's keeps it in its step)."""
    view = view or {}
    return bool(view.get("is_over", (view.get("step") or {}).get("is_over")))


def over(message: dict[str, Any]) -> bool:
    return view_over(message.get("view")) and message.get("deal") == message.get("deals")


async def play_out(
    link: Recorder, seed: int, first: dict[str, Any] | None = None, pace: float = 0.0
) -> None:
    """Play legal moves (chosen at random) until the game ends; ask for each next deal.
    ``pace``: seconds between two moves (a server's rate limit is 20 messages a second)."""
    rng = random.Random(seed)
    if not first:
        first = await asyncio.wait_for(link.receive(), 60)
    message = state = first
    pending = False
    while True:
        kind = message["type"]
        if kind in ("started", "update", "dealt"):
            state = message
            if over(state):
                return
            if message.get("by") == 0:
                pending = False
        elif kind == "refused":
            pending = False
        elif kind == "error" and message.get("code") == "rate_limited":
            await asyncio.sleep(1.0)  # the server's own limit (20 a second): wait, send again
            pending = False
        chosen = (state.get("view") or {}).get("my_choice") is not None
        if not pending and state.get("legal") and not chosen:
            pending = True
            await asyncio.sleep(pace)
            await link.send({"type": "act", "action": rng.choice(state["legal"])})
        elif kind != "error" and view_over(state.get("view")):
            await link.send({"type": "next_deal"})
        message = await asyncio.wait_for(link.receive(), 60)


def cards_in(frame: str) -> set[str]:
    return {match.group(0) for match in CARD.finditer(frame)}


def seen_by_seat(
    game: str, config: dict[str, Any], seed: int, log: list[str]
) -> list[list[set[str]]]:
    """For each seat, the cards it may know after each move (index = the move count): the
    cards shown to everyone so far, and the cards the engine's own view gives it; last, one
    more list: what a spectator may know (the cards shown to everyone)."""
    players = seat_count(game, config)
    options = {k: config[k] for k in engine_options(game) if k in config}
    deal = 1
    state = games[game].new_state(seed=deal_seed(seed, 1), **options)
    public: set[str] = set()

    def shown(events: list[Any]) -> None:
        for event in events:
            if event.kind in ("reveal",):
                public.update(card.token() for _, card in event.cards)
            elif event.kind == "set_aside":
                public.update(card.token() for card in event.cards)
            elif hasattr(event, "combination"):
                public.update(card.token() for card in event.combination.cards)

    shown(state.opening_events())
    known: list[set[str]] = [set() for _ in range(players)]
    steps: list[list[set[str]]] = [[] for _ in range(players + 1)]

    def record() -> None:
        for seat in range(players):
            known[seat] |= view_cards(state, seat)
            steps[seat].append(set(known[seat]) | public)
        steps[players].append(set(public))

    record()
    for line in log:
        if line == NEXT_DEAL:
            deal += 1
            state = games[game].new_state(seed=deal_seed(seed, deal), **options)
            shown(state.opening_events())
        else:
            shown(state.apply(*parse_move(line)))
        record()
    return steps


def view_cards(state: Any, seat: int) -> set[str]:
    """Every card in the engine's view of ``seat``."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, Card):
            found.add(value.token())
        elif isinstance(value, dict) or hasattr(value, "items"):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, tuple | list):
            for item in value:
                walk(item)
        elif hasattr(value, "__dataclass_fields__"):
            for name in value.__dataclass_fields__:
                walk(getattr(value, name))

    walk(state.view(seat))
    return found


class ServerThread:
    """A real server in a thread of its own (for tests whose own loop runs the program)."""

    def __init__(self, data_dir: Path, port: int = 0, **options: Any) -> None:
        import threading

        options.setdefault("rate", 10_000.0)
        options.setdefault("limits", LOOSE)
        self.stop_event: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: Server | None = None
        started = threading.Event()

        def ready(server: Server) -> None:
            self._server = server
            started.set()

        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self.stop_event = asyncio.Event()
            await run(
                "127.0.0.1",
                port,
                data_dir,
                ready=ready,
                stop=self.stop_event,
                log_file=data_dir / "server.log",
                **options,
            )

        self.thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
        self.thread.start()
        if not started.wait(30):
            raise RuntimeError("the server did not start")

    @property
    def server(self) -> Server:
        """The running server (set before ``__init__`` returns)."""
        assert self._server is not None, "the server has not started"
        return self._server

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The server's loop, in the server's thread."""
        assert self._loop is not None, "the server has not started"
        return self._loop

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.server.port}/"

    def stop(self) -> None:
        """Stop the server as SIGTERM does: it tells every client, saves its tables and ends."""
        assert self.stop_event is not None
        self.loop.call_soon_threadsafe(self.stop_event.set)

    def close(self) -> None:
        """Stop the server once the test's own loop has ended. Its programs are gone then, but
        nothing closed their sockets, as the system does for a process that exits: the server's
        side of each is cut first, or the server would wait out its close timeout (2 s) on each
        at shutdown."""

        def cut_and_stop() -> None:
            assert self.stop_event is not None
            for conn in list(self.server.names.values()):
                conn.ws.transport.abort()
            self.stop_event.set()

        if not self.thread.is_alive():  # stopped already
            return
        if self._loop is not None and self.stop_event is not None:
            self._loop.call_soon_threadsafe(cut_and_stop)
        self.thread.join(10)


async def until(check: Callable[[], object], timeout: float = 30.0, said: object = None) -> None:
    """Wait until ``check()`` is true (the program and the server answer in their own time);
    ``said`` is shown when it never is."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        if loop.time() > deadline:
            raise AssertionError(f"waited in vain; said: {said}")
        await asyncio.sleep(0.01)


class Said:
    """What the program has said so far, read afresh each time."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def __iter__(self) -> Iterator[str]:
        return iter(self.session.spoken)

    def __contains__(self, text: str) -> bool:
        return text in self.session.spoken

    def __repr__(self) -> str:
        return repr(self.session.spoken)


def more_than(count: int, said: Said, test: Callable[[str], bool]) -> Callable[[], bool]:
    """A check for ``until``: more than ``count`` lines said pass ``test``."""
    return lambda: sum(test(text) for text in said) > count


def connect_args(port: int, name: str) -> argparse.Namespace:
    return argparse.Namespace(
        address=f"127.0.0.1:{port}", name=name, password_file=None, tls=False, insecure=False
    )


def hello(name: str, **extra: Any) -> str:
    """A hello as a client sends it first (``extra``: more fields, or wrong ones)."""
    return json.dumps({"type": "hello", "version": VERSION, "name": name, **extra})


async def presence(link: Recorder, what: str) -> None:
    """Read ``link``'s messages until a presence message says ``what`` (``"returned"``)."""
    while (await link.expect("presence"))["what"] != what:
        pass
