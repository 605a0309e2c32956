"""Who moves for a table's computer players, and when: one policy for a table played in the
program's own process (:class:`audiogame.table.local.LocalTable`) and a table of the server
(:class:`audiogame.online.room.Room`).

The :class:`Driver` decides whose turn needs a computer player's decision (a computer player's
seat, or a person's kept by a stand-in while he is away: :meth:`Table.take_over`), waits the
pace before each round of such decisions (all the computer players then to act decide one
after the other: the pace is not waited again between them), cuts the wait short when hurried
(until the people's turn comes), and holds everything while its table is held (the pause menu
offline, computer players being brought back with their memory). Where a player thinks is not
its business: a :class:`Thinking` does it (a worker thread offline, the server's worker
processes online), and hands the answer back to the driver's own thread.

Every decision *ships the player*: the table's copy of a computer player is left as it was
while it thinks, and the player that comes back with the answer (with what it learnt) is kept
only if the answer is played. An answer that comes too late (the game moved on, the seat
changed hands, the table was left) is thrown away and the player asked again on the new view.
So every computer player has made exactly one decision per move of the log that is its own,
from the view of that move, and playing the log through again asking it at each of its moves
(:mod:`audiogame.table.recall`) brings back the same memory.

>>> from audiogame.table.session import Table
>>> table = Table("battle", {"players": 2, "deck": 32}, seed=7, bots={1: "greedy"})
>>> played = []
>>> driver = Driver(table, AtOnce(), moved=lambda seat, action, events: played.append(seat))
>>> driver.start()
>>> played, table.log
([1], ['1 flip'])
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import Any, Protocol, TypeVar

from audiogame.computer_players import Bot
from audiogame.table.session import Table
from engine.actions import Action
from engine.errors import IllegalAction
from engine.events import Event

log = logging.getLogger("audiogame.table")

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Done(Protocol[T_co]):
    """A finished piece of work (a :class:`concurrent.futures.Future`, an asyncio task)."""

    def result(self) -> T_co: ...


Answer = Callable[[Done[Any]], None]
Decision = tuple[Action, Bot]


class Thinking(Protocol):
    """Where computer players think. Both methods call ``answer`` once the work is done, in the
    driver's own thread (at once, from inside the call, when the work was done there)."""

    def decide(self, what: str, bot: Bot, view: Any, legal: Sequence[Action],
               answer: Answer) -> None:  # fmt: skip
        """``think(bot, view, legal)`` where it blocks nobody, on a copy of ``bot`` when the
        answer comes later (the table's own copy stays as it is until the answer is taken)."""

    def run(self, what: str, function: Callable[..., Any], args: tuple[Any, ...],
            answer: Answer) -> None:  # fmt: skip
        """``function(*args)`` where it blocks nobody (bringing players back: long work)."""


class Cancellable(Protocol):
    def cancel(self) -> None: ...


def think(bot: Bot, view: Any, legal: Sequence[Action]) -> Decision:
    """One decision, and the player with what it learnt making it."""
    return bot.choose(view, list(legal)), bot


def done_now(function: Callable[..., T], *args: Any) -> Future[T]:
    """``function(*args)`` run now, its result (or its failure) as a finished future."""
    future: Future[T] = Future()
    try:
        future.set_result(function(*args))
    except Exception as error:  # handed to whoever takes the answer
        future.set_exception(error)
    return future


class AtOnce:
    """Thinking in the caller's thread, at once (tests, and forced moves)."""

    def decide(self, what: str, bot: Bot, view: Any, legal: Sequence[Action],
               answer: Answer) -> None:  # fmt: skip
        answer(done_now(think, bot, view, legal))

    def run(self, what: str, function: Callable[..., Any], args: tuple[Any, ...],
            answer: Answer) -> None:  # fmt: skip
        answer(done_now(function, *args))


Moved = Callable[[int, Action, list[Event]], None]
Later = Callable[[float, Callable[[], None]], Cancellable]


def _raise(error: BaseException) -> None:
    raise error


class _Asked:
    """A decision under way: the seat, the player asked, the length of the log then."""

    __slots__ = ("bot", "kept", "seat", "stamp")

    def __init__(self, seat: int, bot: Bot, stamp: int) -> None:
        self.seat, self.bot, self.stamp = seat, bot, stamp
        self.kept: Done[Any] | None = None
        """The answer, come while the table was held."""


