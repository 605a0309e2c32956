"""The engine's fast path of a Cardavia deal (:mod:`engine.cardavia.fast`) plays by the
engine's rules: searches may trust it."""

from __future__ import annotations

from engine.baseline import make_baseline
from engine.bots.cardavia.codes import codes_of
from engine.cardavia import GAME as CARDAVIA
from engine.cardavia.deck import deal as deal_masks
from engine.cardavia.deck import mask_of
from engine.cardavia.fast import Position, greedy_rollout, settlement
from engine.cardavia.scoring import penalty, settle
from engine.cards import parse_cards


def test_lean_deal_plays_like_the_engine_cv3_to_cv14() -> None:
    """CV-3 to CV-14: the fast path has the engine's legal plays at every turn, its turn, and
    its final scores, random players."""
    players = [make_baseline("cardavia", "random", s) for s in range(3)]
    for seed in range(30):
        state = CARDAVIA.new_state(seed=seed)
        position = Position(list(deal_masks(seed)), state.to_act()[0], first_play=True)
        while not state.is_over:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            assert position.turn == seat
            assert set(position.legal()) == set(codes_of(legal, first_play=view.first_play))
            action = players[seat].choose(view, legal)
            state.apply(seat, action)
            if action.kind == "pass":
                position.pass_turn()
            else:
                code = next(
                    c for c, a in codes_of(legal, first_play=view.first_play).items() if a is action
                )
                position.play(code)
        assert position.scores() == state.result().scores


def test_greedy_play_outs_end_like_the_engine_cv3_to_cv14() -> None:
    """The greedy play-out ends each deal as the engine does, greedy players all round."""
    greedy = make_baseline("cardavia", "greedy")
    for seed in range(10):
        state = CARDAVIA.new_state(seed=seed)
        position = Position(list(deal_masks(seed)), state.to_act()[0], first_play=True)
        while not state.is_over:
            seat = state.to_act()[0]
            state.apply(seat, greedy.choose(state.view(seat), state.legal_actions(seat)))
        assert greedy_rollout(position) == state.result().scores


def test_cv12_penalty_is_the_sum_of_the_settlement_lines() -> None:
    hands = [
        mask_of(parse_cards("2s 5h")),
        mask_of(parse_cards("9h 9s 9d 9c As Ad Ac 4h")),
        0,
    ]
    for played in (True, False):
        lines, totals = settle(2, hands, has_played=(played, played, True), bonus_seats=())
        for seat in (0, 1):
            assert -sum(line.points for line in lines if line.seat == seat) == penalty(
                hands[seat], played
            )
        assert settlement(2, hands, 0b100 | (0b11 if played else 0), [0, 0, 0]) == totals
    assert penalty(mask_of(parse_cards("2s 5h")), True) == 12  # 2 cards and the 2 of spades
    assert penalty(mask_of(parse_cards("9h 9s 9d 9c As Ad Ac 4h")), False) == 36  # 16 + 2 bombs
