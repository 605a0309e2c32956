"""The terminal program at an online table: one connection to the server in the program's
loop, and the messages it receives turned into the screens and words of the program.

At the table the seat is presented by the very table screens of offline play, fed the seat's
stream (:class:`audiogame.table.seat.SeatState`): the same keys, words, cues and history.
"""

from __future__ import annotations

from typing import Any

from audiogame.app.screen import Command
from audiogame.i18n import _
from audiogame.online.notices import timed_out, timer_warning
from audiogame.online.table_words import (
    CHAT_CUE,
    SEAT_KEPT,
    STOPPING,
    chat_text,
    idle_closing_text,
    presence_text,
    terminal_refusal_text,
    who_text,
)
from audiogame.online.terminal_link import ServerLink
from audiogame.presenters.table_screen import Elsewhere, TableScreen
from audiogame.table.codec import DecodeError, decode_refusal
from audiogame.table.seat import SeatState


class OnlinePlay(ServerLink):
    """The program at one server: its messages turned into the screens and words of the
    program (the connection itself: :class:`audiogame.online.terminal_link.ServerLink`)."""

    # ----- messages ------------------------------------------------------------------------
    def show_lobby(self, quiet: bool = False) -> None:
        from audiogame.online.lobby_menu import LobbyMenu
        from audiogame.online.screens import Connecting

        self.lobby = LobbyMenu(self.app, self)
        self.lobby.quiet = quiet
        if self.app.stack and isinstance(self.app.top, Connecting):
            self.app.replace_top(self.lobby)  # Disconnect goes back to the main menu
        else:
            self.app.push(self.lobby)  # which asks for the list

    def on_lobby(self, message: dict[str, Any]) -> None:
        if self.lobby is not None:
            self.lobby.show_tables(list(message.get("tables", [])))

    def on_error(self, message: dict[str, Any]) -> None:
        code = str(message.get("code", ""))
        self.app.refuse(terminal_refusal_text(code, message.get("reason")))
        if self.lobby is not None and code in ("table_full", "seat_taken", "no_table",
                                               "started", "bot_name"):  # fmt: skip
            self.send({"type": "list"})  # the list had changed: the lobby shows it as it is

    def on_joined(self, message: dict[str, Any]) -> None:
        from audiogame.online.screens import WaitingRoom

        self.token = message.get("token")
        self.table_info = dict(message.get("table", {}))
        if self.token is not None:
            table = str(self.table_info.get("id"))
            self.kept.keep(self.link.url, self.link.name, self.token, table)
        self.names = [str(name) for name in message.get("names", [])]
        if self.presenter is not None:
            return  # back at the table: the stream follows
        if self.table_info.get("started"):
            return  # the game is running: "started" follows at once
        self.waiting = WaitingRoom(self.app, self, message.get("seat") is None)
        self.app.push(self.waiting)

    def on_left(self, message: dict[str, Any]) -> None:
        self.token = None
        self.forget_seat()
        self.seat_options = {}
        self.presenter = self.seat_state = None

    def on_seat_options(self, message: dict[str, Any]) -> None:
        self.seat_options = dict(message.get("options") or {})
        if self.seat_state is not None:
            self.seat_state.options = dict(self.seat_options)

    def send_seat_options(self, game: str) -> None:
        """The player's own options of ``game`` (the options menu's, e.g. the automatic pass),
        to the server for this seat, when they differ from what it keeps."""
        from audiogame.catalog import game_entry

        for option in game_entry(game).player_options:
            value = getattr(self.app.settings, option.setting)
            if self.seat_options.get(option.setting) != value:
                self.send({"type": "seat_option", "name": option.setting, "value": value})

    def on_auto_passed(self, message: dict[str, Any]) -> None:
        if self.presenter is not None:
            self.presenter.auto_passed()

    def on_started(self, message: dict[str, Any]) -> None:
        if self.presenter is not None and self.seat_state is not None:
            self.seat_state.feed(message)  # back at the table after a drop: where things are
            self.restore_match(message)
            self.presenter.say_standing()
            return
        self.names = [str(name) for name in message.get("names", self.names)]
        game = str(self.table_info.get("game"))
        if message.get("legal") is None:  # a spectator's stream: a seat's has its legal moves
            self.watch(game, message)
            return
        options = dict(self.table_info.get("options", {}))
        players = len(self.table_info.get("seats", [])) or 3
        seat = SeatState(game, players, self.act, self.request)
        seat.options = dict(self.seat_options)
        seat.feed(message)
        config = {**options, "players": players, "names": self.names}
        presenter = make_presenter(self, game, config, seat)
        self.seat_state, self.presenter = seat, presenter
        self.restore_match(message)  # a program started again during a match
        if self.waiting is not None and self.app.top is self.waiting:
            self.app.stack.pop()
        self.waiting = None
        self.app.push(presenter)

    def watch(self, game: str, message: dict[str, Any]) -> None:
        from audiogame.online.screens import WatchScreen

        if self.watcher is None:
            if self.waiting is not None and self.app.top is self.waiting:
                self.app.stack.pop()
            self.waiting = None
            options = dict(self.table_info.get("options") or {})
            self.watcher = WatchScreen(self.app, self, game, self.names, options)
            events = self.watcher.take(message)
            self.watcher.arrived(message)
            self.app.push(self.watcher)  # where the game stands, when it is under way
        else:
            events = self.watcher.take(message)
        self.watcher.show(events)

    def restore_match(self, message: dict[str, Any]) -> None:
        """A match's deal number and totals, as the table keeps them."""
        totals = message.get("totals")
        if self.presenter is not None and isinstance(totals, list):
            deal = message.get("deal")
            self.presenter.restore_match(
                None if deal is None else int(deal), [int(t) for t in totals]
            )

    def on_update(self, message: dict[str, Any]) -> None:
        if self.watcher is not None:
            self.watch(str(self.table_info.get("game")), message)
            return
        if self.presenter is None or self.seat_state is None:
            return
        events = self.seat_state.feed(message)
        self.presenter.on_stream(events, message.get("by") == 0)

    def on_dealt(self, message: dict[str, Any]) -> None:
        if self.watcher is not None:  # a match's next deal, watched
            self.watch(str(self.table_info.get("game")), message)
            return
        if self.presenter is None or self.seat_state is None:
            return
        self.seat_state.feed(message)
        self.presenter.on_dealt()

    def on_refused(self, message: dict[str, Any]) -> None:
        if self.presenter is None:
            return
        try:
            error = decode_refusal(message.get("refusal"))
        except DecodeError:
            self.app.refuse(terminal_refusal_text("invalid"))
            return
        self.presenter.on_refused(error)

    def on_presence(self, message: dict[str, Any]) -> None:
        seat = message.get("seat")
        if self.presenter is not None:  # T says who has lost the connection
            self.presenter.presence(
                str(message.get("what")), seat if isinstance(seat, int) else None
            )
        if message.get("what") == "left" and self.game_over():
            return  # the game is over: everyone goes their way, and nobody needs telling
        text = presence_text(str(message.get("what")), str(message.get("name", "")))
        if text is not None:
            self.app.say(text)

    def game_over(self) -> bool:
        """Whether the seat's game is over (a Cardavia match: its last deal)."""
        if self.seat_state is None or not self.seat_state.is_over:
            return False
        return self.presenter is None or not self.presenter.more_deals()

    def on_chat(self, message: dict[str, Any]) -> None:
        if self.chat_on:
            self.app.say(chat_text(message), cue=CHAT_CUE)

    def on_who(self, message: dict[str, Any]) -> None:
        self.app.say(who_text(message))

    def on_timer(self, message: dict[str, Any]) -> None:
        self.app.say(timer_warning(int(message.get("seconds") or 0)), cue="your_turn")

    def on_timed_out(self, message: dict[str, Any]) -> None:
        self.app.say(timed_out())

    def on_closing(self, message: dict[str, Any]) -> None:
        if message.get("reason") == "shutdown":
            self.app.say(_(STOPPING))
            self.stopping = True
        elif message.get("reason") == "idle":  # the table is gone: the lobby again
            self.app.say(idle_closing_text(message.get("minutes"), message.get("started")))
            self.on_left(message)
            self.waiting = self.watcher = None
            while self.lobby is not None and self.app.top is not self.lobby:
                self.app.pop()  # the waiting room or the game's table, left with nothing sent
            if self.lobby is not None:
                self.send({"type": "list"})
        elif message.get("reason") == "replaced":
            # Another window took the seat back with its token: taking it back from there in
            # turn would pass it to and fro for ever. This one stops, and says why, once.
            self.failed("replaced")

    # ----- what the seat asks --------------------------------------------------------------
    def act(self, action: Any) -> None:
        self.send({"type": "act", "action": str(action)})

    def request(self, what: str) -> None:
        self.send({"type": what})

    def leave_table(self) -> None:
        """The player leaves the table (the presenter or the waiting room closed). Not when
        the program ends (Quit, Control+C, a closed window): then the seat is kept, as when
        the connection is lost, and the next start takes it back."""
        if self.app.quitting or self.closed:
            return  # nobody to tell: the seat stays kept (the next start, or another window)
        if self.token is not None or self.waiting is not None or self.watcher is not None:
            self.send({"type": "leave"})
            self.app.say(_("You left the table."))
        if self.token is not None:
            self.forget_seat()
        self.token = None
        self.seat_options = {}
        self.presenter = self.seat_state = self.waiting = self.watcher = None
        if self.lobby is not None:
            self.send({"type": "list"})


