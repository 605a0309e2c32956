"""The one map from what happens to what is heard: event kind -> cue name, plus the program's
own cues. A new event kind without a cue fails ``tests/test_sound_cues.py``.

Most kinds have one cue (:data:`EVENT_CUES`). A few sound different depending on the event
(:data:`EVENT_VARIANTS`): the end of the game is a win, a loss or a draw *for the listener*; a
power, a revolution and "few cards" say which one. :func:`cue_for` chooses.

>>> from engine.events import GameOver, War
>>> cue_for(War(seats=(0, 2), rank=12, pot=4))
'war'
>>> cue_for(GameOver(winners=(1,), reason="all_cards", scores=(0, 52)), listener=0)
'game_lost'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

EVENT_CUES: dict[str, str] = {
    # shared (engine/events.py)
    "reveal": "reveal",
    "trick_won": "trick_won",
    "war": "war",
    "pile_taken_up": "pile_taken_up",
    "choice_made": "choice_made",
    "eliminated": "eliminated",
    "trick_limit": "trick_limit",
    "game_over": "game_over",
    # Battaglia
    "set_aside": "set_aside",
    "face_down_laid": "face_down_laid",
    # Scientific Battle
    "seer_turn": "seer_turn",
    "revolution": "revolution",
    "jacks_cancel": "jacks_cancel",
    "joker_cancels_war": "joker_cancels_war",
    "joker_forces_war": "joker_forces_war",
    "jokers_cancel": "jokers_cancel",
    "power_gained": "power_seer",
    "exchanged": "exchanged",
    # Cardavia
    "deal_started": "deal_started",
    "played": "played",
    "bomb": "bomb",
    "celestial_bomb": "celestial_bomb",
    "passed": "passed",
    "new_round": "new_round",
    "few_cards": "few_cards",
    "bomb_bonus": "bomb_bonus",
    "settlement": "settlement",
}
"""Every event kind -> its cue (the default one where :data:`EVENT_VARIANTS` has more)."""

UI_CUES: tuple[str, ...] = (
    "menu_move",
    "menu_edge",
    "select",
    "back",
    "your_turn",
    "not_allowed",
    "answer_right",
    "answer_wrong",
    "game_won",
    "game_lost",
    "game_drawn",
    "game_over",
)
"""Cues the program plays by itself: menus, refusals, the quiz, and the end of a game."""


def _game_over(event: Any, listener: int | None) -> str:
    if listener is None:
        return "game_over"
    if listener not in event.winners:
        return "game_lost"
    return "game_won" if len(event.winners) == 1 else "game_drawn"


def _power(event: Any, listener: int | None) -> str:
    return {"counting": "power_counting", "exchange": "power_exchange"}.get(
        event.power, "power_seer"
    )


def _revolution(event: Any, listener: int | None) -> str:
    # ``reversed`` is the new order: True when 2 is now the highest card.
    return "revolution" if event.reversed else "revolution_back"


def _few_cards(event: Any, listener: int | None) -> str:
    return "last_card" if event.count == 1 else "few_cards"


EVENT_VARIANTS: dict[str, tuple[tuple[str, ...], Callable[[Any, int | None], str]]] = {
    "game_over": (("game_won", "game_lost", "game_drawn", "game_over"), _game_over),
    "power_gained": (("power_seer", "power_counting", "power_exchange"), _power),
    "revolution": (("revolution", "revolution_back"), _revolution),
    "few_cards": (("few_cards", "last_card"), _few_cards),
}
"""Kinds whose cue depends on the event: every cue it can give, and the chooser."""


def cue_for(event: Any, listener: int | None = 0) -> str:
    """The cue for ``event`` heard by seat ``listener`` (``None``: nobody at the table plays,
    e.g. computer players only). An unknown kind gives ``""``: play nothing."""
    kind = getattr(event, "kind", "")
    if kind in EVENT_VARIANTS:
        return EVENT_VARIANTS[kind][1](event, listener)
    return EVENT_CUES.get(kind, "")


def event_seat(event: Any) -> int | None:
    """The one seat that caused ``event`` (its sound comes from there), or ``None``.

    Events of several seats at once (a war, a reveal, a revolution) sound from the middle."""
    for name in ("seat", "leader"):
        seat = getattr(event, name, None)
        if isinstance(seat, int) and not isinstance(seat, bool):
            return seat
    return None


def all_cue_names() -> tuple[str, ...]:
    """Every cue the program can play, once each (the files that must exist)."""
    names: dict[str, None] = dict.fromkeys(UI_CUES)
    for kind, cue in EVENT_CUES.items():
        names[cue] = None
        if kind in EVENT_VARIANTS:
            names.update(dict.fromkeys(EVENT_VARIANTS[kind][0]))
    return tuple(names)
