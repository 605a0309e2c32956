"""Tests that need system packages (a sound server, voices, a browser): where one is missing they
skip with the reason, but with ``AUDIOGAME_REQUIRE_SYSTEM_TESTS=1`` (as in CI) they fail instead,
so that a machine that should run them never passes them by skipping.

>>> missing_programs(["sh", "no-such-program-here"])
['no-such-program-here']
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from collections.abc import Iterable

import pytest

REQUIRE = "AUDIOGAME_REQUIRE_SYSTEM_TESTS"


def required() -> bool:
    """Whether missing system packages are a failure here."""
    return os.environ.get(REQUIRE, "") not in ("", "0")


def missing_programs(programs: Iterable[str]) -> list[str]:
    return [program for program in programs if shutil.which(program) is None]


def missing_modules(modules: Iterable[str]) -> list[str]:
    return [module for module in modules if importlib.util.find_spec(module) is None]


def need(missing: Iterable[str], install: str) -> None:
    """Skip (or fail, where required) when anything in ``missing`` is missing; ``install`` says
    how to get it."""
    missing = list(missing)
    if not missing:
        return
    reason = f"missing {', '.join(missing)} (install with {install})"
    if required():
        pytest.fail(f"{REQUIRE} is set but {reason}", pytrace=False)
    pytest.skip(reason)
