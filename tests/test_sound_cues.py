"""Every event of every game has a cue, every cue has a short file, and no two cues sound alike.

The cue files are decoded with pygame's mixer on SDL's dummy audio driver (no sound device)."""

from __future__ import annotations

import hashlib
import itertools
import tomllib
from array import array
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engine
from audiogame.sound import cues as cue_map
from audiogame.sound.cues import EVENT_CUES, EVENT_VARIANTS, all_cue_names, cue_for
from audiogame.sound.player import default_cue_dir
from engine.cardavia.events import FewCards
from engine.events import GameOver
from engine.scientific.events import PowerGained, Revolution

ROOT = Path(__file__).resolve().parent.parent
CUE_DIR = ROOT / "sounds"
RATE = 44_100
FRAME = RATE // 50  # 20 ms


@pytest.fixture(scope="module")
def decoded() -> Iterator[dict[str, array[int]]]:
    """Every cue file decoded to mono 16-bit samples at 44.1 kHz."""
    mp = pytest.MonkeyPatch()
    mp.setenv("SDL_AUDIODRIVER", "dummy")
    mp.setenv("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512, allowedchanges=0)
    try:
        yield {
            path.stem: array("h", pygame.mixer.Sound(str(path)).get_raw())
            for path in sorted(CUE_DIR.glob("*.ogg"))
        }
    finally:
        pygame.mixer.quit()
        mp.undo()


def test_every_event_kind_of_every_game_has_a_cue() -> None:
    missing = sorted(set(engine.event_kinds()) - set(EVENT_CUES))
    assert not missing, f"event kinds without a cue in audiogame/sound/cues.py: {missing}"


def test_the_map_names_no_event_kind_that_does_not_exist() -> None:
    stale = sorted(set(EVENT_CUES) - set(engine.event_kinds()))
    assert not stale, f"cues mapped for unknown event kinds: {stale}"


def test_every_cue_has_a_file_and_every_file_is_a_cue() -> None:
    files = {path.stem for path in CUE_DIR.glob("*.ogg")}
    names = set(all_cue_names())
    assert names - files == set(), "cues without a file in sounds/"
    assert files - names == set(), "files in sounds/ that no event or screen plays"


def test_the_installed_program_finds_the_cue_files() -> None:
    assert default_cue_dir().resolve() == CUE_DIR.resolve()
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "sounds" in setuptools["packages"]["find"]["include"]
    assert "*.ogg" in setuptools["package-data"]["sounds"]


def test_end_of_game_is_a_win_a_loss_or_a_draw_for_the_listener() -> None:
    def over(*winners: int) -> GameOver:
        return GameOver(winners=winners, reason="all_cards", scores=(0, 0, 0))

    assert cue_for(over(0), listener=0) == "game_won"
    assert cue_for(over(1), listener=0) == "game_lost"
    assert cue_for(over(0, 2), listener=0) == "game_drawn"
    assert cue_for(over(1, 2), listener=0) == "game_lost"
    assert cue_for(over(1), listener=None) == "game_over"


def test_each_power_sounds_different_sb_8_sb_12_sb_13() -> None:
    cues = {cue_for(PowerGained(seat=1, power=p)) for p in ("seer", "counting", "exchange")}
    assert cues == {"power_seer", "power_counting", "power_exchange"}


def test_a_revolution_says_which_way_the_order_turned_sb_7() -> None:
    assert cue_for(Revolution(seats=(1,), reversed=True)) == "revolution"
    assert cue_for(Revolution(seats=(1,), reversed=False)) == "revolution_back"


def test_the_last_card_is_more_urgent_than_two_cards() -> None:
    assert cue_for(FewCards(seat=2, count=2)) == "few_cards"
    assert cue_for(FewCards(seat=2, count=1)) == "last_card"


VARIANT_EVENTS: dict[str, list[tuple[Any, int | None]]] = {
    "game_over": [
        (GameOver(winners=(0,), reason="all_cards", scores=(52, 0)), 0),
        (GameOver(winners=(1,), reason="all_cards", scores=(0, 52)), 0),
        (GameOver(winners=(0, 1), reason="trick_limit", scores=(26, 26)), 0),
        (GameOver(winners=(1,), reason="all_cards", scores=(0, 52)), None),
    ],
    "power_gained": [(PowerGained(seat=1, power=p), 0) for p in ("seer", "counting", "exchange")],
    "revolution": [(Revolution(seats=(1,), reversed=r), 0) for r in (True, False)],
    "few_cards": [(FewCards(seat=2, count=c), 0) for c in (2, 1)],
}
"""For each kind whose cue depends on the event, events that give each of its cues."""


def test_variant_lists_hold_every_cue_their_chooser_gives() -> None:
    """Each list of variants is exactly the cues its chooser gives, every one of them (the
    default among them), and there is no variant kind the table above does not cover."""
    assert set(EVENT_VARIANTS) == set(VARIANT_EVENTS)
    for kind, (names, choose) in EVENT_VARIANTS.items():
        given = [choose(event, listener) for event, listener in VARIANT_EVENTS[kind]]
        assert sorted(given) == sorted(names), kind
        assert given == [cue_for(event, listener) for event, listener in VARIANT_EVENTS[kind]]
        assert EVENT_CUES[kind] in names, kind
    assert cue_for(object()) == ""
    assert cue_map.event_seat(FewCards(seat=2, count=1)) == 2


def test_each_cue_lasts_between_50_and_600_ms(decoded: dict[str, array[int]]) -> None:
    for name, samples in decoded.items():
        milliseconds = 1000 * len(samples) / RATE
        assert 50 <= milliseconds <= 600, f"{name}: {milliseconds:.0f} ms"


def test_cues_are_small() -> None:
    total = sum(path.stat().st_size for path in CUE_DIR.glob("*.ogg"))
    assert total < 400_000, f"{total} bytes of cues"


def test_no_two_cue_files_are_the_same() -> None:
    digests = {
        path.stem: hashlib.sha256(path.read_bytes()).hexdigest() for path in CUE_DIR.glob("*.ogg")
    }
    assert len(set(digests.values())) == len(digests)


def _band_spectrogram(samples: array[int]) -> Any:
    """Level in dB of 24 log-spaced bands (60 Hz to 16 kHz) per 20 ms: what the ear tells
    apart (rhythm, pitch contour, timbre), without the phase or noise details it ignores."""
    np = pytest.importorskip("numpy")
    signal = np.asarray(samples, dtype=float) / 32768
    frames = signal[: len(signal) // FRAME * FRAME].reshape(-1, FRAME) * np.hanning(FRAME)
    power = np.abs(np.fft.rfft(frames, axis=1)) ** 2
    freqs = np.fft.rfftfreq(FRAME, 1 / RATE)
    edges = np.geomspace(60, 16_000, 25)
    bands = np.stack(
        [
            power[:, (freqs >= lo) & (freqs < hi)].sum(axis=1)
            for lo, hi in itertools.pairwise(edges)
        ],
        axis=1,
    )
    return 10 * np.log10(bands + 1e-6)


def test_every_two_cues_differ_in_rhythm_pitch_or_timbre(decoded: dict[str, array[int]]) -> None:
    """A revolution must not sound like a war: any two cues differ, on average over time and
    frequency, by more than 12 dB (one recipe with other noise, or 3.5 dB quieter, differs by
    2 to 3 dB). numpy is needed, as for making the cues."""
    np = pytest.importorskip("numpy")
    spectra = {name: _band_spectrogram(samples) for name, samples in decoded.items()}
    silence = 10 * np.log10(1e-6)

    def distance(a: Any, b: Any) -> float:
        length = max(len(a), len(b))
        a = np.pad(a, ((0, length - len(a)), (0, 0)), constant_values=silence)
        b = np.pad(b, ((0, length - len(b)), (0, 0)), constant_values=silence)
        return float(np.sqrt(np.mean((a - b) ** 2)))

    closest = min(
        (distance(spectra[a], spectra[b]), a, b) for a, b in itertools.combinations(spectra, 2)
    )
    assert closest[0] > 12.0, (
        f"{closest[1]} and {closest[2]} sound too much alike ({closest[0]:.1f} dB)"
    )
