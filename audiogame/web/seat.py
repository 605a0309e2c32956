"""A browser's connection on the server: the terminal game's own table screens, fed by the
seat's stream, speak for the page; the page's keys go to those screens as a terminal's would.

The server hands every outgoing message to :meth:`BrowserSeat.outgoing`. The seat's stream
(``started``, ``update``, ``dealt``, ``refused``) goes into a :class:`SeatState` and on to the
table screen (:mod:`audiogame.presenters`) of a small host of its own (:class:`PageHost`: no
terminal, no voice, no mixer), whose narrator sends each message, cue and placing to the page;
after each, the page is sent the screen's state lines, the hand and the keys. The seat speaks
its player's language (:func:`audiogame.i18n.speaking`), whatever the server's and the other
seats' are. People's comings and goings,
what they write (said as "Anna says: …", with the chat cue), errors and the lobby get their
words here. Everything said comes from that seat's stream
only, so nothing here can tell a card the seat was not sent.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from audiogame import i18n
from audiogame.app.screen import ESCAPE, Command
from audiogame.i18n import N_, _, speaking
from audiogame.online.notices import timed_out, timer_warning
from audiogame.online.table_words import (
    CHAT_CUE,
    STOPPING,
    chat_text,
    idle_closing_text,
    page_refusal_text,
    presence_text,
    who_text,
)
from audiogame.presenters.table_screen import TableScreen
from audiogame.presenters.watching import WatchedTable
from audiogame.table.codec import decode_refusal
from audiogame.table.seat import SeatState
from audiogame.web.page_host import PageHost, Send, Showing, make_screen
from audiogame.web.page_keys import PAGE_KEYS, key_list
from engine.actions import Action

log = logging.getLogger("audiogame.server")
Intent = tuple[str, Any]
"""What the seat asks of its table: ``("act", action)``, ``("hurry", None)``,
``("next_deal", None)``."""

CLOSING = {
    "shutdown": STOPPING,
    "replaced": N_(
        "This seat is now played in another tab or window. Reload this page to take it back."
    ),
    "empty": N_("The table closed: nobody was left at it."),
}


NOT_FOR_THE_PAGE = {ESCAPE, "d", "D"}
"""Keys the page keeps for itself (Escape leaves the game region) or that mean nothing
online (the deal code stays secret)."""


class BrowserSeat:
    """One browser connection: ``send`` puts a message on its wire."""

    def __init__(
        self, send: Send, language: str, deliver: Callable[[list[Intent]], None] | None = None
    ) -> None:
        self.send = send
        self.deliver = deliver or (lambda intents: None)
        """Hands the table what the seat asks outside a key (automatic play's moves)."""
        self.language = language if language in i18n.LANGUAGES else "en"
        self.table: dict[str, Any] | None = None
        self.me: int | None = None
        self.names: list[str] = []
        self.host: PageHost | None = None
        self.state: SeatState | None = None
        self.screen: TableScreen | None = None
        self.watching: WatchedTable | None = None
        """The spectator's screen, while the page watches a table."""
        self.intents: list[Intent] = []
        self.failed = False
        self.seat_options: dict[str, Any] = {}
        """The seat's own options of the game as the table keeps them (``seat_options``)."""
        self.showing = Showing(send)
        """The last ``show``, ``hand`` and ``keys`` sent: the page keeps them."""
        self.keys_of: tuple[list[Command], list[dict[str, Any]]] | None = None
        """The keys listed at the last key and their ``keys`` message: the same commands
        (a table makes its own once) make the same message, in the seat's one language."""

    def say(self, text: str, cue: str | None = None, urgent: bool = False) -> None:
        self.send({"type": "say", "text": text, "cue": cue, "pan": 0.0, "urgent": urgent})

    def outgoing(self, message: dict[str, Any]) -> None:
        """Everything the server sends this connection. A message the seat cannot present
        never reaches the server's other work (the table, the other seats): it is logged, and
        the page is told once."""
        with speaking(self.language):
            try:
                self._outgoing(message)
            except Exception:
                log.exception("a browser seat could not present %s", message.get("type"))
                if not self.failed:
                    self.failed = True
                    self.say(_("This page cannot show the table just now; the game goes on "
                               "without this page. Reload it to try again."), "not_allowed",
                             urgent=True)  # fmt: skip

    def _outgoing(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "joined":
            self.table = message["table"]
            self.me = message.get("seat")
            self.names = [str(name) for name in message.get("names", [])]
            self.screen = None
            self.send(message)
        elif kind in ("started", "update", "dealt", "refused"):
            self.stream(message)
        elif kind == "presence":
            seat = message.get("seat")
            if self.screen is not None:  # T says who has lost the connection
                self.screen.presence(
                    str(message.get("what")), seat if isinstance(seat, int) else None
                )
            text = presence_text(str(message.get("what")), str(message.get("name", "")))
            if text is not None:
                self.say(text)
        elif kind == "who":
            self.say(who_text(message))
        elif kind == "chat":  # in the words and with the cue of a message, never a move's
            self.say(chat_text(message), CHAT_CUE)
        elif kind == "timer":
            self.say(timer_warning(int(message.get("seconds") or 0)), "your_turn", urgent=True)
        elif kind == "seat_options":
            self.seat_options = dict(message.get("options") or {})
            if self.state is not None:
                self.state.options = dict(self.seat_options)
            self.send(message)  # the page shows the options as the table keeps them
        elif kind == "auto_passed":
            if self.screen is not None:
                self.screen.auto_passed()
                self.publish()
        elif kind == "timed_out":
            self.say(timed_out())
        elif kind == "error":
            refusal = page_refusal_text(str(message.get("code")), message.get("reason"))
            self.send({**message, "message": refusal})
        elif kind == "closing":
            reason = str(message.get("reason"))
            words = CLOSING.get(reason)
            if reason == "idle":  # the table is gone: the page goes back to the lobby
                self.stop()
                self.table = self.screen = self.state = self.host = self.watching = None
                self.seat_options = {}
                words = idle_closing_text(message.get("minutes"), message.get("started"))
                self.send({**message, "message": words})
                return
            self.send({**message, "message": _(words) if words else reason})
        elif kind == "left":
            self.stop()
            self.table = self.screen = self.state = self.host = self.watching = None
            self.seat_options, self.keys_of = {}, None
            self.send(message)
        else:  # welcome, lobby: as they are
            self.send(message)

    # ----- the table -----------------------------------------------------------------------
    def stream(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind != "update" and kind != "refused":
            self.send({"type": kind})
        if self.table is None:
            return
        if self.me is None:
            self.spectate(message)
            return
        if kind == "started" or self.screen is None:
            if kind != "started":
                return
            if message.get("names"):
                self.names = [str(name) for name in message["names"]]
            self.open_screen(message)
        elif kind == "refused":
            self.screen.on_refused(decode_refusal(message.get("refusal") or {}))
        else:
            assert self.state is not None
            events = self.state.feed(message)
            if kind == "dealt":  # a match's next deal: its number and opening, as the terminal's
                self.screen.on_dealt()
            else:
                self.screen.on_stream(events, message.get("by") == 0)
        self.publish()

    def open_screen(self, message: dict[str, Any]) -> None:
        assert self.table is not None
        self.showing.clear()
        self.keys_of = None
        game = str(self.table["game"])
        players = len(self.table.get("seats") or []) or len(self.names) + 1
        self.stop()
        pace = (self.table.get("options") or {}).get("pace")
        if not isinstance(pace, int | float) or isinstance(pace, bool):
            pace = None  # the program's own (automatic play's pace is the table's)
        self.host = PageHost(self.send, self.language,
                             None if pace is None else max(0.1, float(pace)))  # fmt: skip
        self.host.after_timer = self.timer_ran
        self.state = SeatState(game, players, self.submit, self.request)
        self.state.options = dict(self.seat_options)
        self.state.feed(message)
        config = {**(self.table.get("options") or {}), "names": self.names}
        screen = self.screen = make_screen(self.host, game, config, self.state)
        totals = message.get("totals")
        if isinstance(totals, list):
            # A match taken back (a page opened again, a server restarted): its deal number
            # and totals as the table keeps them, before the opening says them.
            deal = message.get("deal")
            screen.restore_match(None if deal is None else int(deal), [int(t) for t in totals])
        self.host.push(screen)

    def spectate(self, message: dict[str, Any]) -> None:
        """A spectator's stream: the public events, each seat by its name, said by the
        spectator's screen, which answers the keys that tell where the game stands."""
        assert self.table is not None
        if message.get("names"):
            self.names = [str(name) for name in message["names"]]
        watching = self.watching
        if watching is None or message.get("type") == "started":
            self.stop()
            self.host = PageHost(self.send, self.language)
            options = self.table.get("options") or {}
            watching = self.watching = WatchedTable(self.host, str(self.table["game"]),
                                                    self.names, options)  # fmt: skip
            events = watching.take(message)
            watching.arrived(message)
            self.host.push(watching)  # where the game stands, when it is under way
        else:
            events = watching.take(message)
        watching.show(events)
        self.publish()

    def stop(self) -> None:
        """The connection or the table is gone: the screen's timers stop."""
        if self.host is not None:
            self.host.stop()

    def timer_ran(self) -> None:
        """A timer of the screen (automatic play) ran: its moves go to the table, and the
        page gets the new state."""
        self.publish()
        intents, self.intents = self.intents, []
        if intents:
            self.deliver(intents)

    def submit(self, action: Action) -> None:
        self.intents.append(("act", action))

    def request(self, what: str) -> None:
        self.intents.append((what, None))

    def publish(self) -> None:
        """The screen's state lines, the hand with its cursor and selection, the keys."""
        if self.watching is not None and self.screen is None:  # a spectator holds no hand
            keys = self.listed_keys(self.watching.commands())
            self.showing.screen(self.watching.status(), None, keys)
            return
        screen = self.screen
        if screen is None:
            return
        keys = self.listed_keys(screen.commands())
        self.showing.screen(screen.status(), screen.shown_hand(), keys)

    def listed_keys(self, commands: list[Command]) -> list[dict[str, Any]]:
        """The keys of the commands that apply now (:func:`key_list`): the last list again when
        they are the very commands it was made of."""
        listed = [command for command in commands if command.listed()]
        last = self.keys_of
        if (
            last is not None
            and len(last[0]) == len(listed)
            and all(a is b for a, b in zip(last[0], listed, strict=True))
        ):
            return last[1]
        keys = key_list(listed, NOT_FOR_THE_PAGE)
        self.keys_of = (listed, keys)
        return keys

    # ----- keys ----------------------------------------------------------------------------
    def key(self, key: str) -> list[Intent]:
        """A key of the page's game region: the screen does what the terminal does."""
        with speaking(self.language):
            if (self.screen is None and self.watching is None) or self.host is None:
                self.say(_("The game has not started yet."), "not_allowed")
                return []
            name = PAGE_KEYS.get(key, key)
            if name in NOT_FOR_THE_PAGE:
                self.say(_("No action on this key."), "not_allowed")
                return []
            self.host.dispatch(name)
            if not self.host.stack:  # the table screen closed (Enter after the end)
                self.intents.append(("leave", None))
            else:
                self.publish()
            intents, self.intents = self.intents, []
            return intents

    def pick(self, index: int) -> list[Intent]:
        """A card of the hand clicked or tapped: go there and select or choose it."""
        with speaking(self.language):
            screen = self.screen
            cards = screen.shown_hand().cards if screen is not None else ()
            if screen is None or not 0 <= index < len(cards):
                self.say(_("That card is no longer in your hand."), "not_allowed")
                return []
            key = screen.pick(index)
            if key is None:
                self.publish()
                return []
        return self.key(key)
