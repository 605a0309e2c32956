"""The online lobby: the server's tables as they change, creating one, joining or watching one
by its code."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from audiogame.app.menu import Menu, MenuItem
from audiogame.catalog import game_entry, level_name
from audiogame.i18n import N_, _, ngettext
from audiogame.words.seats import join_words

if TYPE_CHECKING:
    from audiogame.app.application import AudioGame
    from audiogame.online.play import OnlinePlay

from audiogame.online.new_table import CreateMenu
from audiogame.online.text_entry import TextEntry


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


class LobbyMenu(Menu):
    """The tables of the server; create one, join one by its code.

    The list follows the server: asked again on opening, on coming back from a table, and
    every :attr:`every` seconds while the lobby is in front (a change is said, "2 tables
    open."). The cursor stays on the item it was on (the same table, the same action); a
    table that went away leaves it on the first item, never on Disconnect, which asks for a
    second Enter."""

    app: AudioGame  # the terminal program's menus

    title = N_("Online tables")
    every = 5.0
    """Seconds between two looks at the server's list while the lobby is in front."""

    def __init__(self, app: AudioGame, play: OnlinePlay) -> None:
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
        self.quiet = False
        """Opened without its title: under a seat taken back, which comes on top at once."""
        self.asked_at = 0
        """The key that asked whether to disconnect (:attr:`Program.key_count`)."""
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
        if not self.quiet:
            self.app.say(_(self.title) + ".")
        self.quiet = False
        self.ask()

    def resume(self) -> None:
        """Back from a table or a form: the list may have changed meanwhile; it is asked for,
        and the count and the item come with it."""
        self.confirming = False
        self.enter()

    def leave(self) -> None:
        """The lobby closes (Disconnect, or the pause menu's Quit to the main menu from a
        table): the connection closes with it, so that the name is free for the next time."""
        self.stop_looking()
        if not self.play.closed:
            self.play.close()

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
        """Enter once asks; Enter again, as the very next key, goes back to the menu under the
        tables, which says its name first ("Main menu. ..."). Any other key in between
        (a letter that finds no item too) asks again."""
        if not self.confirming or self.app.key_count != self.asked_at + 1:
            self.confirming = True
            self.asked_at = self.app.key_count
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
    app: AudioGame  # the terminal program's menus
    title = N_("Table")

    def __init__(self, app: AudioGame, play: OnlinePlay, table: dict[str, Any]) -> None:
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
