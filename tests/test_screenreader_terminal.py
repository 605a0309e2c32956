"""The terminal program as a real screen reader reads it: a VTE terminal (sakura) on the
screen-reader bed's display (tests/screenreader_bed.py) with a shell in it, Orca reading that
terminal with its key echo on, as it is by default, and the program typed at the shell's prompt
and left to choose its speech (``auto``: through the screen reader when Orca runs). Over a game
of Battaglia and a few Cardavia turns: every message the program says is spoken once, in the
order said, and Orca reads the screen (one fixed line while the program speaks through it) once,
when the program starts, and otherwise says only the keys it echoes. A display that showed the
messages as well would have Orca read each one again as it changes.

What Orca says is read from its own debug log ("SPEECH OUTPUT"), one entry an utterance: the
bed's speech-dispatcher output module speaks a text with a blank line in it as several parts."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.screenreader_bed import ORCA_SETTINGS, WAIT, Bed, bed
from tests.screenreader_play import clean

pytestmark = pytest.mark.screenreader

ROOT = Path(__file__).resolve().parent.parent
KEY_ECHO = {
    "enableKeyEcho": True,
    "enablePrintableKeys": True,
    "enableModifierKeys": True,
    "enableFunctionKeys": True,
    "enableActionKeys": True,
}
"""Orca's defaults for echoing keys (the bed turns them off for the page)."""
KEYS_ECHOED = {"return", "space", "tab", "p", "left control"}
"""What Orca says of the keys the player presses here."""
WINDOWS = 3
"""Terminal windows opened at most until one gets Orca's focus."""
FOCUS_WAIT = 30.0
"""Seconds for Orca to read a new window's prompt."""
COMMAND = "./play"
"""What the player types at the prompt to start the program (Orca echoes it as it is typed,
a part at a time, late on a loaded machine)."""
SCREEN = "Speech goes through your screen reader. F1: keys."
"""The one line the program writes under its command while it speaks through the screen
reader."""
SAID = re.compile(r"SPEECH OUTPUT: '(.*?)'\s*(?:voice=|\[|\{)", re.DOTALL)


@pytest.fixture
def reader(tmp_path: Path) -> Iterator[Bed]:
    """A screen reader of its own for each test (Orca follows the focus to a second terminal
    window only with a window manager, which the bed has not)."""
    folder = tmp_path / "terminal-reader"
    saved = dict(ORCA_SETTINGS)
    ORCA_SETTINGS.update(KEY_ECHO)
    try:
        with bed(folder) as stack:
            yield stack
    finally:
        ORCA_SETTINGS.clear()
        ORCA_SETTINGS.update(saved)


def echoed(text: str) -> bool:
    """Whether ``text`` is Orca's echo of a key pressed here, or of part of the command typed."""
    return text in KEYS_ECHOED or (bool(text) and text in COMMAND)


def orca_said(reader: Bed) -> list[str]:
    """Everything Orca has said, from its debug log."""
    log = reader.folder / "logs" / "orca-debug.txt"
    text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
    return [clean(said) for said in SAID.findall(text)]


class Terminal:
    """The program started in its own sakura window, with its own folders and speech log."""

    def __init__(self, reader: Bed, name: str, *args: str) -> None:
        self.bed = reader
        folder = reader.folder / name
        folder.mkdir()
        self.log = folder / "said.txt"
        command = [sys.executable, "-m", "audiogame", "--lang", "en", "--speech-log",
                   str(self.log), "--data-dir", str(folder / "data"), "--config-dir",
                   str(folder / "config"), *args]  # fmt: skip
        script = folder / "play"
        script.write_text(
            f"#!/bin/sh\nPYTHONPATH={shlex.quote(str(ROOT))} exec {shlex.join(command)}\n"
        )
        script.chmod(0o755)
        startup = folder / "bashrc"
        startup.write_text(f"PS1='$ '\ncd {shlex.quote(str(folder))}\n")
        shell = f"bash --noprofile --rcfile {shlex.quote(str(startup))} -i"
        self.process = self.window(name, shell)
        reader.type(COMMAND)
        reader.wait_quiet()
        self.first = len(reader.utterances())
        self.orca_first = len(orca_said(reader))
        reader.key("Return")

    def window(self, name: str, shell: str) -> subprocess.Popen[bytes]:
        """A terminal window with ``shell``, once Orca has read its prompt. On a display with
        no window manager a new window now and then never gets Orca's focus (Orca then says
        nothing at all): that window is closed and another opened, as a player would."""
        for attempt in range(1, WINDOWS + 1):
            before = len(self.bed.utterances())
            window = self.bed.spawn(f"sakura-{name}-{attempt}", ["sakura", "-e", shell])
            if self.prompt_read(before, last=attempt == WINDOWS):
                break
            window.terminate()
            window.wait(10)
        return window

    def prompt_read(self, before: int, last: bool) -> bool:
        """Whether Orca reads the prompt of the window just opened; on the last window, it
        must (else the test fails, saying so)."""
        try:
            self.bed.wait_spoken(lambda t: t.strip() == "$", "Orca never read the prompt",
                                 after=before, timeout=FOCUS_WAIT)  # fmt: skip
        except AssertionError:
            if last:
                raise
            return False
        return True

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(10)

    def said(self) -> list[str]:
        """Every message the program said, from its speech log."""
        if not self.log.exists():
            return []
        return [clean(line) for line in self.log.read_text(encoding="utf-8").splitlines()]

    def heard(self) -> list[str]:
        return [clean(u.text) for u in self.bed.utterances()[self.first :]]

    def all_spoken(self, timeout: float = WAIT) -> None:
        """Until every message said has been spoken to its end, and a moment more (for the
        echo of the key, which Orca queues after the program's words)."""
        deadline = time.monotonic() + timeout
        while True:
            said, heard = self.said(), self.bed.utterances()[self.first :]
            texts = [clean(u.text) for u in heard]
            ended = heard[-1].end if heard else None
            quiet = ended is not None and time.monotonic() - ended > 0.5
            if said and quiet and in_order(said, texts):
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"not all spoken: said {said[-6:]}, heard {texts[-6:]}")
            time.sleep(0.05)

    def press(self, key: str, accepts: Callable[[str], bool], message: str) -> str:
        """``key`` once all is spoken; the first message said after it that ``accepts``."""
        self.all_spoken()
        before = len(self.said())
        self.bed.key(key)
        deadline = time.monotonic() + WAIT
        while True:
            for text in self.said()[before:]:
                if accepts(text):
                    return text
            if time.monotonic() > deadline:
                raise AssertionError(f"{message}; said: {self.said()[-6:]}")
            time.sleep(0.05)

    def wait_said(self, accepts: Callable[[str], bool], after: int, message: str) -> int:
        """The index of the first message from ``after`` on that ``accepts``."""
        deadline = time.monotonic() + WAIT
        while True:
            for index, text in enumerate(self.said()[after:], after):
                if accepts(text):
                    return index
            if time.monotonic() > deadline:
                raise AssertionError(f"{message}; said: {self.said()[-6:]}")
            time.sleep(0.05)


