"""The Battaglia table: classic (Space turns up your card) and open war (choose your card).

The table's computer players act at once whenever they are awaited, so the player is never kept
waiting; once he is out, see :mod:`audiogame.presenters.battle_out`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from audiogame.app.screen import ENTER, Command
from audiogame.computer_players import make_bot
from audiogame.i18n import _, ngettext
from audiogame.presenters import battle_out as out
from audiogame.presenters.battle_keys import COUNTS, STANDING, hand_key, table_commands
from audiogame.presenters.rank_letters import JUMP_KEYS, letter_rank, one_text
from audiogame.presenters.table_screen import HandShown, TableScreen
from audiogame.table.seat import SeatState
from audiogame.words.battle import refusal, trick_text
from audiogame.words.cards import rank_name, seconds_text
from audiogame.words.seats import HUMAN, capitalize, join_words
from engine.actions import Action, FaceDown, Flip, Play
from engine.battle.view import BattleView
from engine.cards import Card
from engine.errors import IllegalAction
from engine.events import Event

if TYPE_CHECKING:
    from audiogame.app.host import Cancellable, Host


def make_table(app: Host, config: dict[str, Any], seat: SeatState | None = None) -> BattleTable:
    """Open a Battaglia table with the setup's ``config`` (at ``seat`` of a table kept
    elsewhere, when given)."""
    return BattleTable(app, config, seat)


class BattleTable(TableScreen):
    game = "battle"

    def __init__(self, app: Host, config: dict[str, Any], seat: SeatState | None = None) -> None:
        super().__init__(app, config, int(config["players"]), seat)
        self.open = bool(config.get("open"))
        self.focus = 0
        self._heard: Card | None = None  # the hand card last spoken: Enter plays only that one
        self.auto = False
        self._timer: Cancellable | None = None
        self._prompted: tuple[int, int, str] | None = None
        self._out = False
        self._watching = False
        self._finishing = False  # N once out: only who goes out and the end are said
        self.autopilot = make_bot("battle", "greedy", self.seed * 10)

    def heading(self) -> str:
        return _("Battaglia")

    @property
    def view(self) -> BattleView:
        view: BattleView = self.state.view(HUMAN)
        return view

    # ----- opening -------------------------------------------------------------------------
    def enter(self) -> None:
        self.app.clear_history()
        view = self.view
        names = join_words([self.seats.subject(seat) for seat in range(view.players)])
        each = view.stock[0] if not self.open else len(view.hand)
        if view.tricks or view.pot:  # back at a game under way (an online seat taken back)
            opening = (
                _("Battaglia online: {names}. {owned}")
                if self.online
                else _("Battaglia, deal number {seed}: {names}. {owned}")
            )
            standing = " ".join(self.standing())  # where it stands: a war, whose turn, counts
            self.app.say(opening.format(seed=self.seed, names=names, owned=standing))
        else:
            opening = (
                _("Battaglia online: {names}. {cards}.")
                if self.online
                else _("Battaglia, deal number {seed}: {names}. {cards}.")
            )
            cards = ngettext("{count} card each", "{count} cards each", each).format(count=each)
            self.app.say(opening.format(seed=self.seed, names=names, cards=cards))
        variants = []
        if self.open:
            variants.append(_("Open war: you choose your cards."))
        if not view.face_down:
            variants.append(_("No face-down card in a war."))
        if variants:
            self.app.say(" ".join(variants))
        self.announce(self.state.opening_events())
        self.open_table()  # the computer players turn up their cards
        if self.open:
            self.app.say(
                _("Your hand: {move}. Play a card: {play}. Your whole hand: {hand}. All the "
                  "keys: F1.").format(move=self.key_for("move"), play=self.key_for("play"),
                                      hand=self.key_for("hand"))
            )  # fmt: skip
        else:
            self.app.say(
                _("Turn up your card: {play}. Your stock and won pile: {hand}. All the keys: "
                  "F1.").format(play=self.key_for("play"), hand=self.key_for("hand"))
            )  # fmt: skip

    # ----- keys ----------------------------------------------------------------------------
    def shown_hand(self) -> HandShown:
        """The open war's hand (classic War has none: its stock is face down)."""
        return HandShown(tuple(self.view.hand or ()), int(self.focus), frozenset())

    def pick(self, index: int) -> str | None:
        self.focus = index
        self._heard = self.view.hand[index]
        return "enter"

    def game_commands(self) -> list[Command]:
        return [*table_commands(self), *self.common_commands()]

    def classic_hint(self, key: str) -> None:
        """H in classic War: nothing to choose, and so no hint, but the player hears why."""
        self.app.say(
            _(
                "No choice to make in classic War: every card is turned up from the top of "
                "your stock. {key} turns up yours."
            ).format(key=self.key_for("play"))
        )

    def jump_key(self, key: str) -> None:
        self.jump(JUMP_KEYS[key.lower()])

    def on_char(self, char: str) -> bool:
        lower = char.lower()
        if self.open and lower in JUMP_KEYS:
            self.jump(JUMP_KEYS[lower])
            return True
        rank = letter_rank(lower) if self.open else None
        if rank is not None:
            self.jump(rank)
            return True
        if self.open and lower == "1":
            self.app.refuse(one_text())
            return True
        if lower in ("t", "e", "w", "p", "h", "u") or (lower == "a" and not self.open):
            return self.run_bound(lower)
        return False

    # ----- playing -------------------------------------------------------------------------
    def play(self, key: str = "") -> None:
        """Space/Enter: the player's move (classic flip, or the card in focus); Enter after the
        end goes back to the setup."""
        if self.state.is_over and key == ENTER:
            if self.just_changed():  # meant for the last trick, which has just ended the game
                self.app.refuse(
                    _("The game has just ended. Press Enter again to go back to the tables.")
                    if self.online
                    else _("The game has just ended. Press Enter again to go back to the game "
                           "setup.")
                )  # fmt: skip
                return
            self.app.pop()
            return
        if self.open:
            hand = self.view.hand
            if not hand:
                self.act(Play(()))
                return
            self.focus = min(self.focus, len(hand) - 1)
            card = hand[self.focus]
            if card != self._heard and len(hand) > 1:
                # The hand changed under the cursor: never play a card the player has not heard
                # (a last card is no choice: Enter plays it).
                self.say_focus(confirm=True)
                return
            self.act(FaceDown(card) if self.view.phase == "face_down" else Play((card,)))
        else:
            self.act(Flip())

    def act(self, action: Action) -> None:
        """Apply the player's action; a refusal is spoken with its reason and nothing moves."""
        try:
            self.state.apply(HUMAN, action)  # the events come back through on_stream
        except IllegalAction as error:
            self.app.refuse(self.refusal_text(error))

    def announce(self, events: Any) -> None:
        """Speak the events; once the player is out, the trick he was in is finished aloud,
        then only eliminations and the end are spoken while the others play on."""
        events = list(events)
        spoken: list[Event] = []
        told = out.SPOKEN_WHEN_OUT if self._finishing else out.TOLD_WHEN_OUT
        for event in events:
            if event.kind == "choice_made":
                continue  # the reveal follows at once: "has chosen" would only slow it down
            if self._watching and event.kind not in told:
                continue
            after_trick = bool(spoken) and spoken[-1].kind == "trick_won"
            spoken.append(event)
            if event.kind == "eliminated" and event.seat == HUMAN:
                self._out = True
            if self._out and not self._watching and (after_trick or event.kind == "trick_won"):
                self._watching = True
                if not self.state.is_over:  # the others play on: said once, what comes next
                    spoken.append(out.OTHERS_PLAY_ON)
        for event in spoken:
            if event is out.OTHERS_PLAY_ON:
                self.app.say(out.others_play_on(self.online, self.key_for("finish")))
            else:
                super().announce([event])

    def watching_pace(self) -> float | None:
        return float(self.app.settings.pace)  # out: each trick heard, not a game in one breath

    def may_finish(self) -> bool:
        return self._out and not self.online and not self.state.is_over  # N, offline, out

    def finish(self, key: str = "") -> None:
        if not self.may_finish():
            self.app.refuse(_("No action on this key."))
            return
        self._finishing = True
        self.app.say(_("The others finish the game."))
        self.seat.request("hurry")  # the moves come back through on_stream

    def refusal_text(self, error: IllegalAction) -> str:
        return refusal(error, self.view)

    def after_stream(self) -> None:
        self.after_move()

    def on_stream(self, events: list[Event], mine: bool) -> None:
        super().on_stream(events, mine)
        if (
            self.online
            and mine
            and not self.auto  # automatic play: the player chose not to follow every trick
            and all(event.kind == "choice_made" for event in events)
        ):
            # Computer players answer at once; people take their time: say so.
            others = [seat for seat in self.view.awaiting if seat != HUMAN]
            if others:
                self.app.say(_("Waiting for {names}.").format(names=self.seats.objects(others)))

    def after_move(self) -> None:
        """What to say after the cards moved: the end, or what the player must do now."""
        view = self.view
        if view.is_over:
            self.stop_auto(quiet=True)
            self.turn_changed()
            self.app.say(self.back_hint())
            return
        if HUMAN not in view.awaiting:
            return
        step = (view.tricks, view.war_round, view.phase)
        if view.war_round and step != self._prompted and not self.auto:  # automatic play never asks
            self._prompted = step
            brief = self.app.settings.brief and not self.open  # the cue says it
            self.app.say("" if brief else self.prompt(view), cue="your_turn")

    def prompt(self, view: BattleView) -> str:
        if not self.open:
            return _("Your war cards: press {key}.").format(key=self.key_for("play"))
        if view.phase == "face_down":
            return _("Choose a card to put face down.")
        return _("Now choose your face-up card.")

    # ----- open hand -----------------------------------------------------------------------
    def move(self, key: str) -> None:
        hand = self.view.hand
        if not hand:
            self.app.refuse(_("Your hand is empty."))
            return
        last = len(hand) - 1
        focus = min(self.focus, last)
        target = {"left": focus - 1, "right": focus + 1, "home": 0, "end": last}[key]
        if not 0 <= target <= last:  # the card there is named, so Enter plays it
            self.focus = focus
            self._heard = hand[focus]
            self.say_edge(target > last, rank_name(hand[focus].rank))
            return
        self.focus = target
        self.say_focus()

    def jump(self, rank: int) -> None:
        hand = self.view.hand
        matches = [i for i, card in enumerate(hand) if card.rank == rank]
        if not matches:
            self.app.refuse(capitalize(_("You hold no {rank}.").format(rank=rank_name(rank))))
            return
        later = [i for i in matches if i > self.focus]
        self.focus = later[0] if later and hand[self.focus].rank == rank else matches[0]
        self.say_focus()

    def say_focus(self, confirm: bool = False) -> None:
        hand = self.view.hand
        card = hand[self.focus]
        self._heard = card
        text = (
            _("{card}, {position} of {total}. Enter again plays it.")
            if confirm
            else _("{card}, {position} of {total}")
        )
        self.app.say(
            text.format(card=rank_name(card.rank), position=self.focus + 1, total=len(hand)),
            cue="menu_move",
            record=False,
        )

    def take_hint(self, action: Action) -> None:
        """The take-hint key: the cursor goes to the hinted card."""
        hand = self.view.hand
        card = action.cards[0] if action.cards else None
        if card is None or card not in hand:
            return
        self.focus = list(hand).index(card)
        self._heard = card
        self.app.say(
            _("{card}, {position} of {total}. {key} plays it.").format(
                card=rank_name(card.rank), position=self.focus + 1, total=len(hand),
                key=self.key_for("play"),
            ),
            cue="select",
            record=False,
        )  # fmt: skip

    # ----- information keys ----------------------------------------------------------------
    def say_hand(self, key: str = "") -> None:
        self.app.say(hand_key(self.open).words(self.view, self.seats))

    def turn_text(self) -> str:
        view = self.view
        if view.is_over:
            if self.online:
                return _("The game is over.") + " " + self.back_hint()
            return _("The game is over. Press Enter to go back to the game setup.")
        return trick_text(view, self.open, self.key_for("play"))

    def say_turn(self, key: str = "") -> None:
        self.app.say(self.turn_text())

    def owned_text(self) -> str:
        return COUNTS.words(self.view, self.seats)

    def say_owned(self, key: str = "") -> None:
        self.app.say(self.owned_text())

    def standing(self) -> list[str]:
        if self.view.is_over:  # and what Enter does next
            return self.status()
        return [STANDING.words(self.view, self.seats)]

    def status(self) -> list[str]:
        return [self.turn_text(), self.owned_text()]

    # ----- automatic play ------------------------------------------------------------------
    def toggle_auto(self, key: str = "") -> None:
        if self.auto:
            self.stop_auto()
            return
        if self.state.is_over:
            self.app.refuse(_("The game is over."))
            return
        self.auto = True
        pace = self.app.settings.pace
        self.app.say(
            _("Automatic play on: one move every {seconds}.").format(seconds=seconds_text(pace))
        )
        self._schedule()

    def stop_auto(self, quiet: bool = False) -> None:
        was_on = self.auto
        self.auto = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if was_on and not quiet:
            self.app.say(_("Automatic play off."))

    def _schedule(self) -> None:
        self._timer = self.app.call_later(self.app.settings.pace, self._tick)

    def _tick(self) -> None:
        self._timer = None
        if not self.auto or self.state.is_over:
            self.auto = False
            return
        if self.app.top is self and HUMAN in self.state.to_act():
            view = self.view
            action = self.autopilot.choose(view, self.state.legal_actions(HUMAN))
            self.act(action)
        if self.auto and not self.state.is_over:
            self._schedule()
        else:
            self.auto = False

    def leave(self) -> None:
        self.stop_auto(quiet=True)
        super().leave()
