"""The keys of the Battaglia table, classic and open, as F1 says them; the table does the rest."""

from __future__ import annotations

from typing import Protocol

from audiogame.app.actions import INFORMATION, MOVING
from audiogame.app.screen import ENTER, Command
from audiogame.i18n import N_
from audiogame.presenters.hints import hint_key


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


# Ranks a letter or digit jumps to in the open hand (0 is the ten).
JUMP_KEYS: dict[str, int] = {
    **{str(rank): rank for rank in range(2, 10)},
    "0": 10,
    "j": 11,
    "q": 12,
    "k": 13,
    "a": 14,
}


def table_commands(table: BattleTable) -> list[Command]:
    """The table's own actions (the shared ones come from the table screen)."""
    if table.open:
        play = [
            Command(("left", "right"), N_("move through your hand."), table.move, "move", MOVING),
            Command(
                ("home", "end"), N_("your lowest and highest card."), table.move, "ends", MOVING
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
            Command(("w",), N_("the cards in your hand."), table.say_hand, "hand", INFORMATION),
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
            Command(
                ("w",), N_("your stock and your won pile."), table.say_hand, "hand", INFORMATION
            ),
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
        Command(("e",), N_("how many cards each player owns."), table.say_owned, "counts",
                INFORMATION),
    ]  # fmt: skip
