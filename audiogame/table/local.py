"""A table played in the program's own process: the offline game of one person at seat 0.

:class:`LocalTable` does for one person what the server's room does for many, without the
network: it owns the session (:class:`audiogame.table.session.Table`), has its computer
players moved by the driver every table shares (:class:`audiogame.table.driver.Driver`: at the
pace of the options, thinking in a worker thread, never in the program's loop, so that no key
waits for them), keeps the save log (and on a resume brings the computer players back with
their memory), and hands the person's
seat its stream (:class:`audiogame.table.seat.SeatState`). The table screen presenting the seat
holds that :class:`SeatState` only: it never sees the engine state.

The seat receives the moves at the end of the key (or timer) that made them, except while a
computer player thinks about a move the person waits for (a seer who chooses after him, the
others playing up to his turn): those come together with his answer, so that a trick is said
whole.

>>> class Program:  # the few things a table asks of the program
...     running = False
...     autosave = None
...     thinkers = InlineExecutor()
...     def after_turn(self, callback): callback()
>>> table = LocalTable(Program(), "battle", {"players": 2, "deck": 32}, 7, "greedy", ("Anna",))
>>> heard = []
>>> table.attach(lambda events, mine: heard.append([e.kind for e in events]))
>>> table.request("play")
>>> table.seat.to_act()
(0,)
>>> table.seat.apply(0, table.seat.legal_actions(0)[0])
[]
>>> heard[-1][:2]
['reveal', 'trick_won']
"""

from __future__ import annotations

import copy
import logging
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

from audiogame.computer_players import Bot
from audiogame.saves.moves import DEAL, deal_recipe, move_text
from audiogame.table.driver import Answer, Cancellable, Driver, think
from audiogame.table.recall import recall
from audiogame.table.seat import SeatState
from audiogame.table.session import Table, seat_count
from engine.actions import Action
from engine.events import Event

log = logging.getLogger("audiogame.table")

PERSON = 0
"""The person's seat at a local table."""

_TABLES: weakref.WeakKeyDictionary[SeatState, LocalTable] = weakref.WeakKeyDictionary()


class Workers:
    """A program's worker threads, each started when first needed and shut down when the
    program stops (:func:`stop_workers`)."""

    def __init__(self) -> None:
        self._thinking: ThreadPoolExecutor | None = None
        self._remembering: ThreadPoolExecutor | None = None

    def thinking(self) -> ThreadPoolExecutor:
        """Where computer players think (one thread: each decides in turn)."""
        if self._thinking is None:
            self._thinking = ThreadPoolExecutor(1, thread_name_prefix="computer-players")
        return self._thinking

    def remembering(self) -> ThreadPoolExecutor:
        """Where a resumed table's computer players get their memory back (long work: a hint
        asked meanwhile is not queued behind it in :meth:`thinking`)."""
        if self._remembering is None:
            self._remembering = ThreadPoolExecutor(1, thread_name_prefix="computer-memory")
        return self._remembering

    def stop(self) -> None:
        """Shut both down: what is queued is dropped, what runs ends first (as it would at the
        interpreter's exit, which waits for it too)."""
        for executor in (self._thinking, self._remembering):
            if executor is not None:
                executor.shutdown(wait=True, cancel_futures=True)
        self._thinking = self._remembering = None


_WORKERS: weakref.WeakKeyDictionary[Any, Workers] = weakref.WeakKeyDictionary()


def workers(program: Any) -> Workers:
    """``program``'s worker threads."""
    found = _WORKERS.get(program)
    if found is None:
        found = _WORKERS[program] = Workers()
    return found


def stop_workers(program: Any) -> None:
    """The program stops: its worker threads end (a new start would make new ones)."""
    found = _WORKERS.pop(program, None)
    if found is not None:
        found.stop()


