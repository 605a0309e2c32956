"""``audiogame replay FILE``: a saved or finished game again, move by move, spoken as at the
table (what the player could hear; nothing hidden is told).

Right arrow steps to the next move anyone could hear: the secret choices of Battaglia
scientifica and open Battaglia ("Anna has chosen") are passed over together up to the reveal
they lead to. The table's information keys that tell the position from a view (W, E, R, C,
L, M, as the game has them: :mod:`audiogame.presenters.info_keys`) tell the position of the
replay, from the player's seat, with the same words as at the table, on the keys the player's
own bindings give them there; a settlement is read player by player, as at the table.

Moves are counted as the game's description counts them ("after 65 moves": a new deal is no
move); a match's next deal is said by its number ("Deal 2 of 2."), and the end of each deal by
the match's totals, as at the table, the last with who won the match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from audiogame.app.actions import REPLAYING
from audiogame.app.places import main_menu
from audiogame.app.screen import ENTER, ESCAPE, Command, Screen
from audiogame.app.utterance import utterances
from audiogame.i18n import N_, _
from audiogame.presenters.cardavia_match import Match
from audiogame.presenters.info_keys import InfoKey, information_keys
from audiogame.saves.moves import is_deal, parse_move
from audiogame.saves.rebuild import Line
from audiogame.saves.screens import describe
from audiogame.saves.store import SavedGame, keep_aside, read_save
from audiogame.words.seats import HUMAN, capitalize
from engine.events import Event

if TYPE_CHECKING:
    from audiogame.app.host import CoreHost, Host


def load_replay(app: CoreHost, path: Path) -> ReplayScreen:
    """The replay screen of the save in ``path`` (``SaveError`` or ``OSError`` when it cannot
    be replayed)."""
    saved = read_save(path)
    return ReplayScreen(app, saved, Line(app, saved))


HIDDEN_KINDS = frozenset({"choice_made"})
"""Events that tell no card: a replay passes over the moves that make only these."""


class _TableKeys(Screen):
    """A game's table as far as its keys go: where the player's own bindings put them."""

    def __init__(self, app: Host, game: str, commands: list[Command]) -> None:
        super().__init__(app)
        self.game = game
        self.table_commands = commands

    def key_scope(self) -> str:
        return self.game

    def commands(self) -> list[Command]:
        return self.table_commands


def _hidden(events: list[Event]) -> bool:
    return bool(events) and all(event.kind in HIDDEN_KINDS for event in events)


class ReplayScreen(Screen):
    title = N_("Replay")

    def __init__(self, app: Host, saved: SavedGame, line: Line) -> None:
        super().__init__(app)
        self.saved = saved
        self.line = line
        self.information = information_keys(saved.game, saved.config)
        """The table's keys that tell the position from a view (none for some games)."""

    def heading(self) -> str:
        return _("Replay")

    def rules_game(self) -> str:
        return self.saved.game

    def enter(self) -> None:
        self.app.clear_history()
        self.app.say(_("Replay: {game}.").format(game=describe(self.saved, whole=True)))
        self.speak(self.line.go_to(0))
        self.app.say(
            _("Right arrow or Space: next move. Left arrow: previous move. F1: keys."),
            record=False,
        )

    def resume(self) -> None:
        self.app.say(self.where())

    def commands(self) -> list[Command]:
        return [*self.replay_commands(), *self.information_commands()]

    def replay_commands(self) -> list[Command]:
        """The replay's own keys: moving through the game, and leaving it."""
        return [
            Command(
                ("right", " ", ENTER),
                N_("Right arrow, Space or Enter: next move."),
                self.next,
                group=REPLAYING,
            ),
            Command(("left",), N_("Left arrow: previous move."), self.previous, group=REPLAYING),
            Command(
                ("home", "end"),
                N_("Home and End: the start and the end."),
                self.jump,
                group=REPLAYING,
            ),
            Command(
                ("t", "T"),
                N_("T: which move this is."),
                lambda key: self.app.say(self.where()),
                group=REPLAYING,
            ),
            Command(
                (ESCAPE,),
                N_("Escape: leave the replay."),
                lambda key: self.app.pop(),
                group=REPLAYING,
            ),
        ]

    def information_commands(self) -> list[Command]:
        """The table's information keys, on their default keys."""
        return [info.command(self._teller(info)) for info in self.information]

    def _teller(self, info: InfoKey[Any]) -> Callable[[str], None]:
        return lambda key: self.tell(info)

    def bound_commands(self) -> list[Command]:
        """The replay's own keys, then the table's information keys on the keys the player's
        own bindings give them at the table, so that a key says here what it says there. One
        bound at the table to a key the replay moves with (an arrow some tables leave free)
        keeps its default key here. Bindings are made at a table: here F1 changes none."""
        own = self.replay_commands()
        taken = {key for command in own for key in command.keys}
        bound = _TableKeys(self.app, self.saved.game, self.information_commands()).bound_commands()
        keys = [tuple(key for key in command.keys if key not in taken) for command in bound]
        taken.update(key for free in keys for key in free)
        for index, info in enumerate(self.information):
            if not keys[index]:  # bound at the table to a key the replay moves with
                keys[index] = tuple(key for key in info.keys if key not in taken)
                taken.update(keys[index])
        answers = [replace(command, keys=free) for command, free in zip(bound, keys, strict=True)]
        return [*own, *(answer for answer in answers if answer.keys)]

    def on_char(self, char: str) -> bool:
        """A letter typed with Shift: the key of the same letter, as at the tables."""
        lower = char.lower()
        if lower == char:
            return False
        return self.run_bound(lower)

    def tell(self, info: InfoKey[Any]) -> None:
        """An information key: the position of the replay, from the player's seat."""
        self.app.say(info.words(self.line.state.view(HUMAN), self.line.seats))

    @property
    def total(self) -> int:
        """The moves of the game (a new deal is no move): the count its description says."""
        return self.saved.move_count

    @property
    def deals(self) -> int:
        """The deals of a match (1: a single deal or game)."""
        return max(1, int(self.saved.config.get("deals") or 1))

    def where(self) -> str:
        position = self.line.position
        if position == 0:
            return _("The start, before move 1 of {total}.").format(total=self.total)
        number = self.line.moves_before(position)
        if is_deal(self.saved.moves[position - 1]):
            return _("Deal {deal} of {deals}, before move {number} of {total}.").format(
                deal=self.line.deal_of(position), deals=self.deals, number=number + 1,
                total=self.total,
            )  # fmt: skip
        return _("Move {number} of {total}.").format(number=number, total=self.total)

    def next(self, key: str = "") -> None:
        if self.line.position >= len(self.line):
            self.app.refuse(_("This is the end of the game."))
            return
        first = self.line.position
        events = self.line.forward()
        while _hidden(events) and self.line.position < len(self.line):
            events = self.line.forward()  # a secret choice: on to what it leads to
        if first < self.line.position - 1:
            self.say_moves(first, self.line.position - 1, events)
        else:
            self.say_move(first, events)

    def previous(self, key: str = "") -> None:
        if self.line.position == 0:
            self.app.refuse(_("This is the start of the game."))
            return
        target = self.line.position - 1
        while target > 0 and _hidden(self._events_of(target)):
            target -= 1  # back over the secret choices, to the move heard before them
        first = target
        while first > 1 and _hidden(self._events_of(first - 1)):
            first -= 1  # the secret choices that led to it, said as one step with it
        events = self.line.go_to(target)
        if self.line.position == 0:
            self.app.say(self.where())
            self.speak(events)
        elif first < target:
            self.say_moves(first - 1, target - 1, events)
        else:
            self.say_move(self.line.position - 1, events)

    def _events_of(self, position: int) -> list[Event]:
        """The events of move ``position`` (from 1), the replay left where it was."""
        here = self.line.position
        events = self.line.go_to(position)
        self.line.go_to(here)
        return events

    def say_moves(self, first: int, last: int, events: list[Event]) -> None:
        """Moves ``first`` to ``last`` (from 0), secret choices and the move that showed them."""
        self.app.say(
            _("Moves {first} to {last} of {total}.").format(
                first=self.line.moves_before(first + 1),
                last=self.line.moves_before(last + 1),
                total=self.total,
            )
        )
        self.speak([event for event in events if event.kind not in HIDDEN_KINDS])
        self.say_match(last + 1)

    def jump(self, key: str) -> None:
        events = self.line.go_to(0 if key == "home" else len(self.line))
        if self.line.position == 0:
            self.app.say(self.where())
            self.speak(events)
        else:
            self.say_move(self.line.position - 1, events)

    def say_move(self, index: int, events: list[Event]) -> None:
        """Move ``index`` (from 0): its number and who made it, then what it did."""
        text = self.saved.moves[index]
        if is_deal(text):
            self.app.say(
                _("Deal {deal} of {deals}.").format(
                    deal=self.line.deal_of(index + 1), deals=self.deals
                )
            )
        else:
            number = self.line.moves_before(index + 1)
            if self.said(events):  # the move's first words say who made it
                self.speak(events, _("Move {number} of {total}.").format(
                    number=number, total=self.total))  # fmt: skip
                self.say_match(index + 1)
                return
            seat, _action = parse_move(text)  # a move that shows nothing yet: who made it
            self.app.say(
                _("Move {number} of {total}, {name}.").format(
                    number=number, total=self.total, name=self.line.seats.subject(seat)
                )
            )
        self.speak(events)
        self.say_match(index + 1)

    def say_match(self, position: int) -> None:
        """After the step that ended a deal of a match: the totals so far, as at the table,
        and after the last deal who won the match."""
        ended = self.line.deal_ends
        if self.deals == 1 or position not in ended:
            return
        match = Match(self.saved.seed, self.deals)
        lines: list[str] = []
        for step in sorted(ended):
            if step > position:
                break
            if lines:
                match.next_deal()
            lines = match.count(ended[step], self.line.seats)
        for line in lines:
            self.app.say(line, cue=match.final_cue() if line == match.verdict else None)

    def said(self, events: list[Event]) -> bool:
        """Whether ``events`` have words to say."""
        seats = self.line.seats
        return any(utterances(self.saved.game, event, seats) for event in events)

    def speak(self, events: list[Event], first: str = "") -> None:
        """The words of ``events``, as at the table; ``first`` begins the first message (a
        move's number: one message for the move, which its own words say who made)."""
        seats = self.line.seats
        kinds = [event.kind for event in events]
        late = "game_over" in kinds and "settlement" in kinds[: kinds.index("game_over")]
        if late:  # who went out, then the lines, as at the table
            over = events[kinds.index("game_over")]
            events = [event for event in events if event is not over]
            events.insert(kinds.index("settlement"), over)
        for event in events:
            for said in utterances(self.saved.game, event, seats):
                text = capitalize(said.text)
                if first:
                    text, first = f"{first} {text}", ""
                self.app.say(text, cue=said.cue, pan=said.pan)

    def status(self) -> list[str]:
        return [self.where()]


