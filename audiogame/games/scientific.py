"""Battaglia scientifica (Scientific Battle), registered with the front end: setup, cues,
practice."""

from __future__ import annotations

from typing import Any

from audiogame.catalog import LEVEL, SEED, GameEntry, players_option, spec_option, tricks_text
from audiogame.i18n import N_


def _power(event: Any, listener: int | None) -> str:
    return {"counting": "power_counting", "exchange": "power_exchange"}.get(
        event.power, "power_seer"
    )


def _revolution(event: Any, listener: int | None) -> str:
    # ``reversed`` is the new order: True when 2 is now the highest card.
    return "revolution" if event.reversed else "revolution_back"


_CODE_FIELDS = (
    ("players", (2, 3, 4, 5, 6, 7, 8)),
    ("trick_limit", (100, 200, 500, 1000, 2000)),
)
"""Its setup in deal codes, frozen (the same in versions 1 and 2)."""


ENTRY = GameEntry(
    "scientific",
    N_("Battaglia scientifica (Scientific Battle)"),
    (
        players_option("scientific"),
        spec_option("scientific", "trick_limit", N_("Trick limit"), "--trick-limit", tricks_text,
                    N_("after this many tricks the player with most cards wins"),
                    steps=(100, 200, 500, 1000, 2000)),
        LEVEL,
        SEED,
    ),
    short_title=N_("Battaglia scientifica"),
    cues={
        "seer_turn": "seer_turn",
        "revolution": "revolution",
        "jacks_cancel": "jacks_cancel",
        "joker_cancels_war": "joker_cancels_war",
        "joker_forces_war": "joker_forces_war",
        "jokers_cancel": "jokers_cancel",
        "power_gained": "power_seer",
        "exchanged": "exchanged",
        "exchange_declined": "choice_made",  # the choice of a card is what declines it
    },
    cue_variants={
        "power_gained": (("power_seer", "power_counting", "power_exchange"), _power),
        "revolution": (("revolution", "revolution_back"), _revolution),
    },
    practice=(
        "choice_made", "reveal", "war", "trick_won", "revolution", "revolution_back",
        "jacks_cancel", "joker_cancels_war", "joker_forces_war", "jokers_cancel", "power_seer",
        "seer_turn", "power_counting", "power_exchange", "exchanged", "pile_taken_up",
        "eliminated", "trick_limit",
    ),
    meanings={
        "revolution": N_("Revolution: the 2 is now the highest card"),
        "revolution_back": N_("Revolution: the ace is the highest card again"),
        "jacks_cancel": N_("The jacks cancel out: the order stays"),
        "joker_cancels_war": N_("A joker cancels the war and takes the cards"),
        "joker_forces_war": N_("A joker forces a war"),
        "jokers_cancel": N_("The jokers cancel each other"),
        "power_seer": N_("Seer power, from a queen"),
        "seer_turn": N_("The seers choose now"),
        "power_counting": N_("Counting power, from a 3"),
        "power_exchange": N_("Exchange power, from an 8"),
        "exchanged": N_("A player swaps his hand and his won pile"),
    },
    not_emitted=frozenset({"set_aside"}),
    information="audiogame.presenters.scientific_keys.information",
    watching="audiogame.presenters.scientific_keys.watching",
    code_id=1,
    code_fields={1: _CODE_FIELDS, 2: _CODE_FIELDS},
)  # fmt: skip
