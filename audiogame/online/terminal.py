"""The terminal program at an online table: one connection to the server in the program's
loop, and the messages it receives turned into the screens and words of the program.

At the table the seat is presented by the very table screens of offline play, fed the seat's
stream (:class:`audiogame.table.seat.SeatState`): the same keys, words, cues and history.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from typing import TYPE_CHECKING, Any

from audiogame.app.places import main_menu
from audiogame.i18n import _
from audiogame.online.client import Link, LinkError, server_url
from audiogame.online.kept_seats import KeptSeats
from audiogame.online.notices import timed_out, timer_warning
from audiogame.online.table_words import (
    STOPPING,
    presence_text,
    terminal_refusal_text,
    who_text,
)
from audiogame.table.codec import DecodeError, decode_refusal
from audiogame.table.seat import SeatState

if TYPE_CHECKING:
    from audiogame.app.screen import Program
    from audiogame.app.table import TableScreen

BACK_OFF = (0.5, 1.0, 1.5, 2.0)
"""Seconds between attempts to reconnect; the last one repeats, so that the seat is back
within two seconds of the network coming back."""
TRY_FOR = 15 * 60.0
"""Seconds of trying to reconnect before giving up (longer than the longest grace period)."""


class OnlinePlay:
    """The program's connection to one server, from the first hello to leaving."""

    def __init__(
        self,
        app: Program,
        address: str,
        name: str,
        *,
        password: str | None = None,
        tls: ssl.SSLContext | None = None,
        kept: KeptSeats | None = None,
    ) -> None:
        self.app = app
        self.address = address
        self.link = Link(server_url(address, tls is not None), name, password=password, tls=tls)
        self.kept = kept or KeptSeats(None)
        """The seat tokens kept across restarts of the program (the user data folder)."""
        self.token: str | None = None
        self.table_info: dict[str, Any] = {}
        self.names: list[str] = []
        self.seat_state: SeatState | None = None
        self.presenter: TableScreen | None = None
        self.lobby: Any = None
        self.waiting: Any = None
        self.watcher: Any = None
        self.chat_on = True
        self.seat_options: dict[str, Any] = {}
        """The seat's own options of the game as the server keeps them (``seat_options``)."""
        self.closed = False
        self.stopping = False
        """The server said it is stopping: the lost connection that follows is not said."""
        self._task: asyncio.Task[None] | None = None

    # ----- running -------------------------------------------------------------------------
    def start(self) -> None:
        """Connect (in the program's loop, once it runs)."""
        loop = asyncio.get_running_loop()
        self._task = loop.create_task(self.run())

    async def run(self) -> None:
        kept = self.kept.token(self.link.url, self.link.name)
        try:
            await self.open(kept)
        except LinkError as error:
            self.failed(error.code)
            return
        self.app.say(
            _("Connected to {server} as {name}.").format(server=self.address, name=self.link.name)
        )
        self.remember_server()
        if self.token is not None:
            self.app.say(_("Back to your table: your seat was kept."))
        self.show_lobby()
        await self.read()

    async def open(self, token: str | None) -> None:
        """Greet the server with the seat's token, if any; a seat the server no longer keeps
        (the table ended) is forgotten, and the player comes in without it."""
        try:
            await self.link.open(token)
        except LinkError as error:
            if token is None or error.code not in ("bad_token", "invalid"):  # a damaged file
                raise
            self.forget_seat()
            token = None
            await self.link.open()
        self.token = token

    def remember_server(self) -> None:
        """The server and name of this connection, for the main menu's Play online."""
        online = {"server": self.address, "name": self.link.name}
        if (self.app.settings.extra.get("online") or {}) != online:
            self.app.update_settings(extra={**self.app.settings.extra, "online": online})

    def forget_seat(self) -> None:
        self.kept.forget(self.link.url, self.link.name)

    async def read(self) -> None:
        while not self.closed:
            try:
                message = await self.link.receive()
            except LinkError:
                if self.closed or not await self.reconnect():
                    return
                continue
            try:
                self.handle(message)
            except Exception as error:  # a bug must not pass silently: the program reports it
                self.app.fail(error)
                return
            with contextlib.suppress(Exception):
                self.app.application.invalidate()

    async def reconnect(self) -> bool:
        """Try again with back-off (said once): the seat comes back with its token; in the
        lobby the list comes back; a spectator watches the same table again."""
        if not self.stopping:  # a server that said it is stopping was heard already
            self.app.say(_("The connection to the server was lost: trying to reconnect."))
        self.stopping = False
        loop = asyncio.get_running_loop()
        until = loop.time() + TRY_FOR
        attempt = 0
        while loop.time() < until:
            await asyncio.sleep(BACK_OFF[min(attempt, len(BACK_OFF) - 1)])
            attempt += 1
            if self.closed:
                return False
            had_seat = self.token is not None
            try:
                await self.open(self.token)
            except LinkError as error:
                if error.code in ("unreachable", "gone"):
                    continue
                self.failed(error.code)
                return False
            if self.token is not None:
                self.app.say(_("Back at the table."))
            else:
                self.app.say(_("Connected again."))
                self.after_lost_seat(had_seat)
            return True
        self.failed("unreachable")
        return False

    def after_lost_seat(self, had_seat: bool) -> None:
        """Connected again without a seat: a spectator watches again; a seat the server no
        longer keeps takes the player back to the lobby."""
        watched = self.table_info.get("id") if self.watcher is not None else None
        if had_seat:
            self.app.refuse(terminal_refusal_text("bad_token"))
        if watched is not None:
            self.send({"type": "watch", "table": str(watched)})
            return
        if had_seat and self.lobby is not None and self.lobby in self.app.stack:
            self.presenter = self.seat_state = self.waiting = None
            while self.app.top is not self.lobby:
                self.app.stack.pop()
            self.lobby.resume()
        elif self.lobby is not None:
            self.lobby.refresh()  # the list as the server has it now, said again

    def failed(self, code: str) -> None:
        """Say why, and go back to the main menu."""
        self.closed = True
        self.app.refuse(terminal_refusal_text(code))
        if self.app.stack and not isinstance(self.app.top, main_menu()):
            self.app.pop_to(main_menu())

    def send(self, message: dict[str, Any]) -> None:
        async def go() -> None:
            with contextlib.suppress(LinkError):
                await self.link.send(message)

        asyncio.get_running_loop().create_task(go())

    def close(self) -> None:
        self.closed = True
        if self._task is not None:
            self._task.cancel()
        asyncio.get_running_loop().create_task(self.link.close())

    # ----- messages ------------------------------------------------------------------------
    def handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        handler = getattr(self, f"on_{kind}", None)
        if handler is not None:
            handler(message)

    def show_lobby(self) -> None:
        from audiogame.online.screens import Connecting, LobbyMenu

        self.lobby = LobbyMenu(self.app, self)
        if self.app.stack and isinstance(self.app.top, Connecting):
            self.app.replace_top(self.lobby)  # Disconnect goes back to the main menu
        else:
            self.app.push(self.lobby)  # which asks for the list

    def on_lobby(self, message: dict[str, Any]) -> None:
        if self.lobby is not None:
            self.lobby.show_tables(list(message.get("tables", [])))

    def on_error(self, message: dict[str, Any]) -> None:
        code = str(message.get("code", ""))
        self.app.refuse(terminal_refusal_text(code))
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
        passed = getattr(self.presenter, "auto_passed", None)
        if passed is not None:
            passed()

    def on_started(self, message: dict[str, Any]) -> None:
        if self.presenter is not None and self.seat_state is not None:
            self.seat_state.feed(message)  # back at the table after a drop: where things are
            self.restore_match(message)
            for line in self.presenter.status():
                self.app.say(line)
            return
        self.names = [str(name) for name in message.get("names", self.names)]
        game = str(self.table_info.get("game"))
        if message.get("view") is None:
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
        from audiogame.table.codec import decode_event

        if self.watcher is None:
            if self.waiting is not None and self.app.top is self.waiting:
                self.app.stack.pop()
            self.waiting = None
            options = dict(self.table_info.get("options") or {})
            self.watcher = WatchScreen(self.app, self, game, self.names, options)
            self.app.push(self.watcher)
        self.watcher.show([decode_event(data) for data in message.get("events", [])])

    def restore_match(self, message: dict[str, Any]) -> None:
        """A Cardavia match's deal number and totals, as the table keeps them."""
        match = getattr(self.presenter, "match", None)
        if match is not None and isinstance(message.get("totals"), list):
            match.number = int(message.get("deal", match.number))
            match.totals = [int(total) for total in message["totals"]]

    def on_update(self, message: dict[str, Any]) -> None:
        if self.watcher is not None:
            self.watch(str(self.table_info.get("game")), message)
            return
        if self.presenter is None or self.seat_state is None:
            return
        events = self.seat_state.feed(message)
        self.presenter.on_stream(events, message.get("by") == 0)

    def on_dealt(self, message: dict[str, Any]) -> None:
        if self.presenter is None or self.seat_state is None:
            return
        self.seat_state.feed(message)
        match = getattr(self.presenter, "match", None)
        if match is not None:
            match.next_deal()
        dealt = getattr(self.presenter, "dealt", None)
        if dealt is not None:
            dealt()

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
        if message.get("what") == "left" and self.game_over():
            return  # the game is over: everyone goes their way, and nobody needs telling
        text = presence_text(str(message.get("what")), str(message.get("name", "")))
        if text is not None:
            self.app.say(text)

    def game_over(self) -> bool:
        """Whether the seat's game is over (a Cardavia match: its last deal)."""
        if self.seat_state is None or not self.seat_state.is_over:
            return False
        match = getattr(self.presenter, "match", None)
        return match is None or bool(match.over)

    def on_chat(self, message: dict[str, Any]) -> None:
        if self.chat_on:
            self.app.say(
                _("{name} says: {text}").format(name=message.get("name"), text=message.get("text"))
            )

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

    # ----- what the seat asks --------------------------------------------------------------
    def act(self, action: Any) -> None:
        self.send({"type": "act", "action": str(action)})

    def request(self, what: str) -> None:
        self.send({"type": what})

    def leave_table(self) -> None:
        """The player leaves the table (the presenter or the waiting room closed)."""
        if self.token is not None or self.waiting is not None or self.watcher is not None:
            self.send({"type": "leave"})
        if self.token is not None:
            self.forget_seat()
        self.token = None
        self.seat_options = {}
        self.presenter = self.seat_state = self.waiting = self.watcher = None
        if self.lobby is not None:
            self.send({"type": "list"})


def make_presenter(play: OnlinePlay, game: str, config: dict[str, Any], seat: SeatState) -> Any:
    """The game's own table screen, fed the seat's stream, with the keys of online play."""
    from audiogame.catalog import game_entry
    from audiogame.online.screens import online_table_class

    factory = game_entry(game).table_factory()
    assert factory is not None
    module = __import__(factory.__module__, fromlist=["_"])
    screen_class = next(
        value
        for value in vars(module).values()
        if isinstance(value, type) and getattr(value, "game", None) == game
    )
    return online_table_class(screen_class)(play, play.app, config, seat)
