"""Run as a program (by tests/test_presenter_host.py): the engine, the words and every
presenter imported and played with the standard library alone, as they will run in a browser.

A finder refuses the terminal (prompt_toolkit), the voices (accessible_output2, speechd,
pyttsx3, the speech back ends), the mixers (pygame, sounddevice, numpy) and the terminal
program itself. A whole deal of each game is played from seat 0 through a host that only
writes down what it is asked to say; the words and cues go out as JSON lines, the names the
finder refused last.

:func:`play_heard` plays a game through the same host, its computer players at a pace whose
waits run one at a time (each a turn of its own, as on a page), and gives what was said turn by
turn and event by event (tests/test_short_messages.py).
"""

from __future__ import annotations

import importlib.abc
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

REFUSED = (
    "prompt_toolkit", "accessible_output2", "speechd", "pyttsx3", "pygame", "sounddevice",
    "numpy", "platformdirs", "audiogame.speech", "audiogame.app.application",
    "audiogame.app.display", "audiogame.app.menus",
)  # fmt: skip
asked: list[str] = []


class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if any(name == refused or name.startswith(refused + ".") for refused in REFUSED):
            asked.append(name)
            raise ImportError(f"{name} cannot be imported here")
        return None


class Heard:
    """A narrator that writes down what it is asked to say; in :attr:`turns`, the messages
    kept in the history, turn by turn (a key, a timer) and event by event within a turn."""

    def __init__(self) -> None:
        self.said: list[tuple[str, str | None]] = []
        self.last: str | None = None
        self.turns: list[list[list[str]]] = [[[]]]

    def next_turn(self) -> None:
        self.turns.append([[]])

    def next_event(self) -> None:
        """The words of another event begin (with the table's lines that follow them)."""
        if self.turns[-1][-1]:
            self.turns[-1].append([])

    def say(self, text: str, cue: str | None = None, pan: float = 0.0, record: bool = True) -> None:
        self.said.append((text, cue))
        if text and record:
            self.turns[-1][-1].append(text)

    def cue(self, name: str, pan: float = 0.0) -> None:
        self.said.append(("", name))

    def speak_unrecorded(self, text: str) -> None:
        self.said.append((text, None))

    def new_turn(self) -> None:
        pass

    def clear_history(self) -> None:
        pass


PLAYS = (
    ("battle", {"players": 2, "deck": 32, "seed": 3, "trick_limit": 100}, (" ",)),
    ("scientific", {"players": 2, "seed": 3, "trick_limit": 40}, ("home", "c-m")),
    ("cardavia", {"seed": 11}, ("h", "u", "c-m", "p")),  # the hint, taken, played (or a pass)
)


class Timer:
    """A wait of the paced host (:func:`play_heard`)."""

    def __init__(self, due: float, callback: Callable[[], None]) -> None:
        self.due, self.callback, self.cancelled = due, callback, False

    def cancel(self) -> None:
        self.cancelled = True


def play_heard(
    game: str,
    config: dict[str, Any],
    keys: Callable[[Any], Sequence[str]],
    language: str,
    limit: int = 3000,
) -> list[list[list[str]]]:
    """Play ``game`` set up with ``config`` from seat 0 in ``language``: while a wait of the
    table is due (a computer player's move at the pace of 1 s) it runs, as a turn of its own;
    otherwise the keys ``keys(screen)`` gives are pressed. What was said (kept in the history)
    turn by turn, and within a turn event by event (an event's words and the table's lines
    after them); the opening, before any key, is the first turn."""
    from audiogame import i18n
    from audiogame.app.program import Program
    from audiogame.catalog import game_entry
    from audiogame.settings import Settings
    from audiogame.table.local import InlineExecutor

    class Paced(Program):
        def __init__(self, narrator: Heard) -> None:
            names = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina")
            super().__init__(narrator, Settings(names=names, pace=1.0))
            self.running = True
            self.now = 0.0
            self.timers: list[Timer] = []
            self.thinkers = InlineExecutor()
            self.clock = lambda: self.now

        def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
            timer = Timer(self.now + delay, callback)
            self.timers.append(timer)
            return timer

        def when_running(self, callback: Callable[[], None]) -> None:
            callback()

        def run_timer(self) -> bool:
            due = sorted((t for t in self.timers if not t.cancelled), key=lambda t: t.due)
            if not due:
                self.timers = []
                return False
            self.timers = due[1:]
            self.now = max(self.now, due[0].due)
            narrator.next_turn()
            with self.turn():
                due[0].callback()
            return True

        def dispatch(self, key: str, data: str = "") -> None:
            narrator.next_turn()
            self.now += 1.0  # keys a second apart
            super().dispatch(key, data)

    i18n.set_language(language)
    try:
        narrator = Heard()
        host = Paced(narrator)
        factory = game_entry(game).table_factory()
        assert factory is not None
        screen: Any = factory(host, {"level": "greedy", **config})
        table_words = screen.heard

        def heard(event: Any) -> Any:
            narrator.next_event()
            return table_words(event)

        screen.heard = heard  # each event's words begin a group
        host.push(screen)
        screen.open_table()
        while (not screen.state.is_over or screen.more_deals()) and host.key_count < limit:
            if not host.run_timer():
                for key in keys(screen):
                    host.dispatch(key)
        while host.run_timer():
            pass
        return narrator.turns
    finally:
        i18n.set_language("en")


def main() -> None:
    sys.meta_path.insert(0, Refuse())
    import engine  # noqa: F401
    from audiogame import i18n
    from audiogame.app.program import Program
    from audiogame.catalog import game_entry
    from audiogame.saves import replay  # noqa: F401
    from audiogame.settings import Settings
    from audiogame.table.local import InlineExecutor
    from audiogame.web import seat  # noqa: F401

    i18n.set_language("en")
    for game, config, keys in PLAYS:
        narrator = Heard()
        host = Program(narrator, Settings(names=("Anna", "Bruno"), pace=0))
        host.thinkers = InlineExecutor()

        def clock(host: Program = host) -> float:
            return float(host.key_count)  # keys a second apart

        host.clock = clock
        factory = game_entry(game).table_factory()
        assert factory is not None
        screen: Any = factory(host, {"level": "greedy", **config})
        host.push(screen)
        screen.open_table()
        while not screen.state.is_over and host.key_count < 3000:
            for key in keys:
                host.dispatch(key)
        print(json.dumps({"game": game, "over": screen.state.is_over, "said": narrator.said}))
    print(json.dumps({"refused": asked}))


if __name__ == "__main__":
    main()
