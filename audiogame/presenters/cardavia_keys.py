"""The keys of the Cardavia table: the list F1 reads, and the keys that work on the hand
(moving, selecting, reading and clearing the selection, Tab through the legal plays).

Tab replaces the selection with the play stepped to, and Space changes it card by card, so
Enter always has one meaning: play the selected cards.

L, E, R, M and W tell the position from the player's view alone (:func:`information`): a
replay of the game answers them too, with the same words. A spectator has them too, with T
where the deal stands and S the scores (:func:`watching`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from audiogame.app.actions import INFORMATION, MOVING
from audiogame.app.screen import BACKSPACE, ENTER, TAB, Command
from audiogame.i18n import N_, _
from audiogame.presenters import cardavia_info as info
from audiogame.presenters.battle_keys import HAND_ENDS, HAND_STEPS
from audiogame.presenters.cardavia_hand import ordered_plays, selection_combination
from audiogame.presenters.hints import hint_key
from audiogame.presenters.info_keys import InfoKey
from audiogame.presenters.rank_letters import JUMP_KEYS
from audiogame.words.cardavia import score_list
from audiogame.words.cardavia_names import combination_name
from audiogame.words.cards import card_name, rank_name
from audiogame.words.seats import HUMAN, Seats, capitalize
from engine.cardavia import classify
from engine.cardavia.combination import Combination
from engine.cardavia.view import CardaviaView

if TYPE_CHECKING:
    from audiogame.app.host import Host
    from audiogame.presenters.cardavia_hand import HandCursor
    from audiogame.presenters.cardavia_match import Match
    from audiogame.table.seat import SeatState


class CardaviaTable(Protocol):
    """The table screen as its keys use it (:class:`audiogame.presenters.cardavia.CardaviaTable`,
    which imports this module: this one names what it needs of it instead)."""

    hand_keys: HandKeys
    match: Match
    state: SeatState

    @property
    def app(self) -> Host: ...

    @property
    def view(self) -> CardaviaView: ...

    @property
    def hand(self) -> HandCursor: ...

    def may_act(self) -> bool: ...

    def space(self, key: str = "") -> None: ...

    def enter_key(self, key: str = "") -> None: ...

    def pass_turn(self, key: str = "") -> None: ...

    def hurry_key(self, key: str = "") -> None: ...

    def say_info(self, key: str) -> None: ...

    def say_scores(self, key: str = "") -> None: ...

    def tell(self, info_key: InfoKey[CardaviaView]) -> None: ...

    def say_edge(self, last: bool, card: str) -> None: ...

    def common_commands(self) -> list[Command]: ...


BACKTAB = "s-tab"  # Shift+Tab, as prompt_toolkit names it


def letter(key: str) -> tuple[str, str]:
    """A letter key, typed with or without Shift."""
    return (key, key.upper())


def _high_cards(view: CardaviaView, seats: Seats) -> str:
    return info.high_cards_text(view, seats)


def _hand(view: CardaviaView, seats: Seats) -> str:
    if seats.me is None:  # a spectator holds no hand: the cards each player holds
        return info.cards_left_text(view, seats)
    return info.hand_text(view.hand)


def _bonuses(view: CardaviaView, seats: Seats) -> str:
    if any(view.bonuses):
        return _("Bomb bonuses this deal: {scores}.").format(scores=score_list(view.bonuses, seats))
    return _("No bomb bonus yet this deal.")


TABLE = InfoKey("table", letter("l"), N_("the play on the table and who made it."), info.table_text)
COUNTS = InfoKey("counts", letter("e"), N_("the cards left to each player."), info.cards_left_text)
ROUND = InfoKey("round", letter("r"), N_("the plays of this round."), info.round_text)
HIGH_CARDS = InfoKey(
    "high_cards",
    letter("m"),
    N_("the high cards played so far: two of spades, aces, kings."),
    _high_cards,
)
HAND = InfoKey("hand", letter("w"), N_("your whole hand, rank by rank."), _hand,
               N_("the cards left to each player."))  # fmt: skip
STANDING = InfoKey(
    "turn",
    letter("t"),
    N_("where the deal stands: the round, the play to beat, whose turn, the cards left."),
    info.standing_text,
)
SCORES_HELP = N_(
    "the scores: bomb bonuses of this deal; once it is over, its settlement line by "
    "line; match totals."
)
BONUSES = InfoKey("scores", letter("s"), SCORES_HELP, _bonuses)
"""S for a spectator: its screen answers it as a player's table does (its match, the deal's
settlement); the words from the view alone are the bonuses of the deal under way."""


def information(config: Mapping[str, Any]) -> tuple[InfoKey[CardaviaView], ...]:
    """The keys of the table that tell the position from a view, in F1's order."""
    return (TABLE, COUNTS, ROUND, HIGH_CARDS, HAND)


