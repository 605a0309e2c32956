"""The keys of the Battaglia scientifica table, as F1 says them; the table does the rest.

R, E, C and W tell the position from the player's view alone (SB-16, :func:`information`): a
replay of the game answers them too, with the same words. A spectator has them too, with T
where the game stands (:func:`watching`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from audiogame.app.actions import INFORMATION, MOVING
from audiogame.app.screen import ENTER, Command
from audiogame.i18n import N_
from audiogame.presenters import scientific_info as info
from audiogame.presenters.battle_keys import HAND_STEPS
from audiogame.presenters.hints import hint_key
from audiogame.presenters.info_keys import InfoKey
from audiogame.words.seats import Seats
from engine.scientific.view import ScientificView


class ScientificTable(Protocol):
    """The table screen as its keys use it
    (:class:`audiogame.presenters.scientific.ScientificTable`, which imports this module: this
    one names what it needs of it instead)."""

    def move(self, key: str) -> None: ...

    def jump_key(self, key: str) -> None: ...

    def choose(self, key: str = "") -> None: ...

    def swap(self, key: str = "") -> None: ...

    def say_choices(self, key: str = "") -> None: ...

    def tell(self, info_key: InfoKey[ScientificView]) -> None: ...


def _hand(view: ScientificView, seats: Seats) -> str:
    if seats.me is None:  # a spectator sees no hand: the cards each player owns
        return info.owned_text(view, seats)
    return info.hand_text(view)


RULES = InfoKey(
    "rules_now",
    ("r",),
    N_("the rules in force: order, cards on the table, powers."),
    info.rules_text,
)
COUNTS = InfoKey(
    "counts",
    ("e",),
    N_("how many cards each player owns; with the power of a three, how many each holds in hand."),
    info.owned_text,
)
SEER = InfoKey(
    "seer", ("c",), N_("the cards the others have chosen, while you are the seer."), info.seer_text
)
HAND = InfoKey("hand", ("w",), N_("the cards in your hand and your won pile."), _hand,
               N_("how many cards each player owns."))  # fmt: skip
STANDING = InfoKey(
    "choices",
    ("t",),
    N_("where the game stands: the trick, who has still to choose, the rules in force, the "
       "cards each owns."),
    info.standing_text,
)  # fmt: skip


def information(config: Mapping[str, Any]) -> tuple[InfoKey[ScientificView], ...]:
    """The keys of the table that tell the position from a view, in F1's order."""
    return (RULES, COUNTS, SEER, HAND)


def watching(config: Mapping[str, Any]) -> tuple[InfoKey[ScientificView], ...]:
    """A spectator's keys: T where the game stands (said on arriving), then the table's."""
    return (STANDING, RULES, COUNTS, SEER, HAND)


JUMP_KEYS: dict[str, int | None] = {
    **{str(rank): rank for rank in range(2, 10)},
    "0": 10,
    "j": 11,
    "q": 12,
    "k": 13,
    "a": 14,
    "x": None,  # the joker
    "*": None,
}


def table_commands(table: ScientificTable) -> list[Command]:
    """The table's own actions (the shared ones come from the table screen)."""
    return [
        Command(("left", "right"), N_("move through your hand."), table.move, "move", MOVING,
                each=HAND_STEPS),
        Command(("home", "end"), N_("first and last card of your hand."), table.move, "ends",
                MOVING, each=(N_("first card of your hand."), N_("last card of your hand."))),
        Command(tuple(k for k in JUMP_KEYS if JUMP_KEYS[k] is not None),
                N_("the first card of that rank; again, the next one."), table.jump_key, "jump",
                MOVING, keys_text=N_("2 to 9, 0 for ten, J, Q, K, A")),
        Command(("x", "*"), N_("your joker."), table.jump_key, "joker", MOVING),
        Command((ENTER,), N_("choose the card you are on; again on another card to change, "
                             "until all have chosen."), table.choose, "choose"),
        Command(("s",), N_("swap your hand and your won pile, when an eight offers it; "
                           "choosing a card declines it."),
                table.swap, "swap"),
        Command(("u",), N_("take the last hint: the cursor goes to its card."),
                lambda key: hint_key(table).take(key), "take_hint"),
        RULES.command(lambda key: table.tell(RULES)),
        Command(("t",), N_("who has chosen and who has still to choose."), table.say_choices,
                "choices", INFORMATION),
        COUNTS.command(lambda key: table.tell(COUNTS)),
        SEER.command(lambda key: table.tell(SEER)),
        HAND.command(lambda key: table.tell(HAND)),
        Command(("h", "?"), N_("a hint: what a strong player would choose in your place, and "
                               "why."), lambda key: hint_key(table).say(key), "hint",
                INFORMATION),
    ]  # fmt: skip
