"""F1: the keys of the screen below and of every screen, one line a key, grouped (moving,
choosing and playing, information, everywhere), browsed like the rules: Up and Down line by
line, Left and Right group by group, Home and End, Escape closes.

At a table (and from the options), Enter on a line binds another key to that action: the next
key pressed, unless another action of the table or of every screen has it (then it is refused
and said); Backspace gives the action its default keys back. Bindings are saved at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from audiogame.app.actions import GROUPS, MOVING, command_line, key_list, keys_name
from audiogame.app.screen import BACKSPACE, ENTER, ESCAPE, Command, Screen
from audiogame.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from audiogame.app.screen import Program


class KeysScreen(Screen):
    def __init__(self, app: Program, below: Screen) -> None:
        super().__init__(app)
        self.below = below
        self.position = 0
        self.capturing: Command | None = None
        """The action waiting for its new key (Enter on its line), if any."""
        self.build()

    def build(self) -> None:
        commands = [*self.below.bound_commands(), *self.app.global_commands()]
        lines = key_list(commands)
        listed = [c for c in commands if c.listed()]
        order = list(GROUPS)
        listed.sort(key=lambda command: order.index(command.group))
        self.commands_listed = listed
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
            Command((ENTER,), N_("bind another key to this action (at a table)."),
                    lambda key: self.start_binding(), "bind"),
            Command((BACKSPACE,), N_("give this action its default keys back."),
                    lambda key: self.restore(), "restore"),
            Command((ESCAPE,), N_("close the list."), lambda key: self.close(), "close"),
        ]  # fmt: skip

    # ----- binding keys -------------------------------------------------------------------
    def bindable(self) -> Command | None:
        """The action on this line, if the player may bind its keys (else the reason said):
        an action of one key (two arrows that go two ways cannot become one key), never
        Escape's (the way back to the menus stays where every player expects it)."""
        command = self.commands_listed[self.position]
        global_ids = {c.id for c in self.app.global_commands()}
        one_key = len({key.lower() if len(key) == 1 else key for key in command.keys}) == 1
        if (not self.below.key_scope() or not command.id or not one_key
                or command.keys_text or command.id in global_ids
                or ESCAPE in command.keys):  # fmt: skip  # Escape always leads back home
            self.app.refuse(_("The keys of this action cannot be changed."))
            return None
        return command

    def start_binding(self) -> None:
        command = self.bindable()
        if command is None:
            return
        self.capturing = command
        self.app.say(
            _("Press the new key for: {action} Escape cancels.").format(action=_(command.help)),
            cue="select",
        )

    def capture(self, key: str) -> None:
        """The key pressed while an action waits for its new key."""
        command, self.capturing = self.capturing, None
        assert command is not None
        if key == ESCAPE:
            self.app.say(_("Cancelled: the keys stay as they were."), cue="back")
            return
        key = key.lower() if len(key) == 1 else key
        taken = [
            other
            for other in [*self.below.bound_commands(), *self.app.global_commands()]
            if other.id != command.id and key in {k.lower() if len(k) == 1 else k
                                                  for k in other.keys}
        ]  # fmt: skip
        if taken or key == "c-c" or (len(key) == 1 and not key.isprintable()):
            what = _(taken[0].help) if taken else _("quit the program.")
            self.app.refuse(
                _("{key} already does this: {action} Nothing changed.").format(
                    key=keys_name((key,)), action=what
                )
            )
            return
        scope = self.below.key_scope()
        keys = {**self.app.settings.keys, f"{scope}.{command.id}": (key,)}
        self.app.update_settings(keys=keys)
        self.build()
        self.app.say(_("Now {line}").format(line=command_line(self.current_command())),
                     cue="select")  # fmt: skip

    def current_command(self) -> Command:
        return self.commands_listed[self.position]

    def restore(self) -> None:
        command = self.bindable()
        if command is None:
            return
        scope = self.below.key_scope()
        keys = dict(self.app.settings.keys)
        if keys.pop(f"{scope}.{command.id}", None) is None:
            self.app.say(_("This action already has its default keys."))
            return
        self.app.update_settings(keys=keys)
        self.build()
        self.app.say(_("Default keys again: {line}").format(
            line=command_line(self.current_command())), cue="back")  # fmt: skip

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
