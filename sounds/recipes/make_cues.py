"""Synthesize every audio cue of the game and encode it as OGG Vorbis in sounds/.

Run from the repository root (needs numpy and the ``sox`` command with its Vorbis format, e.g.
Debian's ``sox libsox-fmt-all``; both are developer tools, not dependencies of the game)::

    python3 -m sounds.recipes.make_cues            # every cue
    python3 -m sounds.recipes.make_cues war bomb   # only these

The output is deterministic (seeded noise), so re-running it changes no file unless a recipe
changed. The cues are made by the project and share its licence (MIT).

Families help the ear: drums mean war, swoops mean cards moving, bells mean good news for you,
a spring ("boing") means a joker, a glassy glide then a motif means a power.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np

from sounds.recipes.synth import (
    RATE,
    Signal,
    band,
    bell,
    click,
    decay,
    drum,
    finish,
    fm,
    glide,
    hold,
    layer,
    mix,
    noise,
    oscillator,
    swept_noise,
    tone,
)

HERE = Path(__file__).resolve().parent.parent
VORBIS_QUALITY = "3"


def hz(midi: float) -> float:
    """Frequency of a MIDI note number (69 = A4 = 440 Hz)."""
    return float(440.0 * 2 ** ((midi - 69) / 12))


def boing(freq: float, seconds: float) -> Signal:
    """The joker's spring: a tone whose pitch wobbles fast and settles."""
    t = np.arange(int(seconds * RATE)) / RATE
    wobble = 1 + 0.25 * np.exp(-7 * t) * np.sin(2 * np.pi * 14 * t)
    return tone(freq * wobble, seconds, "triangle", rate=5.0)


def power_rise() -> Signal:
    """The glassy upward glide every power cue starts with."""
    return fm(glide(700, 1400, 0.12), 2.0, 1.2, 0.12, rate=4.0)


def knock(freq: float, seed: int) -> Signal:
    return tone(freq, 0.08, "triangle", rate=45.0) + 0.5 * click(0.08, 200, 2000, seed, rate=70)


def flick(seed: int) -> Signal:
    """A card dealt: a tiny whip from high to middle pitch over a paper snap."""
    whip = oscillator(glide(3200, 1600, 0.03), 0.03) * decay(0.03, 90)
    return 0.4 * whip + click(0.03, 2500, 8000, seed, rate=120)


# --- the program --------------------------------------------------------------------------


def menu_move() -> Signal:
    return tone(1400, 0.06, "triangle", rate=60) + 0.3 * click(0.06, 3000, 8000, 1, rate=150)


def menu_edge() -> Signal:
    return drum(0.12, 220, 110, seed=2, snap=0.1) + 0.4 * tone(110, 0.12, "square", rate=30)


def select() -> Signal:
    return mix(
        0.13, (0.0, tone(880, 0.06, "triangle", 30)), (0.06, tone(1320, 0.07, "triangle", 30))
    )


def back() -> Signal:
    return mix(
        0.13, (0.0, tone(740, 0.06, "triangle", 30)), (0.06, tone(494, 0.07, "triangle", 30))
    )


def your_turn() -> Signal:
    return mix(0.42, (0.0, bell(hz(84), 0.3, rate=6)), (0.12, bell(hz(91), 0.3, rate=6)))


def not_allowed() -> Signal:
    def buzz() -> Signal:
        return (oscillator(155, 0.1, "square") + oscillator(166, 0.1, "square")) * hold(
            0.1, 0.005, 0.02
        )

    return mix(0.26, (0.0, buzz()), (0.14, buzz()))


def game_won() -> Signal:
    notes = (72, 76, 79, 84)
    parts = [(0.09 * i, bell(hz(n), 0.6 - 0.09 * i, rate=5)) for i, n in enumerate(notes)]
    chord = layer(tone(hz(n), 0.33, "triangle", rate=4) for n in notes)
    return mix(0.6, *parts, (0.27, 0.3 * chord))


def game_lost() -> Signal:
    notes = (67, 63, 60)
    parts = [
        (0.16 * i, band(tone(hz(n), 0.28, "saw", rate=5), 80, 1500))
        for i, n in enumerate(notes[:2])
    ]
    t = np.arange(int(0.28 * RATE)) / RATE
    droop = hz(60) * (1 - 0.03 * t / 0.28) * (1 + 0.01 * np.sin(2 * np.pi * 5 * t))
    last = band(oscillator(droop, 0.28, "saw") * hold(0.28, 0.01, 0.15), 80, 1500)
    return mix(0.6, *parts, (0.32, last))


