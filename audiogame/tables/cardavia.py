"""The Cardavia table: the player against two computer players, one deal or a match.

The player moves through his hand with the arrows, selects cards with Space, or lets Tab
step through every legal play (the play stepped to becomes the selection); Enter always plays
the selection. Computer players act one at a time at the pace chosen in the options, so that
each play can be heard; Space makes them all play at once up to the player's turn.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from audiogame.app.screen import BACKSPACE, ENTER, TAB, Command
from audiogame.app.table import HUMAN, TableScreen
from audiogame.i18n import N_, _
from audiogame.sound import cue_for
from audiogame.tables import cardavia_info as info
from audiogame.tables.cardavia_hand import HandCursor, ordered_plays, selection_combination
from audiogame.tables.cardavia_match import Match
from audiogame.words.cardavia import play_order, refusal, settlement_lines
from audiogame.words.cardavia_names import combination_name
from audiogame.words.cards import card_name, rank_name
from audiogame.words.seats import join_words
from engine import games
from engine.actions import Action, Pass, Play
from engine.cardavia import CardaviaState, CardaviaView, classify
from engine.cardavia.combination import Combination
from engine.cardavia.events import Settlement
from engine.errors import IllegalAction
from engine.events import Event

if TYPE_CHECKING:
    from audiogame.app.application import AudioGame

BACKTAB = "s-tab"
# Ranks a digit or letter jumps to (0 is the ten).
JUMP_KEYS: dict[str, int] = {
    **{str(rank): rank for rank in range(2, 10)},
    "0": 10,
    "j": 11,
    "q": 12,
    "k": 13,
    "a": 14,
}


def make_table(app: AudioGame, config: dict[str, Any]) -> CardaviaTable:
    """Open a Cardavia table with the setup's ``config`` (``deals``, ``seed``)."""
    return CardaviaTable(app, config)


def letter(key: str) -> tuple[str, str]:
    """A letter key, typed with or without Shift."""
    return (key, key.upper())


