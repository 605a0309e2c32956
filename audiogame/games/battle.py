"""Battaglia (War), registered with the front end: setup, cues, practice."""

from __future__ import annotations

from audiogame.catalog import (
    LEVEL,
    SEED,
    GameEntry,
    cards_text,
    players_option,
    spec_option,
    tricks_text,
    yes_no,
)
from audiogame.i18n import N_

_CODE_FIELDS = (
    ("players", (2, 3, 4, 5, 6)),
    ("deck", (52, 32)),
    ("face_down", (True, False)),
    ("open", (False, True)),
    ("trick_limit", (100, 200, 500, 1000, 2000, 5000)),
)
"""Its setup in deal codes, frozen (the same in versions 1 and 2)."""


ENTRY = GameEntry(
    "battle",
    N_("Battaglia (War)"),
    (
        players_option("battle"),
        spec_option("battle", "deck", N_("Deck"), "--deck", cards_text,
                    N_("52 cards, or 32 from the seven up")),
        spec_option("battle", "face_down", N_("Face-down card in a war"), "--no-face-down",
                    yes_no, N_("play without the face-down card in a war (senza incognita)")),
        spec_option("battle", "open", N_("Open war: choose your cards"), "--open", yes_no,
                    N_("hold your cards and choose which to play")),
        spec_option("battle", "trick_limit", N_("Trick limit"), "--trick-limit", tricks_text,
                    N_("after this many tricks the player with most cards wins"),
                    steps=(100, 200, 500, 1000, 2000, 5000)),
        LEVEL,
        SEED,
    ),
    short_title=N_("Battaglia"),
    cues={"set_aside": "set_aside", "face_down_laid": "face_down_laid"},
    practice=(
        "reveal", "war", "trick_won", "choice_made", "face_down_laid", "pile_taken_up",
        "set_aside", "eliminated", "trick_limit",
    ),
    meanings={
        "set_aside": N_("Leftover cards are set aside"),
        "face_down_laid": N_("Open war: the face-down cards are down, choose the face-up card"),
    },
    hint_play="audiogame.words.hints.rank_play",
    information="audiogame.presenters.battle_keys.information",
    watching="audiogame.presenters.battle_keys.watching",
    code_id=0,
    code_fields={1: _CODE_FIELDS, 2: _CODE_FIELDS},
)  # fmt: skip