class InlineExecutor(Executor):
    """Decides at once, in the caller's thread: the tests' computer players (the keys that
    follow find their moves made) and a page's (no threads; a program's: :class:`Workers`)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed to whoever waits for the answer
            future.set_exception(error)
        return future


def table_of(seat: SeatState) -> LocalTable | None:
    """The local table feeding ``seat`` (for saving, resuming and the tests), if any."""
    return _TABLES.get(seat)


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S")


class SaveLog:
    """What the table did, move by move, in the save's words: a move a line (see
    :mod:`audiogame.saves.moves`), a new deal the ``deal`` line of its hands; and the events
    the seat received, to show a rebuilt presenter what it missed."""

    def __init__(self) -> None:
        self.moves: list[str] = []
        self.events: list[Event] = []
        self.started = now()
        self.replaying = False
        """While a save is being rebuilt: log, but do not save again."""


StreamListener = Callable[[list[Event], bool], None]


class ProgramThinking:
    """Where a local table's computer players think (a :class:`audiogame.table.driver.Thinking`):
    the program's own executor when it set one (the tests' :class:`InlineExecutor`), else the
    program's worker thread (:meth:`Workers.thinking`), the answer handed back to the program's
    loop. Before the loop runs no key can wait: a decision is made at once; bringing players
    back (long work) goes to a worker thread of its own (:meth:`Workers.remembering`), its
    answer taken once the loop runs."""

    def __init__(self, program: Any) -> None:
        self.program = program

    def _executor(self, long: bool) -> Executor:
        executor: Executor | None = self.program.thinkers
        if executor is not None:
            return executor
        if long:
            return workers(self.program).remembering()
        return workers(self.program).thinking() if self.program.running else InlineExecutor()

    def decide(self, what: str, bot: Bot, view: Any, legal: Sequence[Action],
               answer: Answer) -> None:  # fmt: skip
        executor = self._executor(False)
        if isinstance(executor, InlineExecutor):  # decided now: the table's own player
            answer(executor.submit(think, bot, view, legal))
        else:  # the player ships: the table's copy stays as it is until the answer is taken
            self._hand_back(executor.submit(think, copy.deepcopy(bot), view, legal), answer)

    def run(self, what: str, function: Callable[..., Any], args: tuple[Any, ...],
            answer: Answer) -> None:  # fmt: skip
        self._hand_back(self._executor(True).submit(function, *args), answer)

    def _hand_back(self, future: Future[Any], answer: Answer) -> None:
        if future.done():
            answer(future)
        else:
            future.add_done_callback(lambda done: self.program.from_thread(lambda: answer(done)))


class Deferred:
    """A wait armed once the program's loop runs (a pace asked for before it does)."""

    def __init__(self, program: Any, delay: float, callback: Callable[[], None]) -> None:
        self.handle: Any = None
        self.cancelled = False

        def arm() -> None:
            if not self.cancelled:
                self.handle = program.call_later(delay, callback)

        program.when_running(arm)

    def cancel(self) -> None:
        self.cancelled = True
        if self.handle is not None:
            self.handle.cancel()


