"""The greedy Cardavia player: cheap plays first, bombs for need, pass when forced."""

from __future__ import annotations

from engine import Pass, Play, parse_cards
from engine.baseline import make_baseline
from engine.cardavia.baseline import greedy_choice
from engine.cardavia.state import CardaviaState
from tests.test_cardavia_helpers import deal, pass_, play


def greedy(state: CardaviaState) -> str:
    seat = state.to_act()[0]
    return str(greedy_choice(state.view(seat), state.legal_actions(seat)))


def test_leads_the_longest_play_from_its_lowest_rank() -> None:
    assert greedy(deal("3h 4s 5s 6s 7s 9h 9s", "Kh", "Qh")) == "play 3h 4s 5s 6s 7s"
    assert greedy(deal("3h 3s 5h Kd", "Kh", "Qh")) == "play 3h 3s"


def test_answers_with_the_weakest_non_bomb() -> None:
    state = deal("3h 3s 4c", "Kh", "10h 10s Jh Js Qh Qs Qd Qc 5c")
    play(state, 0, "3h 3s")
    assert greedy(state) == "play 10h 10s"
    state = deal("3h 3s 4c", "Kh", "9h 9s 9d 9c Jh Js 5c")
    play(state, 0, "3h 3s")
    assert greedy(state) == "play 9h 9s"  # simple: it will split a bomb for a cheap pair


def test_bomb_only_when_nothing_else_answers() -> None:
    state = deal("3h 3s 4h 4s 5c", "Kh", "9h 9s 9d 9c Qh Qs Qd Qc 5d")
    play(state, 0, "3h 3s 4h 4s")
    assert greedy(state) == "play 9h 9s 9d 9c"


def test_goes_out_when_it_can_and_passes_when_forced() -> None:
    state = deal("3h Kd", "Kh", "5h 6h")
    play(state, 0, "3h")
    play(state, 2, "5h")
    assert greedy(state) == "play Kh"
    state = deal("3h 3s 4c", "Kh", "5h 6h")
    play(state, 0, "3h 3s")
    assert greedy(state) == "pass"
    pass_(state, 2)


def test_greedy_players_finish_seeded_deals() -> None:
    from engine.cardavia import GAME

    players = [make_baseline("cardavia", "greedy") for _ in range(3)]
    for seed in range(20):
        state = GAME.new_state(seed=seed)
        while not state.is_over:
            seat = state.to_act()[0]
            action = players[seat].choose(state.view(seat), state.legal_actions(seat))
            assert action != Pass() or state.legal_actions(seat) == [Pass()]
            state.apply(seat, action)
        assert sum(state.result().scores) == 0
    assert Play(parse_cards("3h")) != Pass()
