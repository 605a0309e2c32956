"""The table: one game session, apart from any screen.

A :class:`Table` owns the engine state, knows which seats are computer players (and at what
level), keeps the move log (enough to build the table again), and gives out, for each seat,
only what that seat may know: its own view, and the events as anyone may see them (see
:mod:`audiogame.table.redact`). It never formats a word: presenters do that.

It does not think for its computer players either: :meth:`Table.bot_turn` hands out what a
computer player needs to decide (its view and its legal actions), so that the caller can let
it think where it blocks nobody (a worker thread on the server), and applies the answer with
:meth:`Table.apply`.

>>> table = Table("battle", {"players": 2, "deck": 32}, seed=7, bots={1: "greedy"})
>>> table.people()
(0,)
>>> sorted(table.awaiting_bots())
[1]
>>> bot, view, legal = table.bot_turn(1)
>>> table.apply(1, bot.choose(view, legal))
[]
>>> table.log
['1 flip']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from audiogame.catalog import GAMES, game_entry
from audiogame.computer_players import Bot, make_bot
from audiogame.table.redact import Redactor
from audiogame.table.seeds import deal_seed, player_seed
from engine import games
from engine.actions import Action
from engine.events import Event, GameOver
from engine.protocol import State

NEXT_DEAL = "next_deal"
"""The log line of a Cardavia match's next deal."""


def engine_options(game: str) -> tuple[str, ...]:
    """The setup options ``game``'s engine takes (the others are the table's own)."""
    return game_entry(game).engine_options


def seat_count(game: str, config: Mapping[str, Any]) -> int:
    return game_entry(game).seat_count(config)


