"""Run as a program (by tests/test_presenter_host.py): the engine, the words and every
presenter imported and played with the standard library alone, as they will run in a browser.

A finder refuses the terminal (prompt_toolkit), the voices (accessible_output2, speechd,
pyttsx3, the speech back ends), the mixers (pygame, sounddevice, numpy) and the terminal
program itself. A whole deal of each game is played from seat 0 through a host that only
writes down what it is asked to say; the words and cues go out as JSON lines, the names the
finder refused last.
"""

from __future__ import annotations

import importlib.abc
import json
import sys
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
    """A narrator that writes down what it is asked to say."""

    def __init__(self) -> None:
        self.said: list[tuple[str, str | None]] = []
        self.last: str | None = None

    def say(self, text: str, cue: str | None = None, pan: float = 0.0, record: bool = True) -> None:
        self.said.append((text, cue))

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
