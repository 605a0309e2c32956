"""The Scientific Battle computer players at tables of three to eight: the hard player takes up
a much stronger won pile, replays its choices for a seed, and chooses from its view alone
however far the game has gone, and lets a seer answer the card he will see (SB-8)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from engine import Play
from engine.actions import Action
from engine.bots import Bot, make
from engine.cards import parse_cards
from engine.scientific import GAME as SCIENTIFIC
from tests.levels import LEVEL_PARAMS, MANY, play_checked


def test_hard_takes_up_a_much_stronger_won_pile_at_three_players_sb13() -> None:
    """SB-13 at three players: after an 8, with weak cards in hand and aces and kings in the
    won pile, the hard player takes the pile up (it used to play on from the weak hand)."""
    state = SCIENTIFIC.new_state(
        hands=[parse_cards("8h 2h 3h 4h"), parse_cards("7s Ks Qs 5s"), parse_cards("6d Kd 9d")]
    )
    state.won[0] = list(parse_cards("Ah Kh Ad Ac"))
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
    state = SCIENTIFIC.new_state(seed=seed, players=players, trick_limit=20)
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
    state = SCIENTIFIC.new_state(seed=seed, players=players)
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


PLAYED = (
    "joker Jh Kh Qh 10h 9h 8h 7h 6h 4h 2h 3h",
    "joker#1 As 10s 8s 7s 6s 5s 4s 3s 2s {}",
    "joker#2 Jd Ad Qd 10d 8d 7d 6d 5d 4d 2d 3d",
)
"""Twelve tricks from the deal of three (SB-1), each seat's card in each: Bruno (seat 1) takes
the last two with his king and his queen, in the order given; then Anna holds the ace and the
five of hearts, Bruno the jack and the nine of spades, Carla the king and the nine of diamonds,
and the order is normal (two jacks were shown)."""


def _before_the_thirteenth_trick(last_two: str, hard: Bot) -> Any:
    """The game after :data:`PLAYED`, the hard player of seat 0 following it trick by trick
    (asked at each of its choices, as at a table)."""
    state = SCIENTIFIC.new_state(players=3)
    plays = [parse_cards(cards.format(last_two)) for cards in PLAYED]
    for trick in range(12):
        chosen: set[int] = set()
        while len(chosen) < 3:  # the seers after the others (SB-8)
            for seat in state.to_act():
                if seat == 0:
                    hard.advise(state.view(0), state.legal_actions(0))
                state.apply(seat, Play([plays[seat][trick]]))
                chosen.add(seat)
    assert [sorted(c.token() for c in hand) for hand in state.hands] == [
        ["5h", "Ah"], ["9s", "Js"], ["9d", "Kd"]]  # fmt: skip
    assert not state.reversed
    return state


def test_hard_lets_a_seer_answer_the_card_he_will_see_at_three_players_sb8() -> None:
    """SB-8 at three players. Anna's hard player knows every hand (whole suits dealt, every
    card since shown): no hidden card bears on the answer, nor does Carla's secret choice.

    Bruno played his queen last trick: he chooses after seeing Anna's card and Carla's. Against
    the ace he answers the jack: the order turns and the ace, now the weakest card, is lost
    whatever Carla shows. Against the five the jack would turn the order in Anna's favour: he
    answers the nine, and Anna loses at most her five (to Carla's king), or it is a war (the
    nines). So Anna plays the five, whatever her player's seed. Had Bruno played his queen a
    trick earlier (the same hands, the power gone), the ace is her card: it loses only to a
    jack, which Bruno may not show; her player mixes among cards that do about as well, so the
    ace is its answer for nearly every seed."""
    blind_aces = 0
    for seed in range(8):
        hard = make("scientific", "hard", seed)
        state = _before_the_thirteenth_trick("Ks Qs", hard)
        assert state.seers == frozenset({1}) and state.to_act() == (0, 2)
        for carla in (None, "Kd", "9d"):  # Carla has not chosen yet, or has, in secret (SB-2)
            twin = state.clone()
            if carla is not None:
                twin.apply(2, Play(parse_cards(carla)))
            found = copy.deepcopy(hard).advise(twin.view(0), twin.legal_actions(0))
            assert (str(found.action), found.code) == ("play 5h", "opponent_seer"), (seed, carla)

        blind = make("scientific", "hard", seed)
        state = _before_the_thirteenth_trick("Qs Ks", blind)
        assert not state.seers and state.to_act() == (0, 1, 2)
        found = blind.advise(state.view(0), state.legal_actions(0))
        blind_aces += str(found.action) == "play Ah"
    assert blind_aces >= 7
