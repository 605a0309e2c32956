"""A table of the server: the game session (:class:`audiogame.table.session.Table`), the people
sitting at it and the spectators, and everything that keeps it moving: computer players
thinking in worker processes (:mod:`audiogame.online.thinkers`), the grace period of a
dropped person, the turn timer.

Each seat receives its own stream, numbered from itself (:mod:`audiogame.table.frame`):
the events as anyone may know them, its own view and its legal actions, nothing else.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from audiogame.bots import Bot
from audiogame.catalog import game_entry
from audiogame.online.store import at_rest, token_matches
from audiogame.online.table_setup import SetupRefused, checked_setup
from audiogame.settings import DEFAULT_NAMES
from audiogame.table.codec import decode_action, encode_refusal
from audiogame.table.driver import Answer, Driver
from audiogame.table.frame import Frame
from audiogame.table.recall import recall
from audiogame.table.seeds import secret_seed
from audiogame.table.session import Table
from audiogame.table.stream import seat_message
from engine.actions import Action
from engine.errors import IllegalAction
from engine.events import Event

log = logging.getLogger("audiogame.server")

WARNING_BEFORE = 10.0
"""Seconds of warning before the turn timer moves for a person."""


class Peer(Protocol):
    """A connection, as a table sees it."""

    name: str

    def send(self, message: dict[str, Any]) -> None: ...


class RoomError(ValueError):
    """A request the table refuses: ``code`` names why (docs/protocol.md)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def new_seed() -> int:
    """A new table's key: 256 bits from the system's cryptographic source, drawn by the
    server (no client chooses it, no seat's view tells it: :mod:`audiogame.table.seeds`).
    Only the tests replace it (in their own process) to deal known cards."""
    return secret_seed()


@dataclass
class Seat:
    kind: str  # "person" or "bot"
    level: str = "normal"
    name: str | None = None
    token: str | None = None
    peer: Peer | None = None
    timers: list[asyncio.TimerHandle] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    """The person's own options of the game (``auto_pass``), as they set them."""

    def cancel(self) -> None:
        for timer in self.timers:
            timer.cancel()
        self.timers.clear()


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


def check_options(game: str, options: dict[str, Any], seats: int) -> dict[str, Any]:
    """The setup of a new table, checked against its game's facts (table_setup.py)."""
    try:
        return checked_setup(game, options, seats)
    except SetupRefused as error:
        raise RoomError("invalid", str(error)) from None