class Table:
    """One game session: ``bots`` maps the seats of computer players to their level."""

    def __init__(
        self, game: str, config: Mapping[str, Any], seed: int, bots: Mapping[int, str]
    ) -> None:
        if game not in (entry.key for entry in GAMES):
            raise ValueError(f"no game {game!r}")
        self.game = game
        self.match = game_entry(game).match
        """Whether the setup's ``deals`` make a match of several deals, with running totals."""
        self.config = dict(config)
        self.seed = seed
        self.players = seat_count(game, config)
        self.levels = dict(bots)
        self.bots: dict[int, Bot] = {
            seat: make_bot(game, level, player_seed(seed, seat)) for seat, level in bots.items()
        }
        self.stand_ins: dict[int, Bot] = {}
        """Computer players keeping the seat of a person who is away."""
        self.handovers: list[tuple[int, int, str | None]] = []
        """When stand-ins came and went: ``(moves in the log, seat, level)``, ``None`` for
        the seat given back (:mod:`audiogame.table.recall` rebuilds them from it)."""
        self.deals = max(1, int(self.config.get("deals") or 1)) if self.match else 1
        self.deal_number = 1
        self.totals = [0] * self.players
        self.log: list[str] = []
        self.redactor = Redactor()
        self.state: State = self._new_state()

    def _new_state(self) -> State:
        options = {name: self.config[name] for name in engine_options(self.game)
                   if name in self.config}  # fmt: skip
        return games[self.game].new_state(seed=deal_seed(self.seed, self.deal_number), **options)

    # ----- who sits where ------------------------------------------------------------------
    def people(self) -> tuple[int, ...]:
        """The seats kept for people."""
        return tuple(seat for seat in range(self.players) if seat not in self.bots)

    def take_over(self, seat: int, level: str = "normal") -> None:
        """A computer player plays for the person of ``seat`` until :meth:`give_back`."""
        if seat in self.people() and seat not in self.stand_ins:
            self.stand_ins[seat] = make_bot(self.game, level, player_seed(self.seed, seat))
            self.handovers.append((len(self.log), seat, level))

    def give_back(self, seat: int) -> None:
        if self.stand_ins.pop(seat, None) is not None:
            self.handovers.append((len(self.log), seat, None))

    def thinker(self, seat: int) -> Bot | None:
        """The computer player who plays ``seat`` now, if any."""
        return self.bots.get(seat) or self.stand_ins.get(seat)

    # ----- the game ------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def match_over(self) -> bool:
        return self.state.is_over and self.deal_number >= self.deals

    def to_act(self) -> tuple[int, ...]:
        return () if self.state.is_over else self.state.to_act()

    def awaiting_bots(self) -> tuple[int, ...]:
        return tuple(seat for seat in self.to_act() if self.thinker(seat) is not None)

    def view(self, seat: int) -> Any:
        return self.state.view(seat)

    def legal(self, seat: int) -> list[Action]:
        if self.state.is_over or seat not in self.state.to_act():
            return []
        return self.state.legal_actions(seat)

    def opening_events(self) -> list[Event]:
        return self.redactor.all_public(self.state.opening_events())

    def bot_turn(self, seat: int) -> tuple[Bot, Any, list[Action]]:
        """What the computer player of ``seat`` needs to decide: itself, its view, its moves."""
        bot = self.thinker(seat)
        if bot is None:
            raise ValueError(f"seat {seat} is no computer player")
        return bot, self.state.view(seat), self.state.legal_actions(seat)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one action (``IllegalAction`` when the rules refuse it: nothing changes);
        the events as anyone at the table may know them."""
        from audiogame.saves.moves import move_text

        events = self.state.apply(seat, action)
        self.log.append(move_text(seat, action))
        for event in events:
            if isinstance(event, GameOver) and self.match:
                self.totals = [a + b for a, b in zip(self.totals, event.scores, strict=True)]
        return self.redactor.all_public(events)

    def next_deal(self) -> list[Event]:
        """The next deal of a match (Cardavia's) (``ValueError`` when there is none now)."""
        if not self.state.is_over or self.deal_number >= self.deals:
            raise ValueError("no next deal now")
        self.deal_number += 1
        self.state = self._new_state()
        self.log.append(NEXT_DEAL)
        return self.opening_events()

    def deal_hands(self, hands: Sequence[Sequence[Any]]) -> list[Event]:
        """The next deal of a Cardavia match with these hands (a save's ``deal`` line)."""
        if not self.state.is_over or self.deal_number >= self.deals:
            raise ValueError("no next deal now")
        self.deal_number += 1
        self.state = games[self.game].new_state(hands=hands)
        self.log.append(NEXT_DEAL)
        return self.opening_events()

    def replay(
        self,
        lines: Sequence[str],
        handovers: Sequence[Sequence[Any]] = (),
        *,
        before: Callable[[int, Action], None] | None = None,
        after: Callable[[str, tuple[int, Action] | None, list[Event]], None] | None = None,
    ) -> None:
        """Apply a log (the table as it was left; ``ValueError`` on a damaged line, the lines
        before it applied): moves, the server's ``next_deal`` lines and a save's ``deal``
        lines (the hands). ``handovers`` (as :attr:`handovers` keeps them) bring the stand-ins
        in and out at the moves they came and went, and so are kept again. The hooks:
        ``before(seat, action)`` before each move is applied (:mod:`audiogame.table.recall`
        asks the computer players there), ``after(line, move, events)`` after each line
        (``move`` is ``None`` for a new deal) with the events as anyone may know them."""
        from audiogame.saves.moves import is_deal, parse_deal, parse_move

        changes = sorted(((int(n), int(seat), level) for n, seat, level in handovers),
                         key=lambda change: change[0])  # fmt: skip
        k = 0
        for n, line in enumerate(lines):
            while k < len(changes) and changes[k][0] <= n:
                self._hand_over(*changes[k][1:])
                k += 1
            move: tuple[int, Action] | None = None
            if line == NEXT_DEAL:
                events = self.next_deal()
            elif is_deal(line):
                events = self.deal_hands(parse_deal(line))
            else:
                move = parse_move(line)
                if before is not None:
                    before(*move)
                events = self.apply(*move)
            if after is not None:
                after(line, move, events)
        for change in changes[k:]:
            self._hand_over(*change[1:])

    def _hand_over(self, seat: int, level: str | None) -> None:
        if level is None:
            self.give_back(seat)
        else:
            self.take_over(seat, level)
