"""When something unexpected breaks: the terminal is given back in its normal state, the
traceback goes to a log file in the user log folder, the player is told in plain words (on the
terminal and, when speech still works, aloud) that an error happened and whether the game was
saved, and the program exits with a non-zero status. The next start offers to resume."""

from __future__ import annotations

import contextlib
import platform
import sys
import time
import traceback
from pathlib import Path
from typing import Any, TextIO

from audiogame.i18n import _

EXIT_CRASH = 1
TTS_WAIT_LIMIT = 10.0
"""At most this many seconds for a speech synthesizer to finish the message before exit."""


class TerminalGuard:
    """The terminal's settings at start, put back after a crash (raw mode off, cursor shown)."""

    def __init__(self, stream: Any = None) -> None:
        self._stream = stream if stream is not None else sys.stdin
        self._saved: Any = None
        with contextlib.suppress(Exception):  # not a terminal, or no termios (Windows)
            import termios

            self._saved = termios.tcgetattr(self._stream.fileno())

    def restore(self) -> None:
        if self._saved is not None:
            with contextlib.suppress(Exception):
                import termios

                termios.tcsetattr(self._stream.fileno(), termios.TCSADRAIN, self._saved)
        with contextlib.suppress(Exception):
            if sys.stdout.isatty():
                sys.stdout.write("\x1b[?25h\x1b[0m\n")  # cursor shown, colours reset
                sys.stdout.flush()


def write_log(error: BaseException, folder: Path) -> Path | None:
    """The traceback with the versions in a new file ``crash-<time>.log``; None if the folder
    cannot be written."""
    from audiogame import __version__

    stamp = time.strftime("%Y%m%d-%H%M%S")
    text = (
        f"audiogame {__version__} crashed at {time.strftime('%Y-%m-%d %H:%M:%S')}\n"
        f"Python {sys.version.split()[0]} on {platform.platform()}\n\n"
        + "".join(traceback.format_exception(error))
    )
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"crash-{stamp}.log"
        for attempt in range(1, 100):
            if not path.exists():
                break
            path = folder / f"crash-{stamp}-{attempt}.log"
        path.write_text(text, encoding="utf-8")
    except OSError:
        return None
    return path


def crash_message(saved: bool | None, log: Path | None, aside: bool = False) -> list[str]:
    """What the player is told: ``saved`` is None when no game was in progress; ``aside``
    when the game just resumed was what stopped, and its save was set aside."""
    lines = [_("An unexpected error stopped the program.")]
    if aside:
        lines.append(
            _(
                "It happened in the game just resumed: its save was set aside, so that it is "
                "not offered again."
            )
        )
    elif saved:
        lines.append(_("Your game was saved: start the program again to resume it."))
    elif saved is False:
        lines.append(_("Your game could not be saved after its last move."))
    if log is not None:
        lines.append(_("The details are in the file {path}.").format(path=log))
    return lines


def report(
    error: BaseException,
    *,
    app: Any = None,
    log_folder: Path,
    terminal: TerminalGuard | None = None,
    stream: TextIO | None = None,
) -> int:
    """Do everything a crash needs (see the module); the exit status to return."""
    aside = set_aside_resumed(app)
    saved = None if aside else save_game(app)
    if terminal is not None:
        terminal.restore()
    log = write_log(error, log_folder)
    lines = crash_message(saved, log, aside)
    out = stream if stream is not None else sys.stderr
    with contextlib.suppress(Exception):
        out.write("audiogame: " + " ".join(lines) + "\n")
        out.flush()
    if app is not None:
        speak(app, " ".join(lines))
    return EXIT_CRASH


def set_aside_resumed(app: Any) -> bool:
    """A crash in a game resumed from its save, before any new move: the save itself may be
    the cause, so it is set aside (kept, never offered again): no crash at every start."""
    autosave = getattr(app, "autosave", None)
    if autosave is None or not getattr(autosave, "resumed_unchanged", False):
        return False
    try:
        return autosave.store.set_aside() is not None
    except Exception:
        return False


def save_game(app: Any) -> bool | None:
    """Save the game in progress now: True when saved, False when it failed, None when there
    is no game."""
    autosave = getattr(app, "autosave", None)
    if autosave is None or autosave.table is None or getattr(autosave, "shared", False):
        return None  # no game, or another copy keeps the saves: nothing to say about saving
    try:
        from audiogame.saves.autosave import is_finished

        if is_finished(autosave.table):
            autosave.flush()
            return None
        return bool(autosave.flush())
    except Exception:  # the game itself may be what broke
        return False


def speak(app: Any, text: str) -> None:
    """Say ``text`` if speech still works; wait a little for a synthesizer to say it."""
    narrator = getattr(app, "narrator", None)
    if narrator is None:
        return
    with contextlib.suppress(Exception):
        speaker = narrator.speaker
        backend = getattr(speaker, "active", getattr(speaker, "name", ""))
        if backend == "console":
            return  # the same words are already on the terminal
        narrator.say(text, cue="not_allowed")
        if backend == "tts":
            time.sleep(min(TTS_WAIT_LIMIT, len(text) / 14))
