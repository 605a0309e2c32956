"""Work started in the event loop and not awaited where it starts (closing a connection,
sending a message): the loop keeps only a weak reference to a task, so one nobody holds may be
collected before it ends, and its failure would pass unseen. :class:`Tasks` holds each until
it ends and logs its failure.

>>> import asyncio
>>> async def main() -> int:
...     tasks = Tasks(logging.getLogger("example"))
...     async def work() -> None:
...         await asyncio.sleep(0)
...     tasks.start(work())
...     held = len(tasks)
...     await tasks.wait(1.0)
...     return held * 10 + len(tasks)
>>> asyncio.run(main())
10
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any


class Tasks:
    """The tasks an owner started and did not await: held until they end, their failures
    logged to ``log``."""

    def __init__(self, log: logging.Logger) -> None:
        self.log = log
        self._tasks: set[asyncio.Task[Any]] = set()

    def __len__(self) -> int:
        return len(self._tasks)

    def start(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            self.log.error("a background task failed", exc_info=task.exception())

    async def wait(self, timeout: float) -> None:
        """Let the tasks under way end, for ``timeout`` seconds at most; those left are
        cancelled."""
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=timeout)
        self.cancel()

    def cancel(self) -> None:
        for task in list(self._tasks):
            task.cancel()
