"""Every decision of every Cardavia level over whole seeded deals, pinned: the computer
players choose the same plays, for the same reasons, as when the file
``tests/data/cardavia_decisions.json`` was recorded. A change of the engine's fast path, the
play-outs or the endgame search that changes any decision fails here, naming the first one.

Record the file again (only when a change of the players' play is meant) with
``PYTHONPATH=$PWD python3 -m tests.test_cardavia_decisions --record``.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from engine import games
from engine.bots import make
from engine.bots.common import Bot

DATA = Path(__file__).resolve().parent / "data" / "cardavia_decisions.json"

DEALS: dict[str, tuple[int, ...]] = {
    "easy": tuple(range(1, 11)),
    "normal": tuple(range(1, 11)),
    "hard": tuple(range(1, 13)),
    "expert": tuple(range(1, 7)),
}
"""The seeded deals each level plays in all three seats."""
VARIANTS: dict[str, tuple[int, ...]] = {
    '{"keen": true}': (1, 2),
    '{"bombs": 1}': (1, 2),
    '{"bombs": 2}': (1, 2),
    '{"answers": false}': (1, 2),
    '{"model": "planned"}': (1, 2),
    '{"model": "greedy"}': (1, 2),
}
"""The strength benchmark's variants of the hard player (``bench/bots.py --variant``) and
their deals: their play-outs take the other ways of the fast path."""
BENCH = Path(__file__).resolve().parent.parent / "bench" / "bots.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_bots", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_bots"] = module
    spec.loader.exec_module(module)
    return module


def player(level: str, seed: int) -> Bot:
    """A level's player, or (``level`` a JSON variant) the benchmark's hard player so built."""
    if level.startswith("{"):
        built: Bot = _bench().player("cardavia", "hard", seed, level)
        return built
    return make("cardavia", level, seed)


def decisions(level: str, seed: int) -> list[str]:
    """The decisions of one deal, ``level`` in every seat (seeded by deal and seat), each as
    ``"seat: action (reason)"``, with no time limit: the searches stop at their fixed work."""
    state = games["cardavia"].new_state(seed=seed)
    bots = [player(level, seed * 10 + seat) for seat in range(3)]
    said: list[str] = []
    while not state.is_over:
        (seat,) = state.to_act()
        hint = bots[seat].advise(state.view(seat), state.legal_actions(seat))
        params = ", ".join(f"{k}={v}" for k, v in sorted(hint.params.items()))
        said.append(f"{seat}: {hint.action} ({hint.code}{': ' + params if params else ''})")
        state.apply(seat, hint.action)
    return said


def _recorded() -> dict[str, dict[str, list[str]]]:
    found: dict[str, dict[str, list[str]]] = json.loads(DATA.read_text(encoding="utf-8"))
    return found


def _cases() -> list[object]:
    cases: list[object] = []
    for level, seeds in {**DEALS, **VARIANTS}.items():
        for seed in seeds:
            cases.append(pytest.param(level, seed, id=f"{level}-{seed}"))
    return cases


@pytest.mark.parametrize(("level", "seed"), _cases())
def test_each_level_makes_the_recorded_decisions_over_whole_deals(level: str, seed: int) -> None:
    expected = _recorded()[level][str(seed)]
    found = decisions(level, seed)
    for index, (want, got) in enumerate(zip(expected, found, strict=False)):
        assert got == want, f"{level}, deal {seed}: decision {index + 1} differs"
    assert len(found) == len(expected), f"{level}, deal {seed}: {len(found)} decisions"


def record() -> None:
    """Write the decisions of every level's deals to :data:`DATA`."""
    found = {
        level: {str(seed): decisions(level, seed) for seed in seeds}
        for level, seeds in {**DEALS, **VARIANTS}.items()
    }
    DATA.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: python3 -m tests.test_cardavia_decisions --record")
    record()
