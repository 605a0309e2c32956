"""The program's menus: main menu, rules menu, a game's setup, and the pause menu."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from audiogame.app.actions import EVERYWHERE
from audiogame.app.menu import Menu, MenuItem, option_item
from audiogame.app.screen import BACKSPACE, ESCAPE, Command, Screen
from audiogame.app.texts import RulesScreen
from audiogame.catalog import GAMES, GameEntry, game_entry
from audiogame.i18n import N_, _

if TYPE_CHECKING:
    from audiogame.app.host import CoreHost

ITEM = N_("Enter on its item")


class MainMenu(Menu):
    app: CoreHost  # the program's own menus
    title = N_("Main menu")

    def items(self) -> Sequence[MenuItem]:
        games = [self._game_item(entry) for entry in GAMES]
        online = [MenuItem(lambda: _("Play online"), self.open_online)]
        quit = [MenuItem(lambda: _("Quit"), lambda: self.app.quit(goodbye=True))]
        inside_a_page = not self.app.plays_online  # a page neither plays online nor quits
        return [
            *games,
            *([] if inside_a_page else online),
            MenuItem(lambda: _("Audio-cue practice"), self.open_practice),
            MenuItem(lambda: _("Options"), self.open_options),
            MenuItem(lambda: _("Rules"), lambda: self.app.push(RulesMenu(self.app))),
            MenuItem(lambda: _("Replay the last game"), self.open_replay),
            *([] if inside_a_page else quit),
        ]

    def _game_item(self, entry: GameEntry) -> MenuItem:
        return MenuItem(
            lambda: _(entry.title),
            lambda: self.app.push(SetupMenu(self.app, entry, remembered(self.app, entry))),
        )

    def resume(self) -> None:
        """Back from a screen above: the menu says its name, so that the player knows where
        Escape brought him ("Main menu. Battaglia (War), 1 of 9")."""
        self.enter()

    def open_online(self) -> None:
        from audiogame.online.connect_menu import ConnectMenu

        self.app.push(ConnectMenu(self.app))

    def open_practice(self) -> None:
        from audiogame.practice import open_practice

        open_practice(self.app)

    def open_replay(self) -> None:
        open_replay(self.app)

    def open_options(self) -> None:
        from audiogame.app.options import OptionsMenu

        self.app.push(OptionsMenu(self.app))

    def back(self) -> None:
        # Escape never quits by surprise: it brings the Quit item, Enter then quits.
        if self.app.plays_online:
            self.move_to(len(self.items()) - 1)
        else:  # a page has no Quit: Escape says where the player is
            self.app.refuse(_("This is the main menu."))


class RulesMenu(Menu):
    app: CoreHost  # the program's own menus
    title = N_("Rules")

    def items(self) -> Sequence[MenuItem]:
        return [
            MenuItem(partial(_, entry.title), partial(self.open_rules, entry.key))
            for entry in GAMES
        ]

    def open_rules(self, game: str) -> None:
        self.app.push(RulesScreen(self.app, game))


def remembered(app: CoreHost, entry: GameEntry) -> dict[str, Any]:
    """The setup last started for ``entry`` (players, level, trick limit...), as far as its
    values are still offered; never the deal number (a new deal each time)."""
    kept = getattr(app.settings, "setups", {}).get(entry.key, {})
    found: dict[str, Any] = {}
    for option in entry.options:
        value = kept.get(option.key)
        if option.is_seed or value is None:
            continue
        if value in option.values and type(value) is type(option.default):
            found[option.key] = value
    return found


class SetupMenu(Menu):
    """Every option of a game, then Start and the rules."""

    app: CoreHost  # the program's own menus

    def __init__(
        self, app: CoreHost, entry: GameEntry, config: dict[str, Any] | None = None
    ) -> None:
        super().__init__(app)
        self.entry = entry
        self.config = {**entry.defaults(), **(config or {})}
        self._options = [option_item(option, self.config) for option in entry.options]

    def heading(self) -> str:
        return _("{game}: new game").format(game=_(self.entry.title))

    def rules_game(self) -> str:
        return self.entry.key

    def items(self) -> Sequence[MenuItem]:
        # The deal code sits next to the deal number (the last option).
        # A game without deal codes (a registration with no ``code_id``) offers none.
        has_codes = self.entry.code_id is not None
        code = [MenuItem(lambda: _("Play a deal code"), self.open_code)] if has_codes else []
        return [
            MenuItem(lambda: _("Start the game"), self.start),
            *self._options[:-1],
            *code,
            *self._options[-1:],
            MenuItem(
                lambda: _("Rules"), lambda: self.app.push(RulesScreen(self.app, self.entry.key))
            ),
        ]

    def open_code(self) -> None:
        from audiogame.saves.screens import CodeEntry

        self.app.push(CodeEntry(self.app))

    def commands(self) -> list[Command]:
        return [
            *super().commands(),
            Command((BACKSPACE,), N_("clear the deal number."), self.clear_seed, "clear_seed"),
            Command(
                (),
                N_("type the deal number, on its item."),
                self.step,
                "digits",
                keys_text=N_("Digits"),
            ),
        ]

    def clear_seed(self, key: str) -> None:
        if "seed" in self.config:
            self.config["seed"] = None
            seed = self.entry.option("seed")
            self.app.say(
                _("{option}: {value}").format(option=_(seed.label), value=seed.describe(None))
            )

    def start(self) -> None:
        factory = self.entry.table_factory()
        if factory is None:
            self.app.refuse(_("This table is not ready yet."))
            return
        kept = {
            option.key: self.config[option.key]
            for option in self.entry.options
            if not option.is_seed and option.key in self.config
        }
        setups = dict(self.app.settings.setups)
        if setups.get(self.entry.key) != kept:  # the next start of this game begins from it
            setups[self.entry.key] = kept
            self.app.update_settings(setups=setups)
        self.app.push(factory(self.app, dict(self.config)))


NOTHING_SAVED = N_("No move was made: nothing was saved.")
LEFT_ONLINE = N_("You left the table and the server.")


class PauseMenu(Menu):
    """Escape at a table: its items are the actions of :meth:`actions` (resume, the keys of
    the table, its rules, options, quit to the main menu), each also bound to its key."""

    app: CoreHost  # the program's own menus

    title = N_("Pause")

    def __init__(self, app: CoreHost, table: Screen) -> None:
        super().__init__(app)
        self.table = table

    def actions(self) -> list[Command]:
        game = self.table.rules_game()
        actions = [
            Command(
                (ESCAPE,), N_("Resume the game"), lambda key: self.back(), "resume", EVERYWHERE
            ),
            Command(
                (),
                N_("Keys of the table"),
                lambda key: self.open_keys(),
                "table_keys",
                keys_text=ITEM,
            ),
        ]
        if game is not None:
            actions.append(
                Command(
                    ("f4",), N_("Rules"), lambda key: self.open_rules(game), "rules", EVERYWHERE
                )
            )
        actions += [
            Command((), N_("Options"), lambda key: self.open_options(), "options",
                    keys_text=ITEM),
            Command((), N_("Quit to the main menu"), lambda key: self.quit_to_menu(),
                    "quit_to_menu", keys_text=ITEM),
        ]  # fmt: skip
        return actions

    def items(self) -> Sequence[MenuItem]:
        return [
            MenuItem(partial(_, action.help), partial(action.run, "")) for action in self.actions()
        ]

    def open_keys(self) -> None:
        from audiogame.app.keys_screen import KeysScreen

        self.app.push(KeysScreen(self.app, self.table))

    def open_rules(self, game: str) -> None:
        self.app.push(RulesScreen(self.app, game))

    def open_replay(self) -> None:
        open_replay(self.app)

    def open_options(self) -> None:
        from audiogame.app.options import OptionsMenu

        self.app.push(OptionsMenu(self.app))

    def quit_to_menu(self) -> None:
        """Back to the main menu, which says its title; the game stays saved."""
        app = self.app
        offline = not getattr(self.table, "remote", True)
        seat = getattr(self.table, "seat", None)
        while len(app.stack) > 1 and not isinstance(app.top, MainMenu):
            app.stack.pop().leave()
        if getattr(self.table, "remote", False):  # the seat given up, the connection closed
            app.say(_(LEFT_ONLINE))
        autosave = app.autosave
        if autosave is not None and offline and not autosave.shared:
            from audiogame.saves.autosave import is_finished

            kept = autosave.flush()
            saved = autosave.table  # the table that last moved: this one, if it ever did
            if saved is None or getattr(saved, "seat", None) is not seat:
                app.say(_(NOTHING_SAVED))  # no move yet: an earlier save is left as it was
            elif kept and not is_finished(saved):
                app.say(_("The game is saved: the next start offers to resume it."))
        app.top.enter()

    def back(self) -> None:
        self.app.cue("back")
        self.app.pop()

    def commands(self) -> list[Command]:
        menu = [c for c in super().commands() if c.id != "back"]
        # F4 is the program's own key for the rules: listed once, with the others.
        return [*menu, *(action for action in self.actions() if action.id != "rules")]

    def rules_game(self) -> str | None:
        return self.table.rules_game()


def start_screens(app: CoreHost, game: str | None, config: dict[str, Any]) -> list[Screen]:
    """The screens the program opens with: the main menu, and for ``play GAME`` that game's
    setup under its table (so that leaving the table comes back to the setup)."""
    screens: list[Screen] = [MainMenu(app)]
    if game is None:
        return screens
    setup = SetupMenu(app, game_entry(game), config)
    screens.append(setup)
    factory = setup.entry.table_factory()
    if factory is not None:
        screens.append(factory(app, dict(setup.config)))
    return screens


def open_replay(app: CoreHost) -> None:
    """The last finished game (else the one in progress), move by move; or why not."""
    from audiogame.saves.replay import replay_screens

    screens = replay_screens(app, None)
    if isinstance(screens, str):
        app.refuse(_("There is no game to replay yet: finish or start a game first."))
        return
    for screen in screens[1:]:  # the main menu under it is the menu it was opened from
        app.push(screen)
