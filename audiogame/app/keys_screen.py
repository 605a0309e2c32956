"""F1: the keys of the screen below and of every screen, one line a key, grouped (moving,
choosing and playing, information, everywhere), browsed like the rules: Up and Down line by
line, Left and Right group by group, Home and End, Escape closes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from audiogame.app.actions import GROUPS, MOVING, key_list
from audiogame.app.screen import ESCAPE, Command, Screen
from audiogame.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from audiogame.app.application import AudioGame


class KeysScreen(Screen):
    def __init__(self, app: AudioGame, below: Screen) -> None:
        super().__init__(app)
        self.below = below
        self.position = 0
        lines = key_list([*below.commands(), *app.global_commands()])
        self.groups = [group for group, _line in lines]
        self.lines = [line for _group, line in lines]

    def heading(self) -> str:
        return _("Keys of {screen}").format(screen=self.below.heading())

    def rules_game(self) -> str | None:
        return self.below.rules_game()

    def enter(self) -> None:
        count = len(self.lines)
        self.app.say(
            ngettext(
                "{title}: {count} key; Down reads on, Escape closes.",
                "{title}: {count} keys; Down reads on, Right goes to the next group, "
                "Escape closes.",
                count,
            ).format(title=self.heading(), count=count)
        )
        self.say_line(0)

    def resume(self) -> None:
        self.say_line(self.position)

    def commands(self) -> list[Command]:
        return [
            Command(("up", "down"), N_("previous and next key."), self.move, "line", MOVING),
            Command(("left", "right"), N_("previous and next group of keys."), self.group,
                    "group", MOVING),
            Command(("home", "end"), N_("first and last key."), self.move, "ends", MOVING),
            Command((ESCAPE,), N_("close the list."), lambda key: self.close(), "close"),
        ]  # fmt: skip

    def close(self) -> None:
        self.app.narrator.cue("back")
        self.app.pop()

    def say_line(self, index: int) -> None:
        self.position = index
        line = self.lines[index]
        group = self.groups[index]
        if index == 0 or self.groups[index - 1] != group:
            line = _("{group}. {line}").format(group=_(GROUPS[group]), line=line)
        self.app.say(line, cue="menu_move")

    def edge(self, last: bool) -> None:
        self.app.say(_("Last key.") if last else _("First key."), cue="menu_edge", record=False)

    def move(self, key: str) -> None:
        last = len(self.lines) - 1
        target = {"up": self.position - 1, "down": self.position + 1, "home": 0, "end": last}[key]
        if not 0 <= target <= last:
            self.edge(target > last)
            return
        self.say_line(target)

    def group(self, key: str) -> None:
        group = self.groups[self.position]
        if key == "right":
            later = [i for i in range(self.position, len(self.lines)) if self.groups[i] != group]
            if not later:
                self.edge(True)
                return
            self.say_line(later[0])
            return
        starts = [
            i for i in range(len(self.lines)) if i == 0 or self.groups[i - 1] != self.groups[i]
        ]
        earlier = [i for i in starts if i < self.position]
        if not earlier:
            self.edge(False)
            return
        # Left at a group's first key: the group before; inside a group: its first key.
        current_start = max(i for i in starts if i <= self.position)
        self.say_line(current_start if current_start < self.position else earlier[-1])

    def status(self) -> list[str]:
        return [
            _("Key {position} of {total}").format(position=self.position + 1, total=len(self.lines))
        ]
