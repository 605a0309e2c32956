"""The resume offer at start, resuming a saved game, and typing a deal code."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from audiogame.app.menu import Menu, MenuItem
from audiogame.app.places import setup_menu
from audiogame.app.screen import BACKSPACE, ENTER, ESCAPE, Command, Screen
from audiogame.catalog import game_entry
from audiogame.i18n import N_, _, ngettext
from audiogame.saves.codes import CodeError, decode, normalize
from audiogame.saves.moves import is_deal
from audiogame.saves.rebuild import local_table, muted, rebuild_table
from audiogame.saves.store import SavedGame, SaveError

if TYPE_CHECKING:
    from audiogame.app.host import CoreHost

SAVE_NOTICES = {
    "corrupt": N_("The saved game was damaged and cannot be resumed; the file was kept aside."),
    "unreadable": N_(
        "The saved game could not be read and cannot be resumed; the file was kept aside."
    ),
    "newer": N_(
        "The saved game comes from a newer version and cannot be resumed here; the file was "
        "kept aside."
    ),
}
CODE_REFUSALS = {
    "invalid": N_("This is not a valid deal code: check it character by character."),
    "short": N_("This deal code has a character missing: check it character by character."),
    "newer": N_(
        "This deal code comes from a newer version of the program: this one cannot read it."
    ),
    "older": N_(
        "This deal code comes from an earlier version of the program and cannot be read any "
        "more: the D key at a table gives the code of this version."
    ),
}
"""What is said when a typed code is refused, by :attr:`CodeError.reason` (settings out of
range read as a wrong character: to the player, both are a typing mistake)."""


def code_refusal(error: CodeError) -> str:
    """Why a typed code is refused, in the player's language (the code screen and the command
    line say the same)."""
    return _(CODE_REFUSALS.get(error.reason, CODE_REFUSALS["invalid"]))


SAVE_STUCK = N_(
    "The saved game cannot be resumed, and its file could not be set aside: it is left as it "
    "is, and no game is saved until it can be."
)


def save_notice(app: CoreHost, problem: str) -> str:
    """What to say about a bad save: "kept aside" only when the rename worked."""
    autosave = app.autosave
    if autosave is not None and autosave.store.aside is None:
        return _(SAVE_STUCK)
    return _(SAVE_NOTICES[problem])


def describe(saved: SavedGame, whole: bool = False) -> str:
    """ "Battaglia (War), deal number 4711, after 12 moves"; a match of several deals says
    which deal it is at: "Cardavia, deal 2 of 3, after 40 moves", or with ``whole`` (a replay,
    which starts at the first deal) the match: "Cardavia, a match of 3 deals, 120 moves"."""
    try:
        entry = game_entry(saved.game)
        title, match = _(entry.title), entry.match
    except KeyError:
        title, match = saved.game, False
    moves = ngettext("after {count} move", "after {count} moves", saved.move_count)
    moves = moves.format(count=saved.move_count)
    deals = int(saved.config.get("deals") or 1) if match else 1
    if deals > 1 and whole:
        moves = ngettext("{count} move", "{count} moves", saved.move_count)
        return _("{game}, a match of {deals} deals, {moves}").format(
            game=title, deals=deals, moves=moves.format(count=saved.move_count)
        )
    if deals > 1:
        deal = 1 + sum(1 for line in saved.moves if is_deal(line))
        return _("{game}, deal {deal} of {deals}, {moves}").format(
            game=title, deal=deal, deals=deals, moves=moves
        )
    return _("{game}, deal number {seed}, {moves}").format(game=title, seed=saved.seed, moves=moves)


def opening_screens(app: CoreHost, screens: list[Screen]) -> list[Screen]:
    """The screens to start with: ``screens``, or first the offer to resume an interrupted
    game when there is one (a damaged save is announced and kept aside)."""
    autosave = app.autosave
    if autosave is None:
        return screens
    try:
        saved, problem = autosave.load()
    except Exception as error:  # a save this version cannot handle must never stop a start
        _log_failure(app, error)
        autosave.store.set_aside()
        saved, problem = None, "corrupt"
    if problem is not None:
        app.say(save_notice(app, problem))
    if saved is None or saved.finished:
        return screens
    return [screens[0], ResumeMenu(app, saved, screens[1:])]


class ResumeMenu(Menu):
    """Resume the interrupted game, or leave it for later (it stays saved until another game
    makes its first move)."""

    app: CoreHost  # the program's own menus

    title = N_("Interrupted game")

    def __init__(self, app: CoreHost, saved: SavedGame, then: Sequence[Screen] = ()) -> None:
        super().__init__(app)
        self.saved = saved
        self.then = list(then)

    def enter(self) -> None:
        self.app.say(
            _("An interrupted game can be resumed: {game}.").format(game=describe(self.saved))
        )
        self.app.say(self.item_text())

    def items(self) -> Sequence[MenuItem]:
        return [
            MenuItem(lambda: _("Resume the game"), self.resume_game),
            MenuItem(lambda: _("Not now: it stays saved until a new game starts"), self.later),
        ]

    def back(self) -> None:
        self.later()

    def later(self) -> None:
        """Go on to the screens the program was started for."""
        self.app.stack.pop().leave()
        if not self.then:
            self.app.top.enter()
            return
        self.app.stack.extend(self.then[:-1])
        self.app.push(self.then[-1])

    def resume_game(self) -> None:
        resume(self.app, self.saved)


def resume(app: CoreHost, saved: SavedGame) -> bool:
    """Open ``saved``'s table exactly as it was left, under its setup and the main menu."""
    with app.turn():  # the computer players still to move are heard after where things stand
        return _resume(app, saved)


