"""How long from a game event to the start of its cue, with the program's own cue player.

    python3 bench/sound_latency.py           # about 10 s
    python3 bench/sound_latency.py --quick   # about 3 s

Three figures, none needing a sound card:

1. start-up: importing pygame, opening the mixer and decoding every cue (dummy driver);
2. the Python side of ``play_event`` (choose the cue, pan it, hand it to a mixer channel);
3. mixing delay: SDL's disk driver writes the mixed stream into a pipe in real time; the bench
   plays a click at random moments and finds where it starts in the stream, compared with how
   far the stream had got when ``play`` was called. That is the wait for the next mixing
   buffer (at most one buffer, 11.6 ms at 512 frames and 44.1 kHz). POSIX only.

A real device adds its own queue after the mixer (SDL's second buffer and the system mixer:
typically 10-20 ms with PulseAudio or WASAPI shared mode, less with Core Audio), which no
driver-free benchmark can see.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from array import array
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from audiogame.sound import play_event
from audiogame.sound.player import BUFFER, FREQUENCY, make_cue_player
from engine.cardavia.events import Passed


def startup() -> float:
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    began = time.perf_counter()
    cues = make_cue_player()
    took = time.perf_counter() - began
    cues.close()
    return took


def call_overhead(calls: int) -> list[float]:
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    cues = make_cue_player()
    times = []
    for i in range(calls):
        event = Passed(seat=i % 3)
        began = time.perf_counter()
        play_event(cues, event, players=3)
        times.append(time.perf_counter() - began)
    cues.close()
    return times


class PipeReader(threading.Thread):
    """Reads the disk driver's stream, noting when each piece arrived and how much had come."""

    def __init__(self, path: str) -> None:
        super().__init__(daemon=True)
        self.path = path
        self.data = bytearray()
        self.arrivals: list[tuple[float, int]] = []

    def run(self) -> None:
        fd = os.open(self.path, os.O_RDONLY)
        while chunk := os.read(fd, 1 << 16):
            self.data += chunk
            self.arrivals.append((time.perf_counter(), len(self.data)))
        os.close(fd)

    def position_at(self, moment: float) -> float:
        """Bytes of stream written by ``moment``, interpolated between arrivals."""
        points = self.arrivals
        for (t0, b0), (t1, b1) in itertools.pairwise(points):
            if t0 <= moment <= t1:
                return b0 + (b1 - b0) * (moment - t0) / (t1 - t0)
        raise ValueError("moment outside the recording")


def mixing_delay(trials: int, seed: int = 1) -> list[float]:
    with tempfile.TemporaryDirectory() as folder:
        pipe = os.path.join(folder, "stream")
        os.mkfifo(pipe)
        reader = PipeReader(pipe)
        reader.start()
        os.environ["SDL_AUDIODRIVER"] = "disk"
        os.environ["SDL_DISKAUDIOFILE"] = pipe
        cues = make_cue_player()
        rng = random.Random(seed)
        calls = []
        time.sleep(0.2)
        for _ in range(trials):
            time.sleep(0.12 + rng.random() * 0.05)  # past the 60 ms click, at a random phase
            calls.append(time.perf_counter())
            cues.play("menu_move")
        time.sleep(0.2)
        cues.close()
        reader.join(timeout=2)
    samples = array("h", bytes(reader.data))
    delays = []
    for called in calls:
        start = int(reader.position_at(called)) // 4  # stereo frame index
        frame = start
        while abs(samples[2 * frame]) < 300:  # 1 % of full scale: the click has begun
            frame += 1
        delays.append((frame - start) / FREQUENCY)
    return delays


def milliseconds(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (
        f"median {statistics.median(values) * 1000:.2f} ms, 95% {p95 * 1000:.2f} ms, "
        f"max {max(values) * 1000:.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer trials")
    args = parser.parse_args()
    print(f"mixer: {FREQUENCY} Hz, buffer {BUFFER} frames = {1000 * BUFFER / FREQUENCY:.1f} ms")
    print(f"start-up (import, open, decode every cue): {startup() * 1000:.0f} ms")
    overhead = call_overhead(500 if args.quick else 5000)
    print(f"play_event, Python side: {milliseconds(overhead)}")
    if hasattr(os, "mkfifo"):
        delays = mixing_delay(15 if args.quick else 60)
        print(f"play to first sample in the mixed stream: {milliseconds(delays)}")
        worst = max(overhead) + max(delays)
        print(f"worst event-to-cue start before the device queue: {worst * 1000:.1f} ms")
    else:
        print("mixing delay: needs POSIX pipes, skipped")


if __name__ == "__main__":
    main()
