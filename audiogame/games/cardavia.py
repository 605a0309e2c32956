"""Cardavia, registered with the front end: setup, cues, practice, hints."""

from __future__ import annotations

from typing import Any

from audiogame.catalog import LEVEL, SEED, GameEntry, PlayerOption, deals_text, spec_option
from audiogame.i18n import N_


def _few_cards(event: Any, listener: int | None) -> str:
    return "last_card" if event.count == 1 else "few_cards"


ENTRY = GameEntry(
    "cardavia",
    N_("Cardavia"),
    (
        spec_option("cardavia", "deals", N_("Deals in the match"), "--deals", deals_text,
                    N_("several deals keep running totals")),
        LEVEL,
        SEED,
    ),
    short_title=N_("Cardavia"),
    cues={
        "deal_started": "deal_started",
        "played": "played",
        "bomb": "bomb",
        "celestial_bomb": "celestial_bomb",
        "passed": "passed",
        "new_round": "new_round",
        "few_cards": "few_cards",
        "bomb_bonus": "bomb_bonus",
        "settlement": "settlement",
    },
    cue_variants={"few_cards": (("few_cards", "last_card"), _few_cards)},
    practice=(
        "deal_started", "played", "passed", "new_round", "bomb", "celestial_bomb", "bomb_bonus",
        "few_cards", "last_card", "settlement",
    ),
    meanings={
        "deal_started": N_("The cards are dealt"),
        "played": N_("A player plays"),
        "passed": N_("A player passes"),
        "new_round": N_("A new round: the last player to play leads"),
        "bomb": N_("A bomb"),
        "celestial_bomb": N_("The celestial bomb: the four 3s played first"),
        "bomb_bonus": N_("A bomb scores its bonus"),
        "few_cards": N_("A player has two cards left"),
        "last_card": N_("A player has one card left"),
        "settlement": N_("The scores of the deal are settled"),
    },
    not_emitted=frozenset(
        {"reveal", "war", "trick_won", "pile_taken_up", "choice_made", "trick_limit", "eliminated"}
    ),
    hint_play="audiogame.words.hints.cardavia_play",
    hint_reason="audiogame.words.hints.cardavia_reason",
    information="audiogame.presenters.cardavia_keys.information",
    watching="audiogame.presenters.cardavia_keys.watching",
    match=True,
    paced=True,
    player_options=(PlayerOption(N_("Automatic pass in Cardavia"), "auto_pass"),),
    code_id=2,
    code_fields={1: (("deals", (1, 3, 5, 10)),), 2: (("deals", tuple(range(1, 21))),)},
)  # fmt: skip
