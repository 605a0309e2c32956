"""A table of the server, what it holds: its seats (:class:`Seat`), the people sitting at it and
the spectators, the game session once started, and how it describes itself (the lobby's line,
every seat's name).

The table is built in layers, each in its own module and each using the ones below it:
this one; :mod:`audiogame.online.room_broadcast` (what is sent to whom);
:mod:`audiogame.online.room_timers` (the computer players and the turn timers);
:mod:`audiogame.online.room_seats` (people sitting, leaving, dropping, coming back within the
grace period); :mod:`audiogame.online.room` (the game itself, the saved record).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from audiogame.catalog import game_entry
from audiogame.online import names as nicknames
from audiogame.online.limits import network_key
from audiogame.online.thinkers import PoolThinking
from audiogame.settings import DEFAULT_NAMES
from audiogame.table.driver import Driver
from audiogame.table.frame import Frame
from audiogame.table.session import Table

log = logging.getLogger("audiogame.server")


class Peer(Protocol):
    """A connection, as a table sees it."""

    name: str

    def send(self, message: dict[str, Any]) -> None: ...


class RoomError(ValueError):
    """A request the table refuses: ``code`` names why (docs/protocol.md)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


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
    told_away: set[str] = field(default_factory=set)
    """Who was told that this seat's person is away (dropped, or a computer player plays for
    them): only they hear that the person is back."""

    def cancel(self) -> None:
        for timer in self.timers:
            timer.cancel()
        self.timers.clear()


class RoomState:
    """What one table of the server holds, and how it describes itself."""

    def __init__(
        self,
        server: Any,
        table_id: str,
        game: str,
        config: dict[str, Any],
        seats: list[Seat],
        *,
        private: bool,
        grace: int,
        turn_timer: int,
        creator: str,
        seed: int,
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
        self.seed = seed
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
        self.last_action = time.monotonic()
        """When someone at it last sent anything (a table still to start where nobody does
        anything closes: :meth:`audiogame.online.server_tables.TableKeeping.close_idle`)."""
        self.unattended_since: float | None = None
        """When the last person left it (the table unattended longest is set aside first
        when the server is full)."""
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

    def all_names(self) -> list[str]:
        """Every seat's name: a person's nickname; a computer player's, one of the default
        names that is not, nor looks or sounds like, the name of a person here (spectators
        included) or on the server (:func:`audiogame.online.names.same`: beside "Karla" no
        computer player is "Carla"), fixed once the game started; a free seat's, empty."""
        taken = [seat.name for seat in self.seats if seat.name]
        taken += [peer.name for peer in self.watchers]
        taken += self.bot_names.values()
        if not self.bot_names:  # nor anyone on the server, who may come to watch
            taken += [str(name) for name in getattr(self.server, "names", {})]
        known = frozenset().union(*map(nicknames.keys, taken))
        spare = iter(name for name in DEFAULT_NAMES if not nicknames.keys(name) & known)
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

    @property
    def network(self) -> str:
        """The network it was created from (:func:`audiogame.online.limits.network_key`)."""
        return network_key(self.address)
