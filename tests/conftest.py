"""Fixtures shared by the test modules: the browser tests' Chromium (tests/browser.py), and the
audio tests' private sound server (one for the whole session) and its recording
(tests/audio_bed.py)."""

from tests.audio_bed import recording, sound
from tests.browser import browser, shared_chromium

__all__ = ["browser", "recording", "shared_chromium", "sound"]
