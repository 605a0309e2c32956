"""The Cardavia computer players' machinery: the lean deal used for search follows the
engine's rules, the public reading of a view is exact, sampled deals honour everything public,
the hard player cannot tell two deals apart that look the same from its seat, and hints give
the reasons a player would recognise."""

from __future__ import annotations

import random

from engine.baseline import make_baseline
from engine.bots import make
from engine.bots.cardavia.players import HardCardavia
from engine.bots.cardavia.public import mask_of_cards, read_view
from engine.bots.cardavia.sample import Sampler, consistent
from engine.cardavia import GAME as CARDAVIA
from engine.cardavia.fast import greedy_rollout
from engine.cardavia.state import CardaviaState
from engine.cards import parse_cards
from tests.levels import hand_masks, same_choice_whatever_the_hidden_hands
from tests.test_cardavia_helpers import deal, play


def test_every_view_rebuilds_the_deal_exactly() -> None:
    """With the true hands, a position read from any view plays out as the real deal does."""
    greedy = make_baseline("cardavia", "greedy")
    for seed in range(15):
        state = CARDAVIA.new_state(seed=seed)
        forecasts = []
        while not state.is_over:
            seat = state.to_act()[0]
            forecasts.append(
                greedy_rollout(read_view(state.view(seat)).position(hand_masks(state)))
            )
            state.apply(seat, greedy.choose(state.view(seat), state.legal_actions(seat)))
        assert set(forecasts) == {state.result().scores}


def test_sampled_deals_honour_sizes_played_cards_and_passes_cv9() -> None:
    """CV-9: a pass proves the passer had no answer; sampled hands never contradict it."""
    rng = random.Random(3)
    greedy = make_baseline("cardavia", "greedy")
    proofs = 0
    for seed in range(12):
        state = CARDAVIA.new_state(seed=seed)
        while not state.is_over:
            seat = state.to_act()[0]
            public = read_view(state.view(seat))
            proofs += len(public.proofs)
            assert consistent(public, hand_masks(state))
            hands = Sampler(public).deal(rng)
            true = hand_masks(state)
            assert hands[seat] == true[seat]
            assert [h.bit_count() for h in hands] == [h.bit_count() for h in true]
            assert hands[0] | hands[1] | hands[2] == true[0] | true[1] | true[2]
            assert consistent(public, hands)
            state.apply(seat, greedy.choose(state.view(seat), state.legal_actions(seat)))
    assert proofs > 50


def test_a_deal_of_fewer_cards_samples_hands_of_their_own_size() -> None:
    """CV-9 sampling on a deal of a few cards (the rest of the deck out of play): each other
    hand is sampled at its own size, never given the cards left over."""
    state = deal("9h 9s Qc", "10h 10s", "3h 4h 5h 6h 7s")
    public = read_view(state.view(2))
    for seed in range(20):
        hands = Sampler(public).deal(random.Random(seed))
        assert [hand.bit_count() for hand in hands] == [3, 2, 5]
        assert consistent(public, hands)


def test_hard_player_sees_only_its_view() -> None:
    """Swapping the hidden cards of the other two seats changes nothing the hard player can
    see, and so nothing it does: same view, same seed, same choice."""
    rng = random.Random(8)
    greedy = make_baseline("cardavia", "greedy")
    compared = 0
    for seed in range(10):
        state = CARDAVIA.new_state(seed=seed)
        for _ in range(9 + seed % 5):
            seat = state.to_act()[0]
            state.apply(seat, greedy.choose(state.view(seat), state.legal_actions(seat)))
        me = state.to_act()[0]
        compared += same_choice_whatever_the_hidden_hands(
            state, me, rng, lambda: HardCardavia(5, budget=None, deals=10)
        )
    assert compared >= 5


def _advice(state: CardaviaState, level: str = "normal") -> tuple[str, str, dict[str, object]]:
    seat = state.to_act()[0]
    found = make("cardavia", level, 1).advise(state.view(seat), state.legal_actions(seat))
    return str(found.action), found.code, dict(found.params)


def test_normal_keeps_a_straight_together_and_says_so() -> None:
    """On a pair of threes, the pair of sevens would break the straight 7-J: the kings it is,
    and the hint says the straight is kept."""
    state = deal("7h 7s 8h 9h 10h Jh Kh Ks 4d", "3h 3s 5c", "6h 6s Qc")
    play(state, 1, "3h 3s")
    action, code, params = _advice(state)
    assert action == "play Kh Ks"
    assert code == "keeps_straight"
    assert params["kept"] == {"kind": "straight", "rank": 11, "length": 5}


def test_going_out_is_taken_and_explained() -> None:
    state = deal("9h 9s Qc", "10h 10s", "3h 4h 5h 6h 7s")
    for level in ("easy", "normal", "hard"):
        action, code, _ = _advice(state, level)
        assert (action, code) == ("play 3h 4h 5h 6h 7s", "go_out")


def test_a_forced_pass_is_explained() -> None:
    state = deal("3h 2s 9c", "6h 7h", "4h 5h")
    play(state, 0, "3h")
    play(state, 2, "4h")
    play(state, 1, "6h")
    play(state, 0, "2s")
    action, code, _ = _advice(state, "hard")
    assert (action, code) == ("pass", "must_pass")


def test_a_hands_cost_is_the_cost_of_its_best_split() -> None:
    """The search asks only the cost of a hand, the hints its split: both come from one
    split, over hands of every size (the same rank counts, whatever the suits: CV-4)."""
    from engine.bots.cardavia.plan import best_split, counts_key, hand_cost
    from engine.cardavia.deck import FULL_MASK

    rng = random.Random(5)
    deck = [bit for bit in range(52) if FULL_MASK >> bit & 1]
    for _ in range(400):
        hand = sum(1 << bit for bit in rng.sample(deck, rng.randint(1, 16)))
        cost, split = best_split(hand)
        assert hand_cost(hand) == cost
        assert sum(length for _, _, length in split) == hand.bit_count()
        assert counts_key(hand) == sum(
            bin(hand >> 4 * rank & 15).count("1") << 3 * rank for rank in range(13)
        )


def test_a_hand_costed_by_parts_costs_what_its_best_split_costs_cv5() -> None:
    """CV-5: sequences never hold the 2 of spades nor skip a rank, so the play-outs may cost
    a hand part by part: the sum is the cost of the hand's best split, for hands of every
    size, a straight up to the ace beside the 2 among them."""
    from engine.bots.cardavia.plan import best_split, counts_key, split_cost
    from engine.cardavia.deck import FULL_MASK

    rng = random.Random(6)
    deck = [bit for bit in range(52) if FULL_MASK >> bit & 1]
    hands = [mask_of_cards(tuple(parse_cards("10h Jh Qs Kd Ac 2s 4h 4s 5d 5c")))]
    hands += [sum(1 << bit for bit in rng.sample(deck, rng.randint(1, 16))) for _ in range(400)]
    for hand in hands:
        assert abs(split_cost(counts_key(hand)) - best_split(hand)[0]) < 1e-9
    assert [kind for kind, _, _ in best_split(hands[0])[1]] == [
        "pair_sequence",
        "straight",
        "single",
    ]
