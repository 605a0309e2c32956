"""``audiogame replay FILE``: a saved or finished game again, move by move, spoken as at the
table (what the player could hear; nothing hidden is told).

Right arrow steps to the next move anyone could hear: the secret choices of Battaglia
scientifica and open Battaglia ("Anna has chosen") are passed over together up to the reveal
they lead to. The table's information keys (W, E, R, C, L, M, as the game has them) tell the
position of the replay, from the player's seat, with the same words as at the table; a
settlement is read player by player, as at the table.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from audiogame.app.actions import INFORMATION, REPLAYING
from audiogame.app.places import main_menu
from audiogame.app.screen import ENTER, ESCAPE, Command, Screen
from audiogame.app.utterance import utterances
from audiogame.i18n import N_, _, ngettext
from audiogame.saves.moves import is_deal, parse_move
from audiogame.saves.rebuild import Line
from audiogame.saves.screens import describe
from audiogame.saves.store import SavedGame, keep_aside, read_save
from audiogame.words.battle import cards_owned
from audiogame.words.seats import HUMAN, Seats, capitalize
from engine.events import Event

if TYPE_CHECKING:
    from audiogame.app.application import AudioGame
    from audiogame.app.host import Host


def load_replay(app: AudioGame, path: Path) -> ReplayScreen:
    """The replay screen of the save in ``path`` (``SaveError`` or ``OSError`` when it cannot
    be replayed)."""
    saved = read_save(path)
    return ReplayScreen(app, saved, Line(app, saved))


HIDDEN_KINDS = frozenset({"choice_made"})
"""Events that tell no card: a replay passes over the moves that make only these."""

Info = Callable[[Any, Seats], str]


def _battle_hand(view: Any, seats: Seats) -> str:
    from audiogame.words.scientific import hand_summary

    if view.open:
        if not view.hand:
            return _("Your hand is empty.")
        return ngettext(
            "Your hand, {count} card: {cards}.",
            "Your hand, {count} cards: {cards}.",
            len(view.hand),
        ).format(count=len(view.hand), cards=hand_summary(view.hand))
    return _("Your stock: {stock}. Your won pile: {won}.").format(
        stock=view.stock[HUMAN], won=view.won[HUMAN]
    )


def info_keys(game: str) -> dict[str, tuple[str, Info]]:
    """The information keys of ``game``'s table that a replay answers: key, (help, words)."""
    if game == "scientific":
        from audiogame.presenters import scientific_info as sci

        return {
            "w": (N_("the cards in your hand and your won pile."), lambda v, s: sci.hand_text(v)),
            "e": (N_("how many cards each player owns."), sci.owned_text),
            "r": (N_("the rules in force: order, cards on the table, powers."), sci.rules_text),
            "c": (N_("the cards the others have chosen, while you are the seer."), sci.seer_text),
        }
    if game == "cardavia":
        from audiogame.presenters import cardavia_info as cv

        return {
            "w": (N_("your whole hand, rank by rank."), lambda v, s: cv.hand_text(v.hand)),
            "e": (N_("the cards left to each player."), cv.cards_left_text),
            "l": (N_("the play on the table and who made it."), cv.table_text),
            "r": (N_("the plays of this round."), cv.round_text),
            "m": (
                N_("the high cards played so far: two of spades, aces, kings."),
                lambda v, s: cv.high_cards_text(v),
            ),
        }
    if game == "battle":
        return {
            "w": (N_("the cards in your hand."), _battle_hand),
            "e": (N_("how many cards each player owns."), cards_owned),
        }
    return {}


def _hidden(events: list[Event]) -> bool:
    return bool(events) and all(event.kind in HIDDEN_KINDS for event in events)


class ReplayScreen(Screen):
    title = N_("Replay")

    def __init__(self, app: Host, saved: SavedGame, line: Line) -> None:
        super().__init__(app)
        self.saved = saved
        self.line = line

    def heading(self) -> str:
        return _("Replay")

    def rules_game(self) -> str:
        return self.saved.game

    def enter(self) -> None:
        self.app.clear_history()
        self.app.say(_("Replay: {game}.").format(game=describe(self.saved)))
        self.speak(self.line.go_to(0))
        self.app.say(
            _("Right arrow or Space: next move. Left arrow: previous move. F1: keys."),
            record=False,
        )

    def resume(self) -> None:
        self.app.say(self.where())

    def commands(self) -> list[Command]:
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
            *(
                Command((key, key.upper()), help, self.tell, f"info_{key}", INFORMATION)
                for key, (help, _words) in info_keys(self.saved.game).items()
            ),
        ]

    def tell(self, key: str) -> None:
        """An information key: the position of the replay, from the player's seat."""
        _help, words = info_keys(self.saved.game)[key.lower()]
        self.app.say(words(self.line.state.view(HUMAN), self.line.seats))

    def where(self) -> str:
        if self.line.position == 0:
            return _("The start, before move 1 of {total}.").format(total=len(self.line))
        return _("Move {number} of {total}.").format(
            number=self.line.position, total=len(self.line)
        )

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
                first=first + 1, last=last + 1, total=len(self.line)
            )
        )
        self.speak([event for event in events if event.kind not in HIDDEN_KINDS])

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
                _("Move {number} of {total}: a new deal.").format(
                    number=index + 1, total=len(self.line)
                )
            )
        else:
            seat, _action = parse_move(text)
            self.app.say(
                _("Move {number} of {total}, {name}.").format(
                    number=index + 1, total=len(self.line), name=self.line.seats.subject(seat)
                )
            )
        self.speak(events)

    def speak(self, events: list[Event]) -> None:
        seats = self.line.seats
        kinds = [event.kind for event in events]
        late = "game_over" in kinds and "settlement" in kinds[: kinds.index("game_over")]
        if late:  # who went out, then the lines, as at the table
            over = events[kinds.index("game_over")]
            events = [event for event in events if event is not over]
            events.insert(kinds.index("settlement"), over)
        for event in events:
            for said in utterances(self.saved.game, event, seats):
                self.app.say(capitalize(said.text), cue=said.cue, pan=said.pan)

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


def replay_screens(app: AudioGame, file: str | None) -> list[Screen] | str:
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