def game_drawn() -> Signal:
    def chord() -> Signal:
        return tone(hz(72), 0.2, "triangle", 10) + tone(hz(79), 0.2, "triangle", 10)

    return mix(0.45, (0.0, chord()), (0.22, chord()))


def game_over() -> Signal:
    return fm(196, 1.4, 3.0, 0.55, rate=5) + 0.4 * tone(98, 0.55, rate=4)


def answer_right() -> Signal:
    return mix(0.24, (0.0, bell(hz(88), 0.1, rate=20)), (0.07, bell(hz(93), 0.17, rate=14)))


def answer_wrong() -> Signal:
    return fm(glide(200, 120, 0.3), 1.0, 2.0, 0.3, rate=9)


def chat() -> Signal:
    """Someone at the table writes: two soft rising "pops", like a voice saying "uh-huh", unlike
    any card or game sound."""

    def pop(start: float, end: float) -> Signal:
        return band(tone(glide(start, end, 0.09), 0.09, "triangle", rate=18), 200, 3000)

    return mix(0.22, (0.0, pop(hz(74), hz(79))), (0.11, pop(hz(79), hz(86))))


# --- shared card events (Battaglia and Scientific Battle) ---------------------------------


def reveal() -> Signal:
    def fwip(seed: int) -> Signal:
        return click(0.06, 2000, 7000, seed, rate=55) + 0.3 * swept_noise(0.06, 1500, 5000, seed)

    return mix(0.16, (0.0, fwip(10)), (0.06, fwip(11)))


def choice_made() -> Signal:
    return click(0.08, 300, 1500, 12, rate=70) + 0.6 * tone(180, 0.08, rate=50)


def war() -> Signal:
    return mix(
        0.5,
        (0.0, 0.5 * drum(0.14, 190, 110, seed=13)),
        (0.13, 0.5 * drum(0.14, 190, 110, seed=14)),
        (0.26, drum(0.24, 150, 70, seed=15, snap=0.5)),
    )


def trick_won() -> Signal:
    swoosh = swept_noise(0.22, 600, 3000, 16) * hold(0.22, 0.08, 0.1)
    return mix(0.34, (0.0, swoosh), (0.19, 0.7 * tone(660, 0.15, "triangle", 18)))


def pile_taken_up() -> Signal:
    gaps = np.geomspace(0.05, 0.015, 14)
    starts = np.concatenate(([0.0], np.cumsum(gaps)[:-1]))
    parts = [
        (float(s), (0.5 + 0.5 * (i % 3) / 2) * click(0.03, 1500, 6000, 20 + i, rate=130))
        for i, s in enumerate(starts)
    ]
    return mix(0.45, *parts)


def eliminated() -> Signal:
    t = np.arange(int(0.55 * RATE)) / RATE
    tremolo = 1 - 0.5 * (0.5 + 0.5 * np.sin(2 * np.pi * 11 * t))
    fall = oscillator(glide(700, 150, 0.55), 0.55, "triangle")
    return fall * tremolo * hold(0.55, 0.01, 0.25)


def trick_limit() -> Signal:
    tick = click(0.05, 2500, 7000, 30, rate=90)
    tock = click(0.05, 700, 2000, 31, rate=90)
    return mix(0.5, (0.0, tick), (0.14, tock), (0.28, bell(880, 0.22, rate=9)))


def set_aside() -> Signal:
    slide = swept_noise(0.16, 2500, 900, 32) * hold(0.16, 0.03, 0.06)
    return mix(0.25, (0.0, slide), (0.15, 0.8 * knock(260, 33)))


def face_down_laid() -> Signal:
    """Open war: the face-down cards slide in, then a short rising prompt to choose again."""
    slide = band(swept_noise(0.15, 1500, 400, 34), 200, 3000) * hold(0.15, 0.02, 0.05)
    thud = drum(0.1, 120, 80, seed=35, snap=0.0)
    prompt = oscillator(glide(660, 990, 0.1), 0.1, "triangle") * hold(0.1, 0.01, 0.04)
    return mix(0.36, (0.0, slide), (0.12, thud), (0.24, 0.6 * prompt))


# --- Scientific Battle ----------------------------------------------------------------------


def seer_turn() -> Signal:
    t = np.arange(int(0.5 * RATE)) / RATE
    vibrato = 1 + 0.012 * np.sin(2 * np.pi * 6 * t)
    pad = layer(oscillator(hz(n) * vibrato, 0.5) for n in (84, 88, 91))
    return pad * hold(0.5, 0.12, 0.2)


