"""The visual display, which mirrors what is said for low-vision players and sighted helpers.

The rule that keeps a screen-reader user from hearing a message twice:

* screen reader speech: the display is one fixed line that never changes (a terminal screen
  reader would otherwise read every redrawn message again), written under the command that
  started the program, not on the terminal's alternate screen: leaving that screen at the
  end gives the terminal's earlier lines back, and Orca read them all again as new text;
* console lines: the spoken lines are printed one under the other, and that transcript is the
  whole display (no full-screen layout to repaint);
* TTS voice or silent: a full-screen layout with the title, the last messages and the status.
"""

from __future__ import annotations

import asyncio
import sys
from collections import deque
from typing import TYPE_CHECKING, Protocol

from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl

from audiogame.i18n import _

if TYPE_CHECKING:
    from prompt_toolkit.application import Application

    from audiogame.app.host import Presenter

SHOWN_MESSAGES = 8


class Shown(Protocol):
    """The program as its display reads it (:class:`audiogame.app.application.AudioGame`,
    which imports this module: this one names what it needs of it instead)."""

    full_screen: bool
    mirror: Mirror
    stack: list[Presenter]

    @property
    def running(self) -> bool: ...

    @property
    def application(self) -> Application[None] | None: ...

    @property
    def top(self) -> Presenter: ...

    def display_mode(self) -> str: ...


def display_mode(backend: str, full_screen: bool) -> str:
    """``"lines"``, ``"fixed"`` or ``"mirror"`` as the module docstring explains."""
    if backend == "screenreader":
        return "fixed"
    return "mirror" if full_screen else "lines"


class LinePrinter:
    """Where console speech writes: above the program's (empty) layout while it runs, so a
    printed line never tears the display; nowhere in full screen, where the layout shows it.

    The lines are written with the terminal still reading keys one by one. (prompt_toolkit's
    ``run_in_terminal`` would give the terminal back its line mode for each line: a key typed
    in that moment was echoed among the lines, and Control+C became a signal or was lost.)
    Lines said in one turn of the program's loop are written together."""

    def __init__(self) -> None:
        self.app: Shown | None = None
        self._pending: list[str] = []

    def __call__(self, line: str) -> None:
        app = self.app
        if app is not None and app.full_screen:
            return
        if app is None or not app.running:
            self._write([line])
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # said outside the program's loop: no layout to keep in place
            self._write([line])
            return
        self._pending.append(line)
        if len(self._pending) == 1:
            loop.call_soon(self._flush)

    def _flush(self) -> None:
        lines, self._pending = self._pending, []
        app = self.app
        application = app.application if app is not None and app.running else None
        if application is None or not application.is_running:
            self._write(lines)
            return
        renderer = application.renderer
        renderer.erase()  # the layout's place, written again below the lines
        self._write(lines)
        renderer.reset()
        renderer.request_absolute_cursor_position()
        application.invalidate()

    @staticmethod
    def _write(lines: list[str]) -> None:
        sys.stdout.write("".join(line + "\n" for line in lines))
        sys.stdout.flush()


class Mirror:
    """The last messages said, for the full-screen layout."""

    def __init__(self) -> None:
        self.lines: deque[str] = deque(maxlen=SHOWN_MESSAGES)

    def add(self, text: str) -> None:
        self.lines.append(text)


def build_layout(app: Shown) -> Layout:
    if not app.full_screen:

        def line() -> StyleAndTextTuples:
            if app.display_mode() == "fixed":
                return [("", _("Speech goes through your screen reader. F1: keys."))]
            return []

        def height() -> int:
            return 1 if app.display_mode() == "fixed" else 0

        return Layout(Window(FormattedTextControl(line), height=height))

    def title() -> StyleAndTextTuples:
        if app.display_mode() == "fixed":
            return [("bold", _("Audiogame"))]
        return [("bold", app.top.heading() if app.stack else _("Audiogame"))]

    def body() -> StyleAndTextTuples:
        if app.display_mode() == "fixed":
            return [("", _("Speech goes through your screen reader. F1: keys."))]
        lines = list(app.mirror.lines)
        status = app.top.status() if app.stack else []
        text = "\n\n".join(lines)
        if status:
            text += "\n\n" + "-" * 40 + "\n" + "\n".join(status)
        return [("", text)]

    def footer() -> StyleAndTextTuples:
        if app.display_mode() == "fixed":
            return []
        return [("reverse", _("F1: keys. F2: repeat. Page Up, Page Down: history."))]

    return Layout(
        HSplit(
            [
                Window(FormattedTextControl(title), height=2),
                Window(FormattedTextControl(body), wrap_lines=True),
                Window(FormattedTextControl(footer), height=1),
            ]
        )
    )
