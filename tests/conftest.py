"""Fixtures shared by the test modules: the browser tests' Chromium (tests/browser.py), and the
audio tests' private sound server (one for the whole session) and its recording
(tests/audio_bed.py); and every test starting with the words in English."""

from collections.abc import Iterator

import pytest

from audiogame import i18n
from tests.audio_bed import recording, sound
from tests.browser import browser, shared_chromium

__all__ = ["browser", "english", "recording", "shared_chromium", "sound"]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """The language is one setting for the whole process: a test that switched to Italian
    (by a key in the options, or to check a translation) must not change what the tests run
    after it in the same process hear. English is the program's own first language."""
    if i18n.language() != "en":
        i18n.set_language("en")
    yield
