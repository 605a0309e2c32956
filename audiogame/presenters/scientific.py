"""The Battaglia scientifica table: the player explores his hand, chooses a card in secret, and
hears the reveal and its outcome, one message per event.

Computer players choose at once, as soon as they may: the player's own choice is then always
the one that turns the cards up, and he is never kept waiting. When a computer player is the
seer, he chooses right after the player. Their "has chosen" events are neither spoken nor
sounded: they come all together, and T says who has chosen at any time.

Keys (F1 says them): Left/Right/Home/End and 2-9, 0, J, Q, K, A, X (or *) through the hand;
Enter chooses; S takes the exchange an eight offers; R, T, E, C, H tell the rules in force, the
choices, the cards owned, the seer's view and the hand.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from audiogame.app.screen import Command
from audiogame.app.utterance import Utterance
from audiogame.i18n import _, ngettext
from audiogame.presenters import scientific_info as info
from audiogame.presenters.hand_cursor import HandCursor
from audiogame.presenters.info_keys import InfoKey
from audiogame.presenters.rank_letters import letter_rank, one_text
from audiogame.presenters.scientific_events import (
    answered,
    revealed_card,
    same_power,
    telling_order,
)
from audiogame.presenters.scientific_keys import JUMP_KEYS, table_commands
from audiogame.presenters.table_screen import HandShown, TableScreen
from audiogame.table.seat import SeatState
from audiogame.words.cards import card_name, rank_name
from audiogame.words.scientific import exchange_offer, powers_gained, refusal
from audiogame.words.seats import HUMAN, capitalize, join_words
from engine.actions import Action, Exchange, Play
from engine.cards import Card
from engine.errors import IllegalAction
from engine.events import Eliminated, Event
from engine.scientific.events import Exchanged, ExchangeDeclined, PowerGained
from engine.scientific.view import ScientificView

if TYPE_CHECKING:
    from audiogame.app.host import Host

# Kinds still spoken while the player, out of the game, waits for the others to finish.
_SPOKEN_WHEN_OUT = frozenset({"eliminated", "trick_limit", "game_over"})


def make_table(app: Host, config: dict[str, Any], seat: SeatState | None = None) -> ScientificTable:
    """Open a Battaglia scientifica table with the setup's ``config`` (at ``seat`` of a table
    kept elsewhere, when given)."""
    return ScientificTable(app, config, seat)


class ScientificTable(TableScreen):
    game = "scientific"

    def __init__(self, app: Host, config: dict[str, Any], seat: SeatState | None = None) -> None:
        super().__init__(app, config, int(config["players"]), seat)
        self._changed_to: Card | None = None  # said once the table took the change
        self.cursor = HandCursor()
        self._offers: frozenset[int] = frozenset()  # exchanges offered after the last trick
        self._out = False
        self._revealed_choice: Card | None = None  # the player's card, from the reveal
        self._order_said = False

    def heading(self) -> str:
        return _("Battaglia scientifica")

    @property
    def view(self) -> ScientificView:
        view: ScientificView = self.state.view(HUMAN)
        return view

    # ----- opening -------------------------------------------------------------------------
    def enter(self) -> None:
        self.app.clear_history()
        view = self.view
        names = join_words([self.seats.subject(seat) for seat in range(view.players)])
        each = len(view.hand)
        if view.trick or view.pot:  # back at a game under way (an online seat taken back)
            self.app.say(
                _("Battaglia scientifica: {names}. {owned}").format(
                    names=names, owned=" ".join(self.standing())
                )
            )
        else:
            self.app.say(
                _("Battaglia scientifica: {names}. {cards}.").format(
                    names=names,
                    cards=ngettext("{count} card each", "{count} cards each", each).format(
                        count=each
                    ),
                )
            )
        self.announce(self.state.opening_events())
        self.open_table()  # the computer players choose their cards
        self.app.say(
            _("Your hand: {move}. Choose a card: {choose}. Your whole hand: {hand}. All the "
              "keys: F1.").format(move=self.key_for("move"), choose=self.key_for("choose"),
                                  hand=self.key_for("hand"))
        )  # fmt: skip

    # ----- keys ----------------------------------------------------------------------------
    def shown_hand(self) -> HandShown:
        view = self.view
        chosen = frozenset({view.my_choice} if view.my_choice else ())
        return HandShown(tuple(view.hand), int(self.cursor.index), chosen)

    def pick(self, index: int) -> str | None:
        self.cursor.hear(self.view.hand, index)
        return "enter"

    def game_commands(self) -> list[Command]:
        return [*table_commands(self), *self.common_commands()]

    def jump_key(self, key: str) -> None:
        self.jump(JUMP_KEYS[key.lower()])

    def on_char(self, char: str) -> bool:
        lower = char.lower()
        if lower in JUMP_KEYS:
            self.jump(JUMP_KEYS[lower])
            return True
        rank = letter_rank(lower)
        if rank is not None:
            self.jump(rank)
            return True
        if lower == "1":
            self.app.refuse(one_text())
            return True
        return self.run_bound(lower)

    def say_choices(self, key: str = "") -> None:
        """T: who has chosen, kept in the history."""
        self.app.say(self.choices_text())

    def tell(self, info_key: InfoKey[ScientificView]) -> None:
        """R, E, C, W: the position from the player's view, kept in the history."""
        self.app.say(info_key.words(self.view, self.seats))

    # ----- choosing ------------------------------------------------------------------------
    def choose(self, key: str = "") -> None:
        """Enter: choose (or change) the card in focus; after the end, back to the setup."""
        view = self.view
        if view.is_over:
            if self.just_changed():  # meant for the last trick, which has just ended the game
                self.app.refuse(self.just_ended())
                return
            self.app.pop()
            return
        if HUMAN in view.eliminated:
            self.app.refuse(_("You are out of the game."))
            return
        hand = view.hand
        card = self.cursor.current(hand)
        if card is None:
            self.app.refuse(_("Your hand is empty."))
            return
        if not self.cursor.heard_current(hand) and len(hand) > 1:
            # The hand changed under the focus (a reveal, a swap): never choose unheard. A
            # last card is no choice: Enter chooses it, and "You choose" names it.
            self.say_card(self.cursor.index, confirm=True)
            return
        previous = view.my_choice
        if previous == card:
            self.app.say(_("Already chosen: {card}.").format(card=card_name(card)))
            return
        self._changed_to = card if previous is not None else None
        if not self.act(Play((card,))):
            self._changed_to = None

    def just_ended(self) -> str:
        """An Enter meant for the last trick, which has just ended the game."""
        if self.online:
            return _("The game has just ended. Press Enter again to go back to the tables.")
        return _("The game has just ended. Press Enter again to go back to the game setup.")

    def swap(self, key: str = "") -> None:
        """S: take the exchange; refused with its reason when none is offered."""
        self.act(Exchange())

    def act(self, action: Action) -> bool:
        """Apply the player's action; a refusal is spoken with its reason and nothing moves."""
        try:
            self.state.apply(HUMAN, action)  # the events come back through on_stream
        except IllegalAction as error:
            self.app.refuse(self.refusal_text(error))
            return False
        return True

    def refusal_text(self, error: IllegalAction) -> str:
        return refusal(error, seer="seer" in self.view.powers.get(HUMAN, ()))

    def on_stream(self, events: list[Event], mine: bool) -> None:
        self.noted(events)
        self.announce(events)
        if mine and self._changed_to is not None:
            self.app.say(
                _("You change to: {card}.").format(card=card_name(self._changed_to)), cue="select"
            )
            self._changed_to = None
        if self.view.is_over:
            self.turn_changed()  # an Enter meant for the last trick does not leave the table
            self.app.say(self.back_hint())

    def noted(self, events: list[Event]) -> None:
        """After a trick, note who is offered the exchange (before anyone chooses again,
        which declines it)."""
        reveals = [i for i, event in enumerate(events) if event.kind == "reveal"]
        if reveals:
            # Offered: still held now, or taken or declined since the trick (the others
            # may have chosen again in the same stream).
            answered = {
                event.seat
                for event in events[reveals[-1] :]
                if isinstance(event, (Exchanged, ExchangeDeclined))
            }
            self._offers = frozenset(info.holders(self.view, "exchange")) | answered

    # ----- what is said --------------------------------------------------------------------
    def announce(self, events: Any) -> None:
        """Speak the events worth hearing; once the player is out, only eliminations and the
        end are spoken while the others play on."""
        events, trick_end = telling_order(list(events))
        view = self.view
        # The order is said with every reveal while it is reversed (not only when it turns),
        # unless a jack of this trick says it already: no need to press R trick after trick.
        self._order_said = any(event.kind in ("revolution", "jacks_cancel") for event in events)
        said: set[int] = set()
        offer: list[Event] = []
        for index, event in enumerate(events):
            if index == trick_end:
                self.say_order(view)  # after the trick's outcome, before its eights
            if index in said or not self.worth_saying(event, view):
                continue
            if isinstance(event, PowerGained) and event.seat == HUMAN and view.exchange_offered:
                offer.append(event)  # it asks for a key: said last, after what else happened
                continue
            exchange = isinstance(event, PowerGained) and event.power == "exchange"
            if exchange and answered(events[index:], getattr(event, "seat", HUMAN)):
                continue  # "Anna does not swap." follows: it says the offer
            if isinstance(event, PowerGained) and event.seat != HUMAN:
                group = [
                    i for i in same_power(events, index)
                    if self.worth_saying(events[i], view)
                    and not (event.power == "exchange" and answered(events[i:], events[i].seat))
                ]  # fmt: skip
                said.update(group)
                if len(group) > 1:
                    holders = [events[i].seat for i in group]
                    text = powers_gained(event.power, holders, self.seats)
                    self.app.say(text, cue=self.heard(event)[0].cue)
                    continue
            if event.kind == "choice_made" and getattr(event, "seat", None) == HUMAN:
                self._revealed_choice = revealed_card(events[index + 1 :])
            super().announce([event])
            if isinstance(event, Eliminated) and event.seat == HUMAN:
                self._out = True
                if any(later.kind not in _SPOKEN_WHEN_OUT for later in events[index + 1 :]):
                    self.app.say(_("The others play on to the end."))
        if trick_end == len(events):
            self.say_order(view)
        super().announce(offer)

    def say_order(self, view: ScientificView) -> None:
        """After a trick while the order is reversed: said once, unless a jack said it."""
        if view.reversed and not self._order_said and not self._out:
            self.app.say(_("Reversed order."))
        self._order_said = True

    def worth_saying(self, event: Event, view: ScientificView) -> bool:
        kind = event.kind
        if self._out:
            return kind in _SPOKEN_WHEN_OUT
        if kind == "choice_made":
            return getattr(event, "seat", None) == HUMAN
        if kind == "power_gained":
            seat = getattr(event, "seat", HUMAN)
            if view.is_over or seat in view.eliminated:
                return False  # a power nobody will use
            # A computer player's eight with an empty won pile offers nothing: not worth a word.
            return (
                seat == HUMAN or getattr(event, "power", "") != "exchange" or seat in self._offers
            )
        return True

    def heard(self, event: Event) -> tuple[Utterance, ...]:
        """The player's own choice and eight are said from the view (the card, the swap)."""
        heard = super().heard(event)
        text = self.own_words(event)
        return heard if text is None else (replace(heard[0], text=text),)

    def own_words(self, event: Event) -> str | None:
        seat = getattr(event, "seat", None)
        if event.kind == "choice_made" and seat == HUMAN:
            # Chosen by a key or by the turn timer: the view holds the card until the reveal,
            # then the reveal shows it.
            # The reveal among the same events names it even when the game went on past
            # that trick (the player's last card, the others playing on to the end).
            view = self.view
            card = self._revealed_choice or view.my_choice or dict(view.last_reveal).get(HUMAN)
            self._revealed_choice = None
            if card is not None:
                return _("You choose: {card}.").format(card=card_name(card))
        if (
            event.kind == "power_gained"
            and seat == HUMAN
            and getattr(event, "power", "") == "exchange"
        ):
            view = self.view
            if view.exchange_offered:
                return exchange_offer(len(view.hand), len(view.won_pile), self.key_for("swap"))
            # No swap is offered (an empty won pile): never "may swap".
            return _("Eight: your won pile is empty, there is nothing to swap.")
        return None

    def take_hint(self, action: Action) -> None:
        """The take-hint key: the cursor goes to the hinted card."""
        if action.kind == "exchange":
            self.app.say(_("The hint is to swap: {key} swaps.").format(key=self.key_for("swap")))
            return
        hand = self.view.hand
        index = list(hand).index(action.cards[0])
        card = self.cursor.hear(hand, index)
        self.app.say(
            _("{card}, {position} of {total}. {key} chooses it.").format(
                card=card_name(card), position=index + 1, total=len(hand),
                key=self.key_for("choose"),
            ),
            cue="select",
            record=False,
        )  # fmt: skip

    # ----- the hand ------------------------------------------------------------------------
    def move(self, key: str) -> None:
        hand = self.view.hand
        if not hand:
            self.app.refuse(self.empty_hand())
            return
        index, at_edge = self.cursor.step(hand, key)
        if at_edge:  # the card there is named, so Enter chooses it
            self.say_edge(key == "right", card_name(self.cursor.hear(hand, index)))
            return
        self.say_card(index)

    def jump(self, rank: int | None) -> None:
        hand = self.view.hand
        if not hand:
            self.app.refuse(self.empty_hand())
            return
        index = self.cursor.jump(hand, rank)
        if index is None:
            self.app.refuse(capitalize(_("You hold no {rank}.").format(rank=rank_name(rank))))
            return
        self.say_card(index)

    def say_card(self, index: int, confirm: bool = False) -> None:
        hand = self.view.hand
        card = self.cursor.hear(hand, index)
        text = (
            _("{card}, {position} of {total}. Enter again chooses it.")
            if confirm
            else _("{card}, {position} of {total}")
        )
        self.app.say(
            text.format(card=card_name(card), position=index + 1, total=len(hand)),
            cue="menu_move",
            record=False,
        )

    def empty_hand(self) -> str:
        if self.view.is_over:
            return _("The game is over.")
        if HUMAN in self.view.eliminated:
            return _("You are out of the game.")
        return _("Your hand is empty.")

    def choices_text(self) -> str:
        """T: who has chosen and who has not; once the game is over, where Enter leads."""
        if self.view.is_over and self.online:
            return _("The game is over.") + " " + self.back_hint()
        return info.choices_text(self.view, self.seats)

    def standing(self) -> list[str]:
        view = self.view
        if view.is_over:  # and what Enter does next
            return [self.choices_text()]
        return [info.standing_text(view, self.seats)]

    def status(self) -> list[str]:
        view = self.view
        return [
            self.choices_text(),
            info.owned_text(view, self.seats),
            info.rules_text(view, self.seats),
        ]
