"""Typing a line of text (an address, a name, a table code, a message to the table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from audiogame.app.screen import BACKSPACE, ENTER, ESCAPE, Command, Screen
from audiogame.i18n import N_, _

if TYPE_CHECKING:
    from audiogame.app.application import AudioGame

MAX_TYPED = 300


class TextEntry(Screen):
    """Type a line of text; Enter gives it to ``done``, Escape goes back."""

    app: AudioGame

    def __init__(
        self,
        app: AudioGame,
        prompt: str,
        done: Callable[[str], None],
        text: str = "",
        limit: int = MAX_TYPED,
        speak_keys: bool = True,
    ) -> None:
        super().__init__(app)
        self.prompt = prompt
        self.done = done
        self.text = text
        self.limit = limit
        self.speak_keys = speak_keys

    def heading(self) -> str:
        return self.prompt

    def enter(self) -> None:
        typed = _("Typed: {text}.").format(text=self.text) + " " if self.text else ""
        self.app.say(
            _("{prompt}. {typed}Enter to confirm, Escape to go back.").format(
                prompt=self.prompt, typed=typed
            )
        )

    def commands(self) -> list[Command]:
        return [
            Command((), N_("Letters, digits and signs: type."), lambda key: None),
            Command((BACKSPACE,), N_("Backspace: delete the last character."), self.delete),
            Command((ENTER,), N_("Enter: confirm."), self.confirm),
            Command(("c-r",), N_("Control+R: read what you typed."), self.read),
            Command((ESCAPE,), N_("Escape: go back."), lambda key: self.app.pop()),
        ]

    def on_char(self, char: str) -> bool:
        if len(self.text) >= self.limit:
            self.app.refuse(_("That is as long as it can be."))
            return True
        self.text += char
        if self.speak_keys:
            self.app.say(char if char != " " else _("space"), record=False)
        return True

    def delete(self, key: str) -> None:
        if not self.text:
            self.app.refuse(_("Nothing typed yet."))
            return
        self.app.say(_("{char} deleted").format(char=self.text[-1]), record=False)
        self.text = self.text[:-1]

    def read(self, key: str = "") -> None:
        self.app.say(self.text or _("Nothing typed yet."), record=False)

    def confirm(self, key: str) -> None:
        text = self.text.strip()
        if not text:
            self.app.refuse(_("Nothing typed yet."))
            return
        self.app.stack.pop()
        self.done(text)

    def status(self) -> list[str]:
        return [self.prompt, self.text]
