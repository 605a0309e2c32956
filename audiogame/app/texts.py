"""Screens that read a text paragraph by paragraph: the rules of each game."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from audiogame import i18n
from audiogame.app.actions import EVERYWHERE, MOVING
from audiogame.app.screen import ESCAPE, Command, Screen
from audiogame.i18n import N_, _

if TYPE_CHECKING:
    from audiogame.app.screen import Program

RULES_DIR = Path(__file__).resolve().parent.parent / "rules"


def rules_text(game: str, language: str | None = None) -> str:
    """The rules of ``game`` in ``language`` (the current one by default)."""
    from audiogame.catalog import game_entry

    language = language or i18n.language()
    folder = Path(game_entry(game).rules or RULES_DIR)
    path = folder / f"{game}.{language}.txt"
    if not path.exists():
        path = folder / f"{game}.en.txt"
    return path.read_text(encoding="utf-8").strip()


def paragraphs(text: str) -> list[str]:
    """Blank-line separated paragraphs, each joined into one line."""
    return [" ".join(block.split()) for block in text.split("\n\n") if block.strip()]


class TextScreen(Screen):
    """Up/Down move by paragraph, Home/End to the ends, Escape closes."""

    def __init__(self, app: Program, title: str, text: str) -> None:
        super().__init__(app)
        self.title = title
        self.parts = paragraphs(text)
        self.position = 0

    def heading(self) -> str:
        return self.title

    def enter(self) -> None:
        self.app.say(
            _("{title}: {count} paragraphs; Down arrow reads on, Escape closes.").format(
                title=self.title, count=len(self.parts)
            )
        )
        self.app.say(self.parts[0])

    def resume(self) -> None:
        self.app.say(self.parts[self.position])

    def commands(self) -> list[Command]:
        return [
            Command(("up", "down"), N_("previous and next paragraph."), self.move, "move", MOVING),
            Command(("home", "end"), N_("first and last paragraph."), self.move, "ends", MOVING),
            Command((ESCAPE,), N_("close."), lambda key: self.app.pop(), "close", EVERYWHERE),
        ]

    def move(self, key: str) -> None:
        last = len(self.parts) - 1
        target = {
            "up": self.position - 1,
            "down": self.position + 1,
            "home": 0,
            "end": last,
        }[key]
        if not 0 <= target <= last:
            edge = _("End of the text.") if target > last else _("Start of the text.")
            self.app.say(edge, cue="menu_edge", record=False)  # the edge, as in every list
            return
        self.position = target
        self.app.say(self.parts[target])

    def status(self) -> list[str]:
        return [
            _("Paragraph {position} of {total}").format(
                position=self.position + 1, total=len(self.parts)
            )
        ]


class RulesScreen(TextScreen):
    def __init__(self, app: Program, game: str) -> None:
        from audiogame.catalog import game_entry

        title = _("Rules of {game}").format(game=_(game_entry(game).title))
        super().__init__(app, title, rules_text(game))
