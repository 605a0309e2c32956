"""The terminal program's connection to one server: connecting in the program's loop, reading,
reconnecting with back-off when the connection is lost, sending. What the messages mean for
the screens is :class:`audiogame.online.terminal.OnlinePlay`'s."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
from typing import TYPE_CHECKING, Any

from audiogame.app.places import main_menu
from audiogame.i18n import _
from audiogame.online.client import ANSWER_WITHIN, Link, LinkError, server_url
from audiogame.online.kept_seats import KeptSeats
from audiogame.online.table_words import terminal_refusal_text
from audiogame.online.tasks import Tasks
from audiogame.table.codec import DecodeError
from audiogame.table.seat import SeatState

if TYPE_CHECKING:
    from audiogame.app.application import AudioGame
    from audiogame.presenters.table_screen import TableScreen

log = logging.getLogger("audiogame.online")

BACK_OFF: tuple[float, ...] = (0.5, 1.0, 1.5, 2.0)
"""Seconds between attempts to reconnect; the last one repeats, so that the seat is back
within two seconds of the network coming back."""
TRY_FOR = 15 * 60.0
"""Seconds of trying to reconnect before giving up (longer than the longest grace period)."""


class ServerLink:
    """The program's connection to one server, from the first hello to leaving."""

    def __init__(
        self,
        app: AudioGame,
        address: str,
        name: str,
        *,
        password: str | None = None,
        tls: ssl.SSLContext | None = None,
        kept: KeptSeats | None = None,
        answer_within: float = ANSWER_WITHIN,
    ) -> None:
        self.app = app
        self.address = address
        url = server_url(address, tls is not None)
        self.link = Link(url, name, password=password, tls=tls, answer_within=answer_within)
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
        self.tasks = Tasks(logging.getLogger("audiogame.online"))
        """Messages on their way to the server, the connection closing."""

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
            self.failed(error.code, error.reason)
            return
        self.app.say(
            _("Connected to {server} as {name}.").format(server=self.address, name=self.link.name)
        )
        self.remember_server()
        if self.token is not None:
            self.app.say(_("Back to your table: your seat was kept."))
        # Back to a seat, the table comes at once on top of the lobby: the lobby opens
        # under it without a word ("Online tables." between the two told nothing).
        self.show_lobby(quiet=self.token is not None)
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
            except LinkError as error:
                if error.code == "not_understood":
                    self.not_understood(error)
                    return
                if self.closed or not await self.reconnect():
                    return
                continue
            try:
                self.handle(message)
            except (DecodeError, LookupError, TypeError) as error:
                # a message of the right shape whose engine values are not (an event of no
                # kind, a seat past the table's): the server's, not the program's
                self.not_understood(error)
                return
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
                if error.code in ("unreachable", "gone", "no_answer"):
                    continue
                self.failed(error.code, error.reason)
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

    def failed(self, code: str, reason: str | None = None) -> None:
        """Say why, and go back to the main menu."""
        self.closed = True
        self.app.refuse(terminal_refusal_text(code, reason))
        if self.app.stack and not isinstance(self.app.top, main_menu()):
            self.app.pop_to(main_menu())

    def not_understood(self, error: Exception) -> None:
        """The server sent what is no message of the protocol: said in one sentence, the
        connection closed, the main menu (the log keeps what it was)."""
        log.warning("the server sent what this program does not understand: %s", error)
        self.failed("not_understood")
        self.tasks.start(self.link.close())

    def send(self, message: dict[str, Any]) -> None:
        async def go() -> None:
            with contextlib.suppress(LinkError):
                await self.link.send(message)

        self.tasks.start(go())

    def close(self) -> None:
        self.closed = True
        if self._task is not None:
            self._task.cancel()
        self.tasks.start(self.link.close())

    # ----- messages ------------------------------------------------------------------------
    def handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        handler = getattr(self, f"on_{kind}", None)
        if handler is not None:
            handler(message)

    def show_lobby(self, quiet: bool = False) -> None:
        """Connected: the lobby is shown (:class:`audiogame.online.terminal.OnlinePlay`)."""
        raise NotImplementedError
