"""The keys of the Battaglia table, classic and open, as F1 says them; the table does the rest.

W and E tell the position from the player's view alone (:func:`information`): a replay of the
game answers them too, with the same words. A spectator has them too, with T where the game
stands (:func:`watching`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from audiogame.app.actions import INFORMATION, MOVING
from audiogame.app.screen import ENTER, Command
from audiogame.i18n import N_
from audiogame.presenters import battle_info as info
from audiogame.presenters.hints import hint_key
from audiogame.presenters.info_keys import InfoKey
from audiogame.presenters.rank_letters import JUMP_KEYS
from audiogame.words.battle import cards_owned, hand_text
from audiogame.words.seats import Seats
from engine.battle.view import BattleView


class BattleTable(Protocol):
    """The table screen as its keys use it (:class:`audiogame.presenters.battle.BattleTable`, which
    imports this module: this one names what it needs of it instead)."""

    @property
    def open(self) -> bool: ...

    def move(self, key: str) -> None: ...

    def jump_key(self, key: str) -> None: ...

    def play(self, key: str = "") -> None: ...

    def toggle_auto(self, key: str = "") -> None: ...

    def say_hand(self, key: str = "") -> None: ...

    def classic_hint(self, key: str) -> None: ...

    def say_turn(self, key: str = "") -> None: ...

    def say_owned(self, key: str = "") -> None: ...

    def may_finish(self) -> bool: ...

    def finish(self, key: str = "") -> None: ...


HAND_STEPS = (N_("previous card."), N_("next card."))
"""What Left and Right each do in a hand (a page's button says one of them)."""
HAND_ENDS = (N_("your lowest card."), N_("your highest card."))


def _hand(view: BattleView, seats: Seats) -> str:
    if seats.me is None:  # a spectator sees no hand: how many cards each holds and has won
        return info.piles_text(view, seats)
    return hand_text(view, view.open)


HAND = InfoKey("hand", ("w",), N_("the cards in your hand."), _hand,
               N_("how many cards each player holds and has won."))  # fmt: skip
"""W in open war: the hand the player chooses from."""
STOCK = InfoKey("hand", ("w",), N_("your stock and your won pile."), _hand,
                N_("how many cards each player holds and has won."))  # fmt: skip
"""W in classic War: the face-down stock and the won pile."""
COUNTS = InfoKey("counts", ("e",), N_("how many cards each player owns."), cards_owned)
STANDING = InfoKey(
    "turn",
    ("t",),
    N_("where the game stands: the trick, a war, who has still to play, the cards each owns."),
    info.standing_text,
)


def hand_key(open_war: bool) -> InfoKey[BattleView]:
    """W at an open or a classic table."""
    return HAND if open_war else STOCK


def information(config: Mapping[str, Any]) -> tuple[InfoKey[BattleView], ...]:
    """The keys of the table with the setup ``config`` that tell the position from a view."""
    return (hand_key(bool(config.get("open"))), COUNTS)


def watching(config: Mapping[str, Any]) -> tuple[InfoKey[BattleView], ...]:
    """A spectator's keys: T where the game stands (said on arriving), then the table's."""
    return (STANDING, *information(config))


def table_commands(table: BattleTable) -> list[Command]:
    """The table's own actions (the shared ones come from the table screen)."""
    if table.open:
        play = [
            Command(
                ("left", "right"),
                N_("move through your hand."),
                table.move,
                "move",
                MOVING,
                each=HAND_STEPS,
            ),
            Command(
                ("home", "end"),
                N_("your lowest and highest card."),
                table.move,
                "ends",
                MOVING,
                each=HAND_ENDS,
            ),
            Command(
                tuple(JUMP_KEYS),
                N_("the first card of that rank; again, the next one."),
                table.jump_key,
                "jump",
                MOVING,
                keys_text=N_("2 to 9, 0 for ten, J, Q, K, A"),
            ),
            Command((ENTER,), N_("play the card you are on."), table.play, "play"),
            Command(("p",), N_("automatic play on or off."), table.toggle_auto, "auto"),
            Command(
                ("u",),
                N_("take the last hint: the cursor goes to its card."),
                lambda key: hint_key(table).take(key),
                "take_hint",
            ),
            HAND.command(table.say_hand),
            Command(
                ("h", "?"),
                N_("a hint: what a strong player would play in your place, and why."),
                lambda key: hint_key(table).say(key),
                "hint",
                INFORMATION,
            ),
        ]
    else:
        play = [
            Command((" ", ENTER), N_("turn up your card."), table.play, "play"),
            Command(("a", "p"), N_("automatic play on or off."), table.toggle_auto, "auto"),
            STOCK.command(table.say_hand),
            Command(
                ("h", "?"),
                N_("a hint: in classic War there is no choice to make."),
                table.classic_hint,
                "hint",
                INFORMATION,
            ),
        ]
    return [
        *play,
        Command(("t",), N_("whose move it is, and the trick number."), table.say_turn,
                "turn", INFORMATION),
        COUNTS.command(table.say_owned),
        Command(("n",), N_("once you are out of the game: the others finish it at once."),
                table.finish, "finish", enabled=table.may_finish),
    ]  # fmt: skip