class LocalTable:
    """One person at seat 0 against computer players of ``level`` at every other seat."""

    def __init__(
        self,
        program: Any,
        game: str,
        config: Mapping[str, Any],
        seed: int,
        level: str,
        names: Sequence[str],
        pace: Callable[[], float] = lambda: 0.0,
        watching_pace: Callable[[], float | None] = lambda: None,
    ) -> None:
        self.program = program
        self.game = game
        self.config = dict(config)
        self.names = tuple(names)
        players = seat_count(game, config)
        self.table = Table(game, config, seed, {seat: level for seat in range(1, players)})
        self.seat = SeatState(game, players, self.act, self.request)
        _TABLES[self.seat] = self
        self.record = SaveLog()
        self.extras: Callable[[], dict[str, Any]] = dict
        """What the presenter keeps across deals, saved with the moves (a match's words)."""
        self.out = False  # the person is out: the others play on at ``watching_pace`` (if any)
        self.driver = Driver(self.table, ProgramThinking(program), self.moved, later=self._later,
                             pace=lambda: (watching_pace() if self.out else None) or pace(),
                             name=f"{game} table")  # fmt: skip
        self.driver.settled = lambda: self.program.after_turn(self.deliver)
        self.recalled: int | None = None
        """After a resume, how many of the computer players' decisions differed from the save
        (``None`` while they are being brought back, or with no resume)."""
        self._listener: StreamListener = lambda events, mine: None
        self._on_dealt: Callable[[], None] = lambda: None
        self._pending: list[Event] = []
        self._mine = False
        self._waiting = False
        self.send("started", self.table.opening_events())

    # ----- the presenter's end -------------------------------------------------------------
    def attach(
        self,
        listener: StreamListener,
        dealt: Callable[[], None] = lambda: None,
        active: Callable[[], bool] = lambda: True,
    ) -> None:
        """Who hears the seat's stream: ``listener(events, mine)`` after moves, ``dealt()``
        after a new deal (the seat already fed); ``active()`` whether the person is at the
        table (not in the pause menu): computer players wait while he is not."""
        self._listener, self._on_dealt, self.driver.active = listener, dealt, active

    @property
    def state(self) -> Any:
        """The engine state (for saving and the tests: the seat never sees it)."""
        return self.table.state

    @property
    def finished(self) -> bool:
        """Over for good: a match, its last deal."""
        return self.table.match_over

    @property
    def playing(self) -> bool:
        """Whether the computer players may move (the table is open)."""
        return self.driver.playing

    @playing.setter
    def playing(self, value: bool) -> None:
        self.driver.playing = value

    @property
    def hurried(self) -> bool:
        return self.driver.hurried

    def act(self, action: Action) -> None:
        """The person's action (``IllegalAction`` when the rules refuse it: nothing changes)."""
        events = self.table.apply(PERSON, action)
        self.moved(PERSON, action, events)

    def request(self, what: str) -> None:
        """``play`` (the table is open, or open again after the pause: computer players may
        move), ``hurry`` (they all move now, up to the person's turn), ``next_deal``,
        ``leave``."""
        if what == "play":
            self.driver.start()
        elif what == "hurry":
            self.driver.hurry()
        elif what == "next_deal":
            self.next_deal()
        elif what == "leave":  # the screen is closed: nothing more is moved nor said
            self.driver.stop()
            self._pending, self._mine, self._waiting = [], False, False
            return
        else:
            raise ValueError(f"no request {what!r}")
        self.program.after_turn(self.deliver)

    # ----- moves ---------------------------------------------------------------------------
    def moved(self, seat: int, action: Action, events: list[Event]) -> None:
        self.record.moves.append(move_text(seat, action))
        self.record.events.extend(events)
        self.out = self.out or any(getattr(e, "seat", None) == PERSON for e in events
                                   if e.kind == "eliminated")  # fmt: skip
        self.changed()
        self._pending.extend(events)
        self._mine = self._mine or seat == PERSON
        self._waiting = True
        self.driver.kick()
        self.program.after_turn(self.deliver)

    def send(self, kind: str, events: list[Event]) -> list[Event]:
        """One message of the seat's stream: the events (as anyone may know them, the table
        redacts them), the seat's view and legal actions. Seat 0 needs no renumbering, and
        in the same process no encoding: the values go as they are (the same message as
        :func:`audiogame.table.stream.seat_message` builds for the network)."""
        table = self.table
        return self.seat.take(
            kind, events, table.view(PERSON), table.legal(PERSON), table.to_act(), len(table.log)
        )

    def changed(self) -> None:
        autosave = getattr(self.program, "autosave", None)
        if autosave is not None and not self.record.replaying:
            autosave.changed(self)

    def deliver(self) -> None:
        """The seat's stream: what happened since it last heard, unless a computer player
        still thinks about a move the person waits for (a seer choosing after him, the others
        playing up to his turn): that move comes with the rest, so that a trick is said whole."""
        if not self._waiting:
            return
        table = self.table
        thinking = self.driver.thinking_seat is not None
        if thinking and not table.is_over and PERSON not in table.to_act():
            return
        events, mine = self._pending, self._mine
        self._pending, self._mine, self._waiting = [], False, False
        self._listener(self.send("update", events), mine)

    def next_deal(self) -> None:
        self.table.next_deal()
        recipe = deal_recipe(self.game, self.table.state)
        self.record.moves.append(recipe if recipe is not None else DEAL + " ?")
        self.changed()
        self.send("dealt", self.table.opening_events())
        self._on_dealt()
        self.driver.kick()

    def _later(self, delay: float, callback: Callable[[], None]) -> Cancellable:
        """``callback`` after ``delay`` seconds, as a turn of the program's loop."""
        if self.program.running:
            handle: Cancellable | None = self.program.call_later(delay, callback)
            if handle is not None:
                return handle
        return Deferred(self.program, delay, callback)

    # ----- a save --------------------------------------------------------------------------
    def replay(self, lines: Sequence[str]) -> None:
        """The moves of a save, applied in silence (``ValueError`` on a damaged line): the
        table as it was left, the seat fed where it stands."""
        record = self.record

        def logged(line: str, move: tuple[int, Action] | None, events: list[Event]) -> None:
            if move is None:  # a new deal: its line as it is
                record.moves.append(line)
            else:
                record.events.extend(events)
                record.moves.append(move_text(*move))

        self.table.replay(lines, after=logged)
        self.send("update", [])
        self.bring_back(lines)

    def bring_back(self, lines: Sequence[str]) -> None:
        """The computer players of a resumed table get their memory back: the save played
        through again in the worker thread, each asked again at each of its moves
        (:mod:`audiogame.table.recall`); meanwhile they wait, and no key does."""
        table, driver = self.table, self.driver
        if not table.bots:
            return
        self.recalled = None
        driver.hold()
        args: tuple[Any, ...] = (self.game, self.config, table.seed, table.levels, list(lines), [])

        def back(done: Any) -> None:
            try:
                bots, _, differed = done.result()
            except Exception:  # cannot happen with a save that was just replayed
                log.exception("the computer players of the %s table start afresh", self.game)
            else:
                table.bots.update(bots)
                self.recalled = differed
            driver.release()
            self.program.after_turn(self.deliver)

        driver.thinking.run(f"{self.game} table", recall, args, back)
