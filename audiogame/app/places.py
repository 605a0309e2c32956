"""The screens that screens below them open or go back to: the main menu, a game's setup
menu, the pause menu, a game's rules, the list of keys.

The main menu opens the online, practice and saved-game screens and the tables, and they go
back to it; the program opens the rules and the keys from any screen. So that no lower module
imports a higher one (not even inside a function: tests/test_import_graph.py), a lower screen
asks for them here. Each is named by its module and class, imported the first time it is
asked for, as :mod:`audiogame.catalog` names the games.

>>> main_menu().__name__
'MainMenu'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from audiogame.app.screen import Program, Screen
    from audiogame.catalog import GameEntry

PLACES: dict[str, str] = {
    "main_menu": "audiogame.app.menus.MainMenu",
    "setup_menu": "audiogame.app.menus.SetupMenu",
    "pause_menu": "audiogame.app.menus.PauseMenu",
    "rules": "audiogame.app.texts.RulesScreen",
    "keys": "audiogame.app.keys_screen.KeysScreen",
}
"""Each place -> the class of its screen, by dotted name."""


def screen_class(place: str) -> type[Screen]:
    """The class of the screen of ``place`` (``KeyError`` naming the places there are)."""
    dotted = PLACES.get(place)
    if dotted is None:
        raise KeyError(f"no screen {place!r}; the screens are {', '.join(PLACES)}")
    module, _, name = dotted.rpartition(".")
    return cast("type[Screen]", getattr(importlib.import_module(module), name))


def main_menu() -> type[Screen]:
    """The main menu (the bottom of every stack of screens): ``MainMenu(app)``."""
    return screen_class("main_menu")


def setup_menu() -> Callable[[Program, GameEntry, dict[str, Any]], Screen]:
    """A game's setup menu: ``SetupMenu(app, entry, config)``."""
    return cast(
        "Callable[[Program, GameEntry, dict[str, Any]], Screen]", screen_class("setup_menu")
    )


def pause_menu() -> Callable[[Program, Screen], Screen]:
    """The pause menu over a table: ``PauseMenu(app, table)``."""
    return cast("Callable[[Program, Screen], Screen]", screen_class("pause_menu"))


def rules_screen() -> Callable[[Program, str], Screen]:
    """A game's rules: ``RulesScreen(app, game)``."""
    return cast("Callable[[Program, str], Screen]", screen_class("rules"))


def keys_screen() -> Callable[[Program, Screen], Screen]:
    """The list of the keys of a screen and of every screen: ``KeysScreen(app, screen)``."""
    return cast("Callable[[Program, Screen], Screen]", screen_class("keys"))
