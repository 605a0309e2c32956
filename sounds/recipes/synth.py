"""Small synthesis toolkit for the cues: tones, bells, drums, filtered noise, mixing.

A developer tool used by ``make_cues.py`` beside it (needs numpy); the game itself never
imports it.
Every function returns a mono float64 array at :data:`RATE`, roughly within -1..1.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numpy.typing import NDArray

RATE = 44_100
Signal = NDArray[np.float64]


def times(seconds: float) -> Signal:
    """Sample times of a signal lasting ``seconds``."""
    return np.arange(round(seconds * RATE)) / RATE


def decay(seconds: float, rate: float, attack: float = 0.004) -> Signal:
    """Exponential decay envelope (``rate`` per second) with a short linear attack.

    The last 5 ms ramp down to zero: a note cut while still sounding would click."""
    t = times(seconds)
    env = np.exp(-rate * t)
    ramp = np.minimum(1.0, t / attack) if attack > 0 else np.ones_like(t)
    release = np.clip((seconds - t) / 0.005, 0.0, 1.0)
    return env * ramp * release


def hold(seconds: float, attack: float = 0.01, release: float = 0.05) -> Signal:
    """Flat envelope with linear attack and release (for sustained tones and pads)."""
    t = times(seconds)
    up = np.minimum(1.0, t / attack)
    down = np.minimum(1.0, (seconds - t) / release)
    return np.clip(np.minimum(up, down), 0.0, 1.0)


def glide(start: float, end: float, seconds: float, curve: str = "exp") -> Signal:
    """Instantaneous frequency moving from ``start`` to ``end`` Hz."""
    t = times(seconds)
    x = t / max(seconds, 1e-9)
    if curve == "exp":
        return start * (end / start) ** x
    return start + (end - start) * x


def oscillator(freq: float | Signal, seconds: float, shape: str = "sine") -> Signal:
    """Band-limited-enough oscillator; ``freq`` may vary per sample (glides, vibrato)."""
    n = len(times(seconds))
    f = np.broadcast_to(np.asarray(freq, dtype=np.float64), (n,))
    phase = 2 * np.pi * np.cumsum(f) / RATE
    if shape == "sine":
        return np.sin(phase)
    # Odd harmonics summed by hand keep square and triangle waves free of aliasing whistles.
    out = np.zeros(n)
    for k in range(1, 16):
        harmonic = f * k
        audible = harmonic < RATE / 2.2
        if shape == "square" and k % 2:
            out += audible * np.sin(k * phase) / k
        elif shape == "triangle" and k % 2:
            out += audible * ((-1) ** ((k - 1) // 2)) * np.sin(k * phase) / k**2
        elif shape == "saw":
            out += audible * ((-1) ** (k + 1)) * np.sin(k * phase) / k
    return out


def tone(freq: float | Signal, seconds: float, shape: str = "sine", rate: float = 8.0) -> Signal:
    """A plucked-like note: oscillator under an exponential decay."""
    return oscillator(freq, seconds, shape) * decay(seconds, rate)


def bell(freq: float, seconds: float, rate: float = 6.0, bright: float = 1.0) -> Signal:
    """Inharmonic partials of a small bell; higher partials die sooner."""
    partials = (
        (1.0, 1.0),
        (2.0, 0.6),
        (2.76, 0.45 * bright),
        (5.40, 0.25 * bright),
        (8.93, 0.12 * bright),
    )
    out = np.zeros(len(times(seconds)))
    for ratio, gain in partials:
        if freq * ratio < RATE / 2.2:
            out += gain * tone(freq * ratio, seconds, rate=rate * (1 + ratio / 3))
    return out


def fm(
    carrier: float | Signal, ratio: float, index: float, seconds: float, rate: float = 6.0
) -> Signal:
    """Two-operator FM: metallic, reedy or glassy depending on ``ratio`` and ``index``."""
    n = len(times(seconds))
    c = np.broadcast_to(np.asarray(carrier, dtype=np.float64), (n,))
    mod_phase = 2 * np.pi * np.cumsum(c * ratio) / RATE
    env = decay(seconds, rate)
    inst = c * (1 + index * env * np.sin(mod_phase))
    return np.sin(2 * np.pi * np.cumsum(inst) / RATE) * env


def noise(seconds: float, seed: int) -> Signal:
    """White noise from a fixed seed, so that re-running the script gives the same cue."""
    return np.random.default_rng(seed).uniform(-1.0, 1.0, len(times(seconds)))


def band(signal: Signal, low: float, high: float) -> Signal:
    """Keep only the frequencies between ``low`` and ``high`` Hz (FFT mask with soft edges)."""
    spectrum = np.fft.rfft(signal)
    freqs = np.fft.rfftfreq(len(signal), 1 / RATE)
    lo = 1 / (1 + (low / np.maximum(freqs, 1.0)) ** 4)
    hi = 1 / (1 + (freqs / high) ** 4)
    filtered: Signal = np.fft.irfft(spectrum * lo * hi, n=len(signal))
    return filtered


def swept_noise(seconds: float, start: float, end: float, seed: int, width: float = 0.5) -> Signal:
    """Noise whose band centre moves from ``start`` to ``end`` Hz: swooshes and sweeps."""
    n = len(times(seconds))
    pieces = 24
    out = np.zeros(n)
    raw = noise(seconds, seed)
    window = np.hanning(2 * (n // pieces) + 2)
    for i in range(pieces):
        centre = start * (end / start) ** (i / (pieces - 1))
        filtered = band(raw, centre * (1 - width), centre * (1 + width))
        a = i * (n // pieces) - len(window) // 4
        seg = slice(max(a, 0), min(a + len(window), n))
        out[seg] += filtered[seg] * window[: seg.stop - seg.start]
    return out


def drum(seconds: float, high: float, low: float, seed: int, snap: float = 0.3) -> Signal:
    """A tom: a sine dropping from ``high`` to ``low`` Hz plus a noisy stick snap."""
    body = oscillator(glide(high, low, seconds), seconds) * decay(seconds, 9.0, attack=0.002)
    stick = band(noise(seconds, seed), 800, 5000) * decay(seconds, 60.0, attack=0.001)
    return body + snap * stick


def click(seconds: float, low: float, high: float, seed: int, rate: float = 80.0) -> Signal:
    """A short filtered noise tick: card edges, taps, flicks."""
    return band(noise(seconds, seed), low, high) * decay(seconds, rate, attack=0.001)


def layer(signals: Iterable[Signal]) -> Signal:
    """Several signals sounding together (a chord, a pad), as long as the longest."""
    parts = list(signals)
    out = np.zeros(max(len(part) for part in parts))
    for part in parts:
        out[: len(part)] += part
    return out


def silence(seconds: float) -> Signal:
    return np.zeros(len(times(seconds)))


def mix(length: float, *parts: tuple[float, Signal]) -> Signal:
    """Lay each ``(start_seconds, signal)`` onto a buffer ``length`` seconds long."""
    out = np.zeros(len(times(length)))
    for start, part in parts:
        a = round(start * RATE)
        b = min(a + len(part), len(out))
        out[a:b] += part[: b - a]
    return out


def finish(signal: Signal, peak: float) -> Signal:
    """Scale to ``peak`` (0..1) and fade the edges by a few ms so the cue never clicks."""
    top = float(np.max(np.abs(signal))) or 1.0
    out = signal * (peak / top)
    fade = min(int(0.004 * RATE), len(out) // 4)
    ramp = np.linspace(0.0, 1.0, fade)
    out[:fade] *= ramp
    out[len(out) - fade :] *= ramp[::-1]
    return out