def watching(config: Mapping[str, Any]) -> tuple[InfoKey[CardaviaView], ...]:
    """A spectator's keys: T where the deal stands (said on arriving), the table's own, S."""
    return (STANDING, TABLE, COUNTS, BONUSES, ROUND, HIGH_CARDS, HAND)


def table_commands(table: CardaviaTable) -> list[Command]:
    """Every action of the table, in the order F1 reads them within each group."""
    hand = table.hand_keys
    return [
        Command(("left", "right"),
                N_("move through your hand, sorted from three to two; each card says how "
                   "many of its rank you hold."), hand.move, "move", MOVING, each=HAND_STEPS),
        Command(("up", "down"), N_("the next higher or lower rank."), hand.move, "rank", MOVING,
                each=(N_("the next higher rank."), N_("the next lower rank."))),
        Command(("home", "end"), N_("your lowest and highest card."), hand.move, "ends", MOVING,
                each=HAND_ENDS),
        Command(tuple(JUMP_KEYS), N_("the first card of that rank; again, the next one."),
                hand.jump_key, "jump", MOVING, keys_text=N_("2 to 9, 0 for ten, J, Q, K, A")),
        Command((" ",), N_("select or unselect the card you are on."), table.space, "select"),
        Command((TAB, BACKTAB),
                N_("step through every play you can make now; the play you step to becomes "
                   "your selection."), hand.step_play, "plays"),
        Command((ENTER,), N_("play the selected cards. After a deal: the next deal."),
                table.enter_key, "play"),
        Command((BACKSPACE,), N_("clear the selection."), hand.clear_selection, "clear"),
        Command(letter("p"), N_("pass, when you cannot beat the play on the table."),
                table.pass_turn, "pass"),
        Command(letter("n"), N_("while the others are to play: they play at once, up to your "
                                "turn."), table.hurry_key, "hurry"),
        Command(letter("u"), N_("take the last hint: its play becomes your selection."),
                lambda key: hint_key(table).take(key), "take_hint"),
        Command(letter("c"), N_("the selected cards and what they form."), hand.say_selection,
                "selection", INFORMATION),
        Command(letter("t"), N_("the round and whose turn it is."), table.say_info, "turn",
                INFORMATION),
        TABLE.command(lambda key: table.tell(TABLE)),
        COUNTS.command(lambda key: table.tell(COUNTS)),
        Command(letter("s"), SCORES_HELP, table.say_scores, "scores", INFORMATION),
        ROUND.command(lambda key: table.tell(ROUND)),
        HIGH_CARDS.command(lambda key: table.tell(HIGH_CARDS)),
        HAND.command(lambda key: table.tell(HAND)),
        Command((*letter("h"), "?"), N_("a hint: what a strong player would play in your "
                                        "place, and why."),
                lambda key: hint_key(table).say(key) if table.may_act() else None, "hint",
                INFORMATION),
        *table.common_commands(),
    ]  # fmt: skip


