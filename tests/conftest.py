"""Fixtures shared by the test modules: the browser tests' Chromium (tests/browser.py)."""

from tests.browser import browser, shared_chromium

__all__ = ["browser", "shared_chromium"]
