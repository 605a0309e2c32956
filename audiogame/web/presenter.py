"""One seat's table put into words, from the seat's own stream (``started``, ``update``,
``dealt``, ``refused``: docs/protocol.md) and keys: what the browser seat hears, sees and does.

Words, cues and their placing are the terminal game's own: every event through
:func:`audiogame.words.registry.render`, :func:`audiogame.sound.cue_for` and
:func:`audiogame.sound.seat_pan`; the information keys through the tables' info modules; refusals
through each game's refusal words. Keys are the terminal's: arrows through the hand, Tab and
Shift+Tab through the legal moves, Space, Enter, P, S, and the information letters.

It reads only what the seat was sent, so it can never tell what the seat may not know. Its
output goes to ``emit`` as messages of the browser protocol: ``say``, ``show``, ``hand``,
``keys``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from audiogame.catalog import game_entry
from audiogame.i18n import N_, _
from audiogame.sound import cue_for, event_seat, seat_pan
from audiogame.table.codec import decode_action, decode_event, decode_refusal, decode_view
from audiogame.tables import cardavia_info, scientific_info
from audiogame.tables.cardavia_hand import ordered_plays, selection_combination
from audiogame.words import battle as battle_words
from audiogame.words import cardavia as cardavia_words
from audiogame.words import scientific as scientific_words
from audiogame.words.cardavia import play_order
from audiogame.words.cardavia_names import combination_name
from audiogame.words.cards import card_name
from audiogame.words.registry import render
from audiogame.words.seats import Seats, join_words
from engine.actions import Action
from engine.battle.view import BattleView
from engine.cardavia import classify
from engine.cardavia.view import CardaviaView
from engine.cards import Card
from engine.scientific.view import ScientificView

Emit = Callable[[dict[str, Any]], None]
Intent = tuple[str, Action | None]
"""What a key asks the table for: ``("act", action)``, ``("hurry", None)``, ``("next_deal",
None)``."""

VIEWS: dict[str, type[Any]] = {
    "battle": BattleView,
    "scientific": ScientificView,
    "cardavia": CardaviaView,
}

# (key, button label, line of the keys help), per game; the help lines are the terminal's.
KEYS: dict[str, list[tuple[str, str, str]]] = {
    "cardavia": [
        ("left", N_("Previous card"), N_("Left and Right arrows: move through your hand.")),
        ("right", N_("Next card"), ""),
        ("space", N_("Select the card"), N_("Space: select or unselect the card you are on.")),
        (
            "tab",
            N_("Next legal play"),
            N_("Tab and Shift+Tab: step through every legal play; it becomes your selection."),
        ),
        ("s-tab", N_("Previous legal play"), ""),
        ("enter", N_("Play the selection"), N_("Enter: play the selected cards.")),
        ("p", N_("Pass"), N_("P: pass, when you cannot beat the play on the table.")),
        ("backspace", N_("Clear the selection"), N_("Backspace: clear the selection.")),
        ("c", N_("Read the selection"), N_("C: the selection and what it forms.")),
        ("t", N_("Whose turn"), N_("T: the round and whose turn it is.")),
        ("l", N_("The play on the table"), N_("L: the play on the table and who made it.")),
        ("e", N_("Cards left"), N_("E: the cards left to each player.")),
        ("r", N_("This round"), N_("R: the plays of this round.")),
        (
            "m",
            N_("High cards played"),
            N_("M: the high cards already played: the two of spades, aces and kings."),
        ),
        ("w", N_("Your whole hand"), N_("W: your whole hand, rank by rank.")),
    ],
    "scientific": [
        ("left", N_("Previous card"), N_("Left and Right arrows: move through your hand.")),
        ("right", N_("Next card"), ""),
        (
            "tab",
            N_("Next card you may choose"),
            N_("Tab and Shift+Tab: step through the cards you may choose."),
        ),
        (
            "enter",
            N_("Choose this card"),
            N_("Enter: choose the card you are on; again, to change your choice."),
        ),
        ("s", N_("Swap hand and won pile"), N_("S: after an 8, swap your hand and won pile.")),
        ("r", N_("Rules in force"), N_("R: the rules in force now.")),
        ("t", N_("Who has chosen"), N_("T: who has chosen and who has not.")),
        ("e", N_("Cards owned"), N_("E: the cards owned by each player.")),
        (
            "c",
            N_("The others' choices"),
            N_("C: the others' chosen cards, while you are the seer."),
        ),
        ("w", N_("Your whole hand"), N_("W: your hand and your won pile.")),
    ],
    "battle": [
        ("space", N_("Turn up your card"), N_("Space: turn up your card.")),
        (
            "left",
            N_("Previous card"),
            N_("Left and Right arrows: move through your hand (open war)."),
        ),
        ("right", N_("Next card"), ""),
        (
            "tab",
            N_("Next card you may play"),
            N_("Tab and Shift+Tab: step through the cards you may play (open war)."),
        ),
        ("enter", N_("Play this card"), N_("Enter: play the card you are on (open war).")),
        ("t", N_("Whose turn"), N_("T: whose action is awaited.")),
        ("e", N_("Cards owned"), N_("E: how many cards each player owns.")),
    ],
}


class SeatPresenter:
    """The table as seat 0 of ``names`` (the receiving seat) hears it."""

    def __init__(self, game: str, options: dict[str, Any], names: list[str], emit: Emit) -> None:
        self.game = game
        self.options = dict(options)
        self.emit = emit
        self.set_names(names)
        self.view: Any = None
        self.legal: list[Action] = []
        self.to_act: tuple[int, ...] = ()
        self.deal, self.deals = 1, 1
        self.cursor = 0
        self.selected: list[Card] = []
        self.step = -1
        self.sent_keys = False
        self.choice: Card | None = None
        """The card this seat last asked to choose (Scientific Battle): "You choose: ..."."""

    def set_names(self, names: list[str]) -> None:
        self.players = len(names) + 1
        self.seats = Seats(tuple(names), self.players, self.options)

    # ----- the stream ----------------------------------------------------------------------
    def stream(self, message: dict[str, Any]) -> None:
        """A ``started``, ``update`` or ``dealt`` message of this seat's stream."""
        if message.get("names"):
            self.set_names(list(message["names"]))
        mine_before = self.my_turn()
        if message["type"] == "started":
            self.opening()
        for data in message.get("events", []):
            event = decode_event(data)
            text = self.event_text(event)
            cue = cue_for(event, 0) or None
            self.emit({"type": "say", "text": text, "cue": cue,
                       "pan": seat_pan(event_seat(event), self.players)})  # fmt: skip
        self.deal = int(message.get("deal") or 1)
        self.deals = int(message.get("deals") or 1)
        self.to_act = tuple(message.get("to_act") or ())
        if message.get("view") is not None:
            hand_before = self.hand()
            self.view = decode_view(VIEWS[self.game], message["view"])
            self.legal = [decode_action(text) for text in message.get("legal", [])]
            if self.hand() != hand_before:
                self.selected = [card for card in self.selected if card in self.hand()]
                self.cursor = min(self.cursor, max(0, len(self.hand()) - 1))
                self.step = -1
            if message["type"] == "dealt":
                self.selected, self.cursor, self.step = [], 0, -1
        if self.game == "scientific":
            # Everyone chooses at once: no turns to tell, as offline; but the swap offer.
            if self.my_turn() and any(a.kind == "exchange" for a in self.legal):
                self.emit({"type": "say", "text": self.prompt(), "cue": "your_turn",
                           "pan": 0.0, "urgent": True})  # fmt: skip
        elif self.my_turn() and (not mine_before or message["type"] != "update"
                                 or self.game == "battle"):  # fmt: skip
            self.emit({"type": "say", "text": self.prompt(), "cue": "your_turn", "pan": 0.0,
                       "urgent": True})  # fmt: skip
        elif self.deal_over_with_more():
            self.emit({"type": "say", "text": _("Space: the next deal."), "cue": None,
                       "pan": 0.0})  # fmt: skip
        self.publish()

    def opening(self) -> None:
        """The table's first words: the game and who sits where."""
        names = join_words([self.seats.subject(seat) for seat in range(self.players)])
        text = _("{game}: {names}.").format(game=_(game_entry(self.game).title), names=names)
        if self.game == "cardavia":
            order = join_words([self.seats.subject(s) for s in play_order(self.seats)])
            text += " " + _("16 cards each. Order of play: {order}.").format(order=order)
        self.emit({"type": "say", "text": text, "cue": None, "pan": 0.0})

    def event_text(self, event: Any) -> str:
        if (self.game == "scientific" and event.kind == "choice_made"
                and getattr(event, "seat", None) == 0 and self.choice is not None):  # fmt: skip
            return _("You choose: {card}.").format(card=card_name(self.choice))
        return render(self.game, event, self.seats)

    def refused(self, message: dict[str, Any]) -> None:
        error = decode_refusal(message.get("refusal") or {})
        if self.game == "cardavia":
            text = cardavia_words.refusal(error, self.seats)
        elif self.game == "scientific":
            seer = bool(self.view is not None and 0 in scientific_info.seers_waiting(self.view))
            text = scientific_words.refusal(error, seer)
        else:
            text = battle_words.refusal(error, self.view)
        self.emit({"type": "say", "text": text, "cue": "not_allowed", "pan": 0.0})

    def my_turn(self) -> bool:
        return bool(self.legal) and 0 in self.to_act

    def deal_over_with_more(self) -> bool:
        return bool(self.view is not None and self.view.is_over and self.deal < self.deals)

    def prompt(self) -> str:
        if self.game == "cardavia":
            if not any(action.kind == "play" for action in self.legal):
                return _("Your turn: you cannot beat it. P passes.")
            return _("Your turn.")
        if self.game == "battle":
            kinds = {action.kind for action in self.legal}
            if "flip" in kinds:
                return _("Your turn: press Space.")
            if "face_down" in kinds:
                return _("Your turn: choose a card to put face down.")
            return _("Your turn: choose a card to play.")
        view = self.view
        return scientific_words.exchange_offer(len(view.hand), len(view.won_pile))

    # ----- what the page shows -------------------------------------------------------------
    def hand(self) -> tuple[Card, ...]:
        return tuple(self.view.hand) if self.view is not None else ()

    def publish(self) -> None:
        if not self.sent_keys:
            self.sent_keys = True
            self.emit({"type": "keys", "keys": [
                {"key": key, "label": _(label), "text": _(text) if text else ""}
                for key, label, text in KEYS[self.game]
            ]})  # fmt: skip
        hand = self.hand()
        chosen = getattr(self.view, "my_choice", None)
        self.emit({
            "type": "hand",
            "cursor": self.cursor if hand else None,
            "cards": [{"name": card_name(card),
                       "selected": card in self.selected or card == chosen} for card in hand],
        })  # fmt: skip
        self.emit({"type": "show", "lines": self.status_lines()})

    def status_lines(self) -> list[str]:
        view = self.view
        if view is None:
            return []
        if self.game == "cardavia":
            return [cardavia_info.turn_text(view, self.seats),
                    cardavia_info.cards_left_text(view, self.seats)]  # fmt: skip
        if self.game == "scientific":
            return [scientific_info.choices_text(view, self.seats),
                    scientific_info.owned_text(view, self.seats),
                    scientific_info.rules_text(view, self.seats)]  # fmt: skip
        return [self.awaiting_text(), self.owned_text()]

    def awaiting_text(self) -> str:
        if self.view is not None and self.view.is_over:
            return _("The game is over.")
        if not self.to_act:
            return _("Nobody is to act.")
        return _("Awaiting: {names}.").format(names=self.seats.subjects(sorted(self.to_act)))

    def owned_text(self) -> str:
        owned = getattr(self.view, "owned", ())
        parts = [
            _("{name} {count}").format(name=self.seats.subject(seat), count=count)
            for seat, count in enumerate(owned)
        ]
        return _("Cards owned: {list}.").format(list=", ".join(parts))

    def say(self, text: str, cue: str | None = None) -> None:
        self.emit({"type": "say", "text": text, "cue": cue, "pan": 0.0, "record": False})

    # ----- keys ----------------------------------------------------------------------------
    def key(self, key: str) -> Intent | None:
        """A key of the page's table region; what it asks of the table, if anything."""
        if self.view is None:
            self.say(_("The game has not started yet."), "not_allowed")
            return None
        lower = key.lower() if len(key) == 1 else key
        handler = getattr(self, f"key_{lower.replace('-', '_')}", None)
        if handler is None:
            self.say(_("That key does nothing here. F1 lists the keys."), "not_allowed")
            return None
        intent: Intent | None = handler()
        self.publish()
        return intent

    def pick(self, index: int) -> Intent | None:
        """A card of the hand clicked or tapped: go there and select or choose it."""
        hand = self.hand()
        if not 0 <= index < len(hand):
            self.say(_("That card is no longer in your hand."), "not_allowed")
            return None
        self.cursor = index
        return self.key("space" if self.game == "cardavia" else "enter")

    def move(self, delta: int | None, end: bool = False) -> None:
        hand = self.hand()
        if not hand:
            self.say(_("Your hand is empty."), "not_allowed")
            return
        if delta is None:
            self.cursor = len(hand) - 1 if end else 0
            cue = "menu_move"
        else:
            wanted = self.cursor + delta
            cue = "menu_move" if 0 <= wanted < len(hand) else "menu_edge"
            self.cursor = max(0, min(len(hand) - 1, wanted))
        self.say_card(cue)

    def say_card(self, cue: str = "menu_move") -> None:
        hand = self.hand()
        card = hand[self.cursor]
        if self.game == "cardavia":
            count = sum(1 for other in hand if other.rank == card.rank)
            text = cardavia_info.card_text(card, count, card in self.selected)
        else:
            text = _("{card}, {position} of {total}").format(
                card=card_name(card), position=self.cursor + 1, total=len(hand)
            )
        self.say(text, cue)

    def key_left(self) -> None:
        self.move(-1)

    def key_right(self) -> None:
        self.move(1)

    def key_home(self) -> None:
        self.move(None)

    def key_end(self) -> None:
        self.move(None, end=True)

    def card_moves(self) -> list[Action]:
        """Legal moves in Tab order: Cardavia's plays as the terminal orders them, else the
        moves with a card in hand order."""
        if self.game == "cardavia":
            first = bool(self.view.first_play)
            found = {}
            for action in self.legal:
                if action.kind == "play":
                    combination = classify(action.cards, first_play=first)
                    if combination is not None:
                        found[combination] = action
            return [found[combination] for combination in ordered_plays(list(found))]
        return [action for action in self.legal if len(action.cards) == 1]

    def key_tab(self, back: bool = False) -> None:
        moves = self.card_moves()
        if not moves:
            if self.game == "cardavia" and self.my_turn():
                self.say(_("You cannot beat the play on the table: P passes."), "not_allowed")
            else:
                self.say(_("Nothing to choose now."), "not_allowed")
            return
        if self.step < 0 or self.step >= len(moves):
            self.step = len(moves) - 1 if back else 0
        else:
            self.step = (self.step + (-1 if back else 1)) % len(moves)
        action = moves[self.step]
        hand = self.hand()
        if self.game == "cardavia":
            self.selected = list(action.cards)
            combination = classify(action.cards, first_play=bool(self.view.first_play))
            words = combination_name(combination) if combination else str(action)
        else:
            if action.cards[0] in hand:
                self.cursor = hand.index(action.cards[0])
            words = card_name(action.cards[0])
        self.say(
            _("{combination}, {position} of {total}").format(
                combination=words, position=self.step + 1, total=len(moves)
            ),
            "menu_move",
        )

    def key_s_tab(self) -> None:
        self.key_tab(back=True)

    def key_space(self) -> Intent | None:
        if self.game == "battle":
            return self.key_enter()
        if self.game == "scientific":
            return self.key_enter()
        if self.deal_over_with_more():
            return ("next_deal", None)
        if not self.my_turn():
            return ("hurry", None)
        hand = self.hand()
        if not hand:
            self.say(_("Your hand is empty."), "not_allowed")
            return None
        card = hand[self.cursor]
        if card in self.selected:
            self.selected.remove(card)
            self.say(_("{card} unselected.").format(card=card_name(card)))
            return None
        self.selected.append(card)
        combination = selection_combination(self.selected, bool(self.view.first_play))
        if len(self.selected) == 1:
            text = _("{card} selected.")
        elif combination is not None:
            text = _("{card} selected: {combination}.")
        else:
            text = _("{card} selected: {count} cards.")
        words = combination_name(combination) if combination else ""
        self.say(text.format(card=card_name(card), count=len(self.selected),
                             combination=words), "select")  # fmt: skip
        return None

    def key_enter(self) -> Intent | None:
        if self.game == "cardavia":
            if not self.selected:
                self.say(_("Nothing selected."), "not_allowed")
                return None
            return ("act", Action.make("play", self.selected))
        flip = [action for action in self.legal if action.kind == "flip"]
        if flip:
            return ("act", flip[0])
        hand = self.hand()
        if not hand:
            self.say(_("Nothing to choose now."), "not_allowed")
            return None
        card = hand[self.cursor]
        self.choice = card
        for action in self.legal:
            if action.cards == (card,):
                return ("act", action)
        kind = "face_down" if any(a.kind == "face_down" for a in self.legal) else "play"
        return ("act", Action.make(kind, [card]))  # the table says why it cannot be

    def key_p(self) -> Intent | None:
        if self.game != "cardavia":
            self.say(_("That key does nothing here. F1 lists the keys."), "not_allowed")
            return None
        return ("act", Action("pass"))

    def key_backspace(self) -> None:
        if not self.selected:
            self.say(_("Nothing selected."))
            return
        self.selected = []
        self.step = -1
        self.say(_("Selection cleared."), "back")

    def key_s(self) -> Intent | None:
        if self.game != "scientific":
            self.say(_("That key does nothing here. F1 lists the keys."), "not_allowed")
            return None
        return ("act", Action("exchange"))

    def key_c(self) -> None:
        if self.game == "cardavia":
            view = self.view
            to_beat = None if view.table is None else view.table[1]
            combination = selection_combination(self.selected, bool(view.first_play))
            self.say(cardavia_info.selection_text(self.selected, combination, to_beat))
        elif self.game == "scientific":
            self.say(scientific_info.seer_text(self.view, self.seats))
        else:
            self.say(_("That key does nothing here. F1 lists the keys."), "not_allowed")

    def key_t(self) -> None:
        if self.game == "cardavia":
            self.say(cardavia_info.turn_text(self.view, self.seats))
        elif self.game == "scientific":
            self.say(scientific_info.choices_text(self.view, self.seats))
        else:
            self.say(self.awaiting_text())

    def key_e(self) -> None:
        if self.game == "cardavia":
            self.say(cardavia_info.cards_left_text(self.view, self.seats))
        elif self.game == "scientific":
            self.say(scientific_info.owned_text(self.view, self.seats))
        else:
            self.say(self.owned_text())

    def key_l(self) -> None:
        self.info("cardavia", lambda: cardavia_info.table_text(self.view, self.seats))

    def key_m(self) -> None:
        self.info("cardavia", lambda: cardavia_info.high_cards_text(self.view))

    def key_r(self) -> None:
        if self.game == "scientific":
            self.say(scientific_info.rules_text(self.view, self.seats))
        else:
            self.info("cardavia", lambda: cardavia_info.round_text(self.view, self.seats))

    def key_w(self) -> None:
        if self.game == "cardavia":
            self.say(cardavia_info.hand_text(self.hand()))
        elif self.game == "scientific":
            self.say(scientific_info.hand_text(self.view))
        else:
            self.say(", ".join(card_name(card) for card in self.hand()) or _("Your hand is empty."))

    def info(self, game: str, text: Callable[[], str]) -> None:
        if self.game != game:
            self.say(_("That key does nothing here. F1 lists the keys."), "not_allowed")
        else:
            self.say(text())