class OnlineSeat(Elsewhere):
    """What online play adds to a game's table screen at a seat of the server's table: who is
    here, chat, the seat's own options sent when the screen opens, leaving the table when it
    closes; the hurry key hurries computer players only."""

    def __init__(self, play: OnlinePlay) -> None:
        self.play = play

    def commands(self) -> list[Command]:
        from audiogame.online.screens import online_commands

        return online_commands(self.play)

    def opened(self, screen: TableScreen) -> None:
        """Open, or back from the pause menu (whose options may have changed): the player's
        own options of the game go to the table for this seat."""
        self.play.send_seat_options(screen.game)

    def closed(self, screen: TableScreen) -> None:
        if self.play.presenter is screen:
            self.play.leave_table()

    def farewell(self, screen: TableScreen) -> str:
        if self.play.presenter is screen and self.play.token is not None:
            return _(SEAT_KEPT)
        return ""

    def hurries(self, seat: int) -> bool:
        """Only a computer player's seat is hurried (seats in this seat's order)."""
        seats = list(self.play.table_info.get("seats") or [])
        return 0 <= seat < len(seats) and dict(seats[seat]).get("kind") == "bot"


def make_presenter(
    play: OnlinePlay, game: str, config: dict[str, Any], seat: SeatState
) -> TableScreen:
    """The game's own table screen (its registration's), fed the seat's stream, with the keys
    of online play."""
    from audiogame.catalog import game_entry

    factory = game_entry(game).table_factory()
    if factory is None:
        raise ValueError(f"{game!r} has no table")
    screen = factory(play.app, config, seat)
    if not isinstance(screen, TableScreen):
        raise TypeError(f"{game!r}'s table is not a table screen")
    screen.elsewhere = OnlineSeat(play)
    return screen
