"""Scientific Battle tricks: simultaneous choice, ranking, tricks won, wars, revolutions,
jokers and the order of effects (SB-2 to SB-5, SB-7, SB-9 to SB-11, SB-14)."""

from __future__ import annotations

import random

from engine.cards import parse_cards
from engine.events import ChoiceMade, Reveal, TrickWon, War
from engine.scientific.events import (
    JacksCancel,
    JokerCancelsWar,
    JokerForcesWar,
    JokersCancel,
    Revolution,
)
from engine.scientific.resolve import (
    compare,
    order_after,
    trick_so_far,
    trick_winner,
    winner_with,
)
from tests.test_scientific_helpers import card, choose, deal, kinds, of_kind, trick


def test_sb2_choices_are_secret_simultaneous_and_may_change() -> None:
    state = deal("Ah 2h", "Ks 5s", "Kd 4d")
    assert state.to_act() == (0, 1, 2)
    assert choose(state, 2, "4d") == [ChoiceMade(2)]
    assert state.to_act() == (0, 1), "a player who has chosen is no longer awaited"
    assert state.view(0).chosen == (2,)
    assert state.view(0).my_choice is None
    assert choose(state, 2, "Kd") == [], "changing a choice is not announced again"
    assert state.to_act() == (0, 1)
    choose(state, 0, "2h")
    events = choose(state, 1, "5s")
    assert events[:2] == [
        ChoiceMade(1),
        Reveal(((0, card("2h")), (1, card("5s")), (2, card("Kd")))),
    ], "all cards are revealed together, in seat order, with the changed choice"
    assert state.to_act() == (0, 1, 2)


def test_sb3_ace_is_highest_two_lowest_suits_irrelevant() -> None:
    state = deal("Ah 2h 7h", "Ks 3s 7s")
    assert of_kind(trick(state, "Ah", "Ks"), "trick_won")[0].seat == 0
    assert of_kind(trick(state, "2h", "3s"), "trick_won")[0].seat == 1
    war = of_kind(trick(state, "7h", "7s"), "war")
    assert war == [War((0, 1), 7, 2)], "same rank, different suits: a tie"


def test_sb4_strongest_card_takes_the_trick_into_the_won_pile() -> None:
    state = deal("Ah 2h", "Ks 3s", "5d 4d")
    events = trick(state, "Ah", "Ks", "5d")
    assert of_kind(events, "trick_won") == [
        TrickWon(0, (card("Ah"), card("Ks"), card("5d")), "highest")
    ]
    view = state.view(0)
    assert set(view.won_pile) == {card("Ah"), card("Ks"), card("5d")}
    assert view.owned == (4, 1, 1)
    assert view.pot == ()
    assert view.trick == 1


def test_sb5_war_leaves_the_cards_and_chained_wars_go_to_the_next_winner() -> None:
    state = deal("9h 5h Ah 2h", "9s 5s Ks 3s", "2d 4d 3d 6d")
    first = trick(state, "9h", "9s", "2d")
    assert of_kind(first, "war") == [War((0, 1), 9, 3)], "only the tied players are named"
    assert not of_kind(first, "trick_won")
    assert set(state.view(2).pot) == {card("9h"), card("9s"), card("2d")}
    second = trick(state, "5h", "5s", "4d")
    assert of_kind(second, "war") == [War((0, 1), 5, 6)], "wars chain"
    third = trick(state, "Ah", "Ks", "3d")
    won = of_kind(third, "trick_won")[0]
    assert won.seat == 0 and len(won.cards) == 9
    assert won.cards[:3] == (card("Ah"), card("Ks"), card("3d")), "this trick first, then the pot"
    assert state.view(0).pot == ()
    assert state.view(0).owned == (10, 1, 1)


def test_sb7_one_jack_reverses_the_order_at_once_and_it_lasts() -> None:
    state = deal("Jh 5h 6h", "Ah 5s 7s", "2d 5d 3d")
    events = trick(state, "Jh", "Ah", "2d")
    assert of_kind(events, "revolution") == [Revolution((0,), True)]
    assert of_kind(events, "trick_won")[0].seat == 2, "2 is highest in the jack's own trick"
    assert state.view(1).reversed
    events = trick(state, "6h", "7s", "3d")
    assert of_kind(events, "trick_won")[0].seat == 2, "the order stays reversed"
    assert state.view(0).reversed


def test_sb7_next_jack_restores_the_normal_order() -> None:
    state = deal("Jh Jd", "2s As")
    trick(state, "Jh", "2s")
    events = trick(state, "Jd", "As")
    assert of_kind(events, "revolution") == [Revolution((0,), False)]
    assert of_kind(events, "trick_won")[0].seat == 1, "ace highest again"


def test_sb7_jacks_cancel_in_pairs_even_changes_nothing_odd_reverses_once() -> None:
    state = deal("Jh 2h", "Js 3s", "Ad 4d", "Jc 5c")
    events = trick(state, "Jh", "Js", "Ad", "5c")
    assert of_kind(events, "jacks_cancel") == [JacksCancel((0, 1), False)]
    assert not of_kind(events, "revolution")
    assert of_kind(events, "trick_won")[0].seat == 2, "two jacks: the ace still wins"
    three = deal("Jh 2h", "Js 3s", "Ad 4d", "Jc 5c")
    events = trick(three, "Jh", "Js", "Ad", "Jc")
    assert of_kind(events, "revolution") == [Revolution((0, 1, 3), True)]
    assert of_kind(events, "war") == [War((0, 1, 3), 11, 4)], "three jacks tie above the ace"


