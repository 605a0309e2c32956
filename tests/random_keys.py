"""Random keys through the real program: menus, every table, practice, options, the pause
menu, F keys, typing. After each burst of keys the engine's invariants are checked at every
table open (each card exactly once, someone awaited until the end); now and then Escape is
pressed until it leads back to the main menu. Used by the tests (10,000 keys) and by
``bench/random_keys.py`` (100,000 and more).

The keys go straight to the program's dispatch, as its key handler sends them (the terminal's
byte sequences are tested elsewhere): no timing between keys, and an error stops the run with
its traceback. The program's loop runs meanwhile, so timers (computer players, automatic play)
and saving happen between bursts, at a pace of zero.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prompt_toolkit.input import create_pipe_input

from audiogame.app.menus import MainMenu, PauseMenu
from audiogame.online.client import Link, LinkError
from audiogame.presenters.table_screen import TableScreen
from audiogame.settings import Settings
from audiogame.testing import Session, local_table, make_session, opening
from engine.cards import Card

ENTER, TAB, BACKSPACE = "c-m", "c-i", "c-h"
WEIGHTED_KEYS: dict[str, int] = {
    ENTER: 14, " ": 10, "down": 8, "up": 5, "left": 6, "right": 6, "home": 2, "end": 2,
    "escape": 5, TAB: 4, BACKSPACE: 2, "s-tab": 1, "c-r": 1,
    "f1": 1, "f2": 1, "f3": 1, "f4": 1, "pageup": 1, "pagedown": 1, "c-home": 1, "c-end": 1,
    **{letter: 1 for letter in "abcdehjklmnpqrstwxz"},
    **{digit: 1 for digit in "0123456789"},
    "D": 1, "P": 1, "*": 1, "?": 1, "à": 1,
}  # fmt: skip
KEYS = list(WEIGHTED_KEYS)
WEIGHTS = list(WEIGHTED_KEYS.values())
# At a table the player mostly plays: fewer Escapes, so that games get deep before they end.
AT_TABLE = {**WEIGHTED_KEYS, "escape": 1, ENTER: 20, " ": 16, TAB: 8, "n": 8}  # N: others play
TABLE_WEIGHTS = [AT_TABLE[key] for key in KEYS]
BURST = 25
SESSION_KEYS = 2000
"""A new program after this many keys (if the player has not quit before), starting in turn
at the main menu, at each table with random options, and in practice."""
STARTS: tuple[str | None, ...] = (None, "battle", "scientific", "cardavia", "practice", "options")
"""Where each run of the program starts, in turn (the main menu, a game's table under its setup,
the practice menu, the options): every part of the program is reached by construction, and the
random keys go on from there."""
ESCAPE_EVERY = 1000
ESCAPE_LIMIT = 12


@dataclass
class Report:
    """What a run went through."""

    keys: int = 0
    sessions: int = 0
    moves: dict[str, int] = field(default_factory=Counter)
    screens: set[str] = field(default_factory=set)
    escapes: int = 0
    seconds: float = 0.0
    save_writes: int = 0


class InvariantError(AssertionError):
    """The engine was left in a state the rules forbid."""


def check_table(table: TableScreen, decks: dict[int, tuple[Any, Counter[Card]]]) -> None:
    """Every card of the deal exactly once, and someone awaited while the game is not over."""
    state = local_table(table).state
    counted: Counter[Card] = Counter()
    for cards in state.zones().values():
        counted.update(cards)
    # The state is kept with its deck, so that its id is never reused by another state.
    _, deck = decks.setdefault(id(state), (state, counted))
    if counted != deck or any(n != 1 for n in counted.values()):
        raise InvariantError(f"{table.game}: cards were created, lost or doubled")
    if not state.is_over and not state.to_act():
        raise InvariantError(f"{table.game}: nobody is awaited in a game that is not over")


def escape_home(session: Session) -> int:
    """Escape until the main menu; from a game's pause menu (where Escape resumes the game),
    its last item. Returns the keys pressed; fails if the main menu is never reached."""
    app = session.app
    for pressed in range(1, ESCAPE_LIMIT + 1):
        app.dispatch("escape")
        if isinstance(app.top, MainMenu):
            return pressed
        if isinstance(app.top, PauseMenu):
            app.dispatch("end")
            app.dispatch(ENTER)
            if not isinstance(app.top, MainMenu):
                raise AssertionError("Quit to the main menu did not reach the main menu")
            return pressed + 2
    raise AssertionError(f"Escape never led back to the main menu; stuck at {app.top!r}")


def random_setup(rng: random.Random, game: str) -> dict[str, Any]:
    """Random values for each option of ``game``'s setup."""
    from audiogame.catalog import game_entry

    return {
        option.key: rng.randrange(1, 10**6) if option.is_seed else rng.choice(option.values)
        for option in game_entry(game).options
    }


