"""The real program in a subprocess with a pseudo-terminal: keys typed into it, what it says
read back from its speech log. POSIX only (the tests that use it skip elsewhere)."""

from __future__ import annotations

import contextlib
import os
import re
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from audiogame.testing import key_bytes

ROOT = Path(__file__).resolve().parent.parent
CURSOR_QUERY = b"\x1b[6n"


def turned_up(new: list[str]) -> bool:
    """Whether the lines said since a key include a card turned up ("You: six. Anna: two.",
    "Face down: you and Anna. You: jack. Anna: seven."): what Space waits for at Battaglia."""
    return any("You: " in line for line in new)


def opened_list(new: list[str]) -> bool:
    """Whether the lines said since a key include a practice list opened ("Listen: Battaglia
    (War), 9 sounds. Up and Down arrows play each sound...")."""
    return any(" sounds. Up and Down arrows play each sound" in line for line in new)


def back_in_the_practice_menu(new: list[str]) -> bool:
    """Whether the practice menu's name and item were said again ("Audio-cue practice. Listen:
    Battaglia (War), 1 of 10")."""
    return any(line.startswith("Audio-cue practice. Listen: ") for line in new)


class Program:
    """``python -m audiogame --speech console ARGS`` on a pseudo-terminal of 24 by 80.

    ``script`` runs instead of ``-m audiogame`` (to break something on purpose first); it gets
    the arguments as ``sys.argv[1:]``. ``env`` replaces the environment (a private sound server's,
    with ``speech`` another backend than console lines); otherwise there is no sound device."""

    def __init__(
        self,
        args: Sequence[str],
        folder: Path,
        script: str | None = None,
        name: str = "speech",
        speech: str = "console",
        env: dict[str, str] | None = None,
        window: bool = False,
    ) -> None:
        """``window``: the terminal is the program's controlling terminal, as in a terminal
        window, so that :meth:`close_window` hangs it up as closing the window does."""
        import fcntl
        import pty
        import struct
        import termios

        self.log = folder / f"{name}.log"
        self.log.write_text("", encoding="utf-8")
        sound = {"SDL_AUDIODRIVER": "dummy"} if env is None else env
        env = {
            **(os.environ if env is None else {}),
            **sound,
            "AUDIOGAME_CONFIG_DIR": str(folder / "config"),
            "AUDIOGAME_DATA_DIR": str(folder / "data"),
            "AUDIOGAME_LOG_DIR": str(folder / "logs"),
            "PYTHONPATH": str(ROOT),
            "TERM": "xterm",
        }
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        command = [sys.executable, *(["-c", script] if script else ["-m", "audiogame"])]
        command += ["--speech", speech, "--lang", "en", "--speech-log", str(self.log), *args]

        def controlling_terminal() -> None:  # in the child, after its new session began
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.process = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=subprocess.PIPE, cwd=ROOT, env=env,
            start_new_session=True, preexec_fn=controlling_terminal if window else None,
        )  # fmt: skip
        self.terminal = slave
        """The terminal the program runs in, kept open to look at its settings."""
        self.master = master
        self.output = bytearray()
        self._wake, self._waker = os.pipe()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                ready, _, _ = select.select([self.master, self._wake], [], [])
                if self._wake in ready:
                    return
                data = os.read(self.master, 4096)
            except OSError:
                return
            if not data:
                return
            self.output += data
            if CURSOR_QUERY in data:  # answer as a terminal would: no waiting for it
                with contextlib.suppress(OSError):
                    os.write(self.master, b"\x1b[1;1R")

    def settings(self) -> list[Any] | None:
        """The terminal's settings (``termios.tcgetattr``), None once closed."""
        import termios

        try:
            return termios.tcgetattr(self.terminal)
        except (OSError, termios.error):
            return None

    def said(self) -> list[str]:
        return self.log.read_text(encoding="utf-8").splitlines()

    def reading_keys(self) -> bool:
        """Whether the program reads keys one by one: keys typed before that (while the
        terminal still reads whole lines) may be lost, as in a real terminal."""
        import termios

        settings = self.settings()
        return settings is not None and not settings[3] & termios.ICANON

    def wait_for(self, test: Callable[[list[str]], bool], timeout: float = 20.0) -> list[str]:
        """Wait until what was said passes ``test`` and the program reads keys; its lines."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            said = self.said()
            if test(said) and self.reading_keys():
                return said
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(
            f"not said in time; said so far: {self.said()[-8:]}; the screen: {self.screen()!r}"
        )

    def say_count(self) -> int:
        return len(self.said())

    def press(
        self,
        keys: Sequence[str],
        until: Callable[[list[str]], bool] | None = None,
        timeout: float = 20.0,
    ) -> list[str]:
        """Type ``keys``; with ``until``, wait until the lines said since then pass it and
        the program reads keys again, and return them. When they never do (in ``timeout``
        seconds, or the program ends first), fail with what was said and what was on the
        screen."""
        before = self.say_count()
        os.write(self.master, key_bytes(keys).encode())
        if until is None:
            return []
        end = time.monotonic() + timeout
        while True:
            said = self.said()[before:]
            if until(said) and self.reading_keys():
                return said
            if self.process.poll() is not None or time.monotonic() > end:
                raise AssertionError(
                    f"after {keys}, not said in time; said since: {said[-8:]}; "
                    f"the screen: {self.screen()!r}"
                )
            time.sleep(0.02)

    def wait_for_screen(self, text: bytes, count: int = 1, timeout: float = 20.0) -> None:
        """Wait until the program has written ``text`` to its terminal ``count`` times (for a
        program whose speech log cannot be read); fail with the screen when it never does."""
        end = time.monotonic() + timeout
        while bytes(self.output).count(text) < count or not self.reading_keys():
            if self.process.poll() is not None or time.monotonic() > end:
                raise AssertionError(f"{text!r} not shown in time; the screen: {self.screen()!r}")
            time.sleep(0.02)

    def screen(self) -> str:
        """The end of what the program wrote to its terminal, escape sequences taken out."""
        text = bytes(self.output[-2000:]).decode("utf-8", "replace")
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r", "", text)[-600:]

    def close_window(self) -> None:
        """The terminal window closed: its side of the terminal goes away, and the system
        hangs up the program's terminal (SIGHUP, then an error on each read and write).
        Reading stops first: a read under way would keep the terminal open until it returns."""
        os.write(self._waker, b"x")
        self._reader.join(10)
        for fd in (self.master, self.terminal):
            with contextlib.suppress(OSError):
                os.close(fd)

    def kill(self) -> None:
        """SIGKILL: no cleanup of any kind."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self.close()

    def finish(self, timeout: float = 20.0) -> tuple[int, str]:
        """Wait for the program to end; its exit status and what it wrote on stderr."""
        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(
                f"the program did not end; it said last: {self.said()[-5:]}; "
                f"its screen: {bytes(self.output[-300:])!r}"
            ) from None
        finally:
            self.closed_settings = self.settings()
            self.close()
        errors = self.process.stderr
        return code, errors.read().decode("utf-8", "replace") if errors else ""

    def close(self) -> None:
        for fd in (self.master, self.terminal, self._wake, self._waker):
            with contextlib.suppress(OSError):
                os.close(fd)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