class CardaviaTable(TableScreen):
    game = "cardavia"

    def __init__(self, app: AudioGame, config: dict[str, Any]) -> None:
        super().__init__(app, config, 3)
        self.match = Match(self.seed, int(config.get("deals") or 1))
        self.state: CardaviaState = games["cardavia"].new_state(seed=self.match.deal_seed)
        self.hand = HandCursor(self.view.hand)
        self._plays: tuple[int, list[Combination]] | None = None
        self._play_index = -1
        self._timer: asyncio.TimerHandle | None = None
        self._waiting_start = False

    def heading(self) -> str:
        return _("Cardavia")

    @property
    def view(self) -> CardaviaView:
        return self.state.view(HUMAN)

    # ----- opening and deals ---------------------------------------------------------------
    def enter(self) -> None:
        self.app.narrator.clear_history()
        order = join_words([self.seats.subject(seat) for seat in play_order(self.seats)])
        names = join_words([self.seats.subject(seat) for seat in self.seats.all()])
        if self.match.deals > 1:
            opening = _("Cardavia, a match of {deals} deals from deal number {seed}: {names}.")
        else:
            opening = _("Cardavia, deal {seed}: {names}.")
        opening += " " + _("16 cards each. Order of play: {order}.")
        self.app.say(
            opening.format(deals=self.match.deals, seed=self.seed, names=names, order=order)
        )
        self.start_deal(first=True)

    def start_deal(self, first: bool = False) -> None:
        if self.match.deals > 1:
            self.app.say(
                _("Deal {number} of {deals}.").format(
                    number=self.match.number, deals=self.match.deals
                )
            )
        self.announce(self.state.opening_events())
        if first:
            self.app.say(
                _(
                    "Arrows move through your hand, Space selects, Tab steps through your "
                    "plays, Enter plays. F1: keys."
                )
            )
        self.after_events()

    def next_deal(self) -> None:
        """Enter or Space after a deal: the next deal of the match, or back to the setup."""
        if self.match.over:
            self.app.pop()
            return
        self.match.next_deal()
        self.state = games["cardavia"].new_state(seed=self.match.deal_seed)
        self.hand = HandCursor(self.view.hand)
        self._plays = None
        self.start_deal()

    # ----- speaking events -----------------------------------------------------------------
    def announce(self, events: Iterable[Event]) -> None:
        """One message and one cue per event; the end of the deal before its settlement,
        which is read player by player."""
        events = list(events)
        settlements = [event for event in events if isinstance(event, Settlement)]
        for event in events:
            if isinstance(event, Settlement):
                continue
            super().announce([event])
            if event.kind == "game_over":
                for settlement in settlements:
                    self.say_settlement(settlement)

    def say_settlement(self, event: Settlement) -> None:
        cue: str | None = cue_for(event, HUMAN) or None
        for line in settlement_lines(event.lines, event.totals, self.seats):
            self.app.say(line, cue=cue)
            cue = None

    def after_events(self) -> None:
        """After anything happened: the end of the deal, the player's turn, or the next
        computer player's move at the chosen pace."""
        self.hand.update(self.view.hand)
        if self.state.is_over:
            self.cancel_bots()
            if not self.match.counted:
                self.end_of_deal()
            return
        view = self.view
        if view.awaiting == HUMAN:
            self.app.say(self.prompt(view), cue="your_turn")
        else:
            self.schedule_bots()

    def prompt(self, view: CardaviaView) -> str:
        """What "your turn" adds: nothing when the player leads (just said), or what to do."""
        if view.table is None:
            return ""
        if self.legal_plays() == []:
            return _("Your turn: you cannot beat it. P passes.")
        return _("Your turn.")

    def end_of_deal(self) -> None:
        for line in self.match.count(self.state.result().scores, self.seats):
            self.app.say(line, cue=self.match.final_cue() if line == self.match.verdict else None)
        if self.match.over:
            self.app.say(_("Press Enter to go back to the game setup."))
        else:
            self.app.say(
                _("Press Enter for deal {number} of {deals}.").format(
                    number=self.match.number + 1, deals=self.match.deals
                )
            )

    # ----- computer players ----------------------------------------------------------------
    def schedule_bots(self) -> None:
        self.cancel_bots()
        if not self.app.running:
            # The table opened before the program's loop started: begin when it starts.
            if not self._waiting_start:
                self._waiting_start = True
                self.app.application.pre_run_callables.append(self._loop_started)
            return
        self._timer = self.app.call_later(self.app.settings.pace, self.bot_turn)

    def _loop_started(self) -> None:
        self._waiting_start = False
        if not self.state.is_over and self.view.awaiting != HUMAN:
            self.schedule_bots()

    def cancel_bots(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def bot_events(self) -> list[Event]:
        """The computer player to act makes his move."""
        seat = self.state.to_act()[0]
        action = self.bots[seat].choose(self.state.view(seat), self.state.legal_actions(seat))
        return self.state.apply(seat, action)

    def bot_turn(self) -> None:
        self._timer = None
        if self.app.top is not self or self.state.is_over or self.view.awaiting == HUMAN:
            return  # paused: resume() starts the clock again
        self.announce(self.bot_events())
        self.after_events()

    def hurry(self) -> None:
        """Space while the others are to play: they all play now, up to the player's turn."""
        self.cancel_bots()
        events: list[Event] = []
        while not self.state.is_over and self.view.awaiting != HUMAN:
            events += self.bot_events()
        self.announce(events)
        self.after_events()

    def resume(self) -> None:
        super().resume()
        if not self.state.is_over and self.view.awaiting != HUMAN:
            self.schedule_bots()

    def leave(self) -> None:
        self.cancel_bots()

    # ----- keys ----------------------------------------------------------------------------
    def commands(self) -> list[Command]:
        return [
            Command(
                ("left", "right"),
                N_("Left and Right arrows: move through your hand, sorted from three to two; "
                   "each card says how many of its rank you hold."),
                self.move,
            ),
            Command(("up", "down"), N_("Up and Down arrows: the next higher or lower rank."),
                    self.move),
            Command(("home", "end"), N_("Home and End: your lowest and highest card."), self.move),
            Command((), N_("2 to 9, 0 for ten, J, Q, K, A: jump to a card of that rank."),
                    self.move),
            Command((" ",), N_("Space: select or unselect the card you are on."), self.space),
            Command((), N_("Space while the others are to play: they play at once, up to your "
                           "turn. Space after a deal of a match: the next deal."), self.space),
            Command(
                (TAB, BACKTAB),
                N_("Tab and Shift Tab: step through every play you can make now; the play you "
                   "step to becomes your selection."),
                self.step_play,
            ),
            Command((ENTER,), N_("Enter: play the selected cards. After a deal: the next deal."),
                    self.enter_key),
            Command(letter("c"), N_("C: the selected cards and what they form."),
                    self.say_selection),
            Command((BACKSPACE,), N_("Backspace: clear the selection."), self.clear_selection),
            Command(letter("p"), N_("P: pass, when you cannot beat the play on the table."),
                    self.pass_turn),
            Command(letter("t"), N_("T: the round and whose turn it is."), self.say_info),
            Command(letter("l"), N_("L: the play on the table and who made it."), self.say_info),
            Command(letter("e"), N_("E: the cards left to each player."), self.say_info),
            Command(letter("s"), N_("S: the scores: bomb bonuses of this deal, match totals."),
                    self.say_info),
            Command(letter("r"), N_("R: the plays of this round."), self.say_info),
            Command(letter("m"), N_("M: the high cards played so far: two of spades, aces, "
                                    "kings."), self.say_info),
            Command(letter("w"), N_("W: your whole hand, rank by rank."), self.say_info),
            *self.common_commands(),
        ]  # fmt: skip

    def on_char(self, char: str) -> bool:
        rank = JUMP_KEYS.get(char.lower())
        if rank is None:
            return False
        if self.hand.jump_to(rank):
            self.say_focus()
        else:
            self.app.refuse(_("You hold no {rank}.").format(rank=rank_name(rank)))
        return True

    # ----- the hand ------------------------------------------------------------------------
    def move(self, key: str) -> None:
        hand = self.hand
        if hand.card is None:
            self.app.refuse(_("Your hand is empty."))
            return
        if key in ("home", "end"):
            hand.to_end(key == "end")
            moved = True
        elif key in ("left", "right"):
            moved = hand.move(1 if key == "right" else -1)
        else:
            moved = hand.jump_rank(1 if key == "up" else -1)
        if not moved:
            self.app.narrator.cue("menu_edge")
        self.say_focus()

    def say_focus(self) -> None:
        card = self.hand.card
        if card is None:
            return
        text = info.card_text(card, self.hand.count(card.rank), card in self.hand.selected)
        self.app.say(text, cue="menu_move", record=False)

    def space(self, key: str = "") -> None:
        if self.state.is_over:
            # Space never leaves the table: it may be pressed to hurry the others just
            # as the deal ends, and the settlement would be lost.
            if self.match.over:
                self.app.refuse(self.over_text())
            else:
                self.next_deal()
        elif self.view.awaiting != HUMAN:
            self.hurry()
        else:
            self.toggle_card()

    def toggle_card(self) -> None:
        card = self.hand.card
        if card is None:
            self.app.refuse(_("Your hand is empty."))
            return
        if not self.hand.toggle():
            self.app.say(_("{card} unselected.").format(card=card_name(card)), record=False)
            return
        cards = self.hand.selection()
        combination = selection_combination(cards, self.view.first_play)
        if len(cards) == 1:
            text = _("{card} selected.")
        elif combination is not None:
            text = _("{card} selected: {combination}.")
        else:
            text = _("{card} selected: {count} cards.")
        self.app.say(
            text.format(
                card=card_name(card),
                count=len(cards),
                combination=combination_name(combination) if combination else "",
            ),
            cue="select",
            record=False,
        )

    def say_selection(self, key: str = "") -> None:
        view = self.view
        cards = self.hand.selection()
        to_beat = None if view.table is None else view.table[1]
        self.app.say(
            info.selection_text(cards, selection_combination(cards, view.first_play), to_beat),
            record=False,
        )

    def clear_selection(self, key: str = "") -> None:
        if not self.hand.selected:
            self.app.say(_("Nothing selected."), record=False)
            return
        self.hand.selected.clear()
        self._play_index = -1
        self.app.say(_("Selection cleared."), cue="back", record=False)

    # ----- playing -------------------------------------------------------------------------
    def may_act(self) -> bool:
        """Whether the player may play or pass now; if not, say why."""
        if self.state.is_over:
            self.app.refuse(self.over_text())
            return False
        awaiting = self.view.awaiting
        if awaiting != HUMAN:
            self.app.refuse(
                _("It is {name}'s turn. Space makes the others play at once.").format(
                    name=self.seats.subject(awaiting or 0)
                )
            )
            return False
        return True

    def over_text(self) -> str:
        if self.match.over:
            return _("The deal is over. Press Enter to go back to the game setup.")
        return _("The deal is over. Press Enter for the next deal.")

    def legal_plays(self) -> list[Combination]:
        """The player's legal plays now, one per combination, in Tab order (empty: he must
        pass)."""
        version = len(self.view.history)
        if self._plays is None or self._plays[0] != version:
            view = self.view
            plays = [
                found
                for action in self.state.legal_actions(HUMAN)
                if action.kind == "play"
                and (found := classify(action.cards, first_play=view.first_play)) is not None
            ]
            self._plays = (version, ordered_plays(plays))
            self._play_index = -1
        return self._plays[1]

    def step_play(self, key: str) -> None:
        if not self.may_act():
            return
        plays = self.legal_plays()
        if not plays:
            self.app.refuse(_("You cannot beat the play on the table: P passes."))
            return
        step = -1 if key == BACKTAB else 1
        if self._play_index < 0:
            self._play_index = 0 if step > 0 else len(plays) - 1
        else:
            self._play_index = (self._play_index + step) % len(plays)
        play = plays[self._play_index]
        self.hand.select_only(play.cards)
        self.app.say(
            _("{combination}, {position} of {total}").format(
                combination=combination_name(play), position=self._play_index + 1,
                total=len(plays),
            ),
            cue="menu_move",
            record=False,
        )  # fmt: skip

    def enter_key(self, key: str = "") -> None:
        if self.state.is_over:
            self.next_deal()
            return
        if not self.may_act():
            return
        cards = self.hand.selection()
        if not cards:
            self.app.refuse(
                _("Nothing selected: Space selects the card you are on, Tab steps through "
                  "your plays.")
            )  # fmt: skip
            return
        self.act(Play(cards))

    def pass_turn(self, key: str = "") -> None:
        if self.may_act():
            self.act(Pass())

    def act(self, action: Action) -> None:
        """The player's play or pass; a refusal says why and changes nothing."""
        try:
            events = self.state.apply(HUMAN, action)
        except IllegalAction as error:
            self.app.refuse(refusal(error, self.seats))
            return
        self.hand.selected.clear()
        self._plays = None
        self.announce(events)
        self.after_events()

    # ----- information ---------------------------------------------------------------------
    def say_info(self, key: str) -> None:
        view = self.view
        texts = {
            "t": lambda: self.over_text() if view.is_over else info.turn_text(view, self.seats),
            "l": lambda: info.table_text(view, self.seats),
            "e": lambda: info.cards_left_text(view, self.seats),
            "s": lambda: self.match.scores_text(view, self.seats),
            "r": lambda: info.round_text(view, self.seats),
            "m": lambda: info.high_cards_text(view),
            "w": lambda: info.hand_text(view.hand),
        }
        self.app.say(texts[key.lower()](), record=False)

    def status(self) -> list[str]:
        view = self.view
        return [info.turn_text(view, self.seats), info.table_text(view, self.seats),
                info.cards_left_text(view, self.seats)]  # fmt: skip
