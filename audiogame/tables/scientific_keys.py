"""The keys of the Battaglia scientifica table, as F1 says them; the table does the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING

from audiogame.app.screen import ENTER, Command
from audiogame.i18n import N_
from audiogame.tables.hints import hint_key

if TYPE_CHECKING:
    from audiogame.tables.scientific import ScientificTable

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
    """The table's own keys (the shared ones come from the table screen)."""
    return [
        Command(
            ("left", "right"), N_("Left and Right arrows: move through your hand."), table.move
        ),
        Command(("home", "end"), N_("Home and End: first and last card of your hand."), table.move),
        Command((), N_("2 to 9, 0 for ten, J, Q, K, A: jump to a card of that rank."), table.move),
        Command((), N_("X or asterisk: jump to your joker."), table.move),
        Command(
            (ENTER,),
            N_("Enter: choose the card you are on; again to change until all have chosen."),
            table.choose,
        ),
        Command(
            ("s",),
            N_("S: swap your hand and your won pile, when an eight offers it."),
            table.swap,
        ),
        Command(
            ("r",), N_("R: the rules in force: order, cards on the table, powers."), table.tell
        ),
        Command(("t",), N_("T: who has chosen and who has still to choose."), table.tell),
        Command(
            ("e",),
            N_("E: cards owned by each player; with the power of a three, cards in hand."),
            table.tell,
        ),
        Command(
            ("c",),
            N_("C: the cards the others have chosen, while you are the seer."),
            table.tell,
        ),
        Command(("w",), N_("W: the cards in your hand and your won pile."), table.tell),
        Command(
            ("h", "?"),
            N_(
                "H or question mark: a hint, what a strong player would choose in your place "
                "and why."
            ),
            lambda key: hint_key(table).say(key),
        ),
    ]