REPLAY_ASIDE = N_("The last saved game could not be replayed: its file was kept aside.")
REPLAY_STUCK = N_(
    "The last saved game could not be replayed, and its file could not be set aside: it is "
    "left as it is."
)


def _replay_problem(error: Exception) -> str:
    """Why a named file cannot be replayed, in the player's words."""
    from audiogame.cli import file_problem
    from audiogame.persist import FileProblem

    if isinstance(error, FileProblem):
        if error.detail == "not a regular file":
            return _("it is not a regular file")
        if error.problem == "newer":
            return _("it comes from a newer version of the program")
        if error.problem == "unreadable":
            return _("it cannot be read")
    elif isinstance(error, OSError):
        return file_problem(error)
    return _("it is not a saved game of this program, or it is damaged")


def replay_screens(app: CoreHost, file: str | None) -> list[Screen] | str:
    """The screens of ``audiogame replay [FILE]`` (the main menu under the replay), or why the
    file cannot be replayed. Without a file: the last finished game, else the one in progress; one
    of those that cannot be replayed is set aside, said, and the main menu opens."""
    path = Path(file) if file else app.autosave.store.latest() if app.autosave else None
    if path is None:
        return _("no saved game to replay yet: finish or start a game first")
    try:
        return [main_menu()(app), load_replay(app, path)]
    except (OSError, ValueError) as error:
        if file:
            return _("cannot replay {path}: {problem}").format(
                path=path, problem=_replay_problem(error)
            )
    except Exception:
        if file:
            raise
    aside = keep_aside(path)
    app.say(_(REPLAY_ASIDE) if aside is not None else _(REPLAY_STUCK), cue="not_allowed")
    return [main_menu()(app)]
