"""A browser's connection on the server: what the server would send a terminal is turned here
into what the page says, plays and shows, in the player's language; the page's keys become
the seat's actions.

The server hands every outgoing message to :meth:`BrowserSeat.outgoing`. The seat's stream
(``started``, ``update``, ``dealt``, ``refused``) goes to the seat's presenter
(:class:`audiogame.web.presenter.SeatPresenter`), which only ever reads that stream; people's
comings and goings, chat, errors and the lobby pass through, with words where the page needs
them. Nothing here holds a card the seat was not sent.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from audiogame import i18n
from audiogame.i18n import N_, _
from audiogame.web.presenter import Intent, SeatPresenter
from audiogame.words.seats import Seats, join_words

Send = Callable[[dict[str, Any]], None]

PRESENCE = {
    "joined": N_("{name} sits at the table."),
    "left": N_("{name} leaves the table."),
    "dropped": N_("{name} has lost the connection; the seat is kept."),
    "returned": N_("{name} is back at the table."),
    "taken_over": N_("A computer player plays for {name} until they return."),
    "watching": N_("{name} is watching."),
}
ERRORS = {
    "name_taken": N_("That name is in use on the server: choose another."),
    "bad_name": N_("That name cannot be used: no control or direction characters, no spaces "
                   "at either end."),
    "bad_password": N_("Wrong server password."),
    "version": N_("This page and the server do not speak the same version: reload the page."),
    "bad_token": N_("Your seat is no longer kept."),
    "no_table": N_("There is no table with this code."),
    "table_full": N_("Every seat of that table is taken."),
    "seat_taken": N_("That seat is taken."),
    "not_creator": N_("Only the person who created the table starts the game."),
    "seats_free": N_("Some seats are still free: the game starts when everyone is seated."),
    "started": N_("The game has already started."),
    "at_table": N_("Leave your table first."),
    "not_playing": N_("You are not playing at a table."),
    "no_next_deal": N_("There is no next deal now."),
    "rate_limited": N_("Too many keys at once: slow down."),
    "invalid": N_("The server did not understand that request; nothing changed."),
}  # fmt: skip
CLOSING = {
    "shutdown": N_("The server is stopping; your table is saved. Trying to reconnect."),
    "replaced": N_(
        "This seat is now played in another tab or window. Reload this page to take it back."
    ),
    "empty": N_("The table closed: nobody was left at it."),
}


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """Words in ``language`` for the moment; the server's own language afterwards."""
    before = i18n.language()
    i18n.set_language(language)
    try:
        yield
    finally:
        i18n.set_language(before)


class SpectatorSeats(Seats):
    """A spectator's table: every seat by its name, nobody is "you"."""

    def subject(self, seat: int) -> str:
        return self.names[seat]

    def object(self, seat: int) -> str:
        return self.names[seat]


class BrowserSeat:
    """One browser connection: ``send`` puts a message on its wire."""

    def __init__(self, send: Send, language: str) -> None:
        self.send = send
        self.language = language if language in i18n.LANGUAGES else "en"
        self.presenter: SeatPresenter | None = None
        self.table: dict[str, Any] | None = None

    def say(self, text: str, cue: str | None = None, urgent: bool = False) -> None:
        self.send({"type": "say", "text": text, "cue": cue, "pan": 0.0, "urgent": urgent})

    def outgoing(self, message: dict[str, Any]) -> None:
        with speaking(self.language):
            self._outgoing(message)

    def _outgoing(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "joined":
            self.join(message)
            self.send(message)
        elif kind in ("started", "update", "dealt"):
            if kind != "update":
                self.send({"type": kind})
            if self.presenter is not None:
                self.presenter.stream(message)
        elif kind == "refused":
            if self.presenter is not None:
                self.presenter.refused(message)
        elif kind == "presence":
            text = PRESENCE.get(str(message.get("what")))
            if text:
                self.say(_(text).format(name=message.get("name", "")))
        elif kind == "who":
            self.say(self.who_text(message))
        elif kind == "timer":
            self.say(_("Your time is running out: in {seconds} seconds a computer player "
                       "moves for you.").format(seconds=message.get("seconds")),
                     "your_turn", urgent=True)  # fmt: skip
        elif kind == "error":
            words = ERRORS.get(str(message.get("code")))
            self.send({**message, "message": _(words) if words else str(message.get("message"))})
        elif kind == "closing":
            reason = str(message.get("reason"))
            words = CLOSING.get(reason)
            self.send({**message, "message": _(words) if words else reason})
        elif kind == "left":
            self.presenter = None
            self.table = None
            self.send(message)
        else:  # welcome, lobby, chat: as they are
            self.send(message)

    def join(self, message: dict[str, Any]) -> None:
        table = message["table"]
        self.table = table
        names = [str(name) for name in message.get("names", [])]
        options = dict(table.get("options") or {})
        presenter = SeatPresenter(table["game"], options, names, self.send)
        if message.get("seat") is None:
            presenter.seats = SpectatorSeats(tuple(names), len(names), options)
            presenter.players = len(names)
        self.presenter = presenter

    def who_text(self, message: dict[str, Any]) -> str:
        people = []
        for seat in message.get("seats", []):
            if seat.get("kind") == "bot":
                people.append(_("a computer player ({level})").format(level=_(seat["level"])))
            elif not seat.get("name"):
                people.append(_("a free seat"))
            elif seat.get("connected") is False:
                people.append(_("{name} (away)").format(name=seat["name"]))
            else:
                people.append(str(seat["name"]))
        text = _("At the table: {people}.").format(people=join_words(people))
        watching = [str(name) for name in message.get("watching", [])]
        if watching:
            text += " " + _("Watching: {names}.").format(names=join_words(watching))
        return text

    def key(self, key: str) -> Intent | None:
        with speaking(self.language):
            if self.presenter is None:
                self.say(_("You are at no table."), "not_allowed")
                return None
            return self.presenter.key(key)

    def pick(self, index: int) -> Intent | None:
        with speaking(self.language):
            if self.presenter is None:
                self.say(_("You are at no table."), "not_allowed")
                return None
            return self.presenter.pick(index)
