"""Seeded games played with the baseline players are pinned: the same seeds must give the same
games, step by step, whatever is done to make the engine faster.

Each game is written down as text: at every decision the seat, every seat's view, the legal
actions, the action chosen and the events it caused; at the end the result. The digests below
were taken from the engine of commit 7d3cabe, before the speed work of issue #11 item 7; a
change of any view, list of legal actions, event or result changes a digest. The games are the
configurations of ``bench/engine_speed.py``, plus Battaglia with face-down cards and Cardavia's
greedy players, which choose from the views themselves.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from engine import games
from engine.baseline import make_baseline

SEEDS = range(4)

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

DIGESTS = {
    "cardavia-random": "695eafc8829699f5ca2c812ae4b913944442093c5f8578e06ea2371499d0fbd8",
    "cardavia-greedy": "74befe8ea7046ce25930656c0f64410462036fba4034ce1ee0171819138b5764",
    "battle-classic-2": "3fc37e4ebf94a7c0693b4d9eb01be1aa7038c3ecd8a556ec0a2c9eedd6334d57",
    "battle-classic-4-32": "c95a8a53447991b77ec0aaf31bc7eef2bc3f1fae885b32ebf9be263eeaf704c8",
    "battle-face-down-3": "ba708d113123afc58a538a0881712d16d8df963807272183b898545d4d9ac194",
    "battle-open-2-greedy": "6bcb87040356e68d7c8f7bc37d3e7affcc63886b3345a334339a9dd92cc9ba0e",
    # SB-13: an exchange declined is announced; the same games with those events left out
    # give e3d4bee29ad1d3985af302cc08c1234405984679bd6b9a03a7a92a362ffe6f5e, the digest before.
    "scientific-2": "805377042e1694fb8ccd79cd56aecf5b4c8a8d74cc66eadba1d47195ed1084bc",
    "scientific-4-greedy": "bad41e6d08bef4831a3d18046cad5b148a3853f982af51f66d8264ea51d25537",
}


def transcript(game: str, options: dict[str, Any], kind: str, seed: int) -> str:
    """One whole seeded game as text (see the module's docstring)."""
    state = games[game].new_state(seed=seed, **options)
    players = [make_baseline(game, kind, seed * 10 + s) for s in range(state.players)]
    lines = [repr(event) for event in state.opening_events()]
    while not state.is_over:
        seat = state.to_act()[0]
        views = [state.view(s) for s in range(state.players)]
        legal = state.legal_actions(seat)
        action = players[seat].choose(views[seat], legal)
        lines.append(f"{seat} {views!r} {legal!r} {action!r}")
        lines.extend(repr(event) for event in state.apply(seat, action))
    lines.append(repr(state.result()))
    for s in range(state.players):
        lines.append(repr(state.view(s)))
    return "\n".join(lines)


def digest(name: str) -> str:
    game, options, kind = PINNED[name]
    text = "\n\n".join(transcript(game, options, kind, seed) for seed in SEEDS)
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize("name", sorted(PINNED))
def test_seeded_games_are_the_pinned_ones(name: str) -> None:
    assert digest(name) == DIGESTS[name], f"the seeded games of {name} changed"


if __name__ == "__main__":  # prints the digests of this engine
    for key in PINNED:
        print(f'    "{key}": "{digest(key)}",')