def first_screens(session: Session, start: str | None, rng: random.Random) -> list[Any]:
    app = session.app
    if start == "practice":
        from audiogame.practice import practice_screens

        return practice_screens(app)
    if start == "options":
        from audiogame.app.menus import MainMenu
        from audiogame.app.options import OptionsMenu

        return [MainMenu(app), OptionsMenu(app)]
    if start is None:
        return opening(app, None, {})  # with the resume offer when a game was left
    from audiogame.app.menus import start_screens

    return start_screens(app, start, random_setup(rng, start))


async def _session_run(
    rng: random.Random,
    keys: int,
    folder: Path,
    report: Report,
    decks: dict[int, tuple[Any, Counter[Card]]],
    start: str | None,
) -> int:
    """One program run until ``keys`` are pressed or the player quits; the keys pressed."""
    settings = Settings(language=rng.choice(["en", "it"]), pace=0.0)
    with create_pipe_input() as pipe:
        session = make_session(
            input=pipe, settings=settings, language=settings.language,
            config_dir=folder / "config", data_dir=folder / "data",
        )  # fmt: skip
        app = session.app

        # Every timer of the program (the pace, automatic play, the options' pace as the keys
        # set it) is due at the next turn of the loop, not after real seconds: the keys then
        # take the same path whatever the machine's speed or load.
        def at_next_turn(delay: float, callback: Callable[[], None]) -> asyncio.Handle | None:
            return (
                asyncio.get_running_loop().call_soon(app._as_turn(callback))
                if app.running
                else None
            )

        # A Handle where the program keeps a TimerHandle: the program only cancels it.
        app.call_later = at_next_turn  # type: ignore[method-assign,assignment]
        app.start(first_screens(session, start, rng))
        task = asyncio.ensure_future(app.run_async())
        await asyncio.sleep(0)
        pressed = 0
        while pressed < keys and app.stack:
            weights = TABLE_WEIGHTS if isinstance(app.top, TableScreen) else WEIGHTS
            for key in rng.choices(KEYS, weights, k=BURST):
                app.dispatch(key)
                pressed += 1
                if not app.stack:
                    break
                report.screens.add(type(app.top).__name__)
            if app.failure is not None:
                raise app.failure
            await asyncio.sleep(0)  # timers due now and the save run here
            await asyncio.sleep(0)
            for screen in app.stack:
                if isinstance(screen, TableScreen):
                    check_table(screen, decks)
                    report.moves[screen.game] = max(
                        report.moves[screen.game], len(local_table(screen).record.moves)
                    )
            if (
                app.stack
                and (report.keys + pressed) // ESCAPE_EVERY
                != (report.keys + pressed - BURST) // ESCAPE_EVERY
            ):
                pressed += escape_home(session)
                report.escapes += 1
        if app.autosave is not None:
            report.save_writes += app.autosave.writes
        if app.stack:
            app.quit()
        await task
        if app.failure is not None:
            raise app.failure
        return pressed


def run(keys: int, seed: int, folder: Path, session_keys: int = SESSION_KEYS) -> Report:
    """Press ``keys`` random keys (a new program each time the player quits, or after
    ``session_keys`` keys, starting at the next of :data:`STARTS`)."""
    rng = random.Random(seed)
    report = Report()
    decks: dict[int, tuple[Any, Counter[Card]]] = {}
    began = time.perf_counter()
    real_open = Link.open
    Link.open = _no_server  # type: ignore[method-assign]
    try:
        while report.keys < keys:
            start = STARTS[report.sessions % len(STARTS)]
            report.sessions += 1
            budget = min(session_keys, keys - report.keys)
            report.keys += asyncio.run(_session_run(rng, budget, folder, report, decks, start))
    finally:
        Link.open = real_open  # type: ignore[method-assign]
    report.seconds = time.perf_counter() - began
    return report


async def _no_server(self: Link, token: str | None = None) -> dict[str, Any]:
    """Play online's Connect answered at once, whatever the machine's speed: no server there
    (a real attempt took a number of keys that depended on the load, and so did every path the
    keys took after it)."""
    raise LinkError("unreachable", "no server in the random-keys run")
