"""The online screens at a table: connecting, the waiting room, watching; and the keys online
play adds to a table screen (who is here, writing to the table, its messages on or off)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from audiogame.app.actions import EVERYWHERE, INFORMATION
from audiogame.app.places import main_menu
from audiogame.app.screen import ENTER, ESCAPE, Command, Screen
from audiogame.i18n import N_, _
from audiogame.presenters.watching import WatchedTable
from audiogame.words.seats import join_words

if TYPE_CHECKING:
    from audiogame.app.application import AudioGame
    from audiogame.online.play import OnlinePlay
from audiogame.online.lobby_menu import table_label
from audiogame.online.table_words import SEAT_KEPT
from audiogame.online.text_entry import TextEntry


class Connecting(Screen):
    """``audiogame connect`` until the server answers: what is going on is said first, then
    the lobby takes its place, or the refusal is said and the main menu comes back. Escape
    gives up and goes to the main menu."""

    app: AudioGame

    title = N_("Connecting")

    def __init__(self, app: AudioGame, play: OnlinePlay) -> None:
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


class WaitingRoom(Screen):
    """Seated before the game starts: Enter starts it (the creator), Escape leaves."""

    app: AudioGame

    title = N_("Waiting room")

    def __init__(self, app: AudioGame, play: OnlinePlay, watching: bool) -> None:
        super().__init__(app)
        self.play = play
        self.watching = watching

    def heading(self) -> str:
        return table_label(self.play.table_info)

    def enter(self) -> None:
        # The heading names the table by its code ("Cardavia, table K P Q R: ..."): said once.
        self.app.say(
            _(
                "{table}. Enter starts the game once every seat is taken; Escape leaves; F1: "
                "the keys."
            ).format(table=self.heading())
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

    def farewell(self) -> str:
        if self.play.waiting is self and self.play.token is not None:
            return _(SEAT_KEPT)
        return ""


def online_commands(play: OnlinePlay) -> list[Command]:
    """The keys online play adds to a table: who is here (F1 lists it with the information),
    write, messages on or off (with the keys that work everywhere)."""
    app = play.app

    def who(key: str) -> None:
        play.send({"type": "who"})

    def write(key: str) -> None:
        def send(text: str) -> None:
            # The table sends the message back to everyone: what the player hears next is
            # "<name> says: ...", without the table told again before it.
            play.send({"type": "chat", "text": text})

        app.push(TextEntry(app, _("Message to the table"), send))

    def toggle(key: str) -> None:
        play.chat_on = not play.chat_on
        app.say(
            _("Messages from the table on.") if play.chat_on else _("Messages from the table off.")
        )

    return [
        Command(("f5",), N_("F5: who is at the table."), who, group=INFORMATION),
        Command(("f6",), N_("F6: write a message to the table."), write, group=EVERYWHERE),
        Command(("f7",), N_("F7: messages from the table on or off."), toggle, group=EVERYWHERE),
    ]


class WatchScreen(WatchedTable):
    """Watching a table from the terminal: what any spectator hears and asks
    (:class:`audiogame.presenters.watching.WatchedTable`), with online play's keys; Escape
    leaves."""

    app: AudioGame

    def __init__(
        self,
        app: AudioGame,
        play: OnlinePlay,
        game: str,
        names: list[str],
        options: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(app, game, names, options)
        self.play = play

    def greeting(self) -> str:
        return _("{heading}: {names}. Escape leaves.").format(
            heading=self.heading(), names=join_words(list(self.seats.names))
        )

    def own_commands(self) -> list[Command]:
        return [
            *online_commands(self.play),
            Command(
                (ESCAPE,),
                N_("Escape: leave the table."),
                lambda key: self.app.pop(),
                group=EVERYWHERE,
            ),
        ]

    def leave(self) -> None:
        if self.play.watcher is self:
            self.play.leave_table()