def test_sb7_reversed_jack_sits_between_queen_and_ten() -> None:
    over_queen = trick(deal("Jh", "Qs"), "Jh", "Qs")
    assert of_kind(over_queen, "trick_won")[0].seat == 0, "reversed: the jack beats the queen"
    under_ten = trick(deal("Jh", "10s"), "Jh", "10s")
    assert of_kind(under_ten, "trick_won")[0].seat == 1, "reversed: the ten beats the jack"


def test_sb9_lone_joker_cancels_a_war_and_takes_the_trick_and_pot() -> None:
    state = deal("4h joker 2h", "4s 9s 2s", "4d 9d 2d")
    trick(state, "4h", "4s", "4d")
    events = trick(state, "joker", "9s", "9d")
    assert kinds(events)[-3:] == ["reveal", "joker_cancels_war", "trick_won"]
    assert of_kind(events, "joker_cancels_war") == [JokerCancelsWar(0)]
    won = of_kind(events, "trick_won")[0]
    assert (won.seat, won.cause, len(won.cards)) == (0, "joker", 6)


def test_sb10_lone_joker_forces_a_war_whatever_the_other_cards() -> None:
    state = deal("joker 2h", "As 3s")
    events = trick(state, "joker", "As")
    assert of_kind(events, "joker_forces_war") == [JokerForcesWar(0)]
    assert of_kind(events, "war") == [War((0,), None, 2)]
    assert not of_kind(events, "trick_won")
    events = trick(state, "2h", "3s")
    assert of_kind(events, "trick_won")[0] == TrickWon(
        1, (card("2h"), card("3s"), card("joker"), card("As")), "highest"
    )


def test_sb11_two_jokers_cancel_and_the_other_cards_decide() -> None:
    state = deal("joker 2h", "joker#1 3s", "5d 6d")
    events = trick(state, "joker", "joker#1", "5d")
    assert kinds(events)[-3:] == ["reveal", "jokers_cancel", "trick_won"]
    assert of_kind(events, "jokers_cancel") == [JokersCancel((0, 1))]
    assert of_kind(events, "trick_won")[0].seat == 2


def test_sb11_two_jokers_do_not_cancel_a_war_and_only_jokers_is_a_war() -> None:
    state = deal("joker 2h", "joker#1 3s", "5d 6d", "5c 7c")
    events = trick(state, "joker", "joker#1", "5d", "5c")
    assert of_kind(events, "war") == [War((2, 3), 5, 4)]
    only_jokers = deal("joker 2h", "joker#1 3s")
    events = trick(only_jokers, "joker", "joker#1")
    assert kinds(events)[-3:] == ["reveal", "jokers_cancel", "war"]
    assert of_kind(events, "war") == [War((0, 1), None, 2)]


def test_sb14_order_of_effects_in_one_trick() -> None:
    # Seat 0's jack reverses the order, so seat 2's 3 is strongest; then the powers, in seat
    # order, to winner and losers alike; then seat 0 (no card left) is out and seat 2 (empty
    # hand) takes up his pile.
    state = deal("Jh", "Qs 9s", "3d", "8c 9c")
    events = trick(state, "Jh", "Qs", "3d", "8c")
    assert kinds(events)[-9:] == [
        "choice_made",
        "reveal",
        "revolution",
        "trick_won",
        "power_gained",
        "power_gained",
        "power_gained",
        "eliminated",
        "pile_taken_up",
    ]
    powers = [(e.seat, e.power) for e in of_kind(events, "power_gained")]
    assert powers == [(1, "seer"), (2, "counting"), (3, "exchange")]
    assert of_kind(events, "trick_won")[0].seat == 2
    assert of_kind(events, "pile_taken_up")[0].count == 4
    assert state.view(1).eliminated == (0,)


def test_the_quick_winner_agrees_with_the_full_comparison_at_every_table_size() -> None:
    """SB-5, SB-7, SB-9 to SB-11: the computer players' ``trick_winner``, and ``winner_with``
    each card added last to the others summed up, name the same winner (or war) and the same
    order as the engine's ``compare`` after its jacks, on tricks of 2 to 8 cards drawn from a
    deck with jokers, jacks and ties made likely."""
    rng = random.Random(11)
    pool = parse_cards("2h 2s 7h 7d Jh Js Jd Qh Ah As joker joker")
    seen_war = seen_joker = seen_flip = 0
    for _ in range(20000):
        size = rng.randint(2, 8)
        played = tuple(enumerate(rng.choice(pool) for _ in range(size)))
        for reversed_order in (False, True):
            order = order_after(played, reversed_order)
            expected = (compare(played, order).winner, order)
            assert trick_winner(played, reversed_order) == expected, (played, reversed_order)
            for i, (seat, added) in enumerate(played):
                so_far = trick_so_far(played[:i] + played[i + 1 :])
                assert winner_with(so_far, seat, added, reversed_order) == expected, (played, i)
            seen_war += expected[0] is None
            seen_flip += order != reversed_order
            seen_joker += any(card.rank is None for _, card in played)
    assert min(seen_war, seen_joker, seen_flip) > 1000, "the draws reach every case"
