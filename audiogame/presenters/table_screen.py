"""What every game table shares: events put into words with their cue from the seat that
caused them, computer players, Escape for the pause menu, F4 for the rules."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from audiogame.app.actions import EVERYWHERE, INFORMATION
from audiogame.app.places import pause_menu
from audiogame.app.screen import ESCAPE, Command, Screen
from audiogame.app.utterance import Utterance, utterances
from audiogame.computer_players import DEFAULT_LEVEL
from audiogame.i18n import N_, _, ngettext
from audiogame.saves.record import table_extras
from audiogame.table.local import LocalTable
from audiogame.table.seat import SeatState
from audiogame.words.seats import HUMAN, Seats
from engine.cards import Card
from engine.errors import IllegalAction
from engine.events import Event

if TYPE_CHECKING:
    from audiogame.app.host import Host

SETTLING = 0.3
"""Seconds after a turn changes or a game ends during which a key whose meaning depends on it
is refused with the reason rather than taken with the new meaning (it was meant for the old)."""


def table_seed(config: dict[str, Any]) -> int:
    """The deal number: the one chosen, or a fresh random one (kept, so it can be replayed)."""
    seed = config.get("seed")
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
        config["seed"] = seed
    return int(seed)


@dataclass(frozen=True)
class HandShown:
    """A seat's hand as a page shows it: ``cards`` in the order the keys move through them,
    ``cursor`` the index of the card in focus, ``selected`` the cards selected or chosen."""

    cards: tuple[Card, ...]
    cursor: int
    selected: frozenset[Card]


class Elsewhere:
    """What the place a table is kept adds to the screen of one of its seats: its own keys,
    what it does when the screen opens and closes, whom the hurry key hurries. This one adds
    nothing (a table in this process, a browser seat); the online terminal gives its own
    (:class:`audiogame.online.terminal.OnlineSeat`)."""

    def commands(self) -> list[Command]:
        return []

    def opened(self, screen: TableScreen) -> None:
        """The screen is open, or open again after the pause."""

    def closed(self, screen: TableScreen) -> None:
        """The screen is closing."""

    def farewell(self, screen: TableScreen) -> str:
        """What the player hears when they end the program at this table (see
        :meth:`audiogame.app.screen.Screen.farewell`)."""
        return ""

    def hurries(self, seat: int) -> bool:
        """Whether the hurry key makes ``seat`` (another seat) play at once."""
        return True


class TableScreen(Screen):
    """A game in progress, presented from one seat. Subclasses set :attr:`game`.

    The screen holds only the seat's end of a table (:attr:`seat`, a
    :class:`~audiogame.table.seat.SeatState`): offline, a table played in the program's own
    process (:class:`~audiogame.table.local.LocalTable`) feeds it; online, the server does.
    Either way the moves come back through :meth:`on_stream`. What the place a table is kept
    adds (online play's keys) is :attr:`elsewhere`; a game gives its own keys in
    :meth:`game_commands`."""

    game = ""
    fixed_keys = True
    """The game's keys (:meth:`game_commands`) are the same all game long, which of them
    apply now being said by their ``enabled``: they are made once (a browser seat's every key
    asks for them three or four times). A game whose keys are made otherwise as it goes sets
    it False."""

    def __init__(
        self, app: Host, config: dict[str, Any], players: int, seat: SeatState | None = None
    ) -> None:
        super().__init__(app)
        self._game_keys: list[Command] | None = None
        self.config = config
        self.remote = seat is not None
        """The table is kept elsewhere (a server)."""
        if seat is not None:
            self.seed = 0  # an online table's deal is never told while it runs
            names = tuple(config.get("names") or app.settings.names)
            self.seats = Seats(names, players, dict(config))
        else:
            self.seed = table_seed(config)
            self.seats = Seats(tuple(app.settings.names), players, dict(config))
            seat = self.open_local()
        self.seat: SeatState = seat
        self.state: SeatState = seat
        self.elsewhere = Elsewhere()
        self.lost: set[int] = set()
        """The seats (numbered from this one) whose person lost the connection to an online
        table: T says so."""

    def open_local(self) -> SeatState:
        """A table in this process, its computer players at the level of the setup."""
        level = str(self.config.get("level") or DEFAULT_LEVEL)
        local = LocalTable(
            self.app, self.game, self.config, self.seed, level, self.seats.names,
            pace=self.bot_pace, watching_pace=self.watching_pace,
        )  # fmt: skip
        local.attach(self.on_stream, self.on_dealt, lambda: self.app.top is self)
        local.extras = lambda: table_extras(self)
        return local.seat

    def bot_pace(self) -> float:
        """Seconds before a computer player's move (0: at once, right after the player's)."""
        return 0.0

    def watching_pace(self) -> float | None:
        """Once the player is out of the game, the seconds before each round of the others'
        moves, so that the rest of the game is told at a pace one can follow; ``None``: as
        :meth:`bot_pace`."""
        return None

    def open_table(self) -> None:
        """The table is open (or open again after the pause): its computer players move."""
        if not self.remote:
            self.seat.request("play")
        self.elsewhere.opened(self)

    def commands(self) -> list[Command]:
        if not self.fixed_keys:
            return [*self.game_commands(), *self.elsewhere.commands()]
        if self._game_keys is None:
            self._game_keys = self.game_commands()
        return [*self._game_keys, *self.elsewhere.commands()]

    def game_commands(self) -> list[Command]:
        """The game's own keys at this table."""
        return []

    def key_scope(self) -> str:
        return self.game

    def turn_changed(self) -> None:
        """The player's turn came, or the deal or game ended: keys change meaning now."""
        self._changed_at = self.app.clock()

    def just_changed(self) -> bool:
        """Whether the turn changed too recently for a key to have been meant for it."""
        changed = vars(self).get("_changed_at")
        return changed is not None and self.app.clock() - changed < SETTLING

    @property
    def online(self) -> bool:
        return self.remote

    def back_hint(self) -> str:
        """Where Enter leads once the game is over: the game setup offline, the list of tables
        online."""
        if self.online:
            return _("Press Enter to go back to the tables.")
        return _("Press Enter to go back to the game setup.")

    def rules_game(self) -> str:
        return self.game

    def common_commands(self) -> list[Command]:
        return [
            Command(("d", "D"), N_("the deal code, to play this deal again."), self.say_code,
                    "code", INFORMATION),
            Command(("b", "B"), N_("brief mode on or off: routine events said in the fewest "
                                   "words, their cues carry the rest."), self.toggle_brief,
                    "brief", EVERYWHERE),
            Command((ESCAPE,), N_("pause menu: resume, keys, rules, options, quit."),
                    lambda key: self.pause(), "pause", EVERYWHERE),
        ]  # fmt: skip

    def say_edge(self, last: bool, card: str) -> None:
        """An arrow at the edge of the hand: the edge and the card there (``card``, as the
        arrows say it), with the edge's own cue; the focus stays."""
        text = _("Last card: {card}.") if last else _("First card: {card}.")
        self.app.say(text.format(card=card), cue="menu_edge", record=False)

    def toggle_brief(self, key: str = "") -> None:
        brief = not self.app.settings.brief
        self.app.update_settings(brief=brief)
        self.app.say(_("Brief mode on.") if brief else _("Brief mode off."))

    def say_code(self, key: str = "") -> None:
        from audiogame.saves.codes import code_message

        if self.online:
            self.app.refuse(_("At an online table the deal stays secret."))
            return
        self.app.say(code_message(self.game, self.config))

    def pause(self) -> None:
        self.app.cue("back")
        self.app.push(pause_menu()(self.app, self))

    def heard(self, event: Event) -> tuple[Utterance, ...]:
        """What the player hears of ``event``: its words, cue and placing (a screen that knows
        better words from its view gives them here)."""
        return utterances(self.game, event, self.seats, HUMAN, self.app.settings.brief)

    def announce(self, events: Iterable[Event]) -> None:
        """Each event: one message and one cue, from the seat that caused it."""
        for event in events:
            for said in self.heard(event):
                self.app.say(said.text, cue=said.cue, pan=said.pan)

    def standing(self) -> list[str]:
        """Where the game stands, told to a player coming back (a resumed save, a page opened
        again, a connection back): the play to beat, whose turn, the rules in force, the
        counts. By default the state lines."""
        return self.status()

    def say_standing(self) -> None:
        """:meth:`standing`, each line once."""
        said: list[str] = []
        for line in self.standing():
            if not any(line in earlier for earlier in said):  # never the same words twice
                self.app.say(line)
                said.append(line)

    def resume(self) -> None:
        """Back from the pause menu (or F1's list): where the game stands, as after a resume."""
        self.app.say(_("Back to the game."))
        said: list[str] = []
        for line in self.status():
            if not any(line in earlier for earlier in said):  # never the same words twice
                self.app.say(line)
                said.append(line)
        self.open_table()

    def leave(self) -> None:
        if not self.remote:
            self.seat.request("leave")
        self.elsewhere.closed(self)

    def farewell(self) -> str:
        return self.elsewhere.farewell(self)

    # ----- the seat's stream ---------------------------------------------------------------
    def refusal_text(self, error: IllegalAction) -> str:
        """Why the rules refused the player's action, in words."""
        return str(error)

    def on_stream(self, events: list[Event], mine: bool) -> None:
        """Events of the table; ``mine`` when the player's own move caused them."""
        self.announce(events)
        self.after_stream()

    def after_stream(self) -> None:
        """What to say once events are said: the player's turn, the end."""

    def on_refused(self, error: IllegalAction) -> None:
        self.app.refuse(self.refusal_text(error))

    def on_dealt(self) -> None:
        """A new deal of a match is on the table (the seat is fed already)."""

    def restore_match(self, deal: int | None, totals: list[int]) -> None:
        """A match taken back (a page opened again, a program or server started again): its
        deal number (``None``: as it is) and running totals as the table keeps them."""

    def presence(self, what: str, seat: int | None) -> None:
        """Someone at an online table sat, left, lost the connection or came back (the
        server's ``presence``; ``seat`` numbered from this one)."""
        if seat is None or seat == HUMAN:
            return
        if what in ("dropped", "taken_over"):
            self.lost.add(seat)
        else:
            self.lost.discard(seat)

    def with_lost(self, text: str) -> str:
        """T's answer ``text``, and who has lost the connection to the table, if anyone."""
        if not self.lost:
            return text
        lost = sorted(self.lost)
        said = ngettext(
            "{names} has lost the connection.", "{names} have lost the connection.", len(lost)
        ).format(names=self.seats.subjects(lost))
        return f"{text} {said}"

    def more_deals(self) -> bool:
        """Whether deals of a match are still to come once this one is over."""
        return False

    def auto_passed(self) -> None:
        """Online, the table passed for the seat (its automatic pass)."""

    # ----- the hand, for a page that shows it ----------------------------------------------
    def shown_hand(self) -> HandShown:
        """The hand in the order the keys move through it, the card in focus, the cards
        selected or chosen."""
        return HandShown((), 0, frozenset())

    def pick(self, index: int) -> str | None:
        """Card ``index`` of :meth:`shown_hand` was clicked or tapped: the focus goes there;
        the key that then selects or plays it, or ``None`` when it is only said."""
        return None
