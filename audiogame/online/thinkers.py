"""Computer players think in worker processes, so that one table's hard player never holds up
another table (threads could not: the interpreter runs one thread's Python at a time).

A computer player keeps memory between its moves (its random generator; the hard Scientific
Battle player follows the game and learns how each other player chooses). Each decision
*ships the player*: its whole memory goes to a worker with the seat's view and legal actions,
and the worker sends it back with its answer; the table keeps the player that came back.
Shipping was chosen over keeping players resident in a worker by table and seat, by
measurement (``python3 bench/bot_workers.py``, figures in docs/scaling.md): it costs about a
millisecond a decision more (a player is about 5 KB), and in return

- any free worker takes any decision: a table is never queued behind another table's long
  search in the worker it would be tied to;
- the table's own copy is untouched until the answer is taken, so a decision may be thrown
  away (the game moved on while it was thought: it is asked again on the new view), retried
  in another worker, or made in the server's process instead, always with the same result:
  every decision is made from exactly the memory and the view of the move it becomes, as it
  would be in a single process, and so the moves of a seeded table are the same;
- a worker that dies loses nothing: the pool is started again and the decision retried once;
  when that fails too, the seat thinks in the server's process (in a thread), and both are
  logged.

>>> from engine import games
>>> from audiogame.computer_players import make_bot
>>> state = games["cardavia"].new_state(seed=3)
>>> seat = state.to_act()[0]
>>> bot = make_bot("cardavia", "hard", 7)
>>> action, after = think(bot, state.view(seat), state.legal_actions(seat))
>>> action in state.legal_actions(seat) and after is bot
True
"""

from __future__ import annotations

import asyncio
import contextlib
import copyreg
import logging
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import MappingProxyType
from typing import Any

from audiogame.computer_players import Bot
from audiogame.table.driver import Answer
from engine.actions import Action

log = logging.getLogger("audiogame.server")


