"""Time to the ear: from a key's bytes to the first audible sample of what it makes heard.

The real program runs in a pseudo-terminal against a private PulseAudio whose null sink is
recorded (tests/sound_server.py; needs scripts/install-audio-test-deps). For each kind of
sound, ``--keys`` keys are typed one at a time, each once all is quiet:

- cue: Down in the practice list of Battaglia's cues (speech on console lines, so only the cue
  sounds);
- speechd, tts: T at a Battaglia table (cues off), through speech-dispatcher and through
  pyttsx3; F3, pressed 0.3 s into each answer, silences it before the next key, and the time
  from F3 to the last audible sample is measured too (target 150 ms);

and the floor of the same voice asked directly with the same words: ``spd-say`` (a new client
each time, as the command does) and ``espeak-ng --stdout | aplay``.

One clock: the key's moment is ``time.monotonic()`` just before its bytes are written; the
recording is placed on the same clock by the arrival times of its blocks: sample n of the
monitor was recorded at ``offset + n / rate``, where the offset is the smallest (arrival time
minus duration recorded so far) over all blocks. A block can arrive late, never early, so the
figures can only err by the delivery delay of the most prompt block (parec's 5 ms blocks), and
upwards.

    python3 bench/ear_latency.py               # 200 keys each, 100 floor runs each
    python3 bench/ear_latency.py --keys 50 --floor-runs 20
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from audiogame.settings import Settings, SettingsStore  # noqa: E402
from tests.pty_program import Program, opened_list  # noqa: E402
from tests.sound_server import Recording, SoundServer  # noqa: E402

ONSET_WAIT = 3.0


def quiet(record: Recording, length: float = 0.12, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        now = time.monotonic()
        if not record.heard(now - length, now):
            return
        time.sleep(0.02)


def onset(record: Recording, moment: float) -> float | None:
    """Seconds from ``moment`` to the first audible millisecond, or None when nothing came."""
    deadline = moment + ONSET_WAIT
    while time.monotonic() < deadline:
        time.sleep(0.01)
        first, _ = record.sound_times(moment, min(time.monotonic(), deadline), window=0.001)
        if first is not None:
            return first - moment
    return None


def program(
    server: SoundServer, folder: Path, args: list[str], speech: str, **settings: Any
) -> Program:
    folder.mkdir(parents=True)
    SettingsStore(folder / "config").save(Settings(**settings))
    started = Program(args, folder, speech=speech, env=server.env)
    started.wait_for(lambda said: len(said) >= 2, timeout=30)
    return started


def keys(
    server: SoundServer, record: Recording, folder: Path, kind: str, count: int
) -> tuple[list[float], int, str, list[float]]:
    if kind == "cue":
        running = program(server, folder, ["practice"], "console")
        running.press(["enter"], until=opened_list)
        presses = [b"\x1b[B", b"\x1b[A"]  # Down, Up: a cue each
    else:
        running = program(server, folder, ["play", "battle", "--seed", "3"], kind, sound=False)
        presses = [b"t"]
    times: list[float] = []
    silenced: list[float] = []
    missed = 0
    try:
        for number in range(count):
            quiet(record)
            moment = time.monotonic()
            os.write(running.master, presses[number % len(presses)])
            found = onset(record, moment)
            if found is None:
                missed += 1
                continue
            times.append(found)
            if kind != "cue":
                # F3 in the middle of the answer (about 2.5 s long): how long until silence.
                time.sleep(0.3)
                pressed = time.monotonic()
                os.write(running.master, b"\x1bOR")
                quiet(record)
                _, last = record.sound_times(pressed, time.monotonic(), window=0.001)
                silenced.append(0.0 if last is None else max(0.0, last - pressed))
        words = running.said()[-1]
    finally:
        running.press(["c-c"])
        running.finish()
    return times, missed, words, silenced


def floor(record: Recording, env: dict[str, str], command: list[str], count: int) -> list[float]:
    times = []
    for _ in range(count):
        quiet(record)
        moment = time.monotonic()
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)  # fmt: skip
        found = onset(record, moment)
        process.kill()
        process.wait()
        subprocess.run(["spd-say", "-S"], env=env, capture_output=True)  # stop speaking
        if found is not None:
            times.append(found)
    return times


def line(name: str, times: list[float], missed: int = 0) -> str:
    if not times:
        return f"{name:<34} nothing heard"
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    text = (
        f"{name:<34} p50 {statistics.median(ordered) * 1000:6.1f} ms   "
        f"p99 {p99 * 1000:6.1f} ms   ({len(times)} keys"
    )
    return text + (f", {missed} not heard)" if missed else ")")


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(1)  # the sound server and the program are stopped on the way out


def main() -> int:
    signal.signal(signal.SIGTERM, _stop)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--floor-runs", type=int, default=100)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ear-latency-"))
    server = SoundServer(folder / "server")
    record = server.record()
    try:
        results = {}
        for kind in ("cue", "speechd", "tts"):
            results[kind] = keys(server, record, folder / kind, kind, args.keys)
            print(line(f"key to {kind}", *results[kind][:2]), flush=True)
            if kind != "cue":
                print(line(f"F3 to silence, {kind}", results[kind][3]), flush=True)
            server.stop_speech_dispatcher()
        words = results["speechd"][2]
        subprocess.run(["spd-say", "-w", "ready"], env=server.env, capture_output=True)  # started
        spd = floor(record, server.env, ["spd-say", words], args.floor_runs)
        print(line("floor: spd-say", spd), flush=True)
        server.stop_speech_dispatcher()
        espeak = floor(
            record, server.env,
            ["sh", "-c", 'espeak-ng --stdout "$1" | aplay -q', "sh", words], args.floor_runs,
        )  # fmt: skip
        print(line("floor: espeak-ng --stdout | aplay", espeak), flush=True)
        print(f"(words: {words!r})")
    finally:
        record.stop()
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