class HandKeys:
    """What the keys on the hand do and say at ``table``."""

    def __init__(self, table: CardaviaTable) -> None:
        self.table = table
        self._plays: tuple[tuple[int, int], list[Combination]] | None = None
        self._index = -1

    @property
    def app(self) -> Host:
        return self.table.app

    def move(self, key: str) -> None:
        """Arrows, Home and End."""
        hand = self.table.hand
        if hand.card is None:
            self.app.refuse(_("Your hand is empty."))
            return
        if key in ("home", "end"):
            hand.to_end(key == "end")
        elif key in ("left", "right"):
            if not hand.move(1 if key == "right" else -1):
                card = hand.card
                text = info.card_text(card, hand.count(card.rank), card in hand.selected)
                self.table.say_edge(key == "right", text)
                return
        elif not hand.jump_rank(1 if key == "up" else -1):
            edge = _("Highest rank.") if key == "up" else _("Lowest rank.")
            self.app.say(edge, cue="menu_edge", record=False)
            return
        self.say_focus()

    def jump_key(self, key: str) -> None:
        self.jump(JUMP_KEYS[key.lower()])

    def jump(self, rank: int) -> None:
        """A digit or J, Q, K, A: the first card of that rank (the next one, pressed again)."""
        if self.table.hand.jump_to(rank):
            self.say_focus()
        else:
            self.app.refuse(capitalize(_("You hold no {rank}.").format(rank=rank_name(rank))))

    def say_focus(self) -> None:
        hand = self.table.hand
        card = hand.card
        if card is not None:
            text = info.card_text(card, hand.count(card.rank), card in hand.selected)
            self.app.say(text, cue="menu_move", record=False)

    def toggle_card(self) -> None:
        """Space on the player's turn: the card in focus in or out of the selection."""
        hand = self.table.hand
        card = hand.card
        if card is None:
            self.app.refuse(_("Your hand is empty."))
            return
        if not hand.toggle():
            self.app.say(_("{card} unselected.").format(card=card_name(card)), record=False)
            return
        cards = hand.selection()
        combination = selection_combination(cards, self.table.view.first_play)
        if len(cards) == 1:
            text = _("{card} selected.")
        elif combination is not None:
            text = _("{card} selected: {combination}.")
        else:
            text = _("{card} selected: {count} cards.")
        words = combination_name(combination) if combination else ""
        self.app.say(
            text.format(card=card_name(card), count=len(cards), combination=words),
            cue="select",
            record=False,
        )

    def say_selection(self, key: str = "") -> None:
        view = self.table.view
        cards = self.table.hand.selection()
        to_beat = None if view.table is None else view.table[1]
        combination = selection_combination(cards, view.first_play)
        self.app.say(info.selection_text(cards, combination, to_beat), record=False)

    def clear_selection(self, key: str = "") -> None:
        hand = self.table.hand
        if not hand.selected:
            self.app.say(_("Nothing selected."), record=False)
            return
        hand.selected.clear()
        self._index = -1
        self.app.say(_("Selection cleared."), cue="back", record=False)

    def legal_plays(self) -> list[Combination]:
        """The player's legal plays now, one per combination, in Tab order (empty: he must
        pass). Kept until something is played or passed."""
        table = self.table
        view = table.view
        version = (table.match.number, len(view.history))
        if self._plays is None or self._plays[0] != version:
            plays = [
                found
                for action in table.state.legal_actions(HUMAN)
                if action.kind == "play"
                and (found := classify(action.cards, first_play=view.first_play)) is not None
            ]
            self._plays = (version, ordered_plays(plays))
            self._index = -1
        return self._plays[1]

    def step_play(self, key: str) -> None:
        """Tab or Shift+Tab: the next or previous legal play becomes the selection."""
        if not self.table.may_act():
            return
        plays = self.legal_plays()
        if not plays:
            self.app.refuse(_("You cannot beat the play on the table: P passes."))
            return
        if self._index < 0:
            self._index = len(plays) - 1 if key == BACKTAB else 0
        else:
            self._index = (self._index + (-1 if key == BACKTAB else 1)) % len(plays)
        play = plays[self._index]
        self.table.hand.select_only(play.cards)
        self.app.say(
            _("{combination}, {position} of {total}").format(
                combination=combination_name(play), position=self._index + 1, total=len(plays)
            ),
            cue="menu_move",
            record=False,
        )
