"""A private sound server for the audio tests: PulseAudio with a null sink, in a runtime folder of
its own (so it works as root, without a session bus or a terminal, and never touches the
machine's own sound), and a recording of everything played into it.

A null sink plays nothing aloud: whatever reaches it comes out of its monitor, which ``parec``
records. Silence there is digital zero, so "was there sound" has an exact answer.

The recording's timeline is the program's clock (``time.monotonic``): the reader thread notes
when each block of samples arrives; the sample counter of the block that arrived soonest after
it was recorded fixes the offset between the two clocks (a block can arrive late, never early).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy is imported where a recording is measured, not by every test run
    import numpy as np
    import numpy.typing as npt

RATE = 48_000
SINK = "ear"
PROGRAMS = ("pulseaudio", "pactl", "parec", "aplay", "espeak-ng", "spd-say", "speech-dispatcher")
PACKAGES = "scripts/install-audio-test-deps"
IDLE_EXIT = 60
"""Seconds without a client after which the server ends by itself: a test run that was killed
leaves nothing running for long (a test always has its recording connected; a server that
ended between two tests is started again)."""
SILENCE_DB = -60.0
"""Below this (dB full scale, RMS) a stretch of the recording is silence."""


def _db(rms: float) -> float:
    import numpy as np

    return 20 * float(np.log10(rms)) if rms > 0 else -200.0


@dataclass(frozen=True)
class Level:
    """How loud a stretch of the recording is, each channel in dB full scale (RMS)."""

    left: float
    right: float

    @property
    def loudest(self) -> float:
        return max(self.left, self.right)

    @property
    def heard(self) -> bool:
        return self.loudest > SILENCE_DB


class Recording:
    """``parec`` on the sink's monitor, read by a thread, with arrival times for the timeline."""

    def __init__(self, env: dict[str, str], block_ms: int = 5) -> None:
        self._process = subprocess.Popen(
            ["parec", f"--device={SINK}.monitor", "--format=s16le", f"--rate={RATE}",
             "--channels=2", "--raw", f"--latency-msec={block_ms}"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
        )  # fmt: skip
        self._data = bytearray()
        self._frames = 0
        self._lock = threading.Lock()
        self.offset = float("inf")
        """Monotonic time of sample 0: the minimum over blocks of arrival minus duration so far."""
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()
        end = time.monotonic() + 5
        while self.offset == float("inf") and time.monotonic() < end:
            time.sleep(0.01)
        if self.offset == float("inf"):
            raise RuntimeError("parec recorded nothing")

    def _read(self) -> None:
        stream = self._process.stdout
        assert stream is not None
        pending = b""
        while True:
            try:
                data = os.read(stream.fileno(), 65536)
            except (OSError, ValueError):  # stopped
                return
            now = time.monotonic()
            if not data:
                return
            pending += data
            usable = len(pending) - len(pending) % 4
            with self._lock:
                self._data += pending[:usable]
                self._frames += usable // 4
                self.offset = min(self.offset, now - self._frames / RATE)
            pending = pending[usable:]

    def samples(self, first: int = 0, last: int | None = None) -> npt.NDArray[np.float64]:
        """Frames ``first`` to ``last`` recorded so far (all by default): frames by 2 channels,
        floats from -1 to 1. Only those frames are copied, so that a long recording stays
        quick to look into."""
        with self._lock:
            raw = bytes(self._data[first * 4 : None if last is None else last * 4])
        import numpy as np

        return np.frombuffer(raw, dtype="<i2").reshape(-1, 2).astype(np.float64) / 32768.0

    def now(self) -> float:
        """The time of the last sample recorded so far."""
        with self._lock:
            return self.offset + self._frames / RATE

    def wait_until(self, moment: float, timeout: float = 5.0) -> None:
        """Wait until the recording covers ``moment`` (blocks arrive a little late)."""
        end = time.monotonic() + timeout
        while self.now() < moment and time.monotonic() < end:
            time.sleep(0.01)

    def _span(self, start: float, end: float) -> npt.NDArray[np.float64]:
        self.wait_until(end)
        first = max(0, int((start - self.offset) * RATE))
        last = max(first, int((end - self.offset) * RATE))
        return self.samples(first, last)

    def level(self, start: float, end: float) -> Level:
        """How loud the sound was between two moments of ``time.monotonic()``."""
        import numpy as np

        span = self._span(start, end)
        if len(span) == 0:
            return Level(-200.0, -200.0)
        rms = np.sqrt(np.mean(span**2, axis=0))
        return Level(_db(float(rms[0])), _db(float(rms[1])))

    def heard(self, start: float, end: float) -> bool:
        return self.sound_times(start, end) != (None, None)

    def sound_times(
        self, start: float, end: float, window: float = 0.005
    ) -> tuple[float | None, float | None]:
        """The first and last moments between ``start`` and ``end`` whose 5 ms windows are not
        silence, or ``(None, None)``."""
        import numpy as np

        span = self._span(start, end)
        size = max(1, int(window * RATE))
        count = len(span) // size
        if count == 0:
            return None, None
        windows = span[: count * size].reshape(count, size, 2)
        loud = np.sqrt(np.mean(windows**2, axis=1)).max(axis=1) > 10 ** (SILENCE_DB / 20)
        indexes = np.flatnonzero(loud)
        if len(indexes) == 0:
            return None, None
        begin = max(start, self.offset + int((start - self.offset) * RATE) / RATE)
        return begin + indexes[0] * window, begin + (indexes[-1] + 1) * window

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            self._process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(5)
        if self._process.poll() is None:
            self._process.kill()
            self._process.wait(5)
        if self._process.stdout is not None:
            self._process.stdout.close()
        self._thread.join(2)


class SoundServer:
    """A PulseAudio of our own in ``folder``; :attr:`env` is what a program needs to use it
    (and the speech-dispatcher it starts lives in the same private runtime folder)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.runtime = folder / "run"
        self.runtime.mkdir(mode=0o700, parents=True, exist_ok=True)
        (folder / "home").mkdir(exist_ok=True)
        self.socket = self.runtime / "pulse" / "native"
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(folder / "home"),
            "XDG_RUNTIME_DIR": str(self.runtime),
            "XDG_CONFIG_HOME": str(folder / "home" / ".config"),
            "PULSE_SERVER": f"unix:{self.socket}",
            "PULSE_RUNTIME_PATH": str(self.runtime / "pulse"),
            "PULSE_STATE_PATH": str(folder / "state"),
            "LANG": "C.UTF-8",
        }
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        (self.runtime / "pulse").mkdir(mode=0o700, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            self.socket.unlink()
        log = open(self.folder / "pulseaudio.log", "ab")  # noqa: SIM115 (kept by the process)
        self.process = subprocess.Popen(
            ["pulseaudio", "-n", "--daemonize=no", f"--exit-idle-time={IDLE_EXIT}",
             "--use-pid-file=no", "--disallow-module-loading=no", "--log-target=stderr",
             "--log-level=error",
             "-L", f"module-native-protocol-unix auth-anonymous=1 socket={self.socket}",
             "-L", f"module-null-sink sink_name={SINK} rate={RATE} channels=2",
             "-L", "module-always-sink"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=self.env,
            start_new_session=True,
        )  # fmt: skip
        log.close()
        end = time.monotonic() + 10
        while time.monotonic() < end:
            done = subprocess.run(
                ["pactl", "set-default-sink", SINK], env=self.env, capture_output=True
            )
            if done.returncode == 0:
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError(f"PulseAudio did not start: {self.log_text()}")

    def log_text(self) -> str:
        path = self.folder / "pulseaudio.log"
        return path.read_text(errors="replace")[-2000:] if path.exists() else ""

    def record(self) -> Recording:
        return Recording(self.env)

    def kill(self) -> None:
        """SIGKILL the server, as a crash would."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(5)

    def speech_dispatcher_pids(self) -> list[int]:
        folder = self.runtime / "speech-dispatcher" / "pid"
        pids = []
        for path in folder.glob("*.pid") if folder.is_dir() else []:
            with contextlib.suppress(ValueError, OSError):
                pids.append(int(path.read_text().strip()))
        return pids

    def stop_speech_dispatcher(self) -> None:
        for pid in self.speech_dispatcher_pids():
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGTERM)
        with contextlib.suppress(FileNotFoundError):
            (self.runtime / "speech-dispatcher" / "speechd.sock").unlink()

    def stop(self) -> None:
        self.stop_speech_dispatcher()
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
