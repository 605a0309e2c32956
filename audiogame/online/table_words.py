"""What a person at an online table hears of the table's life, in the same words in the
terminal (:mod:`audiogame.online.terminal`) and on the page (:mod:`audiogame.web.seat`):
people coming, going, dropping and coming back (the server's ``presence`` messages), what
they write (``chat``), the server stopping, and the server's refusals (its ``error`` codes,
docs/protocol.md).

Each code has one sentence, shared by both clients. Only where the two truly differ is there an
entry of one client's own: what to do about another version (update the program, or reload
the page), and the terminal's own connection troubles (``unreachable``, ``gone``, ``tls``),
which the page, served by the server itself, never meets.
"""

from __future__ import annotations

from typing import Any

from audiogame.i18n import N_, _, ngettext
from audiogame.online.messages import MAX_NAME

PRESENCE: dict[str, str] = {
    "joined": N_("{name} sits at the table."),
    "watching": N_("{name} is watching the table."),
    "left": N_("{name} leaves the table."),
    "dropped": N_("{name} has lost the connection; the seat is kept."),
    "returned": N_("{name} is back at the table."),
    "taken_over": N_("A computer player plays for {name} until they return."),
}
"""The server's ``presence`` messages by their ``what``."""

CHAT = N_("{name} says: {text}")
CHAT_WATCHING = N_("{name}, watching, says: {text}")
"""A message someone at the table wrote (the server's ``chat``): always in these words, with
the chat cue, so that a message is never heard in the shape of a move ("Bruno: ten.")."""
CHAT_CUE = "chat"

SEAT_KEPT = N_("Your seat at the table is kept: connect again to take it back.")
STOPPING = N_("The server is stopping; your table is saved. Trying to reconnect.")
"""The server's ``closing`` message when it stops (the tables are saved; both clients then
try to come back, and neither says again that the connection was lost)."""

REFUSALS: dict[str, str] = {
    "name_taken": N_("This name is already in use on the server: choose another one."),
    "bad_name": N_(
        "That name cannot be used: letters and digits of one alphabet, single spaces, nothing"
        " that could be taken for another name or for the program's own words."
    ),
    "bad_chat": N_("That message was not sent: chat holds words, not invisible characters."),
    "bad_password": N_("Wrong password for this server."),
    "bad_token": N_("Your seat at that table is no longer kept."),
    "no_table": N_("There is no table with this code."),
    "table_full": N_("Every seat of that table is taken."),
    "seat_taken": N_("That seat is taken."),
    "bot_name": N_(
        "A computer player at that table has your name, or one like it: connect with another "
        "name to go there."
    ),
    "not_creator": N_("Only the player who created the table can start the game."),
    "seats_free": N_("Some seats are still free: the game starts when everyone is seated."),
    "started": N_("The game has already started."),
    "at_table": N_("Leave your table first."),
    "not_playing": N_("You are not playing at a table."),
    "no_next_deal": N_("There is no next deal now."),
    "rate_limited": N_("Too many messages at once: slow down."),
    "too_many_connections": N_("Too many connections from your address: close one first."),
    "too_many_tables": N_("You have opened as many tables as one may: leave one first."),
    "server_full": N_("The server is busy: try again in a minute."),
    "made_room": N_(
        "The server is full, and you were in the lobby doing nothing: your connection was"
        " closed to make room for someone arriving. Connect again whenever you like."
    ),
    "disk_full": N_(
        "The server cannot save anything now (its disk is full): nothing changed; try again later."
    ),
    "too_many_attempts": N_("Too many wrong attempts from your address: try again in a minute."),
    "too_many_watchers": N_("That table has as many spectators as it may: try again later."),
    "invalid": N_("The server did not understand that request; nothing changed."),
}
"""The server's ``error`` codes, the same for both clients; ``invalid`` also stands for any
code this program does not know."""

REASONS: dict[tuple[str, str], str] = {
    ("bad_name", "invisible"): N_(
        "That name cannot be used: it holds invisible characters, or accents piled on a letter."
    ),
    ("bad_name", "signs"): N_(
        "That name cannot be used: a name holds only letters, digits, single spaces, hyphens "
        "and apostrophes."
    ),
    ("bad_name", "length"): N_("That name cannot be used: a name is at most {count} characters."),
    ("bad_name", "alphabet"): N_("That name cannot be used: a name is written in one alphabet."),
    ("bad_name", "program"): N_(
        "That name cannot be used: it holds words the program itself says, such as turn, "
        "table or server."
    ),
    ("name_taken", "look_alike"): N_(
        "A name that looks like this one is already in use on the server: choose another one."
    ),
    ("name_taken", "sound_alike"): N_(
        "A name that sounds like this one is already in use on the server: choose another one."
    ),
    ("bad_chat", "invisible"): N_("That message was not sent: it holds invisible characters."),
    ("bad_chat", "marks"): N_("That message was not sent: it piles accents on a letter."),
    ("bad_chat", "blank"): N_("That message was not sent: it says nothing."),
}
"""What a refusal says when the server gives its ``reason`` too (why a name or a chat line is
refused: :mod:`audiogame.online.names`, :mod:`audiogame.online.written`); a reason this
program does not know gets the code's own words."""