def _revolution(start: float, end: float, seed: int) -> Signal:
    sweep = fm(glide(start, end, 0.5), 1.5, 2.5, 0.5, rate=2.0)
    whoosh = swept_noise(0.5, start * 2, end * 2, seed) * hold(0.5, 0.05, 0.15)
    return mix(0.55, (0.0, sweep + 0.6 * whoosh))


def revolution() -> Signal:
    """The order flips: 2 is now the highest card, so the sweep falls."""
    return _revolution(1600, 200, 40)


def revolution_back() -> Signal:
    """The order is normal again (ace highest): the sweep rises."""
    return _revolution(200, 1600, 41)


def jacks_cancel() -> Signal:
    up = oscillator(glide(300, 1200, 0.3), 0.3)
    down = oscillator(glide(1200, 300, 0.3), 0.3)
    return mix(0.4, (0.0, (up + down) * hold(0.3, 0.02, 0.1)), (0.3, click(0.08, 500, 3000, 42)))


def joker_cancels_war() -> Signal:
    return mix(
        0.5,
        (0.0, 0.6 * drum(0.1, 190, 110, seed=43)),
        (0.09, 0.6 * drum(0.1, 190, 110, seed=44)),
        (0.18, boing(330, 0.32)),
    )


def joker_forces_war() -> Signal:
    return mix(
        0.55,
        (0.0, boing(330, 0.3)),
        (0.24, drum(0.14, 170, 90, seed=45)),
        (0.37, drum(0.18, 150, 70, seed=46, snap=0.5)),
    )


def jokers_cancel() -> Signal:
    fizz = band(noise(0.2, 47), 1000, 6000) * decay(0.2, 12)
    return mix(0.45, (0.0, boing(330, 0.3) + boing(349, 0.3)), (0.25, 0.4 * fizz))


def power_seer() -> Signal:
    sparkle = [(0.12 + 0.05 * i, bell(hz(n), 0.2, rate=14)) for i, n in enumerate((96, 100, 103))]
    return mix(0.4, (0.0, power_rise()), *sparkle)


def power_counting() -> Signal:
    pips = [(0.13 + 0.08 * i, tone(hz(n), 0.06, "square", 40)) for i, n in enumerate((84, 86, 88))]
    return mix(0.4, (0.0, power_rise()), *pips)


def power_exchange() -> Signal:
    notes = (72, 79, 72, 79)
    swaps = [(0.13 + 0.065 * i, tone(hz(n), 0.06, "triangle", 25)) for i, n in enumerate(notes)]
    return mix(0.42, (0.0, power_rise()), *swaps)


def exchanged() -> Signal:
    there = swept_noise(0.18, 800, 3000, 48) * hold(0.18, 0.04, 0.06)
    back_again = swept_noise(0.18, 3000, 800, 49) * hold(0.18, 0.04, 0.06)
    return mix(0.4, (0.0, there), (0.2, back_again))


# --- Cardavia -------------------------------------------------------------------------------


def deal_started() -> Signal:
    return mix(0.55, *[(0.065 * i, flick(50 + i)) for i in range(8)])


def played() -> Signal:
    # A card slapped on the table: mostly bright paper noise, a little body.
    slap = click(0.12, 900, 7000, 60, rate=45)
    return slap + 0.3 * drum(0.12, 160, 120, seed=61, snap=0.0)


def _explosion(seconds: float, seed: int) -> Signal:
    rumble = band(noise(seconds, seed), 30, 1200) * decay(seconds, 6.0, attack=0.003)
    drop = oscillator(glide(120, 40, seconds), seconds) * decay(seconds, 5.0)
    crackle = band(noise(seconds, seed + 1), 2000, 8000) * decay(seconds, 25.0)
    return rumble + drop + 0.4 * crackle


def bomb() -> Signal:
    return _explosion(0.55, 62)


def celestial_bomb() -> Signal:
    t = np.arange(int(0.5 * RATE)) / RATE
    vibrato = 1 + 0.008 * np.sin(2 * np.pi * 5.5 * t)
    choir = layer(
        band(oscillator(hz(n) * vibrato, 0.5, "saw"), 200, 3000) for n in (72, 76, 79, 84)
    )
    return mix(0.6, (0.0, 0.8 * _explosion(0.4, 64)), (0.1, 0.25 * choir * hold(0.5, 0.1, 0.2)))


def passed() -> Signal:
    return mix(0.22, (0.0, 0.6 * knock(400, 66)), (0.11, 0.6 * knock(400, 67)))


def new_round() -> Signal:
    sweep = swept_noise(0.2, 2000, 500, 68) * hold(0.2, 0.03, 0.08)
    marimba = tone(hz(72), 0.2, rate=12) + 0.3 * tone(hz(72) * 4, 0.2, rate=30)
    return mix(0.36, (0.0, 0.6 * sweep), (0.15, marimba))


