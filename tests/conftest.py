"""Fixtures shared by the test modules: the browser tests' Chromium (tests/browser.py), and the
audio tests' private sound server (one for the whole session) and its recording
(tests/audio_bed.py); and every test starting with the words in English."""

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from audiogame import i18n
from tests.audio_bed import recording, sound
from tests.browser import browser, shared_chromium

__all__ = ["browser", "english", "recording", "shared_chromium", "sound"]

# The test run keeps its compiled files (in __pycache__, ignored by git) even where the
# environment asks Python not to write them (PYTHONDONTWRITEBYTECODE): without them each test
# process rewrites and compiles every test module again (collecting took 5.2 s of CPU instead
# of 2.4), and each program a test starts compiles the program again.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# No example fails for its time: Hypothesis's deadline (200 ms an example) is a timing assertion,
# and a loaded machine took 507 ms once for an example that takes 10 ms. Speed lives in bench/.
settings.register_profile("audiogame", deadline=None)
settings.load_profile("audiogame")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """The language is one setting for the whole process: a test that switched to Italian
    (by a key in the options, or to check a translation) must not change what the tests run
    after it in the same process hear. English is the program's own first language."""
    if i18n.language() != "en":
        i18n.set_language("en")
    yield


@pytest.fixture
def own_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The program's data (the seats it keeps online) in the test's folder, not the user's:
    for the modules that mark themselves ``pytest.mark.usefixtures("own_data_folder")``."""
    monkeypatch.setenv("AUDIOGAME_DATA_DIR", str(tmp_path / "data"))


LONGEST_FIRST = (
    "test_online_workers.py",
    "test_random_keys.py",
    "test_online_recall.py",
    "test_signals_and_copies.py",
    "test_online_terminal.py",
    "test_online_seats.py",
    "test_online_turn_timer.py",
    "test_online_auto_pass.py",
    "test_cardavia_table_keys.py",
    "test_bots_scientific_many.py",
    "test_bots_scientific.py",
    "test_bots_levels.py",
    "test_hostile_files.py",
    "test_conformance.py",
)
"""Test files whose tests take longest (servers, programs, worker processes and whole games of
computer players): run first, they leave the short tests to share out at the end, and the
test processes end together."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        name = item.path.name
        return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)