TERMINAL_REFUSALS: dict[str, str] = {
    "version": N_("This server speaks another version of the program: update one of them."),
    "unreachable": N_("The server cannot be reached: check its address, or try again later."),
    "no_answer": N_("The server did not answer; disconnected."),
    "gone": N_("The connection to the server was lost."),
    "not_understood": N_(
        "The server sent something this program does not understand; disconnected."
    ),
    "tls": N_("The server's secure connection could not be verified."),
    "tls_certificates": N_(
        "The server's secure connection cannot be verified: this Python has no certificates "
        "yet. In the Applications folder, open the Python folder and run Install "
        "Certificates.command, then connect again."
    ),
    "needs_tls": N_("This server uses a secure connection: connect with --tls."),
    "wrong_host": N_(
        "The server does not answer to that name: connect with its address, or ask its host"
        " to start it with --public-name and that name."
    ),
    "password_needed": N_(
        "This server needs a password: give it with --password-file, or in Play online."
    ),
    "replaced": N_(
        "Your seat is now played in another window with your name: this one leaves the server."
    ),
}
"""The terminal's own: another version means updating a program, and its connection can fail
in ways the page's cannot (:class:`audiogame.online.client.LinkError`)."""

PAGE_REFUSALS: dict[str, str] = {
    "version": N_("This page and the server do not speak the same version: reload the page."),
    "password_needed": N_("This server needs a password: type it in the password field."),
}
"""The page's own: the server serves the page, so reloading it brings the server's version."""


def idle_closing_text(minutes: object, started: object = False) -> str:
    """The server closed a table where nobody did anything (its ``closing`` ``idle``, with the
    minutes): still to start, or a game in play closed to make room on a full server
    (``started``)."""
    count = minutes if type(minutes) is int and minutes > 0 else 10
    if started is True:
        return ngettext(
            "The table closed to make room on a full server: nobody played at it for {count} "
            "minute.",
            "The table closed to make room on a full server: nobody played at it for {count} "
            "minutes.",
            count,
        ).format(count=count)
    return ngettext(
        "The table closed: nobody did anything at it for {count} minute before the game began.",
        "The table closed: nobody did anything at it for {count} minutes before the game began.",
        count,
    ).format(count=count)


def presence_text(what: str, name: str) -> str | None:
    """The words for someone's coming or going, or None for a ``what`` this program does not
    know (nothing is said)."""
    template = PRESENCE.get(what)
    return None if template is None else _(template).format(name=name)


def chat_text(message: dict[str, Any]) -> str:
    """ "Bruno says: well played", or a spectator's "Dario, watching, says: …"."""
    template = CHAT_WATCHING if message.get("watching") else CHAT
    return _(template).format(name=message.get("name", ""), text=message.get("text", ""))


def refusal_text(code: str, reason: object = None) -> str:
    """The words for a refusal shared by both clients (its ``reason``'s, when the server gave
    one this program knows); an unknown code gets the ``invalid`` words."""
    because = REASONS.get((code, str(reason)))
    if because is not None:
        return _(because).format(count=MAX_NAME)
    return _(REFUSALS.get(code, REFUSALS["invalid"]))


def terminal_refusal_text(code: str, reason: object = None) -> str:
    """The words the terminal says for ``code``: its own, else the shared ones."""
    own = TERMINAL_REFUSALS.get(code)
    return refusal_text(code, reason) if own is None else _(own)


def page_refusal_text(code: str, reason: object = None) -> str:
    """The words the page says for ``code``: its own, else the shared ones."""
    own = PAGE_REFUSALS.get(code)
    return refusal_text(code, reason) if own is None else _(own)


def who_text(message: dict[str, Any]) -> str:
    """ "Who is here" (the server's ``who``): each seat from yours, every computer player by
    its name and level, then the spectators. Parts that hold a comma are set apart by
    semicolons, so that no listener takes "Bruno, computer player (easy)" for two seats."""
    from audiogame.catalog import level_name
    from audiogame.words.seats import join_words

    parts = []
    for seat in message.get("seats", []):
        name = str(seat.get("name") or "")
        if seat.get("kind") == "bot":
            level = level_name(str(seat.get("level")))
            template = (
                _("{name}, computer player ({level})") if name else _("a computer player ({level})")
            )
            parts.append(template.format(name=name, level=level))
        elif not name:
            parts.append(_("a free seat"))
        elif seat.get("taken_over"):
            parts.append(_("{name}, away: a computer player plays for now").format(name=name))
        elif not seat.get("connected"):
            parts.append(_("{name}, disconnected").format(name=name))
        else:
            parts.append(name)
    listed = "; ".join(parts) if any("," in part for part in parts) else join_words(parts)
    text = _("At the table: {seats}.").format(seats=listed)
    watching = [str(name) for name in message.get("watching", [])]
    if watching:
        text += " " + _("Watching: {names}.").format(names=join_words(watching))
    return text
