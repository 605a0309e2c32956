"""The strength benchmark sets a variant of a player beside the player as it is, deal by deal:
the recorded parts pair up by their first deal, and the difference is said with its sign."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent.parent / "bench" / "bots.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_bots", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_bots"] = module
    spec.loader.exec_module(module)
    return module


def _entry(variant: str, first: int, won: list[float], scores: list[float]) -> str:
    line = {"game": "cardavia", "players": 3, "measured": "hard", "other": "normal",
            "deals": len(won), "variant": variant}  # fmt: skip
    tally = {"won": won, "draws": [0.0] * len(won), "scores": scores,
             "by_seat": [[0.0] * len(won)] * 3, "times": [0.01]}  # fmt: skip
    return json.dumps({"line": line, "first": first, "tally": tally})


def test_a_variant_is_paired_with_the_player_on_the_same_deals(tmp_path: Path) -> None:
    bench = _bench()
    path = tmp_path / "runs.jsonl"
    entries = [
        _entry("", 1, [1.0, 0.0, 1 / 3], [9.0, -3.0, 1.0]),
        _entry('{"margin": 2.0}', 1, [1.0, 1 / 3, 1 / 3], [10.0, 0.0, 0.0]),
        _entry('{"margin": 2.0}', 4, [1.0, 1.0], [30.0, 30.0]),  # no base part: left out
    ]
    path.write_text("\n".join(entries) + "\n", encoding="utf-8")
    (text,) = bench.paired(path)
    assert 'hard {"margin": 2.0} against normal, beside hard on the same 3 deals' in text
    assert "won +11.1 ± " in text  # (0 + 1/3 + 0) / 3 deals
    assert "score +1.00 ± " in text  # (1 + 3 - 1) / 3 deals
    lines = {line.variant: len(tally.won) for line, tally in bench.combined(path)}
    assert lines == {"": 3, '{"margin": 2.0}': 5}


def test_a_variant_player_is_built_with_its_options() -> None:
    bench = _bench()
    player = bench.player("cardavia", "hard", 3, '{"margin": 2.0, "deals": 12}')
    assert (player.play_outs.margin, player.deals) == (2.0, 12)
    assert bench.player("cardavia", "hard", 3).play_outs.margin == 1.0
