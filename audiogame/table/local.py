"""A table played in the program's own process: the offline game of one person at seat 0.

:class:`LocalTable` does for one person what the server's room does for many, without the
network: it owns the session (:class:`audiogame.table.session.Table`), lets the computer
players think in a worker thread (never in the program's loop, so that no key waits for them)
and plays their moves at the pace of the options, keeps the save log, and hands the person's
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

import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

from audiogame.saves.moves import DEAL, deal_recipe, is_deal, move_text, parse_deal, parse_move
from audiogame.table.seat import SeatState
from audiogame.table.session import Table, seat_count
from engine.actions import Action
from engine.errors import IllegalAction
from engine.events import Event

PERSON = 0
"""The person's seat at a local table."""

_THINKING: list[ThreadPoolExecutor] = []
_TABLES: weakref.WeakKeyDictionary[SeatState, LocalTable] = weakref.WeakKeyDictionary()


def thinking() -> ThreadPoolExecutor:
    """The worker thread where computer players think (one: each decides in turn)."""
    if not _THINKING:
        _THINKING.append(ThreadPoolExecutor(1, thread_name_prefix="computer-players"))
    return _THINKING[0]


class InlineExecutor(Executor):
    """Decides at once, in the caller's thread: the tests' computer players, whose moves the
    keys that follow must find made (a real program thinks in :func:`thinking`)."""

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
    ) -> None:
        self.program = program
        self.game = game
        self.config = dict(config)
        self.names = tuple(names)
        self.pace = pace
        players = seat_count(game, config)
        bots = {seat: level for seat in range(1, players)}
        self.table = Table(game, config, seed, bots)
        self.seat = SeatState(game, players, self.act, self.request)
        _TABLES[self.seat] = self
        self.record = SaveLog()
        self.extras: Callable[[], dict[str, Any]] = dict
        """What the presenter keeps across deals, saved with the moves (a match's words)."""
        self.active: Callable[[], bool] = lambda: True
        """Whether the person is at the table (not in the pause menu): computer players wait
        while he is not."""
        self._listener: StreamListener = lambda events, mine: None
        self._on_dealt: Callable[[], None] = lambda: None
        self._pending: list[Event] = []
        self._mine = False
        self._waiting = False
        self._thinking: tuple[int, int, Future[Action]] | None = None
        self._timer: Any = None
        self._kicking = False
        self._again = False
        self.hurried = False
        self.playing = False
        self.send("started", self.table.opening_events())

    # ----- the presenter's end -------------------------------------------------------------
    def attach(
        self,
        listener: StreamListener,
        dealt: Callable[[], None] = lambda: None,
        active: Callable[[], bool] = lambda: True,
    ) -> None:
        """Who hears the seat's stream: ``listener(events, mine)`` after moves, ``dealt()``
        after a new deal (the seat already fed)."""
        self._listener, self._on_dealt, self.active = listener, dealt, active

    @property
    def state(self) -> Any:
        """The engine state (for saving and the tests: the seat never sees it)."""
        return self.table.state

    @property
    def finished(self) -> bool:
        """Over for good: a match, its last deal."""
        return self.table.match_over

    def act(self, action: Action) -> None:
        """The person's action (``IllegalAction`` when the rules refuse it: nothing changes)."""
        events = self.table.apply(PERSON, action)
        self.moved(PERSON, action, events)

    def request(self, what: str) -> None:
        """``play`` (the table is open, or open again after the pause: computer players may
        move), ``hurry`` (they all move now, up to the person's turn), ``next_deal``,
        ``leave``."""
        if what == "play":
            self.playing = True
            self.resume_thinking()
            self.kick()
        elif what == "hurry":
            self.hurried = True
            self.cancel_timer()
            self.kick()
        elif what == "next_deal":
            self.next_deal()
        elif what == "leave":  # the screen is closed: nothing more is moved nor said
            self.playing = False
            self.cancel_timer()
            self._thinking = None
            self._pending, self._mine, self._waiting = [], False, False
            return
        else:
            raise ValueError(f"no request {what!r}")
        self.program.after_turn(self.deliver)

    # ----- moves ---------------------------------------------------------------------------
    def moved(self, seat: int, action: Action, events: list[Event]) -> None:
        self.record.moves.append(move_text(seat, action))
        self.record.events.extend(events)
        self.changed()
        self._pending.extend(events)
        self._mine = self._mine or seat == PERSON
        self._waiting = True
        self.kick()
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
        if self._thinking is not None and not table.is_over and PERSON not in table.to_act():
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
        self.kick()

    # ----- computer players ----------------------------------------------------------------
    def kick(self) -> None:
        """Let the computer players move: the next one thinks now, or after the pace."""
        if self._kicking:
            self._again = True
            return
        self._kicking = True
        try:
            self._again = True
            while self._again:
                self._again = False
                self._step()
        finally:
            self._kicking = False

    def _step(self) -> None:
        table = self.table
        if not self.playing or table.is_over or self._thinking is not None or self._timer:
            return
        if not table.awaiting_bots():
            self.hurried = False
            return
        pace = 0.0 if self.hurried else self.pace()
        if pace > 0:
            if not self.program.running:
                self._timer = True  # armed once the program's loop runs
                self.program.when_running(self._arm)
                return
            self._timer = self.program.call_later(pace, self._think)
            return
        self._think()

    def _arm(self) -> None:
        self._timer = None
        self.kick()

    def cancel_timer(self) -> None:
        if self._timer is not None and self._timer is not True:
            self._timer.cancel()
        self._timer = None

    def _think(self) -> None:
        """The computer player to move thinks in the worker thread."""
        self._timer = None
        table = self.table
        if not self.playing or table.is_over or not self.active():
            return  # paused: ``play`` starts again
        seats = table.awaiting_bots()
        if not seats:
            return
        seat = seats[0]
        bot, view, legal = table.bot_turn(seat)
        executor = self.program.thinkers
        if executor is None:
            # A forced move (a flip, the one card left, a pass) needs no thought, and before
            # the program's loop runs no key can wait: decided now; anything else in the
            # worker thread.
            forced = len(legal) == 1 or not self.program.running
            executor = InlineExecutor() if forced else thinking()
        future: Future[Action] = executor.submit(bot.choose, view, legal)
        self._thinking = (seat, len(table.log), future)
        if future.done():
            self._decided(future)
        else:
            future.add_done_callback(
                lambda done: self.program.from_thread(lambda: self._decided(done))
            )

    def _decided(self, future: Future[Action]) -> None:
        """A computer player's answer: played now if nothing moved while he thought."""
        if self._thinking is None or self._thinking[2] is not future:
            return  # hurried past, or the table was left
        if not self.active():
            self.program.after_turn(self.deliver)
            return  # paused: kept until ``play``
        seat, stamp, _ = self._thinking
        self._thinking = None
        if stamp == len(self.table.log) and seat in self.table.awaiting_bots():
            action = future.result()
            try:
                events = self.table.apply(seat, action)
            except IllegalAction:  # cannot happen with an unchanged table: think again
                events = None
            if events is not None:
                self.moved(seat, action, events)
                return
        self.kick()
        self.program.after_turn(self.deliver)

    def resume_thinking(self) -> None:
        """Back from the pause: an answer that came meanwhile is played now."""
        if self._thinking is not None and self._thinking[2].done():
            self._decided(self._thinking[2])

    # ----- a save --------------------------------------------------------------------------
    def replay(self, lines: Sequence[str]) -> None:
        """The moves of a save, applied in silence (``ValueError`` on a damaged line): the
        table as it was left, the seat fed where it stands."""
        record = self.record
        for line in lines:
            if is_deal(line):
                self.table.deal_hands(parse_deal(line))
                record.moves.append(line)
            else:
                seat, action = parse_move(line)
                record.events.extend(self.table.apply(seat, action))
                record.moves.append(move_text(seat, action))
        self.send("update", [])
