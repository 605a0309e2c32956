"""The screens of online play: connecting, the lobby, creating a table, the waiting room,
typing a message, watching; and the keys online play adds to a table screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from audiogame.app.menu import Menu, MenuItem, option_item
from audiogame.app.places import main_menu
from audiogame.app.screen import BACKSPACE, ENTER, ESCAPE, Command, Screen
from audiogame.catalog import GAMES, game_entry, level_name
from audiogame.i18n import N_, _, ngettext
from audiogame.words.cards import seconds_text
from audiogame.words.seats import Seats, join_words

if TYPE_CHECKING:
    from audiogame.app.screen import Program


class OnlinePlay(Protocol):
    """The connection to the server as its screens use it
    (:class:`audiogame.online.terminal.OnlinePlay`, which opens them: they never import it)."""

    chat_on: bool

    @property
    def app(self) -> Program: ...

    @property
    def address(self) -> str: ...

    @property
    def closed(self) -> bool: ...

    @property
    def table_info(self) -> dict[str, Any]: ...

    @property
    def presenter(self) -> Any: ...

    @property
    def waiting(self) -> Any: ...

    @property
    def watcher(self) -> Any: ...

    def send(self, message: dict[str, Any]) -> None: ...

    def close(self) -> None: ...

    def leave_table(self) -> None: ...

    def send_seat_options(self, game: str) -> None: ...


LEVELS = ("person", "bot:easy", "bot:normal", "bot:hard", "bot:expert")
"""What each other seat of a new table may be: a person, or a computer player at one of the
levels of the offline setup (audiogame.bots.LEVELS)."""
GRACE = (30, 60, 120, 300)
TURN_TIMER = (0, 30, 60, 120, 300)
PACES = (0, 1, 2, 3)
"""Seconds between the computer players' moves at a new table (the page's choices)."""
MAX_TYPED = 300


def seat_kind_name(kind: str) -> str:
    return {
        "person": _("a person"),
        "bot:easy": _("computer player, easy"),
        "bot:normal": _("computer player, normal"),
        "bot:hard": _("computer player, hard"),
        "bot:expert": _("computer player, expert (up to a second a move)"),
    }[kind]


def bot_words(level: str) -> str:
    """A computer seat of a listed table: "computer player (hard)"."""
    return _("computer player ({level})").format(level=level_name(level))


def table_label(table: dict[str, Any]) -> str:
    game = _(game_entry(str(table["game"])).title)
    seats = table.get("seats", [])
    people = [seat["name"] for seat in seats if seat.get("kind") == "person" and seat.get("name")]
    people += [bot_words(str(seat.get("level"))) for seat in seats if seat.get("kind") == "bot"]
    free = sum(1 for seat in seats if seat.get("kind") == "person" and not seat.get("name"))
    text = _("{game}, table {code}").format(game=game, code=" ".join(table["id"]))
    if people:
        text += ": " + join_words(people)
    if table.get("started"):
        text += ", " + _("playing")
    elif free:
        text += ", " + ngettext("{count} free seat", "{count} free seats", free).format(count=free)
    return text


class TextEntry(Screen):
    """Type a line of text; Enter gives it to ``done``, Escape goes back."""

    def __init__(
        self,
        app: Program,
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


class Connecting(Screen):
    """``audiogame connect`` until the server answers: what is going on is said first, then
    the lobby takes its place, or the refusal is said and the main menu comes back. Escape
    gives up and goes to the main menu."""

    title = N_("Connecting")

    def __init__(self, app: Program, play: OnlinePlay) -> None:
        super().__init__(app)
        self.play = play

    def heading(self) -> str:
        return _("Connecting to {server}.").format(server=self.play.address)

    def commands(self) -> list[Command]:
        return [
            Command((ESCAPE,), N_("Escape: stop connecting, back to the main menu."), self.stop)
        ]

    def stop(self, key: str = "") -> None:
        self.play.close()
        self.app.pop_to(main_menu())


class LobbyMenu(Menu):
    """The tables of the server; create one, join one by its code.

    The list follows the server: asked again on opening, on coming back from a table, and
    every :attr:`every` seconds while the lobby is in front (a change is said, "2 tables
    open."). The cursor stays on the item it was on (the same table, the same action); a
    table that went away leaves it on the first item, never on Disconnect, which asks for a
    second Enter."""

    title = N_("Online tables")
    every = 5.0
    """Seconds between two looks at the server's list while the lobby is in front."""

    def __init__(self, app: Program, play: OnlinePlay) -> None:
        super().__init__(app)
        self.play = play
        self.tables: list[dict[str, Any]] = []
        self.listed = False
        """The server's list has come since the lobby opened or came back (what it says
        before is only its name: the items and their count are not known yet)."""
        self.asked = False
        """The player asked for the list (Refresh): the count is said even if unchanged."""
        self.confirming = False
        """Enter on Disconnect once: a second Enter disconnects."""
        self._timer: Any = None

    def items(self) -> Sequence[MenuItem]:
        return [
            MenuItem(
                lambda: _("Create a table"), lambda: self.app.push(CreateMenu(self.app, self.play))
            ),
            MenuItem(lambda: _("Join a table by its code"), self.join_by_code),
            *[
                MenuItem(
                    lambda table=table: table_label(table),  # type: ignore[misc]
                    lambda table=table: self.app.push(  # type: ignore[misc]
                        TableChoice(self.app, self.play, table)
                    ),
                )
                for table in self.tables
            ],
            MenuItem(lambda: _("Watch a table by its code"), self.watch_by_code),
            MenuItem(lambda: _("Refresh the list"), self.refresh),
            MenuItem(lambda: _("Disconnect"), self.disconnect),
        ]

    def item_key(self, position: int) -> str:
        """What the item at ``position`` is, whatever the list: a table's code, or an action."""
        first_after = 2 + len(self.tables)
        if position < 2:
            return ("create", "join")[position]
        if position < first_after:
            return "table " + str(self.tables[position - 2].get("id"))
        return ("watch", "refresh", "disconnect")[min(position - first_after, 2)]

    def position_of(self, key: str) -> int | None:
        for position in range(len(self.items())):
            if self.item_key(position) == key:
                return position
        return None

    # ----- the list ------------------------------------------------------------------------
    def enter(self) -> None:
        self.listed = False
        self.app.say(_(self.title) + ".")
        self.ask()

    def resume(self) -> None:
        """Back from a table or a form: the list may have changed meanwhile; it is asked for,
        and the count and the item come with it."""
        self.confirming = False
        self.enter()

    def leave(self) -> None:
        self.stop_looking()

    def ask(self) -> None:
        self.play.send({"type": "list"})

    def refresh(self) -> None:
        self.asked = True
        self.ask()

    def look_again(self) -> None:
        self._timer = None
        if self.play.closed or self not in self.app.stack:
            return
        if self.app.top is self:
            self.ask()
        self.keep_looking()

    def keep_looking(self) -> None:
        import asyncio

        if self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(self.every, self.look_again)

    def stop_looking(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def show_tables(self, tables: list[dict[str, Any]]) -> None:
        def ids(listed: list[dict[str, Any]]) -> list[Any]:
            return [table.get("id") for table in listed]

        changed = ids(tables) != ids(self.tables) or tables != self.tables
        was = self.item_key(self.position) if self.listed else self.item_key(0)
        self.tables = tables
        found = self.position_of(was)
        self.position = found if found is not None else 0
        first, asked = not self.listed, self.asked
        self.listed, self.asked = True, False
        self.keep_looking()
        if self.app.top is not self:
            return
        count = ngettext("{count} table open.", "{count} tables open.", len(tables)).format(
            count=len(tables)
        )
        if first or asked or changed:
            self.app.say(count)
        if first or found is None:  # where the cursor is, in the list as it is now
            self.app.say(self.item_text(), record=False)

    def move_to(self, position: int, wrapped: bool = False) -> None:
        self.confirming = False
        super().move_to(position, wrapped)

    def join_by_code(self) -> None:
        def join(code: str) -> None:
            self.play.send({"type": "join", "table": code.upper().replace(" ", "")})

        self.app.push(TextEntry(self.app, _("Table code"), join, limit=8))

    def watch_by_code(self) -> None:
        def watch(code: str) -> None:
            self.play.send({"type": "watch", "table": code.upper().replace(" ", "")})

        self.app.push(TextEntry(self.app, _("Table code"), watch, limit=8))

    def disconnect(self) -> None:
        """Enter once asks; Enter again goes back to the menu under the tables, which says its
        name first ("Main menu. ...")."""
        if not self.confirming:
            self.confirming = True
            self.app.say(_("Disconnect from the server? Enter again to disconnect."))
            return
        self.confirming = False
        self.stop_looking()
        self.play.close()
        self.app.say(_("Disconnected."))
        self.app.stack.pop().leave()
        self.app.top.enter()

    def back(self) -> None:
        self.move_to(len(self.items()) - 1)


class TableChoice(Menu):
    title = N_("Table")

    def __init__(self, app: Program, play: OnlinePlay, table: dict[str, Any]) -> None:
        super().__init__(app)
        self.play = play
        self.table = table

    def heading(self) -> str:
        return table_label(self.table)

    def items(self) -> Sequence[MenuItem]:
        free = any(seat.get("kind") == "person" and not seat.get("name")
                   for seat in self.table.get("seats", []))  # fmt: skip
        sit = [MenuItem(lambda: _("Sit at a free seat"), lambda: self.go("join"))] if free else []
        return [*sit, MenuItem(lambda: _("Watch"), lambda: self.go("watch"))]

    def go(self, kind: str) -> None:
        self.app.stack.pop()
        self.play.send({"type": kind, "table": self.table["id"]})


class CreateMenu(Menu):
    """A new online table: the game, its options, who sits where, then Create."""

    title = N_("New online table")

    def __init__(self, app: Program, play: OnlinePlay) -> None:
        super().__init__(app)
        self.play = play
        self.game_index = 0
        self.private = False
        self.grace = 60
        self.turn_timer = 0
        self.pace: float = float(app.settings.pace)
        """Seconds between the computer players' moves (the options' pace until changed)."""
        self.seats = ["bot:normal"] * 7
        self.set_game(0)
        self.recall()

    def recall(self) -> None:
        """The choices of the last table created (kept in the settings); a value that is not
        one of the form's own is left at its default."""
        last = self.app.settings.extra.get("online_table")
        if not isinstance(last, dict):
            return
        keys = [entry.key for entry in GAMES]
        if last.get("game") in keys:
            self.set_game(keys.index(last["game"]))
        options = last.get("options")
        for option in self.entry.options:
            value = options.get(option.key) if isinstance(options, dict) else None
            if option.key in self.config and value in option.values:
                self.config[option.key] = value
        seats = last.get("seats")
        if isinstance(seats, list):
            for index, kind in enumerate(seats[:7]):
                if kind in LEVELS:
                    self.seats[index] = kind
        for name, values in (("grace", GRACE), ("turn_timer", TURN_TIMER), ("pace", PACES)):
            if last.get(name) in values and not isinstance(last.get(name), bool):
                setattr(self, name, last[name])
        self.private = last.get("private") is True

    def set_game(self, index: int) -> None:
        self.game_index = index % len(GAMES)
        self.entry = GAMES[self.game_index]
        self.config = {
            key: value
            for key, value in self.entry.defaults().items()
            if key not in ("level", "seed")
        }
        self._options = [
            option_item(option, self.config)
            for option in self.entry.options
            if option.key in self.config
        ]

    def players(self) -> int:
        return int(self.config.get("players", 3))

    def items(self) -> Sequence[MenuItem]:
        seats = [self.seat_item(index) for index in range(1, self.players())]
        return [
            MenuItem(lambda: _("Create the table"), self.create),
            MenuItem(
                lambda: _("Game: {game}").format(game=_(self.entry.title)),
                change=lambda step: self.set_game(self.game_index + step),
            ),
            *self._options,
            *seats,
            MenuItem(
                lambda: _("Private table: {value}").format(
                    value=_("yes") if self.private else _("no")
                ),
                change=self.toggle_private,
            ),
            MenuItem(
                lambda: _("Grace period after a drop: {seconds} seconds").format(
                    seconds=self.grace
                ),
                change=lambda step: self.cycle("grace", GRACE, step),
            ),
            MenuItem(
                self.timer_label, change=lambda step: self.cycle("turn_timer", TURN_TIMER, step)
            ),
            *([self.pace_item()] if self.entry.paced else []),
        ]

    def pace_item(self) -> MenuItem:
        def label() -> str:
            return _("Computer players' pace: {seconds}").format(seconds=seconds_text(self.pace))

        def change(step: int) -> None:
            later = [value for value in PACES if value > self.pace]
            earlier = [value for value in PACES if value < self.pace]
            if step > 0:
                self.pace = later[0] if later else PACES[0]
            else:
                self.pace = earlier[-1] if earlier else PACES[-1]

        return MenuItem(label, change=change)

    def seat_item(self, index: int) -> MenuItem:
        def label() -> str:
            return _("Seat {number}: {kind}").format(
                number=index + 1, kind=seat_kind_name(self.seats[index - 1])
            )

        def change(step: int) -> None:
            current = LEVELS.index(self.seats[index - 1])
            self.seats[index - 1] = LEVELS[(current + step) % len(LEVELS)]

        return MenuItem(label, change=change)

    def timer_label(self) -> str:
        if not self.turn_timer:
            return _("Turn timer: off")
        return _("Turn timer: {seconds} seconds").format(seconds=self.turn_timer)

    def toggle_private(self, step: int) -> None:
        self.private = not self.private

    def cycle(self, name: str, values: tuple[int, ...], step: int) -> None:
        current = values.index(getattr(self, name))
        setattr(self, name, values[(current + step) % len(values)])

    def create(self) -> None:
        seats = ["person", *self.seats[: self.players() - 1]]
        options = dict(self.config)
        if self.entry.paced:  # the computer players play at the pace chosen here
            options["pace"] = self.pace
        last = {"game": self.entry.key, "options": dict(self.config), "seats": list(self.seats),
                "grace": self.grace, "turn_timer": self.turn_timer, "pace": self.pace,
                "private": self.private}  # fmt: skip
        if self.app.settings.extra.get("online_table") != last:
            self.app.update_settings(extra={**self.app.settings.extra, "online_table": last})
        self.app.stack.pop()
        self.play.send(
            {
                "type": "create",
                "game": self.entry.key,
                "options": options,
                "seats": seats,
                "private": self.private,
                "grace": self.grace,
                "turn_timer": self.turn_timer,
            }
        )


class WaitingRoom(Screen):
    """Seated before the game starts: Enter starts it (the creator), Escape leaves."""

    title = N_("Waiting room")

    def __init__(self, app: Program, play: OnlinePlay, watching: bool) -> None:
        super().__init__(app)
        self.play = play
        self.watching = watching

    def heading(self) -> str:
        return table_label(self.play.table_info)

    def enter(self) -> None:
        code = " ".join(str(self.play.table_info.get("id", "")))
        self.app.say(
            _(
                "{table}. Table code {code}. Enter starts the game when every seat is taken; "
                "F5 who is here; F6 writes to the table; Escape leaves."
            ).format(table=self.heading(), code=code)
        )

    def commands(self) -> list[Command]:
        return [
            Command((ENTER,), N_("Enter: start the game (the table's creator)."), self.start),
            *online_commands(self.play),
            Command((ESCAPE,), N_("Escape: leave the table."), self.leave_room),
        ]

    def start(self, key: str) -> None:
        self.play.send({"type": "start"})

    def leave_room(self, key: str) -> None:
        self.app.pop()

    def leave(self) -> None:
        if self.play.waiting is self:
            self.play.leave_table()


def online_commands(play: OnlinePlay) -> list[Command]:
    """The keys online play adds to a table: who is here, write, messages on or off."""
    app = play.app

    def who(key: str) -> None:
        play.send({"type": "who"})

    def write(key: str) -> None:
        def send(text: str) -> None:
            play.send({"type": "chat", "text": text})
            app.top.resume()

        app.push(TextEntry(app, _("Message to the table"), send))

    def toggle(key: str) -> None:
        play.chat_on = not play.chat_on
        app.say(
            _("Messages from the table on.") if play.chat_on else _("Messages from the table off.")
        )

    return [
        Command(("f5",), N_("F5: who is at the table."), who),
        Command(("f6",), N_("F6: write a message to the table."), write),
        Command(("f7",), N_("F7: messages from the table on or off."), toggle),
    ]


def online_table_class(base: type[Any]) -> type[Any]:
    """``base`` (a game's table screen) at a seat of an online table."""

    class OnlineTable(base):  # type: ignore[misc]
        def __init__(
            self, play: OnlinePlay, app: Program, config: dict[str, Any], seat: Any
        ) -> None:
            self.online_play = play
            super().__init__(app, config, seat)

        def commands(self) -> list[Command]:
            return [*super().commands(), *online_commands(self.online_play)]

        def open_table(self) -> None:
            """Open, or back from the pause menu (whose options may have changed): the
            player's own options of the game go to the table for this seat."""
            super().open_table()
            self.online_play.send_seat_options(self.game)

        def leave(self) -> None:
            super().leave()
            if self.online_play.presenter is self:
                self.online_play.leave_table()

        def hurries(self, seat: int) -> bool:
            """Only a computer player's seat is hurried (seats in this seat's order)."""
            seats = list(self.online_play.table_info.get("seats") or [])
            return 0 <= seat < len(seats) and dict(seats[seat]).get("kind") == "bot"

    OnlineTable.__name__ = f"Online{base.__name__}"
    return OnlineTable


class WatchScreen(Screen):
    """Watching a table: its public events, said as they happen; Escape leaves."""

    title = N_("Watching")

    def __init__(
        self,
        app: Program,
        play: OnlinePlay,
        game: str,
        names: list[str],
        options: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(app)
        self.play = play
        self.game = game
        self.seats = Seats.watching(names, options)

    def heading(self) -> str:
        return _("Watching {game}").format(game=_(game_entry(self.game).title))

    def enter(self) -> None:
        self.app.say(
            _("{heading}: {names}. Escape leaves.").format(
                heading=self.heading(), names=join_words(list(self.seats.names))
            )
        )

    def rules_game(self) -> str:
        return self.game

    def show(self, events: list[Any]) -> None:
        from audiogame.sound import cue_for, event_seat, seat_pan
        from audiogame.words.registry import render

        for event in events:
            cue = cue_for(event, None) or None
            pan = seat_pan(event_seat(event), self.seats.players)
            self.app.say(render(self.game, event, self.seats), cue=cue, pan=pan)

    def commands(self) -> list[Command]:
        return [
            *online_commands(self.play),
            Command((ESCAPE,), N_("Escape: leave the table."), lambda key: self.app.pop()),
        ]

    def leave(self) -> None:
        if self.play.watcher is self:
            self.play.leave_table()
