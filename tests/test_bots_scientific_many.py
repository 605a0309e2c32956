"""The Scientific Battle computer players at tables of three to eight: the hard player takes up
a much stronger won pile, replays its choices for a seed, and chooses from its view alone
however far the game has gone."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from engine import Play, games
from engine.actions import Action
from engine.bots import Bot, make
from engine.cards import parse_cards
from tests.levels import LEVEL_PARAMS, play_checked

MANY = [3, 5, 8, *(pytest.param(players, marks=pytest.mark.slow) for players in (4, 6, 7))]
"""Tables of 3 to 8: three sizes in the default run, the others with ``-m slow``."""


def test_hard_takes_up_a_much_stronger_won_pile_at_three_players_sb13() -> None:
    """SB-13 at three players: after an 8, with weak cards in hand and aces and kings in the
    won pile, the hard player takes the pile up (it used to play on from the weak hand)."""
    state = games["scientific"].new_state(
        hands=[parse_cards("8h 2h 3h 4h"), parse_cards("7s Ks Qs 5s"), parse_cards("6d Kd 9d")]
    )
    state.won[0] = list(parse_cards("Ah Kh Ad Ac"))  # type: ignore[attr-defined]
    state.apply(0, Play(parse_cards("8h")))
    state.apply(1, Play(parse_cards("7s")))
    state.apply(2, Play(parse_cards("6d")))
    legal = state.legal_actions(0)
    assert Action("exchange") in legal
    for seed in range(5):
        found = make("scientific", "hard", seed).advise(state.view(0), legal)
        assert found.action == Action("exchange")
        assert found.code == "exchange_stronger"


def _game(players: int, level: str, seed: int) -> list[tuple[int, Action]]:
    state = games["scientific"].new_state(seed=seed, players=players, trick_limit=20)
    bots = [make("scientific", level, seed * 10 + s) for s in range(players)]
    return play_checked(state, bots, random.Random(seed))


@pytest.mark.parametrize("players", MANY)
@pytest.mark.parametrize("level", LEVEL_PARAMS)
def test_each_level_replays_its_choices_for_a_seed_at_every_table_size(
    level: str, players: int
) -> None:
    """Every level, alone at a table of 3 to 8 (20 tricks at most): the same seeds, the same
    game, choice for choice, and only legal actions; other seeds, another game."""
    first = _game(players, level, 5)
    assert _game(players, level, 5) == first
    assert _game(players, level, 6) != first


def _midgame(players: int, seed: int) -> tuple[Any, list[Bot]]:
    """A game some tricks in (hard players throughout), at a trick where seat 0 chooses with
    the first players (not as a seer)."""
    state = games["scientific"].new_state(seed=seed, players=players)
    bots: list[Bot] = [make("scientific", "hard", seed * 10 + s) for s in range(players)]
    while not state.is_over and state.trick < 40:
        if state.trick >= 4 + seed % 5 and 0 in state.to_act() and 0 not in state.seers:
            break
        for seat in state.to_act():
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return state, bots


@pytest.mark.parametrize("players", MANY)
def test_hard_chooses_from_its_view_alone_midgame_sb2(players: int) -> None:
    """SB-2 some tricks in: whatever the others have chosen in secret, the hard player of
    seat 0, who followed the whole game, sees the same view and makes the same choice."""
    compared = 0
    for seed in range(1, 6):
        state, bots = _midgame(players, seed)
        if state.is_over or 0 not in state.to_act():
            continue
        views: list[object] = []
        choices: set[Action] = set()
        for theirs in range(4):
            twin = state.clone()
            for seat in twin.to_act():
                if seat:
                    legal = twin.legal_actions(seat)
                    twin.apply(seat, legal[(theirs * 5 + seat) % len(legal)])
            if 0 not in twin.to_act():
                continue  # the others were seers waiting for seat 0: nothing secret yet
            views.append(twin.view(0))
            player = copy.deepcopy(bots[0])
            choices.add(player.choose(twin.view(0), twin.legal_actions(0)))
        if views:
            assert all(view == views[0] for view in views), (players, seed)
            assert len(choices) == 1, (players, seed)
            compared += 1
    assert compared >= 2, players
