"""The hard Cardavia player's reading of how each other seat plays (greedy or planning, from
its plays so far, :mod:`engine.bots.cardavia.style`) and the play-outs that give each seat
its own way of playing (:func:`engine.cardavia.fast.seat_rollout`): the play-outs end like
the engine's deals, a seat that always beats with the lowest answer and leads its lowest
cards is read as greedy, a seat that keeps its combinations as a planning one."""

from __future__ import annotations

import random

from engine.actions import Action
from engine.baseline import make_baseline
from engine.bots import make
from engine.bots.cardavia.codes import codes_of
from engine.bots.cardavia.heuristic import planned_answer, planned_lead
from engine.bots.cardavia.public import Choice, Public, read_view
from engine.bots.cardavia.sample import Sampler, consistent
from engine.bots.cardavia.style import fitting_deal, fitting_seats, greedy_misfits, telling
from engine.cardavia import GAME as CARDAVIA
from engine.cardavia.classify import SINGLE
from engine.cardavia.deck import INDEX_OF
from engine.cardavia.deck import deal as deal_masks
from engine.cardavia.fast import Position, greedy_answer, greedy_lead, seat_rollout
from engine.cardavia.moves import KIND_SHIFT
from engine.cardavia.state import CardaviaState
from engine.cards import parse_cards
from tests.levels import cards_mask, hand_masks


def _single(text: str) -> int:
    return cards_mask(text) | SINGLE << KIND_SHIFT


def _planned_action(state: CardaviaState, seat: int) -> Action:
    """The planning play-out player's choice for ``seat`` on its true hand."""
    legal = state.legal_actions(seat)
    view = state.view(seat)
    plays = codes_of(legal, first_play=view.first_play)
    if not plays:
        return legal[0]
    hand = hand_masks(state)[seat]
    code = planned_lead(hand) if view.table is None else planned_answer(hand, list(plays))
    return plays[code]


def test_each_seat_plays_out_its_own_way_as_the_engine_deal_ends_cv3_to_cv14() -> None:
    """CV-3 to CV-14: one seat greedy (the engine's greedy player), two planning ones: the
    play-out with a policy per seat ends each deal with the engine's own scores."""
    greedy = make_baseline("cardavia", "greedy")
    differ = 0
    for seed in range(24):
        greedy_seat = seed % 3
        state = CARDAVIA.new_state(seed=seed)
        position = Position(list(deal_masks(seed)), state.to_act()[0], first_play=True)
        all_planned = position.copy()
        while not state.is_over:
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            if seat == greedy_seat or view.first_play:
                action = greedy.choose(view, legal)
            else:
                action = _planned_action(state, seat)
            state.apply(seat, action)
        lead = [greedy_lead if s == greedy_seat else planned_lead for s in range(3)]
        answer = [greedy_answer if s == greedy_seat else planned_answer for s in range(3)]
        scores = seat_rollout(
            position, (lead[0], lead[1], lead[2]), (answer[0], answer[1], answer[2])
        )
        assert scores == state.result().scores
        assert position.winner in state.result().winners
        planned = seat_rollout(all_planned, (planned_lead,) * 3, (planned_answer,) * 3)
        differ += planned != scores
    assert differ > 5  # the seat's own way changes how deals end


def _public(
    choices: tuple[Choice, ...], unseen: int = 0, counts: tuple[int, int, int] = (0, 0, 0)
) -> Public:
    """Seat 0's knowledge with only the plays that matter here (no pass, no habit)."""
    return Public(
        seat=0,
        hand=0,
        unseen=unseen,
        counts=counts,
        played_by=(0, 0, 0),
        proofs=(),
        habits=(),
        table=None,
        passes=0,
        first_play=False,
        has_played=0,
        claim=-1,
        bonuses=(0, 0, 0),
        choices=choices,
    )


def _single_on(text: str) -> tuple[int, int, int]:
    card = parse_cards(text)[0]
    assert card.rank is not None, text
    return (SINGLE, INDEX_OF[card.rank], 1)


def test_the_greedy_way_misfits_only_plays_a_greedy_player_would_not_make() -> None:
    """Seat 1's 6 of hearts on the 5 of hearts is what the greedy way plays from his hand;
    seat 2's 8 of diamonds from 6h 6s 8d Kc Qs 4h is not (the 6 beats it too), nor is a
    lead of the 6 of diamonds from 4h 5s 6d 6c 7h 8s Qd Kh (the greedy way leads the
    straight 4 to 8)."""
    public = _public(
        (
            Choice(1, _single("6h"), _single_on("5h"), cards_mask("6h")),
            Choice(2, _single("8d"), _single_on("5h"), cards_mask("8d")),
        )
    )
    assert greedy_misfits(public, 1, cards_mask("6s 8d Kc Qs 4h")) == 0
    assert greedy_misfits(public, 2, cards_mask("6h 6s Kc Qs 4h")) == 1
    lead = _public((Choice(2, _single("6d"), None, cards_mask("6d")),))
    assert greedy_misfits(lead, 2, cards_mask("4h 5s 6c 7h 8s Qd Kh")) == 1


