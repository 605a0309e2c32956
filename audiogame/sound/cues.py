"""The one map from what happens to what is heard: event kind -> cue name, plus the program's
own cues. A new event kind without a cue fails ``tests/test_sound_cues.py``.

Most kinds have one cue (:data:`EVENT_CUES`). A few sound different depending on the event
(:data:`EVENT_VARIANTS`): the end of the game is a win, a loss or a draw *for the listener*; a
power, a revolution and "few cards" say which one. :func:`cue_for` chooses. The events shared
by several games (:mod:`engine.events`) have their cues here; each game's own events have
theirs in its registration (``cues``, ``cue_variants`` of :class:`audiogame.catalog.GameEntry`),
and both maps read every registered game.

>>> from engine.events import GameOver, War
>>> cue_for(War(seats=(0, 2), rank=12, pot=4))
'war'
>>> cue_for(GameOver(winners=(1,), reason="all_cards", scores=(0, 52)), listener=0)
'game_lost'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

SHARED_CUES: dict[str, str] = {
    "reveal": "reveal",
    "trick_won": "trick_won",
    "war": "war",
    "pile_taken_up": "pile_taken_up",
    "choice_made": "choice_made",
    "eliminated": "eliminated",
    "trick_limit": "trick_limit",
    "game_over": "game_over",
}
"""The events shared by several games (``engine/events.py``) -> their cue."""

UI_CUES: tuple[str, ...] = (
    "menu_move",
    "menu_edge",
    "select",
    "back",
    "your_turn",
    "not_allowed",
    "answer_right",
    "answer_wrong",
    "chat",
    "game_won",
    "game_lost",
    "game_drawn",
    "game_over",
)
"""Cues the program plays by itself: menus, refusals, the quiz, the end of a game, and a
message someone at an online table writes."""


Chooser = Callable[[Any, "int | None"], str]
GameCues = tuple[Mapping[str, str], Mapping[str, tuple[tuple[str, ...], Chooser]]]
"""One game's own cues: event kind -> cue, and the kinds whose cue depends on the event."""

_games: Callable[[], Iterable[GameCues]] = tuple


def read_games_from(source: Callable[[], Iterable[GameCues]]) -> None:
    """Where the games' own cues come from, asked afresh each time (a game registered later
    is heard too): :mod:`audiogame.catalog` names itself here when it is imported, so that
    the sound layer never imports the games' registrations."""
    global _games
    _games = source


def outcome_cue(winners: Sequence[int], listener: int | None) -> str:
    """The cue of a game's (or a match's) end as ``listener`` hears it: won, lost, drawn (won
    with others), or plain "game over" for a spectator.

    >>> outcome_cue((0,), 0), outcome_cue((1,), 0), outcome_cue((0, 2), 0), outcome_cue((1,), None)
    ('game_won', 'game_lost', 'game_drawn', 'game_over')
    """
    if listener is None:
        return "game_over"
    if listener not in winners:
        return "game_lost"
    return "game_won" if len(winners) == 1 else "game_drawn"


def _game_over(event: Any, listener: int | None) -> str:
    return outcome_cue(event.winners, listener)


SHARED_VARIANTS: dict[str, tuple[tuple[str, ...], Chooser]] = {
    "game_over": (("game_won", "game_lost", "game_drawn", "game_over"), _game_over),
}


class _EventCues(Mapping[str, str]):
    """Every event kind of every registered game -> its cue (the default one where
    :data:`EVENT_VARIANTS` has more)."""

    def _all(self) -> dict[str, str]:
        found = dict(SHARED_CUES)
        for cues, _variants in _games():
            found.update(cues)
        return found

    def __getitem__(self, kind: str) -> str:
        return self._all()[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


class _EventVariants(Mapping[str, tuple[tuple[str, ...], Chooser]]):
    """Kinds whose cue depends on the event: every cue it can give, and the chooser."""

    def _all(self) -> dict[str, tuple[tuple[str, ...], Chooser]]:
        found = dict(SHARED_VARIANTS)
        for _cues, variants in _games():
            found.update(variants)
        return found

    def __getitem__(self, kind: str) -> tuple[tuple[str, ...], Chooser]:
        return self._all()[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


EVENT_CUES: Mapping[str, str] = _EventCues()
EVENT_VARIANTS: Mapping[str, tuple[tuple[str, ...], Chooser]] = _EventVariants()


def cue_for(event: Any, listener: int | None = 0) -> str:
    """The cue for ``event`` heard by seat ``listener`` (``None``: nobody at the table plays,
    e.g. computer players only). An unknown kind gives ``""``: play nothing."""
    kind = getattr(event, "kind", "")
    variants = EVENT_VARIANTS.get(kind)
    if variants is not None:
        return variants[1](event, listener)
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
    variants = dict(EVENT_VARIANTS)
    for kind, cue in EVENT_CUES.items():
        names[cue] = None
        if kind in variants:
            names.update(dict.fromkeys(variants[kind][0]))
    return tuple(names)
