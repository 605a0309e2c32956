"""Menus: Up/Down say the item and its position, Home/End, first-letter jump, Enter, Escape;
option items change their value with Left/Right (and digits where they take a number)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from audiogame.app.actions import EVERYWHERE, MOVING
from audiogame.app.screen import ENTER, ESCAPE, Command, Screen
from audiogame.i18n import N_, _

if TYPE_CHECKING:
    from audiogame.app.host import Host
    from audiogame.catalog import SetupOption

SEED_DIGITS = 9
"""The digits a typed deal number keeps (the last ones typed)."""


@dataclass
class MenuItem:
    """``label()`` gives the words now (an option item includes its value); ``activate`` runs
    on Enter; ``change(step)`` on Left (-1) and Right (+1); ``type_char`` takes typed keys."""

    label: Callable[[], str]
    activate: Callable[[], None] | None = None
    change: Callable[[int], None] | None = None
    type_char: Callable[[str], bool] | None = None


def fold(text: str) -> str:
    """Lower case without accents, for first-letter jumps ("È" finds "e")."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


class Menu(Screen):
    """A list of items; subclasses build :meth:`items`."""

    app: Host

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.position = 0

    def items(self) -> Sequence[MenuItem]:
        raise NotImplementedError

    def current(self) -> MenuItem:
        items = self.items()
        self.position = max(0, min(self.position, len(items) - 1))
        return items[self.position]

    def item_text(self) -> str:
        items = self.items()
        return _("{item}, {position} of {total}").format(
            item=self.current().label(), position=self.position + 1, total=len(items)
        )

    def enter(self) -> None:
        self.app.say(_("{title}. {item}").format(title=self.heading(), item=self.item_text()))

    def resume(self) -> None:
        """Back from a screen above (a table, the rules, a form): the menu's name, then the
        item, so that the player knows where he is ("Cardavia: new game. Start the game, 1 of
        10", not "Start the game, 1 of 10" alone)."""
        self.app.say(_("{title}. {item}").format(title=self.heading(), item=self.item_text()))

    def commands(self) -> list[Command]:
        return [
            Command(("up", "down"), N_("move through the items."), self.step, "move", MOVING,
                    each=(N_("previous item."), N_("next item."))),
            Command(("home", "end"), N_("first and last item."), self.step, "ends", MOVING,
                    each=(N_("first item."), N_("last item."))),
            Command((), N_("jump to the next item starting with it."), self.step, "letter",
                    MOVING, keys_text=N_("A letter")),
            Command(("left", "right"), N_("change the value of an option."), self.change,
                    "change", each=(N_("previous value of an option."),
                                    N_("next value of an option."))),
            Command((ENTER,), N_("choose the item."), lambda key: self.activate(), "choose"),
            Command((ESCAPE,), N_("go back."), lambda key: self.back(), "back", EVERYWHERE),
        ]  # fmt: skip

    def step(self, key: str) -> None:
        total = len(self.items())
        targets = {
            "up": (self.position - 1) % total,
            "down": (self.position + 1) % total,
            "home": 0,
            "end": total - 1,
        }
        wrapped = (key == "up" and self.position == 0) or (
            key == "down" and self.position == total - 1
        )
        self.move_to(targets[key], wrapped)

    def change(self, key: str) -> None:
        item = self.current()
        if item.change is None:
            self.app.refuse(_("This item has no values to change."))
            return
        before = item.label()
        item.change(-1 if key == "left" else 1)
        after = item.label()
        if after == before:  # a number at the end of its values: said, never silently
            edge = _("{item}. First value.") if key == "left" else _("{item}. Last value.")
            self.app.say(edge.format(item=after), cue="menu_edge")
            return
        self.app.say(after, cue="menu_move")

    def move_to(self, position: int, wrapped: bool = False) -> None:
        """Say the item at ``position``; going round from one end to the other has the edge
        cue (the position said, "7 of 7", tells where)."""
        self.position = position
        self.app.say(self.item_text(), cue="menu_edge" if wrapped else "menu_move", record=False)

    def activate(self) -> None:
        item = self.current()
        if item.activate is None:
            if item.change is not None:
                item.change(1)
                self.app.say(item.label(), cue="menu_move")
            return
        self.app.cue("select")
        item.activate()

    def back(self) -> None:
        self.app.cue("back")
        self.app.pop()

    def on_char(self, char: str) -> bool:
        item = self.current()
        if item.type_char is not None and item.type_char(char):
            self.app.say(item.label())
            return True
        target = fold(char)
        if not target.isalnum():
            return False
        items = self.items()
        for step in range(1, len(items) + 1):
            index = (self.position + step) % len(items)
            if fold(items[index].label()).startswith(target):
                self.move_to(index)
                return True
        self.app.say(_("No item starts with {letter}.").format(letter=char))
        return True


def option_item(option: SetupOption, config: dict[str, Any]) -> MenuItem:
    """A menu item that shows and changes one setup option kept in ``config``."""

    def label() -> str:
        return _("{option}: {value}").format(
            option=_(option.label), value=option.describe(config[option.key])
        )

    def change(step: int) -> None:
        if option.is_seed:
            current = config[option.key]
            config[option.key] = max(1, (current or 0) + step) if current or step > 0 else None
            return
        values = option.values
        index = values.index(config[option.key]) if config[option.key] in values else 0
        if len(values) > 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            # a range of numbers stops at its ends (the menu says so), as in the options menu
            config[option.key] = values[max(0, min(len(values) - 1, index + step))]
        else:  # a choice among words goes round
            config[option.key] = values[(index + step) % len(values)]

    def type_char(char: str) -> bool:
        if not option.is_seed or not char.isdigit():
            return False
        text = str(config[option.key] or "") + char
        config[option.key] = int(text[-SEED_DIGITS:]) or None
        return True

    return MenuItem(label, change=change, type_char=type_char)
