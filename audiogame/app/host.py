"""What a presenter asks of the program it runs in: the small host.

A presenter (a :class:`~audiogame.app.screen.Screen`: the table screens of
:mod:`audiogame.presenters`, a replay, the keys list) never holds the whole terminal program. It
speaks, plays a cue, refuses with the reason, opens and closes screens, reads and changes the
player's settings and asks for time, all through a :class:`Host`. The terminal program
(:class:`audiogame.app.application.AudioGame`) is one host; a browser seat
(:class:`audiogame.web.page_host.PageHost`) is another, with no terminal, no voice and no mixer;
the tests drive the presenters through a host of their own.

The program's own screens (the menus, the options, a game's setup, the practice mode, the
resume offer and the deal code, the replays) ask a little more of the program they run in: a
:class:`CoreHost`. The terminal program is one; the page that plays alone
(:class:`audiogame.web.alone_host.AloneHost`) is another, with no terminal.

This module and :mod:`audiogame.app.program` (the host every real one builds on) import the
standard library only: a presenter can run wherever Python does.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from audiogame.app.command import Command
    from audiogame.narrator import Narrator
    from audiogame.settings import Settings, SettingsStore


class Cancellable(Protocol):
    """A timer asked of the host (``asyncio.TimerHandle`` is one)."""

    def cancel(self) -> None: ...


class Presenter(Protocol):
    """What a host asks of a screen it shows (:class:`audiogame.app.screen.Screen` is one)."""

    def heading(self) -> str: ...

    def bound_commands(self) -> list[Command]: ...

    def key_scope(self) -> str: ...

    def on_char(self, char: str) -> bool: ...

    def enter(self) -> None: ...

    def resume(self) -> None: ...

    def leave(self) -> None: ...

    def farewell(self) -> str: ...

    def status(self) -> list[str]: ...

    def rules_game(self) -> str | None: ...


class Host(Protocol):
    """The program a presenter runs in."""

    settings: Settings
    """The player's options (names, pace, brief mode, keys bound...)."""
    clock: Callable[[], float]
    """The time keys are judged by (a turn that has just changed)."""
    quitting: bool
    """The program is ending (its screens close, and an online seat is kept, not left)."""
    thinkers: Executor | None
    """Where a hint is thought out (``None``: the host's own choice)."""
    autosave: Any
    """Keeps the offline table saved after every move (``None``: nothing to save)."""

    @property
    def running(self) -> bool:
        """Whether the host's loop runs (timers and worker answers can come back)."""
        ...

    @property
    def top(self) -> Presenter:
        """The screen on top, the one the keys go to."""
        ...

    def say(self, text: str, cue: str | None = None, pan: float = 0.0, record: bool = True) -> None:
        """Say ``text`` with its cue, from ``pan``; ``record=False`` keeps it out of the history."""
        ...

    def cue(self, name: str, pan: float = 0.0) -> None:
        """A sound with no words."""
        ...

    def refuse(self, text: str) -> None:
        """What the player asked cannot be done: the reason, with the not-allowed cue."""
        ...

    def clear_history(self) -> None:
        """A new table starts: the history of messages starts empty."""
        ...

    def push(self, screen: Presenter) -> None: ...

    def pop(self) -> None: ...

    def global_commands(self) -> list[Command]:
        """The keys of every screen (F1, F2, the history...), for the keys list."""
        ...

    def update_settings(self, **changes: Any) -> None:
        """Change (and, where the host keeps them, save) the player's options."""
        ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> Cancellable | None:
        """Run ``callback`` after ``delay`` seconds as a turn of the host (``None``: no loop)."""
        ...

    def from_thread(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` in the host's loop, as a turn of its own (from any thread)."""
        ...

    def after_turn(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once the key (or timer) being handled is done."""
        ...


class CoreHost(Host, Protocol):
    """The program the program's own screens run in (the menus, the options, a setup, the
    practice mode, the saved games and their replays): a :class:`Host` with its stack of
    screens, its narrator, its settings' folder, and what it offers."""

    stack: list[Presenter]
    """The open screens, the bottom one first (the main menu)."""
    narrator: Narrator
    """Where the words go: its voice (the speech chosen), its cues (on, and a device to play
    them), silencing it, saying a letter typed unrecorded; muted while a save is rebuilt."""
    store: SettingsStore | None
    """Where the options are kept (the practice scores beside them; ``None``: nowhere)."""
    plays_online: bool
    """Whether the main menu offers online play and Quit (not in a page that plays alone)."""
    own_voice: bool
    """Whether the program speaks with a voice of its own, whose options it offers (not in a
    page: there the player's screen reader, or the page's voice, speaks)."""

    def quit(self, goodbye: bool = False) -> None:
        """Close every screen; ``goodbye`` when the player chose to."""
        ...

    def turn(self) -> AbstractContextManager[None]:
        """One turn of the program: what :meth:`after_turn` asked for runs at its end."""
        ...

    def use_speech(self, choice: str) -> None:
        """Speak through ``choice`` from now on (the option's choice, over the command line)."""
        ...
