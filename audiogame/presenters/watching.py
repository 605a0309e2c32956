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
from audiogame.presenters.cardavia_match import Match
from audiogame.presenters.info_keys import InfoKey, watching_keys
from audiogame.table.codec import decode_event
from audiogame.table.seat import SeatState
from audiogame.words.seats import Seats, join_words
from engine.actions import Action
from engine.cardavia.events import Settlement
from engine.events import Event, GameOver

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
        self.match = Match(0, 1) if game_entry(game).match else None
        """A match of several deals (Cardavia's): its number and totals, as the table keeps
        them, said as a player hears them (S, a deal's end, the next deal)."""
        self._totals: list[int] | None = None
        self._before: list[str] = []
        self._settlement: Settlement | None = None

    @staticmethod
    def _cannot_act(action: Action) -> None:
        raise AssertionError("a spectator has no seat to act from")

    def heading(self) -> str:
        return _("Watching {game}").format(game=_(game_entry(self.game).title))

    # ----- the stream ----------------------------------------------------------------------
    def take(self, message: Mapping[str, Any]) -> list[Event]:
        """One message of the spectator's stream: its view and the match kept, its events (not
        yet said)."""
        self._follow_match(message)
        if message.get("view") is not None:
            self.viewed = True
            return self.state.feed(dict(message))
        return [decode_event(data) for data in message.get("events", [])]

    def arrived(self, message: Mapping[str, Any]) -> None:
        """The first message of the stream: a game under way (nothing but the view in it)
        is told where it stands on arriving; a game that starts says so itself."""
        self.under_way = not message.get("events")

    def _follow_match(self, message: Mapping[str, Any]) -> None:
        """The match's deal and totals as the table sends them; a next deal says its number,
        as a player hears it."""
        match = self.match
        if match is None:
            return
        deals, deal, totals = message.get("deals"), message.get("deal"), message.get("totals")
        if isinstance(deals, int):
            match.deals = max(1, deals)
        if isinstance(deal, int) and deal != match.number:
            match.next_deal()
            match.number = deal
            self._settlement = None
            if message.get("type") == "dealt" and match.deals > 1:
                self._before.append(
                    _("Deal {number} of {deals}.").format(number=deal, deals=match.deals)
                )
        if isinstance(totals, list):
            self._totals = [int(total) for total in totals]

    def show(self, events: list[Event]) -> None:
        """The events, as a spectator hears them; a match's totals and winner after a deal's
        end, as a player hears them."""
        before, self._before = self._before, []
        for text in before:
            self.app.say(text)
        for event in spoken_order(events):
            if isinstance(event, Settlement):
                self._settlement = event
            for said in utterances(self.game, event, self.seats, None, by_line=False):
                self.app.say(said.text, cue=said.cue, pan=said.pan)
        self._count_match(events)

    def _count_match(self, events: list[Event]) -> None:
        match, totals = self.match, self._totals
        if match is None or totals is None:
            return
        over = next((event for event in events if isinstance(event, GameOver)), None)
        if over is None or match.counted:
            match.totals = list(totals)  # as the table keeps them
            return
        match.totals = [total - points for total, points in zip(totals, over.scores, strict=True)]
        for line in match.count(over.scores, self.seats):
            self.app.say(line, cue=match.final_cue(None) if line == match.verdict else None)

    # ----- what is said --------------------------------------------------------------------
    def greeting(self) -> str:
        """What the spectator hears first: the table and who plays."""
        names = join_words(list(self.seats.names))
        return _("{heading}: {names}.").format(heading=self.heading(), names=names)

    def enter(self) -> None:
        self.app.say(self.greeting())
        if self.under_way:
            match = self.match
            if match is not None and match.deals > 1:  # which deal of the match, as a player
                self.app.say(
                    _("Deal {number} of {deals}.").format(number=match.number, deals=match.deals)
                )
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
        view = self.state.view(0)
        if info_key.id == "scores" and self.match is not None:  # S: as a player's, the match too
            settlement = self._settlement if self.match.last_scores is not None else None
            for text in self.match.scores_text(view, self.seats, settlement):
                self.app.say(text)
            return
        self.app.say(info_key.words(view, self.seats))

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
