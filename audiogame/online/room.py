"""A table of the server: the game session (:class:`audiogame.table.session.Table`), the people
sitting at it and the spectators, and everything that keeps it moving. This module holds the
table's setup check, the game (starting it, the people's moves) and its saved record; the
layers below are :mod:`audiogame.online.room_state` (its seats, how it describes itself),
:mod:`audiogame.online.room_broadcast` (what it sends to whom),
:mod:`audiogame.online.room_timers` (computer players, turn timers) and
:mod:`audiogame.online.room_seats` (people coming and going, grace periods).
"""

from __future__ import annotations

import asyncio
from typing import Any

from audiogame.catalog import game_entry
from audiogame.online.room_seats import RoomSeats
from audiogame.online.room_state import Peer, RoomError, Seat
from audiogame.online.store import at_rest, token_matches
from audiogame.online.table_setup import SetupRefused, checked_setup
from audiogame.table.codec import decode_action, encode_refusal
from audiogame.table.driver import Driver
from audiogame.table.seeds import secret_seed
from audiogame.table.session import Table
from engine.errors import IllegalAction

__all__ = ["Peer", "Room", "RoomError", "Seat", "check_options", "find_token", "new_seed"]


def new_seed() -> int:
    """A new table's key: 256 bits from the system's cryptographic source, drawn by the
    server (no client chooses it, no seat's view tells it: :mod:`audiogame.table.seeds`).
    Only the tests replace it (in their own process) to deal known cards."""
    return secret_seed()


def check_options(game: str, options: dict[str, Any], seats: int) -> dict[str, Any]:
    """The setup of a new table, checked against its game's facts (table_setup.py)."""
    try:
        return checked_setup(game, options, seats)
    except SetupRefused as error:
        raise RoomError("invalid", str(error)) from None


class Room(RoomSeats):
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
        super().__init__(
            server, table_id, game, config, seats, private=private, grace=grace,
            turn_timer=turn_timer, creator=creator,
            seed=seed if seed is not None else new_seed(),
        )  # fmt: skip

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
        named = dict(self.bot_names)
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
        if log_lines is None:
            try:
                self.server.remember(self, or_refuse=True)  # kept before anyone hears it
            except RoomError:  # a full disk: the game is not started, nothing changed
                self.driver.stop()
                self.table, self.driver, self.bot_names = None, None, named
                raise
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
            self.server.remember(self)
        else:
            self.broadcast(self.table.opening_events(), "started")
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

    def close(self, reason: str, **details: Any) -> None:
        self.closed = True
        for seat in self.seats:
            seat.cancel()
        if self.driver is not None:
            self.driver.stop()
        self.thinking.cancel()
        self.tell_all({"type": "closing", "reason": reason, **details})

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