def few_cards() -> Signal:
    pip = tone(1760, 0.06, rate=20)
    return mix(0.25, (0.0, pip), (0.12, pip))


def last_card() -> Signal:
    notes = [(0.035 * i, tone(1760 if i % 2 == 0 else 2093, 0.035, "square", 10)) for i in range(9)]
    return mix(0.35, *notes)


def bomb_bonus() -> Signal:
    pitches = (2500, 2900, 2650, 3100, 2750, 3300)
    starts = (0.0, 0.07, 0.12, 0.2, 0.25, 0.33)
    return mix(
        0.45, *[(s, fm(p, 1.41, 2.0, 0.12, rate=25)) for s, p in zip(starts, pitches, strict=True)]
    )


def settlement() -> Signal:
    ching = fm(2637, 2.0, 1.5, 0.4, rate=7) + 0.5 * bell(1318, 0.4, rate=7)
    return mix(
        0.55,
        (0.0, click(0.04, 1500, 5000, 70, rate=120)),
        (0.06, click(0.04, 1500, 5000, 71, rate=120)),
        (0.12, ching),
        (0.12, 0.5 * tone(110, 0.15, rate=25)),
    )


RECIPES: dict[str, tuple[float, Callable[[], Signal]]] = {
    # name: (peak level 0..1, recipe); quiet for frequent UI ticks, loud for big moments.
    "menu_move": (0.4, menu_move),
    "menu_edge": (0.5, menu_edge),
    "select": (0.5, select),
    "back": (0.5, back),
    "your_turn": (0.7, your_turn),
    "not_allowed": (0.55, not_allowed),
    "game_won": (0.85, game_won),
    "game_lost": (0.75, game_lost),
    "game_drawn": (0.7, game_drawn),
    "game_over": (0.75, game_over),
    "answer_right": (0.6, answer_right),
    "answer_wrong": (0.6, answer_wrong),
    "chat": (0.5, chat),
    "reveal": (0.6, reveal),
    "choice_made": (0.45, choice_made),
    "war": (0.9, war),
    "trick_won": (0.7, trick_won),
    "pile_taken_up": (0.6, pile_taken_up),
    "eliminated": (0.7, eliminated),
    "trick_limit": (0.7, trick_limit),
    "set_aside": (0.55, set_aside),
    "face_down_laid": (0.55, face_down_laid),
    "seer_turn": (0.6, seer_turn),
    "revolution": (0.8, revolution),
    "revolution_back": (0.75, revolution_back),
    "jacks_cancel": (0.6, jacks_cancel),
    "joker_cancels_war": (0.8, joker_cancels_war),
    "joker_forces_war": (0.85, joker_forces_war),
    "jokers_cancel": (0.7, jokers_cancel),
    "power_seer": (0.55, power_seer),
    "power_counting": (0.55, power_counting),
    "power_exchange": (0.55, power_exchange),
    "exchanged": (0.6, exchanged),
    "deal_started": (0.6, deal_started),
    "played": (0.65, played),
    "bomb": (0.95, bomb),
    "celestial_bomb": (0.95, celestial_bomb),
    "passed": (0.5, passed),
    "new_round": (0.6, new_round),
    "few_cards": (0.55, few_cards),
    "last_card": (0.45, last_card),
    "bomb_bonus": (0.6, bomb_bonus),
    "settlement": (0.7, settlement),
}


def write_wav(path: Path, signal: Signal) -> None:
    pcm = np.clip(np.round(signal * 32767), -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())


def encode(wav: Path, ogg: Path) -> None:
    """OGG Vorbis through sox; mono, 44.1 kHz (pygame's mixer pans it in stereo)."""
    subprocess.run(["sox", "-R", str(wav), "-C", VORBIS_QUALITY, str(ogg)], check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="cues to make (default: all)")
    parser.add_argument("--out", type=Path, default=HERE, help="folder for the .ogg files")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.names) - set(RECIPES))
    if unknown:
        parser.error(f"no recipe for {', '.join(unknown)}")
    if shutil.which("sox") is None:
        print(
            "sox is needed to encode OGG Vorbis (Debian: apt-get install sox libsox-fmt-all)",
            file=sys.stderr,
        )
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.names or RECIPES:
            peak, recipe = RECIPES[name]
            wav = Path(tmp) / f"{name}.wav"
            write_wav(wav, finish(recipe(), peak))
            encode(wav, args.out / f"{name}.ogg")
            print(f"{name}.ogg", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
