"""The computer players' levels as test parameters: the expert level, the slowest to think,
is played by the slow run only (``pytest -m slow``); every other level by the default run."""

from __future__ import annotations

import pytest

from engine.bots import LEVELS

LEVEL_PARAMS = [
    pytest.param(level, marks=pytest.mark.slow) if level == "expert" else level for level in LEVELS
]