def _proxy(mapping: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    return MappingProxyType(mapping)


def _mapping(proxy: MappingProxyType[Any, Any]) -> tuple[Any, tuple[dict[Any, Any]]]:
    return _proxy, (dict(proxy),)


# Views and players hold read-only mappings; they cross to the workers and back as copies.
# (A worker registers it too: it imports this module to run :func:`think`.)
copyreg.pickle(MappingProxyType, _mapping)


def think(bot: Bot, view: Any, legal: Sequence[Action]) -> tuple[Action, Bot]:
    """One decision, and the player with what it learnt making it."""
    return bot.choose(view, legal), bot


class WorkFailed(Exception):
    """The work itself failed in a worker (a bug, as it would be in the server's process)."""


def _call(function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """In a worker: ``function(*args)``, its own failure told apart from the pool's."""
    try:
        return function(*args)
    except Exception as error:
        raise WorkFailed(f"{type(error).__name__}: {error}") from None


def _watch_parent() -> None:
    """In a worker: end when the server's process ends, however it ends (killed with SIGKILL,
    it cannot tell its workers, and they would wait for work forever)."""
    import threading
    from multiprocessing.connection import wait

    parent = multiprocessing.parent_process()
    if parent is None:
        return
    # Control+C reaches every process of the terminal: the server stops its workers itself,
    # and a worker must never print a traceback of its own.
    with contextlib.suppress(ValueError, OSError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


WINDOWS_MAX_WORKERS = 61
"""Windows waits on at most 63 handles at once: a process pool there takes at most 61
workers and refuses more (``ValueError``), on a machine with more cores too."""


def pool_size(workers: int | None, windows: bool = sys.platform == "win32") -> int:
    """The workers asked for, else one per core (at least two), within Windows' limit.

    >>> pool_size(None) >= 2, pool_size(128, windows=True), pool_size(128, windows=False)
    (True, 61, 128)
    """
    size = workers or max(2, cores())
    return min(size, WINDOWS_MAX_WORKERS) if windows else size


def _submit(pool: ProcessPoolExecutor, function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """``pool.submit``, with Control+C held back meanwhile where the system can: a worker that
    the submission starts inherits it held back, and a Control+C that lands while it is still
    loading Python (before :func:`_watch_parent` ignores it) cannot end it with a fatal error
    printed to the host's terminal. The server's own process gets it once the worker is out."""
    block = getattr(signal, "pthread_sigmask", None)
    if block is None:  # Windows: Control+C reaches the console's processes differently
        return pool.submit(_call, function, args)
    before = block(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return pool.submit(_call, function, args)
    finally:
        block(signal.SIG_SETMASK, before)


class Thinkers:
    """A pool of worker processes, one per core (at least two, so that one long search never
    holds up every table). ``say`` writes a line to the server's log.

    A worker starts when a decision finds none free, and loads the computer players' code
    with its first decision: a server whose tables have no computer player starts none, and
    the first decision waits once for its worker (a few tenths of a second)."""

    def __init__(self, workers: int | None = None, say: Callable[[str], None] | None = None):
        self.size = pool_size(workers)
        self.say = say or (lambda text: None)
        self.pool = self._new_pool()
        self.restarts = 0
        """How many times the pool was started again after a worker died."""
        self.in_process = 0
        """Decisions made in the server's process because the workers failed."""
        self._threads: ThreadPoolExecutor | None = None
        """Where those are made: threads of the server's own, as many as workers, started
        when first needed."""

    def _new_pool(self) -> ProcessPoolExecutor:
        # "spawn": a clean interpreter, never a fork of a process that runs threads.
        return ProcessPoolExecutor(
            self.size, mp_context=multiprocessing.get_context("spawn"), initializer=_watch_parent
        )

    async def run(self, what: str, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` in a worker; after a worker died, once more in a new pool, then
        in a thread of this process (at once when no worker can be started, or the work cannot
        be sent to one). ``what`` names the work in the log."""
        for attempt in (1, 2):
            pool = self.pool
            try:
                return await asyncio.wrap_future(_submit(pool, function, args))
            except WorkFailed:
                raise
            except BrokenProcessPool:
                self._restart(pool, what)
                if attempt == 2:
                    break
            except Exception as error:  # no worker can start, or the work cannot be sent
                if attempt == 1 and (self.pool is not pool or getattr(pool, "_broken", False)):
                    # A worker died meanwhile (its pool's pipes closed under the submission):
                    # as above, once more in a new pool.
                    self._restart(pool, what)
                    continue
                log.warning("%s cannot think in a worker process: %s", what, error)
                break
        self.in_process += 1
        self.say(f"{what} thinks in the server process: the worker processes failed")
        if self._threads is None:
            self._threads = ThreadPoolExecutor(self.size, thread_name_prefix="server-thinking")
        return await asyncio.get_running_loop().run_in_executor(self._threads, function, *args)

    def _restart(self, pool: ProcessPoolExecutor, what: str) -> None:
        """A worker of ``pool`` died: the first to notice starts a new pool."""
        if self.pool is pool:
            self.restarts += 1
            self.pool = self._new_pool()
            pool.shutdown(wait=False, cancel_futures=True)
            self.say(f"a worker process died; the workers are started again ({what})")
            log.warning("a worker process died while thinking for %s", what)

    async def choose(
        self, what: str, bot: Bot, view: Any, legal: Sequence[Action]
    ) -> tuple[Action, Bot]:
        """A decision of ``bot``: the action, and the player after it (to keep instead)."""
        action, after = await self.run(what, think, bot, view, list(legal))
        return action, after

    def shutdown(self) -> None:
        """Stop the workers and wait for them (a decision under way ends first): a pool left
        to the interpreter's exit can fail there, loudly, on its closed pipe."""
        self.pool.shutdown(wait=True, cancel_futures=True)
        if self._threads is not None:
            self._threads.shutdown(wait=True, cancel_futures=True)
            self._threads = None


class PoolThinking:
    """The server's worker processes (:class:`audiogame.online.thinkers.Thinkers`) as where a
    table's computer players think (a :class:`audiogame.table.driver.Thinking`): the answer
    comes back in the server's loop."""

    def __init__(self, server: Any) -> None:
        self.server = server
        self.tasks: set[asyncio.Task[Any]] = set()

    def decide(self, what: str, bot: Bot, view: Any, legal: Sequence[Action],
               answer: Answer) -> None:  # fmt: skip
        self._start(self.server.thinkers.choose(what, bot, view, list(legal)), answer)

    def run(self, what: str, function: Callable[..., Any], args: tuple[Any, ...],
            answer: Answer) -> None:  # fmt: skip
        self._start(self.server.thinkers.run(what, function, *args), answer)

    def _start(self, work: Coroutine[Any, Any, Any], answer: Answer) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)

        def done(task: asyncio.Task[Any]) -> None:
            self.tasks.discard(task)
            if task.cancelled():
                return
            try:
                answer(task)
            except Exception:  # a bug: logged, the table waits for the next move to try again
                log.exception("a table's computer players stopped")
                self.server.log_line("a table's computer players stopped by an error")

        task.add_done_callback(done)

    def cancel(self) -> None:
        for task in list(self.tasks):
            task.cancel()