def _resume(app: CoreHost, saved: SavedGame) -> bool:
    autosave = app.autosave
    if autosave is not None:
        autosave.store.begin_resume()
    try:
        table = rebuild_table(app, saved)
    except Exception as error:  # damaged, or a save this version cannot rebuild: set aside
        if not isinstance(error, SaveError):
            _log_failure(app, error)
        if autosave is not None:
            autosave.store.set_aside()
            autosave.store.end_resume()
        _back_to_main(app)
        app.say(save_notice(app, "corrupt"))
        app.top.enter()
        return False
    if autosave is not None:
        autosave.resumed(local_table(table))
    _back_to_main(app)
    app.stack.append(setup_menu()(app, game_entry(saved.game), dict(saved.config)))
    app.stack.append(table)
    app.clear_history()
    app.say(_("Game resumed: {game}.").format(game=describe(saved)))
    with muted(app):
        table.resume()  # the computer players move again
    table.say_standing()  # the play to beat, whose turn, the rules in force
    hand = next((command for command in table.commands() if command.id == "hand"), None)
    if hand is not None:  # the hand again, as at the start of a deal
        hand.run(hand.keys[0])
    if autosave is not None:
        autosave.store.end_resume()
    return True


def _log_failure(app: CoreHost, error: BaseException) -> None:
    """Keep the details of an unexpected failure with a save in the crash log folder."""
    from audiogame.crash import write_log

    autosave = app.autosave
    if autosave is not None:
        write_log(error, autosave.log_folder)


def _back_to_main(app: CoreHost) -> None:
    while len(app.stack) > 1:
        app.stack.pop().leave()


def open_table(app: CoreHost, game: str, config: dict[str, Any]) -> None:
    """Start ``game`` with ``config`` over the main menu (its setup under it)."""
    entry = game_entry(game)
    setup = setup_menu()(app, entry, config)
    factory = entry.table_factory()
    _back_to_main(app)
    if factory is None:
        app.push(setup)
        app.refuse(_("This table is not ready yet."))
        return
    app.stack.append(setup)
    app.push(factory(app, dict(setup.config)))


class CodeEntry(Screen):
    """Type a deal code, Enter starts its game with the same cards."""

    app: CoreHost  # the program's own screen (its narrator, its tables)

    title = N_("Deal code")

    def __init__(self, app: CoreHost) -> None:
        super().__init__(app)
        self.text = ""

    def enter(self) -> None:
        self.app.say(
            _("Deal code: type its letters and digits, then press Enter. Escape goes back.")
        )

    def resume(self) -> None:
        self.app.say(self.heading())

    def commands(self) -> list[Command]:
        return [
            Command((), N_("Letters and digits: type the code."), lambda key: None),
            Command((BACKSPACE,), N_("Backspace: delete the last character."), self.delete),
            Command((ENTER,), N_("Enter: start the game of this code."), self.start),
            Command(("c-r",), N_("Control+R: read the code typed so far."), self.read),
            Command((ESCAPE,), N_("Escape: go back."), lambda key: self.app.pop()),
        ]

    def on_char(self, char: str) -> bool:
        typed = normalize(char)
        if not typed.isalnum() or not typed.isascii():
            return False
        self.text += typed
        self.app.say(typed, cue="menu_move", record=False)
        return True

    def delete(self, key: str) -> None:
        if not self.text:
            self.app.refuse(_("Nothing typed yet."))
            return
        self.app.say(_("{char} deleted").format(char=self.text[-1]), record=False)
        self.text = self.text[:-1]

    def read(self, key: str = "") -> None:
        if not self.text:
            self.app.say(_("Nothing typed yet."), record=False)
            return
        self.app.say(", ".join(self.text), record=False)

    def start(self, key: str) -> None:
        try:
            game, config = decode(self.text)
        except CodeError as error:
            self.app.refuse(code_refusal(error))
            return
        open_table(self.app, game, config)

    def status(self) -> list[str]:
        return [_("Code typed: {code}").format(code=self.text or "-")]
