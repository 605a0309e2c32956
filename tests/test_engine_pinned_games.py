"""Seeded games played with the baseline players are pinned: the same seeds must give the same
games, step by step, whatever is done to make the engine faster.

Each game is written down in ``tests/pinned_games/<name>.json``, one line of text a step: the
opening events; at every decision the seat, the action chosen, how many actions were legal and
a short digest of every seat's view and the legal actions; the events the action caused; at the
end the result and every seat's last view. A change of any of these shows as a diff of those
lines (the first step that differs, with the steps before it). The files were written from the
engine whose games also gave the SHA-256 digests taken at commit 7d3cabe (before the speed work
of issue #11 item 7). The games are the configurations of ``bench/engine_speed.py``, plus
Battaglia with face-down cards and Cardavia's greedy players, which choose from the views
themselves.

``python -m tests.test_engine_pinned_games --write`` writes the files again from this engine
(only when a change of the games is meant: the diff is then the change).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import games
from engine.actions import Action
from engine.baseline import make_baseline
from engine.cards import Card

SEEDS = range(4)
FOLDER = Path(__file__).resolve().parent / "pinned_games"

PINNED: dict[str, tuple[str, dict[str, Any], str]] = {
    "cardavia-random": ("cardavia", {}, "random"),
    "cardavia-greedy": ("cardavia", {}, "greedy"),
    "battle-classic-2": ("battle", {"players": 2}, "random"),
    "battle-classic-4-32": ("battle", {"players": 4, "deck": 32}, "random"),
    "battle-face-down-3": ("battle", {"players": 3, "face_down": True}, "random"),
    "battle-open-2-greedy": ("battle", {"players": 2, "open": True}, "greedy"),
    "scientific-2": ("scientific", {"players": 2}, "random"),
    "scientific-4-greedy": ("scientific", {"players": 4}, "greedy"),
}


def plain(value: Any) -> str:
    """``value`` as short text: cards and actions as the players write them (``10h#1``,
    ``play 3h 3s``), events, views and results as ``Name(field=value, ...)``."""
    if isinstance(value, Card):
        return value.token()
    if isinstance(value, Action):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = [field.name for field in dataclasses.fields(value)]
        return f"{type(value).__name__}({_fields(value, names)})"
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a named tuple (the views)
        return f"{type(value).__name__}({_fields(value, value._fields)})"
    if isinstance(value, tuple):
        inner = ", ".join(plain(item) for item in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, list):
        return f"[{', '.join(plain(item) for item in value)}]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{plain(k)}: {plain(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(plain(item) for item in value)) + "}"
    return repr(value)


def _fields(value: Any, names: Any) -> str:
    return ", ".join(f"{name}={plain(getattr(value, name))}" for name in names)


def transcript(game: str, options: dict[str, Any], kind: str, seed: int) -> list[str]:
    """One whole seeded game, a line a step (see the module's docstring)."""
    state = games[game].new_state(seed=seed, **options)
    players = [make_baseline(game, kind, seed * 10 + s) for s in range(state.players)]
    lines = [plain(event) for event in state.opening_events()]
    while not state.is_over:
        seat = state.to_act()[0]
        views = [state.view(s) for s in range(state.players)]
        legal = state.legal_actions(seat)
        action = players[seat].choose(views[seat], legal)
        seen = hashlib.sha256(plain((views, legal)).encode()).hexdigest()[:12]
        lines.append(f"{seat} {action} ({len(legal)} legal; views and legal {seen})")
        lines.extend(plain(event) for event in state.apply(seat, action))
    lines.append(plain(state.result()))
    lines.extend(f"view {s}: {plain(state.view(s))}" for s in range(state.players))
    return lines


def played(name: str) -> dict[str, Any]:
    game, options, kind = PINNED[name]
    return {
        "game": game,
        "options": options,
        "players": kind,
        "seeds": {str(seed): transcript(game, options, kind, seed) for seed in SEEDS},
    }


def first_difference(pinned: list[str], now: list[str]) -> str:
    """Where two transcripts part: the step number, the steps before it and the two steps."""
    step = next(
        (i for i, (a, b) in enumerate(zip(pinned, now, strict=False)) if a != b),
        min(len(pinned), len(now)),
    )
    before = "\n  ".join(pinned[max(0, step - 3) : step])
    pinned_step = pinned[step] if step < len(pinned) else "(the end)"
    now_step = now[step] if step < len(now) else "(the end)"
    return f"step {step}, after:\n  {before}\npinned: {pinned_step}\nnow:    {now_step}"


@pytest.mark.parametrize("name", sorted(PINNED))
def test_seeded_games_are_the_pinned_ones(name: str) -> None:
    pinned = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    now = played(name)
    assert {k: now[k] for k in ("game", "options", "players")} == {
        k: pinned[k] for k in ("game", "options", "players")
    }
    assert list(now["seeds"]) == list(pinned["seeds"])
    for seed, lines in pinned["seeds"].items():
        assert now["seeds"][seed] == lines, f"{name}, seed {seed}: " + first_difference(
            lines, now["seeds"][seed]
        )


def write() -> None:
    """Write every pinned game from this engine, one line of JSON a step."""
    FOLDER.mkdir(exist_ok=True)
    for name in PINNED:
        text = json.dumps(played(name), indent=1, ensure_ascii=False)
        (FOLDER / f"{name}.json").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.test_engine_pinned_games --write")
    write()
