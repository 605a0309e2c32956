"""The audio-cue practice mode: learn what each sound means (Listen) and test it (Quiz).

:mod:`.model` is the logic (no screens); :mod:`.screens` plugs it into the program's menus.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from audiogame.app.host import CoreHost
    from audiogame.app.screen import Screen


def open_practice(app: CoreHost) -> None:
    """Open the practice menu over the current screen (the main menu's item)."""
    from audiogame.practice.screens import PracticeMenu

    app.push(PracticeMenu(app))


def practice_screens(app: CoreHost) -> list[Screen]:
    """The screens ``audiogame practice`` starts with: the main menu under the practice menu."""
    from audiogame.app.places import main_menu
    from audiogame.practice.screens import PracticeMenu

    return [main_menu()(app), PracticeMenu(app)]