class Room:
    """One table of the server."""

    def __init__(
        self,
        server: Any,
        table_id: str,
        game: str,
        config: dict[str, Any],
        seats: list[Seat],
        *,
        private: bool = False,
        grace: int = 60,
        turn_timer: int = 0,
        creator: str = "",
        seed: int | None = None,
    ) -> None:
        self.server = server
        self.id = table_id
        self.game = game
        self.config = config
        self.seats = seats
        self.private = private
        self.grace = grace
        self.turn_timer = turn_timer
        self.creator = creator
        self.seed = seed if seed is not None else new_seed()
        self.table: Table | None = None
        self.driver: Driver | None = None
        """Moves the computer players once the game started."""
        self.thinking = PoolThinking(server)
        self.watchers: list[Peer] = []
        self.kept_moves = 0
        """How many moves of the log the store holds."""
        self.handovers: list[Any] = []
        """The stand-ins' comings and goings of a resumed table, as the store kept them."""
        self.closed = False
        self.over = False
        """The game is over: the table is no longer listed, kept or joined."""
        self.address = ""
        """The address it was created from (what the limits count)."""
        self.paused = False
        """No person is connected: the computer players wait (:meth:`attend`)."""
        self.timed_out: set[int] = set()
        """Seats kept by a computer player for one move: their person's turn timer ran out."""
        self.bot_names: dict[int, str] = {}
        """The computer players' names, fixed when the game starts (until then each is one of
        the default names that nobody here, seated or watching, uses)."""

    # ----- describing ----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def started(self) -> bool:
        return self.table is not None

    def seat_info(self, seat: Seat) -> dict[str, Any]:
        if seat.kind == "bot":
            return {"kind": "bot", "level": seat.level}
        index = self.seats.index(seat)
        taken = (self.table is not None and index in self.table.stand_ins
                 and index not in self.timed_out)  # fmt: skip
        return {
            "kind": "person",
            "name": seat.name,
            "connected": seat.peer is not None,
            "taken_over": taken,
        }

    def describe(self, me: int | None = None) -> dict[str, Any]:
        """The table as the lobby lists it; seats in the order of seat ``me``."""
        order = (
            range(self.players)
            if me is None
            else Frame(me, self.players).per_seat(range(self.players))
        )
        return {
            "id": self.id,
            "game": self.game,
            "options": {k: v for k, v in self.config.items()},
            "seats": [self.seat_info(self.seats[s]) for s in order],
            "watching": len(self.watchers),
            "started": self.started,
            "private": self.private,
            "player_options": [o.setting for o in game_entry(self.game).player_options],
        }

    def seat_of(self, peer: Peer) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.peer is peer:
                return index
        return None

    def people_here(self) -> list[Peer]:
        return [seat.peer for seat in self.seats if seat.peer is not None]

    def names(self, me: int) -> list[str]:
        """The other seats' names, in the order of seat ``me``."""
        everyone = self.all_names()
        return [everyone[(me + step) % self.players] for step in range(1, self.players)]

    # ----- sending -------------------------------------------------------------------------
    def tell_all(self, message: dict[str, Any], but: Peer | None = None) -> None:
        for peer in [*self.people_here(), *self.watchers]:
            if peer is not but:
                peer.send(message)

    def presence(self, what: str, seat: int | None, name: str, but: Peer | None = None) -> None:
        for index, other in enumerate(self.seats):
            if other.peer is not None and other.peer is not but:
                framed = None if seat is None else Frame(index, self.players).seat(seat)
                other.peer.send({"type": "presence", "what": what, "name": name, "seat": framed})
        for peer in self.watchers:
            if peer is not but:
                peer.send({"type": "presence", "what": what, "name": name, "seat": seat})
        self.server.log_line(f"table {self.id} {what} {name}")
        self.server.lobby_changed()
        self.attend()

    def attend(self) -> None:
        """With no person connected the computer players wait, from that moment (a table
        left to them plays for nobody); they go on when a person is back."""
        if self.driver is None:
            return
        alone = not self.people_here() and not self.closed and not self.over
        if alone and not self.paused:
            self.paused = True
            self.driver.hold()
        elif not alone and self.paused:
            self.paused = False
            self.driver.release()

    def stream(
        self, seat: int | None, events: list[Event], kind: str, by: int | None = None
    ) -> dict[str, Any]:
        """One message of seat ``seat``'s stream (``None``: a spectator's); ``by`` is the seat
        whose move it tells."""
        table = self.table
        assert table is not None
        names = None
        if kind == "started":
            names = self.names(seat) if seat is not None else self.all_names()
        return seat_message(table, seat, events, kind, by, names)

    def broadcast(self, events: list[Event], kind: str = "update", by: int | None = None) -> None:
        for index, seat in enumerate(self.seats):
            if seat.peer is not None:
                seat.peer.send(self.stream(index, events, kind, by))
        for peer in self.watchers:
            peer.send(self.stream(None, events, kind, by))

    # ----- people --------------------------------------------------------------------------
    def sit(self, peer: Peer, wanted: int | None = None) -> int:
        free = [
            i for i, seat in enumerate(self.seats) if seat.kind == "person" and seat.token is None
        ]
        if wanted is not None:
            if not 0 <= wanted < self.players or wanted not in free:
                raise RoomError("seat_taken", "that seat is not free")
            index = wanted
        elif free:
            index = free[0]
        else:
            raise RoomError("table_full", "every seat is taken")
        self.check_name(peer)
        seat = self.seats[index]
        seat.name, seat.peer, seat.token = peer.name, peer, secrets.token_urlsafe(24)
        if self.table is not None:
            self.table.give_back(index)
        self.server.remember(self)
        self.presence("joined", index, peer.name, but=peer)
        self.joined(peer, index)
        return index

    def joined(self, peer: Peer, index: int | None) -> None:
        seat = None if index is None else self.seats[index]
        peer.send(
            {
                "type": "joined",
                "table": self.describe(index),
                "seat": index,
                "token": None if seat is None else seat.token,
                "names": self.names(index or 0) if index is not None else self.all_names(),
            }
        )
        if seat is not None and seat.options:
            peer.send({"type": "seat_options", "options": dict(seat.options)})
        if self.table is not None:
            peer.send(
                self.stream(
                    index, self.table.opening_events() if not self.table.log else [], "started"
                )
            )
            self.kick()

    def all_names(self) -> list[str]:
        """Every seat's name: a person's nickname; a computer player's, one of the default
        names no person here (spectators included) nor on the server uses, fixed once the
        game started; a free seat's, empty."""
        taken = {seat.name.casefold() for seat in self.seats if seat.name}
        taken |= {peer.name.casefold() for peer in self.watchers}
        taken |= {name.casefold() for name in self.bot_names.values()}
        if not self.bot_names:  # nor anyone on the server, who may come to watch
            taken |= {str(name) for name in getattr(self.server, "names", {})}
        spare = iter(name for name in DEFAULT_NAMES if name.casefold() not in taken)
        names = []
        for index, seat in enumerate(self.seats):
            if seat.kind == "bot":
                names.append(self.bot_names.get(index) or next(spare, "?"))
            else:
                names.append(seat.name or "")
        return names

    def fix_bot_names(self) -> None:
        """The game starts: its computer players keep the names they have now."""
        names = self.all_names()
        self.bot_names = {i: names[i] for i, seat in enumerate(self.seats) if seat.kind == "bot"}

    def check_name(self, peer: Peer) -> None:
        """A person comes to a started table: no computer player there may have their name."""
        if peer.name.casefold() in {name.casefold() for name in self.bot_names.values()}:
            raise RoomError("bot_name", "a computer player at that table has this name")

    def watch(self, peer: Peer) -> None:
        self.check_name(peer)
        self.watchers.append(peer)
        self.presence("watching", None, peer.name, but=peer)
        self.joined(peer, None)

    def leave(self, peer: Peer) -> None:
        """Leave for good: the seat is free again (a computer player keeps it in a game)."""
        if peer in self.watchers:
            self.watchers.remove(peer)
            self.presence("left", None, peer.name)
        index = self.seat_of(peer)
        if index is not None:
            seat = self.seats[index]
            seat.cancel()
            seat.peer = seat.token = None
            seat.options = {}
            self.timed_out.discard(index)  # the stand-in keeps the seat now
            if self.table is not None:
                self.table.take_over(index)
            else:
                seat.name = None
                if peer.name == self.creator:  # the next person here may start the game
                    self.creator = next((s.name for s in self.seats if s.peer and s.name), "")
            self.presence("left", index, peer.name)
            self.server.remember(self)
            self.kick()
        self.server.maybe_close(self)

    def dropped(self, peer: Peer) -> None:
        """The connection is gone: the seat waits for its token during the grace period."""
        if peer in self.watchers:
            self.watchers.remove(peer)
        index = self.seat_of(peer)
        if index is None:
            self.server.maybe_close(self)
            return
        seat = self.seats[index]
        seat.peer = None
        seat.cancel()
        self.presence("dropped", index, peer.name)
        if self.table is not None:
            handle = asyncio.get_running_loop().call_later(self.grace, self.take_over, index)
            seat.timers.append(handle)
        self.server.maybe_close(self)

    def take_over(self, index: int) -> None:
        seat = self.seats[index]
        if self.table is None or seat.peer is not None:
            return
        self.timed_out.discard(index)  # the stand-in keeps the seat now
        self.table.take_over(index)
        self.presence("taken_over", index, seat.name or "")
        self.server.remember(self)
        self.kick()

    def back(self, peer: Peer, index: int) -> None:
        """A person back with the seat's token."""
        seat = self.seats[index]
        if seat.peer is not None and seat.peer is not peer:
            old = seat.peer
            seat.peer = None
            self.server.replaced(old)
        seat.cancel()
        seat.peer = peer
        peer.name = seat.name or peer.name
        self.timed_out.discard(index)
        if self.table is not None:
            self.table.give_back(index)
            self.server.remember(self)
        self.presence("returned", index, peer.name, but=peer)
        self.joined(peer, index)

    # ----- the game ------------------------------------------------------------------------
    def start(self, peer: Peer) -> None:
        if self.table is not None:
            raise RoomError("started", "the game has already started")
        if peer.name != self.creator:
            raise RoomError("not_creator", "only the creator starts the game")
        if any(seat.kind == "person" and seat.peer is None for seat in self.seats):
            raise RoomError("seats_free", "some seats are still free")
        self.begin()

    def begin(self, log_lines: list[str] | None = None) -> None:
        bots = {i: seat.level for i, seat in enumerate(self.seats) if seat.kind == "bot"}
        if not self.bot_names:
            self.fix_bot_names()
        self.table = Table(self.game, self.config, self.seed, bots)
        paced = 1 if game_entry(self.game).paced else 0
        self.driver = Driver(
            self.table, self.thinking, lambda seat, action, events: self.bot_moved(seat, events),
            pace=lambda: float(self.config.get("pace", paced)),
            later=asyncio.get_running_loop().call_later, name=f"table {self.id}",
        )  # fmt: skip
        self.driver.failed = self._failed
        self.driver.playing = True
        self.server.lobby_changed()
        self.attend()
        if log_lines is not None:  # resumed (a table left before its first move too)
            self.table.replay(log_lines, self.handovers)  # the stand-ins kept come back
            self.kept_moves = len(log_lines)
            self.resume_thinkers(log_lines)
            loop = asyncio.get_running_loop()
            for index, seat in enumerate(self.seats):
                if seat.kind != "person" or seat.peer is not None:
                    continue
                if seat.token is None:
                    self.table.take_over(index)  # the person had left for good
                else:  # the person may come back with the token within the grace period
                    seat.timers.append(loop.call_later(self.grace, self.take_over, index))
        else:
            self.broadcast(self.table.opening_events(), "started")
        self.server.remember(self)
        self.server.log_line(f"table {self.id} started")
        self.kick()

    def act(self, peer: Peer, text: str) -> None:
        index = self.seat_of(peer)
        if self.table is None or index is None:
            raise RoomError("not_playing", "you are not playing at a table")
        action = decode_action(text)
        try:
            events = self.table.apply(index, action)
        except IllegalAction as error:
            if "seat" in error.params:
                error = IllegalAction(str(error), code=error.code, **{**error.params, "seat": 0})
            peer.send({"type": "refused", "refusal": encode_refusal(error)})
            return
        self.seats[index].cancel()
        if index in self.timed_out:  # moved before the turn timer's computer player did
            self.timed_out.discard(index)
            self.table.give_back(index)
        self.moved(events, index)

    def moved(self, events: list[Event], by: int) -> None:
        self.broadcast(events, by=by)
        self.server.remember_moves(self)
        if self.table is not None and self.table.match_over:
            self.server.log_line(f"table {self.id} over")
            self.server.finished(self)
            return
        self.kick()

    def hurry(self, peer: Peer) -> None:
        if self.seat_of(peer) is None:
            raise RoomError("not_playing", "you are not playing at a table")
        if self.driver is not None:
            self.driver.hurry()
        self.arm_timers()

    def next_deal(self, peer: Peer) -> None:
        if self.table is None or self.seat_of(peer) is None:
            raise RoomError("not_playing", "you are not playing at a table")
        try:
            events = self.table.next_deal()
        except ValueError:
            raise RoomError("no_next_deal", "there is no next deal now") from None
        self.broadcast(events, "dealt")
        self.server.remember_moves(self)
        self.kick()

    # ----- computer players and timers -----------------------------------------------------
    def resume_thinkers(self, lines: list[str]) -> None:
        """The table was built again from its log (the stand-ins that kept a seat when it was
        left keep it again): every computer player is brought back with its memory in a
        worker (:func:`audiogame.table.recall.recall`) before it decides again."""
        table = self.table
        assert table is not None
        placeholders = dict(table.stand_ins)
        args = (self.game, self.config, self.seed, table.levels, lines, self.handovers)
        driver = self.driver
        assert driver is not None
        driver.hold()  # until they are back

        def brought_back(done: Any) -> None:
            try:
                bots, stand_ins, differed = done.result()
            except Exception:  # a damaged log: the players go on without their memory
                log.exception("table %s: computer players not brought back", self.id)
                self.server.log_line(f"table {self.id}: computer players start afresh")
            else:
                table.bots.update(bots)
                for seat, bot in stand_ins.items():
                    if table.stand_ins.get(seat) is placeholders.get(seat, bot):
                        table.stand_ins[seat] = bot
                if differed:
                    self.server.log_line(
                        f"table {self.id}: {differed} computer players' moves differ from the log"
                    )
            if not self.closed:
                driver.release()
                self.arm_timers()

        self.thinking.run(f"table {self.id}", recall, args, brought_back)

    def kick(self) -> None:
        """Let the computer players move (:class:`audiogame.table.driver.Driver`), and arm the
        turn timers."""
        if self.table is None or self.closed:
            return
        if not self.pass_for_people():
            return  # the game is over
        if self.driver is not None:
            self.driver.kick()
        self.arm_timers()

    # ----- the people's own options --------------------------------------------------------
    def set_option(self, peer: Peer, name: str, value: Any) -> None:
        """A person's own option of the game (its registration's ``player_options``), kept
        for the seat; the seat is told the options it now has."""
        index = self.seat_of(peer)
        if index is None:
            raise RoomError("not_playing", "you are not playing at a table")
        option = next((o for o in game_entry(self.game).player_options if o.setting == name),
                      None)  # fmt: skip
        if option is None:
            raise RoomError("invalid", f"{self.game} has no option {name!r} of its own")
        if type(value) is not type(option.values[0]) or value not in option.values:
            raise RoomError("invalid", f"{name} cannot be {value!r}")
        seat = self.seats[index]
        seat.options[name] = value
        peer.send({"type": "seat_options", "options": dict(seat.options)})
        self.server.remember(self)
        self.kick()

    def pass_for_people(self) -> bool:
        """Each person with the automatic pass on whose only move is to pass, passes: told
        first (``auto_passed``), then the move as every move. False when the game ended."""
        table = self.table
        assert table is not None
        passed = True
        while passed:
            passed = False
            for index, seat in enumerate(self.seats):
                if not seat.options.get("auto_pass") or table.thinker(index) is not None:
                    continue
                legal = table.legal(index)
                if not legal or any(action.kind != "pass" for action in legal):
                    continue
                seat.cancel()
                if seat.peer is not None:
                    seat.peer.send({"type": "auto_passed"})
                self.broadcast(table.apply(index, legal[0]), by=index)
                self.server.remember_moves(self)
                if table.match_over:
                    self.server.log_line(f"table {self.id} over")
                    self.server.finished(self)
                    return False
                passed = True
        return True

    def _failed(self, error: BaseException) -> None:
        """A bug: logged, the table waits for the next move to try again."""
        log.error("table %s: computer players stopped", self.id, exc_info=error)
        self.server.log_line(f"table {self.id} computer players stopped by an error")

    def arm_timers(self) -> None:
        table = self.table
        if table is None or not self.turn_timer:
            return
        loop = asyncio.get_running_loop()
        for index, seat in enumerate(self.seats):
            awaited = index in table.to_act() and table.thinker(index) is None
            if not awaited:
                seat.cancel()
            elif seat.peer is not None and not seat.timers:
                warn = max(0.0, self.turn_timer - WARNING_BEFORE)
                seat.timers.append(loop.call_later(warn, self._warn, index))
                seat.timers.append(loop.call_later(self.turn_timer, self._timeout, index))

    def _warn(self, index: int) -> None:
        peer = self.seats[index].peer
        if peer is not None:
            peer.send({"type": "timer", "seconds": min(WARNING_BEFORE, self.turn_timer)})

    def _timeout(self, index: int) -> None:
        """The turn timer ran out: a computer player keeps the seat for this one move, moved
        by the driver like every computer player (its pace, its hold, an answer come too late
        thrown away); the seat is the person's again as soon as one of them has moved."""
        seat = self.seats[index]
        seat.timers.clear()
        table = self.table
        if (table is None or self.closed or index not in table.to_act()
                or table.thinker(index) is not None):  # fmt: skip
            return
        table.take_over(index)
        self.timed_out.add(index)
        self.server.log_line(f"table {self.id} timer moves for {seat.name}")
        self.kick()

    def bot_moved(self, index: int, events: list[Event]) -> None:
        """The driver made a computer player's move (a stand-in's, the turn timer's)."""
        if index in self.timed_out:
            self.timed_out.discard(index)
            if self.table is not None:
                self.table.give_back(index)
            peer = self.seats[index].peer
            if peer is not None:
                peer.send({"type": "timed_out"})
        self.moved(events, index)

    def close(self, reason: str) -> None:
        self.closed = True
        for seat in self.seats:
            seat.cancel()
        if self.driver is not None:
            self.driver.stop()
        self.thinking.cancel()
        self.tell_all({"type": "closing", "reason": reason})

    # ----- saving --------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "config": self.config,
            "seed": self.seed,
            "private": self.private,
            "grace": self.grace,
            "turn_timer": self.turn_timer,
            "creator": self.creator,
            "address": self.address,
            "seats": [
                {
                    "kind": s.kind,
                    "level": s.level,
                    "name": s.name,
                    "token": at_rest(s.token),
                    "options": s.options,
                }
                for s in self.seats
            ],
            "started": self.table is not None,
            "log": list(self.table.log) if self.table is not None else [],
            "handovers": [list(change) for change in self.table.handovers] if self.table else [],
            "bot_names": {str(index): name for index, name in self.bot_names.items()},
        }

    @classmethod
    def from_record(cls, server: Any, record: dict[str, Any]) -> Room:
        seats = [
            Seat(
                kind=s["kind"],
                level=s["level"],
                name=s["name"],
                token=s["token"],
                options=dict(s.get("options") or {}),
            )
            for s in record["seats"]
        ]
        room = cls(
            server,
            record["id"],
            record["game"],
            dict(record["config"]),
            seats,
            private=record["private"],
            grace=record["grace"],
            turn_timer=record["turn_timer"],
            creator=record["creator"],
            seed=record["seed"],
        )
        room.handovers = [list(change) for change in record.get("handovers", [])]
        room.address = str(record.get("address", ""))  # its tables still count after a restart
        names = record.get("bot_names") or {}
        if isinstance(names, dict):
            room.bot_names = {int(index): str(name) for index, name in names.items()
                              if str(index).isdigit() and int(index) < len(seats)}  # fmt: skip
        return room


def find_token(rooms: dict[str, Room], token: str) -> tuple[Room, int] | None:
    for room in rooms.values():
        if room.over:
            continue  # a finished table's tokens are void
        for index, seat in enumerate(room.seats):
            if seat.token is not None and token_matches(seat.token, token):
                return room, index
    return None


Callback = Callable[[], None]