def test_a_seat_beating_with_the_lowest_answer_each_time_is_read_as_greedy() -> None:
    """Seat 1 beat the 5, 8 and 10 of hearts with the 6, 9 and jack of hearts, the lowest
    answers whatever else he holds: read as greedy, once he has made three plays. Seat 2 beat
    the 5 of spades with the king of clubs though he held the 9 of clubs (he played it on the
    8 next): never read as greedy, however his hand is dealt."""
    seat1 = (
        Choice(1, _single("6h"), _single_on("5h"), cards_mask("6h 9h Jh")),
        Choice(1, _single("9h"), _single_on("8h"), cards_mask("9h Jh")),
        Choice(1, _single("Jh"), _single_on("10h"), cards_mask("Jh")),
    )
    seat2 = (
        Choice(2, _single("Kc"), _single_on("5s"), cards_mask("Kc 9c Qd")),
        Choice(2, _single("9c"), _single_on("8s"), cards_mask("9c Qd")),
        Choice(2, _single("Qd"), _single_on("10s"), cards_mask("Qd")),
    )
    unseen = cards_mask("3s 4d 7s 7c Ks As 2s 4c")
    rng = random.Random(1)
    public = _public(seat1 + seat2, unseen, (5, 4, 4))
    for _ in range(5):
        assert fitting_seats(public, rng, 16, 3) == 1 << 1
    assert fitting_seats(_public(seat1[:2] + seat2, unseen, (5, 4, 4)), rng, 16, 3) == 0


def test_only_plays_the_two_ways_make_differently_tell_them_apart() -> None:
    """The 6 of hearts on the 5 of hearts tells a greedy player from a planning one when it
    splits his pair of sixes (a planning player answers with the 8 of diamonds), not when
    the 6 stands alone (both ways answer with it)."""
    public = _public((Choice(1, _single("6h"), _single_on("5h"), cards_mask("6h")),))
    assert telling(public, 1, cards_mask("6s 8d Kc Qs 4h")) == 1
    assert telling(public, 1, cards_mask("7s 8d Kc Qs 4h")) == 0


def _greedy_table(seeds: range, other: str) -> list[tuple[Public, list[int]]]:
    """Every decision of a normal seat (``seed % 3``) facing two ``other`` players (the
    engine's greedy player or the normal one): what the seat knows, and the true hands."""
    found: list[tuple[Public, list[int]]] = []
    for seed in seeds:
        state = CARDAVIA.new_state(seed=seed)
        me = seed % 3
        players = [
            make("cardavia", "normal", seed * 10 + s)
            if s == me or other == "normal"
            else make_baseline("cardavia", "greedy", seed * 10 + s)
            for s in range(3)
        ]
        while not state.is_over:
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            if seat == me:
                found.append((read_view(view), hand_masks(state)))
            state.apply(seat, players[seat].choose(view, legal))
    return found


def test_the_engine_greedy_player_fits_the_greedy_way_on_his_true_hand() -> None:
    """The greedy way read here is exactly the engine's greedy player: on his true hand,
    every play he made fits it, at every decision of 20 deals."""
    checked = 0
    for public, hands in _greedy_table(range(1, 21), "greedy"):
        me = public.seat
        for seat in range(3):
            if seat != me:
                assert greedy_misfits(public, seat, hands[seat]) == 0
                checked += sum(choice.seat == seat for choice in public.choices)
    assert checked > 2000


def _rates(evidence: int) -> dict[str, float]:
    """The share of a normal seat's decisions where a greedy player (once he made three
    plays) and a normal one (once he made four) are read as greedy, over 20 deals."""
    rates = {}
    for other in ("greedy", "normal"):
        rng = random.Random(5)
        read = greedy = 0
        for public, _ in _greedy_table(range(1, 21), other):
            me = public.seat
            found = fitting_seats(public, rng, 16, 3, evidence=evidence)
            for seat in range(3):
                made = sum(choice.seat == seat for choice in public.choices)
                if seat == me:
                    continue
                assert not found >> seat & 1 or made >= 3  # nobody before three plays
                if made >= (3 if other == "greedy" else 4):
                    read += 1
                    greedy += found >> seat & 1
        assert read > 100
        rates[other] = greedy / read
    return rates


def test_greedy_players_are_found_greedy_after_three_plays_and_normal_ones_seldom() -> None:
    """A seat is read greedy when one of 16 sampled deals makes all its plays greedy: the
    engine's greedy players are at most decisions once they made three plays; the normal
    players (who plan) seldom once they made four. Asking that two of the plays be ones a
    planning player would have made differently reads fewer normal players as greedy
    still, and most greedy ones all the same."""
    plain = _rates(0)
    assert plain["greedy"] > 0.8
    assert plain["normal"] < 0.2
    told = _rates(2)
    assert told["greedy"] > 0.4
    assert told["normal"] < plain["normal"] / 2


def test_deals_that_fit_the_greedy_seats_honour_everything_public_cv9() -> None:
    """CV-9: a deal chosen to fit the greedy seats keeps the hand sizes, the unseen cards and
    the passes, and fits every play of theirs at most decisions (8 tries each)."""
    rng = random.Random(8)
    fitted = total = 0
    for public, true in _greedy_table(range(1, 13), "greedy"):
        me = public.seat
        others = 7 & ~(1 << me)
        hands, dealt = fitting_deal(Sampler(public), rng, others, 8)
        assert 1 <= dealt <= 8
        assert hands[me] == true[me]
        assert [h.bit_count() for h in hands] == [h.bit_count() for h in true]
        assert hands[0] | hands[1] | hands[2] == true[0] | true[1] | true[2]
        assert consistent(public, hands)
        total += 1
        fitted += all(greedy_misfits(public, s, hands[s]) == 0 for s in range(3) if s != me)
    assert fitted > 0.7 * total
