"""Drive the real program with keys, as the tests and the benchmark do: a prompt_toolkit pipe
input, a dummy output, a recording speaker and a recording cue player.

>>> session = drive(["down", "down"])
>>> session.spoken[-1].startswith("Cardavia, 3 of ")  # 3 of 9: one item per game, then six
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from audiogame import i18n
from audiogame.app.application import AudioGame
from audiogame.app.menus import start_screens
from audiogame.app.screen import Screen
from audiogame.narrator import Narrator
from audiogame.settings import Settings, SettingsStore
from audiogame.sound.cue_players import RecordingCuePlayer
from audiogame.speech.base import RecordingSpeaker
from audiogame.table.local import InlineExecutor

# What a terminal sends for each named key (xterm sequences; prompt_toolkit reads them back).
KEY_BYTES: dict[str, str] = {
    "up": "\x1b[A",
    "down": "\x1b[B",
    "right": "\x1b[C",
    "left": "\x1b[D",
    "home": "\x1b[H",
    "end": "\x1b[F",
    "pageup": "\x1b[5~",
    "pagedown": "\x1b[6~",
    "s-pageup": "\x1b[5;2~",
    "s-pagedown": "\x1b[6;2~",
    "c-home": "\x1b[1;5H",
    "c-end": "\x1b[1;5F",
    "f1": "\x1bOP",
    "f2": "\x1bOQ",
    "f3": "\x1bOR",
    "f4": "\x1bOS",
    "f5": "\x1b[15~",
    "f6": "\x1b[17~",
    "f7": "\x1b[18~",
    "enter": "\r",
    "escape": "\x1b",
    "space": " ",
    "backspace": "\x7f",
    "tab": "\t",
    "c-c": "\x03",
}


def key_bytes(keys: Sequence[str]) -> str:
    """The bytes for named keys; any other string is typed as it is."""
    return "".join(KEY_BYTES.get(key, key) for key in keys)


@dataclass
class Session:
    app: AudioGame
    speaker: RecordingSpeaker
    cues: RecordingCuePlayer
    speakers: list[RecordingSpeaker] = field(default_factory=list)

    @property
    def spoken(self) -> list[str]:
        """Everything said, across speech backend changes."""
        return [text for speaker in self.speakers for text in speaker.spoken]

    @property
    def played(self) -> list[str]:
        return [name for name, _ in self.cues.played]


S = TypeVar("S", bound=Screen)


def top_screen(session: Session, kind: type[S]) -> S:
    """The screen on top of the program, which must be a ``kind`` (a table, a menu)."""
    top = session.app.top
    assert isinstance(top, kind), f"the screen on top is {type(top).__name__}, not {kind.__name__}"
    return top


def make_session(
    *,
    language: str = "en",
    settings: Settings | None = None,
    config_dir: Path | None = None,
    input: Any = None,
    log_path: Path | None = None,
    data_dir: Path | None = None,
) -> Session:
    """A program with recording speech and cues, not yet started; with ``data_dir``, tables
    save their moves there and an interrupted game is offered at start."""
    i18n.set_language(language)
    speaker = RecordingSpeaker()
    speakers = [speaker]
    cues = RecordingCuePlayer()
    store = SettingsStore(config_dir) if config_dir is not None else None

    def speech(choice: str, current: Settings) -> RecordingSpeaker:
        new = RecordingSpeaker()
        new.name = choice
        speakers.append(new)
        return new

    app = AudioGame(
        narrator=Narrator(speaker, cues, log_path),
        settings=settings or Settings(language=language),
        store=store,
        speech_factory=speech,
        input=input,
        output=DummyOutput(),
    )
    app.farewell = False  # the drives end with Control C: their last words are the game's
    # Computer players decide within the key that awaits them, so that every key pressed after
    # it finds their moves made, whatever the machine's speed (the program lets them think in
    # a worker thread: tests of that set their own executor).
    app.thinkers = InlineExecutor()
    # Keys a second apart, whatever the machine's speed: a key is never taken as one pressed
    # just as the turn changed (tests of that set their own clock).
    app.clock = lambda: float(app.key_count)
    if data_dir is not None:
        from audiogame.saves.autosave import Autosaver
        from audiogame.saves.store import SaveStore

        app.autosave = Autosaver(app, SaveStore(data_dir))
    return Session(app, speaker, cues, speakers)


def opening(app: AudioGame, game: str | None, config: dict[str, Any] | None) -> list[Any]:
    """The screens the program starts with (the resume offer first, when there is one)."""
    from audiogame.saves.screens import opening_screens

    if game is not None:
        # Tables under test play against the greedy baseline players, whose every move the
        # tests can foresee; a test that wants a level of play puts it in its config.
        config = {"level": "greedy", **(config or {})}
    return opening_screens(app, start_screens(app, game, config or {}))


def drive(
    keys: Sequence[str],
    *,
    game: str | None = None,
    config: dict[str, Any] | None = None,
    **options: Any,
) -> Session:
    """Start the program (at ``game``'s table when given), press ``keys``, then Control C."""
    with create_pipe_input() as pipe:
        session = make_session(input=pipe, **options)
        session.app.start(opening(session.app, game, config))
        pipe.send_text(key_bytes([*keys, "c-c"]))
        session.app.run()
    return session


Heard = Callable[[list[str]], bool]
"""What a test waits to hear before its next keys: a test of the spoken lines so far."""

PATIENCE = 60.0
"""The longest :func:`drive_timed` waits for words it awaits (on a loaded machine too); when
they never come the drive goes on, and the test's own assertions say what was missing."""


def drive_timed(
    steps: Sequence[tuple[Sequence[str], float | Heard]],
    *,
    game: str | None = None,
    config: dict[str, Any] | None = None,
    **options: Any,
) -> Session:
    """Like :func:`drive`, for timers: after each group of keys, wait the given seconds, or
    until the spoken lines pass the given test (such a wait holds whatever the machine's
    speed)."""

    async def run() -> Session:
        with create_pipe_input() as pipe:
            session = make_session(input=pipe, **options)
            session.app.start(opening(session.app, game, config))
            task = asyncio.ensure_future(session.app.run_async())
            for keys, wait in steps:
                pipe.send_text(key_bytes(keys))
                if callable(wait):
                    loop = asyncio.get_running_loop()
                    give_up = loop.time() + PATIENCE
                    while not wait(session.spoken) and loop.time() < give_up and not task.done():
                        await asyncio.sleep(0.01)
                else:
                    await asyncio.sleep(wait)
            pipe.send_text(key_bytes(["c-c"]))
            await task
            return session

    return asyncio.run(run())


def local_table(screen: Any) -> Any:
    """The table in this process behind a table screen (the screen itself never sees it)."""
    from audiogame.table.local import table_of

    local = table_of(screen.state)
    assert local is not None, "this screen's table is kept elsewhere"
    return local


def act_for(screen: Any, seat: int, action: Any, then_computers: bool = True) -> None:
    """Seat ``seat`` (a seat the test plays, with no computer player) makes a move; the
    computer players answer only when ``then_computers``."""
    local = local_table(screen)
    playing = local.playing
    local.playing = then_computers
    try:
        local.moved(seat, action, local.table.apply(seat, action))
    finally:
        local.playing = playing
