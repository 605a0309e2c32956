"""The Cardavia table: the player against two computer players, one deal or a match.

The player moves through his hand with the arrows, selects cards with Space, or lets Tab
step through every legal play (the play stepped to becomes the selection); Enter always plays
the selection. Computer players act one at a time at the pace chosen in the options, so that
each play can be heard (the table paces them); N makes them all play at once up to the
player's turn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from audiogame.app.screen import Command
from audiogame.app.utterance import Utterance, spoken_order, utterances
from audiogame.i18n import _
from audiogame.presenters import cardavia_info as info
from audiogame.presenters.cardavia_hand import HandCursor, selection_combination
from audiogame.presenters.cardavia_keys import HandKeys, table_commands
from audiogame.presenters.cardavia_match import Match
from audiogame.presenters.info_keys import InfoKey
from audiogame.presenters.rank_letters import JUMP_KEYS, letter_rank, one_text
from audiogame.presenters.table_screen import HandShown, TableScreen
from audiogame.table.seat import SeatState
from audiogame.words.cardavia import play_order, refusal
from audiogame.words.cardavia_names import combination_name
from audiogame.words.seats import HUMAN, join_words
from engine.actions import Action, Pass, Play
from engine.cardavia import CardaviaView
from engine.cardavia.events import Settlement
from engine.errors import IllegalAction
from engine.events import Event

if TYPE_CHECKING:
    from audiogame.app.host import Host


def make_table(app: Host, config: dict[str, Any], seat: SeatState | None = None) -> CardaviaTable:
    """Open a Cardavia table with the setup's ``config`` (``deals``, ``seed``); at ``seat`` of
    a table kept elsewhere, when given."""
    return CardaviaTable(app, config, seat)


class CardaviaTable(TableScreen):
    game = "cardavia"

    def __init__(self, app: Host, config: dict[str, Any], seat: SeatState | None = None) -> None:
        super().__init__(app, config, 3, seat)
        self.match = Match(self.seed, int(config.get("deals") or 1))
        self._hand = HandCursor(self.view.hand)
        self.hand_keys = HandKeys(self)
        self._pass_said = False  # an automatic pass, said before the table took it
        self._settlement: Settlement | None = None  # the last deal's, its lines on S

    def heading(self) -> str:
        return _("Cardavia")

    @property
    def view(self) -> CardaviaView:
        view: CardaviaView = self.state.view(HUMAN)
        return view

    @property
    def hand(self) -> HandCursor:
        """The cursor on the player's hand, always on the hand he holds now (a resume, a new
        deal or a move made while the table was not looking cannot leave it behind)."""
        cards = self.view.hand
        if tuple(cards) != self._hand.cards:
            self._hand.update(cards)
        return self._hand

    # ----- opening and deals ---------------------------------------------------------------
    def enter(self) -> None:
        """The opening: the game, the order of play, who leads, where the hand and the keys
        are. The deal number is on D, the names of the table in the order of play; the hand
        on W, the cards each holds on E (a deal's opening stays within 30 words)."""
        self.app.clear_history()
        order = join_words([self.seats.subject(seat) for seat in play_order(self.seats)])
        if self.online:
            opening = (
                _("Cardavia online, a match of {deals} deals.")
                if self.match.deals > 1
                else _("Cardavia online.")
            )
        elif self.match.deals > 1:
            opening = _("Cardavia, a match of {deals} deals.")
        else:
            opening = _("Cardavia, deal number {seed}.")
        opening = opening.format(deals=self.match.deals, seed=self.seed)
        # Back at a deal under way (an online seat taken back): where it stands is said next.
        under_way = any(count != 16 for count in self.view.hand_counts)
        cards = _("Order of play: {order}.").format(order=order)
        self.app.say(f"{opening} {cards}")
        self.start_deal(first=True, under_way=under_way)
        self.open_table()

    def bot_pace(self) -> float:
        return float(self.app.settings.pace)

    def start_deal(self, first: bool = False, under_way: bool = False) -> None:
        """A deal's opening: its number in a match, its first events, where the hand and the
        keys are; ``under_way``: a deal taken back where it stands (the play to beat, whose
        turn, the cards left)."""
        if self.match.deals > 1 and (not first or self.match.number > 1):
            # (the first deal of a match: its opening says "a match of 3 deals")
            self.app.say(
                _("Deal {number} of {deals}.").format(
                    number=self.match.number, deals=self.match.deals
                )
            )
        self.announce(self.state.opening_events())
        if under_way:  # a player coming back: where the deal stands, and the hand again
            self.say_standing()
            self.app.say(info.hand_text(self.view.hand))
            self.after_events()
            return
        # The hand on its key; the keys are F1's: the opening says only what the player needs
        # to act.
        keys = (
            _("Your whole hand: {key}. All the keys: F1.")
            if first
            else _("Your whole hand: {key}.")
        )
        self.app.say(keys.format(key=self.key_for("hand")))
        self.after_events()

    def next_deal(self) -> None:
        """Enter or Space after a deal: the next deal of the match, or back to the setup."""
        if self.match.over:
            self.app.pop()
            return
        self.seat.request("next_deal")  # the table deals; dealt() follows

    def dealt(self) -> None:
        """A new deal is on the table: the hand and its opening."""
        self._hand = HandCursor(self.view.hand)
        self._settlement = None
        self.start_deal()

    def on_dealt(self) -> None:
        self.match.next_deal()
        self.dealt()

    def restore_match(self, deal: int | None, totals: list[int]) -> None:
        if deal is not None:
            self.match.number = deal
        self.match.totals = list(totals)

    def more_deals(self) -> bool:
        return not self.match.over

    def shown_hand(self) -> HandShown:
        """The hand from the 3 up to the 2, as the arrows move."""
        hand = self.hand
        return HandShown(tuple(hand.cards), int(hand.focus), frozenset(hand.selected))

    def pick(self, index: int) -> str | None:
        self.hand.focus = index
        if self.view.awaiting != HUMAN:  # Space would make the others play: say the card
            self.hand_keys.say_focus()
            return None
        return "space"

    # ----- speaking events -----------------------------------------------------------------
    def announce(self, events: Iterable[Event]) -> None:
        """One message and one cue per event; the end of the deal before its settlement,
        which is read player by player."""
        events = list(events)
        settlements = [event for event in events if isinstance(event, Settlement)]
        for settlement in settlements:
            self._settlement = settlement  # its lines, on S
        super().announce(spoken_order(events))

    def heard(self, event: Event) -> tuple[Utterance, ...]:
        """The settlement in one short message, "Deal scores: ..." (its lines are on S)."""
        brief = self.app.settings.brief
        return utterances(self.game, event, self.seats, HUMAN, brief, by_line=False)

    def after_events(self) -> None:
        """After anything happened: the end of the deal, the player's turn, or the next
        computer player's move at the chosen pace."""
        if self.state.is_over:
            if not self.match.counted:
                self.turn_changed()
                self.end_of_deal()
            return
        view = self.view
        if view.awaiting == HUMAN:
            self.turn_changed()
            if self.online and self.state.options.get("auto_pass") and self.only_pass():
                return  # the table passes for the seat, and it is said then (auto_passed)
            if self.app.settings.auto_pass and not self.online and self.only_pass():
                self.app.say(_("You cannot beat it: you pass."), cue="passed")
                self.act(Pass(), said=True)
                return
            self.app.say(self.prompt(view), cue="your_turn")

    def auto_passed(self) -> None:
        """Online, the table passed for the seat (its automatic pass): said as offline, and
        the pass that follows in the stream is not said again."""
        self.app.say(_("You cannot beat it: you pass."), cue="passed")
        self._pass_said = True

    def only_pass(self) -> bool:
        """Whether passing is the player's only legal action now."""
        return all(action.kind == "pass" for action in self.state.legal_actions(HUMAN))

    def prompt(self, view: CardaviaView) -> str:
        """What "your turn" adds: nothing when the player leads (just said), or what to do."""
        if view.table is None:
            return ""
        if self.hand_keys.legal_plays() == []:
            return _("Your turn: you cannot beat it. {key} passes.").format(
                key=self.key_for("pass")
            )
        return "" if self.app.settings.brief else _("Your turn.")  # brief: the cue says it

    def end_of_deal(self) -> None:
        for line in self.match.count(self.state.result().scores, self.seats):
            self.app.say(line, cue=self.match.final_cue() if line == self.match.verdict else None)
        if self.match.over:
            self.app.say(self.back_hint())
        else:
            self.app.say(
                _("Press Enter for deal {number} of {deals}.").format(
                    number=self.match.number + 1, deals=self.match.deals
                )
            )

    # ----- computer players ----------------------------------------------------------------
    def hurry(self) -> None:
        """Space while the others are to play: they all play now, up to the player's turn."""
        self.seat.request("hurry")  # the moves come back through on_stream

    # ----- keys ----------------------------------------------------------------------------
    def game_commands(self) -> list[Command]:
        return table_commands(self)

    def on_char(self, char: str) -> bool:
        if char == "1":
            self.app.refuse(one_text())
            return True
        rank = JUMP_KEYS.get(char.lower()) or letter_rank(char)
        if rank is None:
            return False
        self.hand_keys.jump(rank)
        return True

    def space(self, key: str = "") -> None:
        """Space: the card in focus in or out of the selection, whoever is to play (a
        selection can be made while the others play); after a deal, it never leaves."""
        if self.state.is_over:
            self.app.refuse(self.over_text())
        else:
            self.hand_keys.toggle_card()

    def hurry_key(self, key: str = "") -> None:
        """The hurry key: the others play at once, up to the player's turn."""
        if self.state.is_over:
            self.app.refuse(self.over_text())
        elif self.view.awaiting == HUMAN:
            self.app.refuse(_("It is already your turn."))
        else:
            self.hurry()

    # ----- playing -------------------------------------------------------------------------
    def may_act(self) -> bool:
        """Whether the player may play or pass now; if not, say why."""
        if self.state.is_over:
            self.app.refuse(self.over_text())
            return False
        awaiting = self.view.awaiting
        if awaiting != HUMAN:
            name = self.seats.subject(awaiting or 0)
            if self.hurries(awaiting or 0):
                self.app.refuse(
                    _("It is {name}'s turn. {key} makes the others play at once.").format(
                        name=name, key=self.key_for("hurry")
                    )
                )
            else:  # a person plays in their own time: nothing hurries them
                self.app.refuse(_("It is {name}'s turn.").format(name=name))
            return False
        return True

    def hurries(self, seat: int) -> bool:
        """Whether the hurry key makes ``seat`` play at once: a computer player (every other
        seat offline; online, a person is never hurried)."""
        return self.elsewhere.hurries(seat)

    def over_text(self) -> str:
        if self.match.over and self.online:
            return _("The deal is over.") + " " + self.back_hint()
        if self.match.over:
            return _("The deal is over. Press Enter to go back to the game setup.")
        return _("The deal is over. Press Enter for the next deal.")

    def enter_key(self, key: str = "") -> None:
        if self.state.is_over:
            if self.just_changed():
                # Meant for the last play: the settlement has just begun, and would be lost.
                self.app.refuse(_("The deal has just ended.") + " " + self.over_text())
                return
            self.next_deal()
            return
        if not self.may_act():
            return
        cards = self.hand.selection()
        if not cards and self.hand_keys.legal_plays() == []:
            self.app.refuse(
                _("Your turn: you cannot beat it. {key} passes.").format(key=self.key_for("pass"))
            )
            return
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

    def act(self, action: Action, said: bool = False) -> None:
        """The player's play or pass; a refusal says why and changes nothing. ``said``: the
        pass was just announced (automatic pass), its event is not said again."""
        self._pass_said = said
        try:
            self.state.apply(HUMAN, action)  # the events come back through on_stream
        except IllegalAction as error:
            self._pass_said = False
            self.app.refuse(self.refusal_text(error))
            return
        self.hand.selected.clear()

    def on_stream(self, events: list[Event], mine: bool) -> None:
        if mine and self._pass_said:  # said already, as the automatic pass
            self._pass_said = False
            mine_passed = [e for e in events if e.kind == "passed" and getattr(e, "seat", 0) == 0]
            events = [event for event in events if event not in mine_passed[:1]]
        super().on_stream(events, mine)

    def refusal_text(self, error: IllegalAction) -> str:
        return refusal(error, self.seats)

    def after_stream(self) -> None:
        self.after_events()

    def take_hint(self, action: Action) -> None:
        """The take-hint key: the hinted play becomes the selection."""
        if action.kind != "play":
            self.app.say(_("The hint is to pass: {key} passes.").format(key=self.key_for("pass")))
            return
        self.hand.select_only(action.cards)
        combination = selection_combination(self.hand.selection(), self.view.first_play)
        words = combination_name(combination) if combination else ""
        self.app.say(
            _("Selected: {play}. {key} plays it.").format(play=words, key=self.key_for("play")),
            cue="select",
            record=False,
        )

    # ----- information ---------------------------------------------------------------------
    def say_info(self, key: str) -> None:
        """T and S: the turn (or the end) and the scores, which need more than the view."""
        view = self.view
        texts = {
            "t": lambda: self.over_text() if view.is_over else info.turn_text(view, self.seats),
            "s": lambda: self.match.scores_text(view, self.seats, self._settlement),
        }
        self.app.say(texts[key.lower()](), record=False)

    def tell(self, info_key: InfoKey[CardaviaView]) -> None:
        """L, E, R, M, W: the position from the player's view."""
        self.app.say(info_key.words(self.view, self.seats), record=False)

    def standing(self) -> list[str]:
        view = self.view
        if view.is_over:  # and what Enter does next
            return self.status()
        return [info.standing_text(view, self.seats)]

    def status(self) -> list[str]:
        view = self.view
        turn, table = info.turn_text(view, self.seats), info.table_text(view, self.seats)
        lines = [turn] if table in turn else [turn, table]  # said once, on your turn
        return [*lines, info.cards_left_text(view, self.seats)]
