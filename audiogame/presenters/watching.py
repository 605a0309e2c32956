"""A spectator at a table: its events said as they happen, every seat by its name; on arriving
at a game under way, and on T, where the game stands (the play to beat, whose turn, the counts
and the rules in force); the table's information keys, answered from the view a spectator is
sent, which holds no card of anyone's (:func:`audiogame.table.redact.spectator_view`).

The same screen watches for the terminal (:class:`audiogame.online.screens.WatchScreen`, which
adds online play's keys) and for a page (:mod:`audiogame.web.seat`, in its small host).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from audiogame.app.screen import Command, Screen
from audiogame.app.utterance import spoken_order, utterances
from audiogame.catalog import game_entry
from audiogame.i18n import N_, _
from audiogame.presenters.info_keys import InfoKey, watching_keys
from audiogame.table.codec import decode_event
from audiogame.table.seat import SeatState
from audiogame.words.seats import Seats, join_words
from engine.actions import Action
from engine.events import Event

if TYPE_CHECKING:
    from audiogame.app.host import Host


class WatchedTable(Screen):
    """Watching a table of ``game`` (its seats' ``names``, its setup ``options``)."""

    title = N_("Watching")

    def __init__(
        self,
        app: Host,
        game: str,
        names: Sequence[str],
        options: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(app)
        self.game = game
        self.seats = Seats.watching(names, options)
        self.state = SeatState(game, len(names), self._cannot_act)
        self.keys = watching_keys(game, dict(options or {}))
        self.viewed = False
        """Whether a view came with the stream (a game whose facts say what is secret)."""
        self.under_way = False
        """Whether the game was under way when the spectator came (said on arriving)."""

    @staticmethod
    def _cannot_act(action: Action) -> None:
        raise AssertionError("a spectator has no seat to act from")

    def heading(self) -> str:
        return _("Watching {game}").format(game=_(game_entry(self.game).title))

    # ----- the stream ----------------------------------------------------------------------
    def take(self, message: Mapping[str, Any]) -> list[Event]:
        """One message of the spectator's stream: its view kept, its events (not yet said)."""
        if message.get("view") is not None:
            self.viewed = True
            return self.state.feed(dict(message))
        return [decode_event(data) for data in message.get("events", [])]

    def arrived(self, message: Mapping[str, Any]) -> None:
        """The first message of the stream: a game under way (nothing but the view in it)
        is told where it stands on arriving; a game that starts says so itself."""
        self.under_way = not message.get("events")

    def show(self, events: list[Event]) -> None:
        """The events, as a spectator hears them."""
        for event in spoken_order(events):
            for said in utterances(self.game, event, self.seats, None, by_line=False):
                self.app.say(said.text, cue=said.cue, pan=said.pan)

    # ----- what is said --------------------------------------------------------------------
    def greeting(self) -> str:
        """What the spectator hears first: the table and who plays."""
        names = join_words(list(self.seats.names))
        return _("{heading}: {names}.").format(heading=self.heading(), names=names)

    def enter(self) -> None:
        self.app.say(self.greeting())
        if self.under_way:
            self.say_standing()

    def resume(self) -> None:
        """Back from F1's list or the rules: where the game stands now."""
        self.app.say(self.heading())
        self.say_standing()

    def standing(self) -> str:
        """Where the game stands (empty: the game gives no view to a spectator)."""
        if not self.viewed or not self.keys:
            return ""
        return self.keys[0].words(self.state.view(0), self.seats)

    def say_standing(self) -> None:
        text = self.standing()
        if text:
            self.app.say(text)

    def tell(self, info_key: InfoKey[Any]) -> None:
        if not self.viewed:
            self.app.refuse(_("The game has not started yet."))
            return
        self.app.say(info_key.words(self.state.view(0), self.seats))

    def status(self) -> list[str]:
        text = self.standing()
        return [text] if text else []

    # ----- keys ----------------------------------------------------------------------------
    def key_scope(self) -> str:
        return self.game

    def rules_game(self) -> str:
        return self.game

    def commands(self) -> list[Command]:
        return [*self.information_commands(), *self.own_commands()]

    def information_commands(self) -> list[Command]:
        """The keys that tell where the game stands, each as the table names it."""
        return [key.command(self._teller(key), watched=True) for key in self.keys]

    def _teller(self, key: InfoKey[Any]) -> Any:
        return lambda pressed: self.tell(key)

    def own_commands(self) -> list[Command]:
        """What the place the table is watched from adds (online play's keys, leaving)."""
        return []
