"""The play-out players of the Cardavia searching players: on a sampled deal they bomb a
play only when no other hand can beat the bomb (its bonus stands, CV-13), keep the bomb
otherwise, do not lead a single or a pair into an opponent's last cards, and, driving the
engine's own deal to its end, never make a play the engine refuses."""

from __future__ import annotations

from engine.actions import Action
from engine.bots.cardavia.codes import codes_of
from engine.bots.cardavia.heuristic import bombing_answer, planned_lead
from engine.cardavia import GAME as CARDAVIA
from engine.cardavia.classify import BOMB
from engine.cardavia.moves import CARDS, KIND_SHIFT, legal_plays
from engine.cardavia.state import CardaviaState
from tests.levels import cards_mask, hand_masks


def _answers(hand: int, table: str) -> list[int]:
    codes = legal_plays(cards_mask(table), None, first_play=False)
    (led,) = [code for code in codes if code & CARDS == cards_mask(table)]
    mask = led & CARDS
    key = (led >> KIND_SHIFT, (mask.bit_length() - 1) >> 2, mask.bit_count())
    return legal_plays(hand, key, first_play=False)


def test_a_bomb_nobody_can_beat_is_played_on_a_single_cv7_cv13() -> None:
    """CV-7, CV-13: holding four 9s against a king, with no stronger bomb in the other hands,
    the play-out player bombs: the bomb stands and earns its bonus."""
    mine = cards_mask("9h 9s 9d 9c 4h 6s Qd")
    hands = [mine, cards_mask("Kh 5s 7d"), cards_mask("Jh Js Jd 8c 10h")]
    answer = bombing_answer(mine, _answers(mine, "Kh"), hands)
    assert answer & CARDS == cards_mask("9h 9s 9d 9c")
    assert answer >> KIND_SHIFT == BOMB


def test_a_bomb_a_stronger_one_would_beat_is_kept_cv7_cv13() -> None:
    """CV-7, CV-13: a like hand when another player holds four jacks: the nines would be
    beaten and earn nothing, so the play-out player keeps them and answers the king with the
    2 of spades."""
    mine = cards_mask("9h 9s 9d 9c 4h 6s 2s")
    hands = [mine, cards_mask("Kh 5s 7d"), cards_mask("Jh Js Jd Jc 10h")]
    answer = bombing_answer(mine, _answers(mine, "Kh"), hands)
    assert answer >> KIND_SHIFT < BOMB
    assert answer & CARDS == cards_mask("2s")


def _policy_action(state: CardaviaState, seat: int) -> Action:
    """The play-out players' choice for ``seat`` on the true hands, as an engine action."""
    legal = state.legal_actions(seat)
    view = state.view(seat)
    plays = codes_of(legal, first_play=view.first_play)
    if not plays:
        return legal[0]
    hands = hand_masks(state)
    codes = list(plays)
    if view.first_play:
        return plays[codes[0]]
    table = view.table
    code = planned_lead(hands[seat]) if table is None else bombing_answer(hands[seat], codes, hands)
    return plays[code]


def test_play_out_players_drive_engine_deals_to_the_end_legally_cv9() -> None:
    """CV-9: on whole deals of the engine, every play-out choice is one of the engine's legal
    actions (the very object), bombs were played for their bonus on the way, and every deal
    ends with a winner."""
    bombs = 0
    for seed in range(40):
        state = CARDAVIA.new_state(seed=seed)
        while not state.is_over:
            seat = state.to_act()[0]
            action = _policy_action(state, seat)
            assert any(action is choice for choice in state.legal_actions(seat))
            if action.kind == "play" and len(action.cards) == 4:
                bombs += len({card.rank for card in action.cards}) == 1
            state.apply(seat, action)
        assert len(state.result().winners) == 1
    assert bombs > 0
