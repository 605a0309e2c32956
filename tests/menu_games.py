"""The games the menus offer, as the tests expect to hear them.

The rule a player hears is "every registered game, in registration order": the three that ship
first, by their own names, then any other game (one that ships later, or the tests' own game
while a fixture offers it). A test that says a position in a menu listing the games counts
with these, so that a game added moves the positions it must move and no other, and the three
known games are still checked by name.

>>> main_menu()[:3]
['Battaglia (War)', 'Battaglia scientifica (Scientific Battle)', 'Cardavia']
>>> main_menu()[-6:]
['Play online', 'Audio-cue practice', 'Options', 'Rules', 'Replay the last game', 'Quit']
"""

from __future__ import annotations

from audiogame.catalog import GAMES, GameEntry
from audiogame.i18n import _, speaking

SHIPPED = ("battle", "scientific", "cardavia")
"""The games that ship today, in their menu order."""

TITLES = {
    "en": ("Battaglia (War)", "Battaglia scientifica (Scientific Battle)", "Cardavia"),
    "it": ("Battaglia", "Battaglia scientifica", "Cardavia"),
}
"""Their titles as the main menu says them, written out (not read from the registrations)."""

AFTER_THE_GAMES = {
    "en": ("Play online", "Audio-cue practice", "Options", "Rules", "Replay the last game", "Quit"),
    "it": ("Gioca online", "Esercizio sui suoni", "Opzioni", "Regole", "Rivedi l'ultima partita",
           "Esci"),
}  # fmt: skip
"""The main menu's items after the games, written out."""

OF = {"en": "of", "it": "di"}


def games() -> list[str]:
    """The registered games' keys in menu order; the three that ship must come first."""
    keys = [entry.key for entry in GAMES]
    assert tuple(keys[:3]) == SHIPPED, f"the games that ship come first, in order: {keys}"
    return keys


def added() -> int:
    """How many games are registered besides the three that ship (0 unless one is added)."""
    return len(games()) - len(SHIPPED)


def game_titles(language: str = "en") -> list[str]:
    """The titles of every registered game, as the main menu says them: the three that ship
    written out, the others as their registration names them."""
    with speaking(language):
        others = [_(entry.title) for entry in GAMES][len(SHIPPED) :]
    games()
    return [*TITLES[language], *others]


def main_menu(language: str = "en", page: bool = False) -> list[str]:
    """The main menu's items: the games, then the program's own items (a page offers neither
    online play nor Quit)."""
    after: tuple[str, ...] = AFTER_THE_GAMES[language]
    if page:
        after = tuple(item for item in after if item not in (after[0], after[-1]))
    return [*game_titles(language), *after]


def item(name: str, items: list[str], language: str = "en") -> str:
    """How a menu says ``name`` among ``items``: "Cardavia, 3 of 9"."""
    return f"{name}, {items.index(name) + 1} {OF[language]} {len(items)}"


def main_item(name: str, language: str = "en", page: bool = False) -> str:
    """How the main menu says ``name``: "Quit, 9 of 9" with the three games that ship."""
    return item(name, main_menu(language, page), language)


def main_menu_said(language: str = "en", page: bool = False) -> str:
    """What the main menu says when it opens: "Main menu. Battaglia (War), 1 of 9" with the
    three games that ship."""
    title = {"en": "Main menu", "it": "Menu principale"}[language]
    return f"{title}. {main_item(TITLES[language][0], language, page)}"


PRACTICE_TITLES = ("Battaglia (War)", "Battaglia scientifica (Scientific Battle)", "Cardavia")
"""The practice groups of the three games that ship, written out: the games' titles in the
menus (issue 32: practice said "Battle" where the menu says "Battaglia (War)")."""


def practice_groups() -> list[str]:
    """The practice mode's groups as its menu names them: each game's (the three that ship
    written out, the others as their registration names them), then the program's."""
    others = [_(entry.title) for entry in GAMES][len(SHIPPED) :]
    games()
    return [*PRACTICE_TITLES, *others, "the program"]


def practice_menu() -> list[str]:
    """The practice menu's items, no quiz taken yet: a Listen list and a quiz for each group,
    the quiz of every cue between them, then Back."""
    groups = practice_groups()
    quizzes = [f"Quiz: {group}, not taken yet" for group in ["all the cues", *groups]]
    return [*[f"Listen: {group}" for group in groups], *quizzes, "Back"]


def coded_games() -> list[GameEntry]:
    """The registered games whose deals have a deal code: the three that ship always do (a
    game may have none: its setup then asks for no code)."""
    found = [entry for entry in GAMES if entry.code_id is not None]
    assert [entry.key for entry in found][:3] == list(SHIPPED), "the shipped games have codes"
    return found
