"""Computer players that misbehave in a worker process, for the worker tests. They live in
a module of their own that imports next to nothing: a worker process that unpickles one
imports this module, and it starts sooner than it would with a whole test module."""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from engine.actions import Action


class Player(Protocol):
    def choose(self, view: Any, legal: Sequence[Action]) -> Action: ...


class GatedBot:
    """A computer player that, in a worker process, says it is thinking (its process id in the
    file ``thinking``) and does not answer until the file ``go`` exists."""

    def __init__(self, inner: Player, folder: Path) -> None:
        self.inner, self.folder = inner, folder

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if multiprocessing.parent_process() is not None:
            (self.folder / "thinking").write_text(str(os.getpid()))
            while not (self.folder / "go").exists():
                time.sleep(0.01)
        return self.inner.choose(view, legal)


class DyingBot:
    """A player whose worker process dies when it thinks: the first time only (``once``), or
    every time until the decision has been made in the server's process."""

    def __init__(self, inner: Player, folder: Path, once: bool) -> None:
        self.inner, self.folder, self.once = inner, folder, once

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        died, here = self.folder / "died", self.folder / "decided_in_the_server"
        if multiprocessing.parent_process() is not None:
            if not (self.once and died.exists()) and not here.exists():
                died.write_text("yes")
                os._exit(1)
        elif len(legal) > 1:
            here.write_text("yes")
        return self.inner.choose(view, legal)
