"""What keeps a table of the server moving: its computer players, moved by the driver and
thinking in worker processes (:mod:`audiogame.online.thinkers`), the automatic pass of the
people who asked for it, and the turn timer."""

from __future__ import annotations

import asyncio
from typing import Any

from audiogame.online.room_broadcast import RoomBroadcast
from audiogame.online.room_state import log
from audiogame.table.recall import recall
from engine.events import Event

WARNING_BEFORE = 10.0
"""Seconds of warning before the turn timer moves for a person."""


class RoomTimers(RoomBroadcast):
    """A table's computer players, automatic passes and turn timers."""

    def moved(self, events: list[Event], by: int) -> None:
        self.broadcast(events, by=by)
        self.server.remember_moves(self)
        if self.table is not None and self.table.match_over:
            self.server.log_line(f"table {self.id} over")
            self.server.finished(self)
            return
        self.kick()

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