class Driver:
    """Moves ``table``'s computer players: ``moved(seat, action, events)`` after each of their
    moves (the table has applied it); ``later(seconds, callback)`` waits the pace in the
    caller's loop; ``pace()`` the seconds before a round of decisions."""

    def __init__(
        self,
        table: Table,
        thinking: Thinking,
        moved: Moved,
        *,
        pace: Callable[[], float] = lambda: 0.0,
        later: Later | None = None,
        name: str = "table",
    ) -> None:
        self.table = table
        self.thinking = thinking
        self.moved = moved
        self.pace = pace
        self.later = later
        self.name = name
        """How the table is named in the log."""
        self.active: Callable[[], bool] = lambda: True
        """Whether the people are at the table (offline: not in the pause menu): while it says
        no, no computer player starts to think and an answer that comes is kept."""
        self.settled: Callable[[], None] = lambda: None
        """Called when an answer was kept or thrown away (nothing moved)."""
        self.failed: Callable[[BaseException], None] = _raise
        """A computer player's failure (a bug): the driver stops until the next kick."""
        self.playing = False
        self.hurried = False
        self.holds = 0
        """Reasons to hold the computer players (:meth:`hold`, :meth:`release`)."""
        self._asked: _Asked | None = None
        self._timer: Cancellable | None = None
        self._round: list[int] = []
        self._kicking = False
        self._again = False

    # ----- what the table's owner asks -----------------------------------------------------
    def start(self) -> None:
        """The table is open (again): computer players may move; an answer kept meanwhile is
        played now."""
        self.playing = True
        self.kick()

    def stop(self) -> None:
        """The table is left or closed: nothing more is moved; answers still to come are
        thrown away."""
        self.playing = False
        self.cancel_timer()
        self._asked = None
        self._round = []

    def hurry(self) -> None:
        """Every computer player moves now, up to the people's turn."""
        self.hurried = True
        self.cancel_timer()
        self.kick()

    def hold(self) -> None:
        self.holds += 1

    def release(self) -> None:
        self.holds = max(0, self.holds - 1)
        self.kick()

    @property
    def held(self) -> bool:
        return self.holds > 0 or not self.active()

    @property
    def thinking_seat(self) -> int | None:
        """The seat of the computer player thinking now, if any."""
        return None if self._asked is None else self._asked.seat

    @property
    def idle(self) -> bool:
        """No computer player thinks or waits the pace, and none is held."""
        return self._asked is None and self._timer is None and not self.holds

    def cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None

    # ----- the policy ----------------------------------------------------------------------
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
        asked = self._asked
        if asked is not None and asked.kept is not None and self.playing and not self.held:
            self._answered(asked, asked.kept)  # come while the table was held
            return
        if not self.playing or table.is_over or asked is not None or self._timer:
            return
        seats = table.awaiting_bots()
        if not seats:
            self.hurried = False  # "play now" lasts until the people's turn
            self._round = []
            return
        if self.held:
            return
        self._round = [seat for seat in self._round if seat in seats]
        if not self._round:
            pace = 0.0 if self.hurried else self.pace()
            if pace > 0 and self.later is not None:
                self._timer = self.later(pace, self._paced)
                return
            self._round = list(seats)
        self._think(self._round.pop(0))

    def _paced(self) -> None:
        self._timer = None
        if not self.playing or self.held:
            return  # the next kick waits the pace again
        self._round = list(self.table.awaiting_bots())
        self.kick()

    def _think(self, seat: int) -> None:
        bot, view, legal = self.table.bot_turn(seat)
        asked = _Asked(seat, bot, len(self.table.log))
        self._asked = asked
        if len(legal) == 1:  # nothing to weigh (a flip, a pass): decided here, at once
            self._answered(asked, done_now(think, bot, view, legal))
            return
        what = f"{self.name} seat {seat}"
        self.thinking.decide(what, bot, view, legal, lambda done: self._answered(asked, done))

    def _answered(self, asked: _Asked, done: Done[Any]) -> None:
        """A computer player's answer: played if nothing moved while it thought."""
        if self._asked is not asked:
            return  # hurried past, or the table was left
        if self.held or not self.playing:
            asked.kept = done
            self.settled()
            return  # kept until :meth:`start`
        self._asked = None
        table = self.table
        try:
            action, after = done.result()
        except Exception as error:  # a bug: the table waits for the next kick to try again
            self.failed(error)
            return
        seat, bot = asked.seat, asked.bot
        if (asked.stamp == len(table.log) and table.thinker(seat) is bot
                and seat in table.awaiting_bots()):  # fmt: skip
            if table.bots.get(seat) is bot:  # the player as it came back, memory and all
                table.bots[seat] = after
            else:
                table.stand_ins[seat] = after
            try:
                events = table.apply(seat, action)
            except IllegalAction as error:  # cannot happen with an unchanged table: ask again
                log.warning("%s: a computer player's move was refused: %s", self.name, error)
            else:
                self.moved(seat, action, events)
                self.kick()
                return
        self.kick()
        self.settled()
