"""The exact endgame search of the Cardavia searching players: on a deal whose hands are all
known it finds what best play to the end gives, by the engine's own rules (checked against a
plain search over the engine's state), chooses only legal plays, and gives up, always at the
same point, when an endgame is too big."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import Pass
from engine.baseline import make_baseline
from engine.bots import make
from engine.bots.cardavia import search as search_module
from engine.bots.cardavia.endgame import Endgame, TooBig
from engine.bots.cardavia.players import HardCardavia
from engine.bots.cardavia.public import read_view
from engine.bots.cardavia.search import search
from engine.bots.common import Deadline
from engine.cardavia import GAME as CARDAVIA
from engine.cardavia.deck import hand_cards
from engine.cardavia.fast import Position
from engine.cardavia.moves import CARDS, legal_plays
from engine.cardavia.state import CardaviaState
from tests.levels import cards_mask, hand_masks, play_checked, same_choice_whatever_the_hidden_hands
from tests.test_cardavia_helpers import deal, play

WIN = 30.0


def _best(state: CardaviaState, me: int) -> tuple[int, int, int, int]:
    """The final scores and the winner under best play from ``state``, searched over the
    engine's own state and legal actions, every card choice apart. Each seat takes what is
    worth most to itself (its score, plus ``WIN`` if it goes out first); between two outcomes
    worth the same to it, an opponent of ``me`` takes the one worse for ``me``, then the
    larger in a fixed order (the search's rule, stated again here)."""
    seat = state.to_act()[0]
    best: tuple[int, int, int, int] | None = None
    best_worth = 0.0
    for action in state.legal_actions(seat):
        after = state.clone()
        after.apply(seat, action)
        if after.is_over:
            result = after.result()
            (winner,) = result.winners
            found = (result.scores[0], result.scores[1], result.scores[2], winner)
        else:
            found = _best(after, me)
        worth = found[seat] + (WIN if found[3] == seat else 0.0)
        if best is None or worth > best_worth:
            best, best_worth = found, worth
        elif worth == best_worth:
            if seat != me and found[me] != best[me]:
                if found[me] < best[me]:
                    best = found
            elif found > best:
                best = found
    assert best is not None
    return best


SMALL_DEALS = [
    ("3h 5s 5d Kd", "4h 4s 9c As", "6h 7h 8h 9h 10h"),
    ("3h 3s 8d 8c 2s", "Js Jd Qd", "5h 5s 5d 5c 7h"),
    ("3h 4d 6c Jh Jc", "As Ad Ac 9h", "7s 8s 9s 10s Js Qh"),
    ("3h 6h 6s 7d 7c", "Kh Ks Qc 4s", "9d 9c 10d 2s"),
    ("3h 4h 4s 5d 5c", "6h 6s 7d 7c Ad", "8h 8s 8d 8c 9s"),
    ("3h 3s 3d 3c Qh", "10h 10s Jd Jc", "4h 5s 6d 7c 8h 2s"),
]
"""Endgames of a few cards a hand: bombs (the four 3s, the three aces), the 2 of spades,
straights and pair sequences among them."""


@pytest.mark.parametrize("hands", SMALL_DEALS)
@pytest.mark.parametrize("first", [0, -1])
def test_endgame_outcome_is_best_play_by_the_engines_rules_cv6_to_cv14(
    hands: tuple[str, str, str], first: int
) -> None:
    """CV-6 to CV-14: after the first play (the holder's first or last legal one), the
    outcome the search finds (bomb bonuses to settle, the settlement, the winner) equals a
    plain search over the engine's own state: the same rules, nothing copied."""
    state = deal(*hands)
    seat = state.to_act()[0]
    state.apply(seat, state.legal_actions(seat)[first])
    assert not state.is_over, "the first play ended the deal: nothing left to search"
    me = state.to_act()[0]
    position = read_view(state.view(me)).position(hand_masks(state))
    outcome = Endgame(me, WIN, 10**6).outcome(position)
    bonuses = state.bonuses()
    totals = tuple(bonuses[s] + outcome[s] for s in range(3))
    assert (*totals, outcome[3]) == _best(state, me)


def test_endgame_leads_the_pairs_an_ace_cannot_answer_cv6_cv11() -> None:
    """CV-6, CV-11: with 5 5 K K against a player whose last card is an ace, any single lets
    him beat it and go out; the pairs cannot be answered: the search leads a pair, and the
    seat then goes out."""
    hands = [cards_mask("5s 5d Kd Kh"), cards_mask("4h 6s"), cards_mask("As")]
    position = Position(hands[:], 0, played=0b111)
    code = Endgame(0, WIN, 10**5).best(position)
    assert code >> 52 != 0 and (code & CARDS).bit_count() == 2  # a pair, not a single
    outcome = Endgame(0, WIN, 10**5).outcome(position)
    assert outcome[3] == 0


def test_endgame_answers_with_the_engines_answers_only_cv9() -> None:
    """CV-9: holding an answer, the seat must beat; the search's choice is one of the engine's
    answers to the play on the table (a bomb broken on a single among them), never a pass."""
    state = deal("3h 4s", "9h 9s 9d 9c Qd", "5h 6h")
    play(state, 0, "3h")
    play(state, 2, "5h")
    me = state.to_act()[0]
    assert me == 1
    hands = hand_masks(state)
    position = read_view(state.view(me)).position(hands)
    code = Endgame(me, WIN, 10**5).best(position)
    assert position.table is not None
    answers = legal_plays(hands[me], position.table[1], first_play=False)
    assert code in answers
    engine_cards = {tuple(a.cards) for a in state.legal_actions(me) if a.kind == "play"}
    assert tuple(hand_cards(code & CARDS)) in engine_cards
    assert Pass() not in state.legal_actions(me)


def test_endgame_gives_up_past_its_limit_always_at_the_same_point() -> None:
    """The search counts positions, not seconds: a whole deal is too big for 500 positions,
    and it gives up after exactly as many each time."""
    state = CARDAVIA.new_state(seed=3)
    seat = state.to_act()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    me = state.to_act()[0]
    visited = []
    for _ in range(2):
        endgame = Endgame(me, WIN, 500)
        with pytest.raises(TooBig):
            endgame.outcome(read_view(state.view(me)).position(hand_masks(state)))
        visited.append(endgame.nodes)
    assert visited == [501, 501]


def test_search_with_the_endgame_plays_legal_codes_and_repeats_for_a_seed() -> None:
    """With the exact endgame on, the search's choice is one of the codes it was given, and
    the same seed gives the same choice, deal after deal."""
    rng = random.Random(0)
    checked = 0
    for seed in range(20):
        if checked >= 6:
            break
        state = CARDAVIA.new_state(seed=seed)
        while not state.is_over and checked < 6:
            seat = state.to_act()[0]
            public = read_view(state.view(seat))
            table = None if public.table is None else public.table[1]
            codes = legal_plays(public.hand, table, first_play=public.first_play)
            if len(codes) > 1 and sum(public.counts) <= 20:
                found = [
                    search(public, codes, random.Random(9), Deadline(None), deals=12,
                           endgame_cards=20, endgame_nodes=2000, endgame_total=8000).code
                    for _ in range(2)
                ]  # fmt: skip
                assert found[0] == found[1] and found[0] in codes
                checked += 1
            legal = state.legal_actions(seat)
            state.apply(seat, rng.choice(legal))
    assert checked == 6


ENDGAME_SMALL: dict[str, Any] = {"endgame_cards": 20, "endgame_mine": 8, "endgame_nodes": 2000,
                 "endgame_total": 8000}  # fmt: skip
"""The expert's endgame settings with less work (the same code), to keep the suite quick."""


def _searcher(seed: int) -> HardCardavia:
    return HardCardavia(seed, deals=8, candidates=4, **ENDGAME_SMALL)


def test_endgame_players_play_only_legal_actions_and_repeat_for_a_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Searching players with the exact endgame on, at one table with a normal player, to the
    end of whole deals: every choice is one of the legal actions handed over, and the same
    seeds give the same deal again, while other seeds give another; endgames were searched
    exactly on the way."""
    solved: list[bool] = []
    solve = search_module._solve_deal

    def counted(*args: Any) -> Any:
        found = solve(*args)
        solved.append(found[0] is not None)
        return found

    monkeypatch.setattr(search_module, "_solve_deal", counted)
    games_played = []
    for bot_seed in (1, 1, 2):
        state = CARDAVIA.new_state(seed=5)
        bots = [
            _searcher(bot_seed * 10),
            make("cardavia", "normal", 3),
            _searcher(bot_seed * 10 + 2),
        ]
        games_played.append(play_checked(state, bots, random.Random(5)))
    assert games_played[0] == games_played[1]
    assert games_played[2] != games_played[0]
    assert sum(solved) >= 10


def test_endgame_player_sees_only_its_view() -> None:
    """Late in a deal, where the exact endgame decides: dealing the two other seats' hidden
    cards differently (same history, every pass still forced) changes nothing the player can
    see, and so nothing it does."""
    rng = random.Random(4)
    greedy = make_baseline("cardavia", "greedy")
    compared = 0
    for seed in range(12):
        state = CARDAVIA.new_state(seed=seed)
        while not state.is_over and min(state.view(0).hand_counts) > 6:
            seat = state.to_act()[0]
            state.apply(seat, greedy.choose(state.view(seat), state.legal_actions(seat)))
        if state.is_over:
            continue
        me = state.to_act()[0]
        compared += same_choice_whatever_the_hidden_hands(state, me, rng, lambda: _searcher(5))
    assert compared >= 4
