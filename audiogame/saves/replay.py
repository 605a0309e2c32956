"""``audiogame replay FILE``: a saved or finished game again, move by move, spoken as at the
table (what the player could hear; nothing hidden is told)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from audiogame.app.screen import ENTER, ESCAPE, Command, Screen
from audiogame.i18n import N_, _
from audiogame.saves.moves import is_deal, parse_move
from audiogame.saves.rebuild import Line
from audiogame.saves.screens import describe
from audiogame.saves.store import SavedGame, keep_aside, read_save
from audiogame.sound import cue_for, event_seat, seat_pan
from audiogame.words.registry import render
from audiogame.words.seats import HUMAN, capitalize
from engine.events import Event

if TYPE_CHECKING:
    from audiogame.app.application import AudioGame


def load_replay(app: AudioGame, path: Path) -> ReplayScreen:
    """The replay screen of the save in ``path`` (``SaveError`` or ``OSError`` when it cannot
    be replayed)."""
    saved = read_save(path)
    return ReplayScreen(app, saved, Line(app, saved))


class ReplayScreen(Screen):
    title = N_("Replay")

    def __init__(self, app: AudioGame, saved: SavedGame, line: Line) -> None:
        super().__init__(app)
        self.saved = saved
        self.line = line

    def heading(self) -> str:
        return _("Replay")

    def rules_game(self) -> str:
        return self.saved.game

    def enter(self) -> None:
        self.app.narrator.clear_history()
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
                ("right", " ", ENTER), N_("Right arrow, Space or Enter: next move."), self.next
            ),
            Command(("left",), N_("Left arrow: previous move."), self.previous),
            Command(("home", "end"), N_("Home and End: the start and the end."), self.jump),
            Command(
                ("t", "T"), N_("T: which move this is."), lambda key: self.app.say(self.where())
            ),
            Command((ESCAPE,), N_("Escape: leave the replay."), lambda key: self.app.pop()),
        ]

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
        self.say_move(self.line.position, self.line.forward())

    def previous(self, key: str = "") -> None:
        if self.line.position == 0:
            self.app.refuse(_("This is the start of the game."))
            return
        events = self.line.go_to(self.line.position - 1)
        if self.line.position == 0:
            self.app.say(self.where())
            self.speak(events)
        else:
            self.say_move(self.line.position - 1, events)

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
        for event in events:
            pan = seat_pan(event_seat(event), seats.players)
            text = capitalize(render(self.saved.game, event, seats))
            self.app.say(text, cue=cue_for(event, HUMAN) or None, pan=pan)

    def status(self) -> list[str]:
        return [self.where()]


REPLAY_ASIDE = N_("The last saved game could not be replayed: its file was kept aside.")
REPLAY_STUCK = N_(
    "The last saved game could not be replayed, and its file could not be set aside: it is "
    "left as it is."
)


def replay_screens(app: AudioGame, file: str | None) -> list[Screen] | str:
    """The screens of ``audiogame replay [FILE]`` (the main menu under the replay), or why the
    file cannot be replayed. Without a file: the game in progress, else the last finished; one
    of those that cannot be replayed is set aside, said, and the main menu opens."""
    from audiogame.app.menus import MainMenu
    from audiogame.cli import file_problem

    path = Path(file) if file else app.autosave.store.latest() if app.autosave else None
    if path is None:
        return _("no saved game to replay yet: finish or start a game first")
    try:
        return [MainMenu(app), load_replay(app, path)]
    except (OSError, ValueError) as error:
        if file:
            problem = (
                file_problem(error)
                if isinstance(error, OSError)
                else _("it is not a saved game of this program, or it is damaged")
            )
            return _("cannot replay {path}: {problem}").format(path=path, problem=problem)
    except Exception:
        if file:
            raise
    aside = keep_aside(path)
    app.say(_(REPLAY_ASIDE) if aside is not None else _(REPLAY_STUCK), cue="not_allowed")
    return [MainMenu(app)]