def in_order(said: list[str], heard: list[str]) -> bool:
    """Every message said is among the utterances heard, in the same order."""
    at = 0
    for text in said:
        at = next((i for i in range(at, len(heard)) if heard[i] == text), -1) + 1
        if at == 0:
            return False
    return True


def check_heard(terminal: Terminal) -> None:
    """Each message spoken once, in order; Orca read the screen once and said nothing else but
    the keys."""
    terminal.all_spoken()
    said, heard = terminal.said(), terminal.heard()
    ours = set(said)
    assert [text for text in heard if text in ours] == said, "not each message once, in order"
    orca = orca_said(terminal.bed)[terminal.orca_first :]
    assert orca.count(SCREEN) == 1, orca
    assert [text for text in orca if text != SCREEN and not echoed(text)] == []
    assert not any(text in orca for text in said)


@pytest.fixture
def terminals() -> Iterator[list[Terminal]]:
    """Each terminal window closed at the end of its test."""
    opened: list[Terminal] = []
    yield opened
    for terminal in opened:
        terminal.close()


def test_a_battaglia_game_is_heard_once_in_order(reader: Bed, terminals: list[Terminal]) -> None:
    terminal = Terminal(reader, "battle", "play", "battle", "--players", "2", "--deck", "32",
                        "--trick-limit", "6", "--seed", "3")  # fmt: skip
    terminals.append(terminal)
    terminal.wait_said(lambda t: t.startswith("Turn up your card"), 0, "no opening")
    tricks = 0
    while "Press Enter to go back to the game setup." not in terminal.said():
        terminal.press("space", lambda t: t.startswith("You: "), "Space turned up no card")
        tricks += 1
        assert tricks <= 6
    said = terminal.said()
    assert said[:2] == ["Audiogame. Speech: screen reader.",
                        "Battaglia, deal number 3: you and Anna. 16 cards each."]  # fmt: skip
    assert tricks == 6
    assert "Game over: you win with the most cards!" in said
    check_heard(terminal)
    # Control+C ends the program: Orca then reads the shell's prompt, and nothing of the
    # terminal's earlier lines (the program never hid them on a screen of its own).
    # (Heard in the speech log: Orca's own log is written a moment later, and a prompt read as
    # the program ends may not be in it yet. Lines read again would be in the speech log too.)
    mark, said_before = len(reader.utterances()), len(terminal.said())
    terminal.press("ctrl+c", lambda t: t == "Goodbye.", "Control+C did not say goodbye")
    reader.wait_spoken(lambda t: t.strip() == "$", "Orca never read the prompt again", after=mark)
    reader.wait_quiet()
    ours = set(terminal.said()[said_before:])
    after = [clean(u.text) for u in reader.utterances()[mark:]]
    assert [t for t in after if t != "$" and t not in ours and not echoed(t)] == [], after


def test_cardavia_turns_are_heard_once_in_order(reader: Bed, terminals: list[Terminal]) -> None:
    terminal = Terminal(reader, "cardavia", "play", "cardavia", "--seed", "5")
    terminals.append(terminal)
    seen = terminal.wait_said(lambda t: t.startswith("Cardavia, deal number 5"), 0, "no deal")
    turns = 0
    while turns < 5:
        seen = 1 + terminal.wait_said(lambda t: t.startswith(("Your turn", "You lead"))
                                      or "you lead" in t, seen,
                                      "the player's turn never came")  # fmt: skip
        answer = terminal.press("Tab", lambda t: "passes" in t or ", 1 of " in t,
                                "Tab's answer was not said")  # fmt: skip
        if "passes" in answer:
            terminal.press("p", lambda t: t.startswith("You pass"), "P did not pass")
        else:
            terminal.press("Return", lambda t: t.startswith("You: "), "Enter did not play")
        seen = len(terminal.said())
        turns += 1
    said = terminal.said()
    assert any(t.startswith("Anna: ") or t.startswith("Bruno: ") for t in said)
    check_heard(terminal)
