"""The fast path's one transition (:func:`engine.cardavia.fast.step`) and every play-out the
computer players use, stepped beside the engine (:class:`engine.cardavia.state.CardaviaState`)
move by move on seeded deals: after each move the two positions are the same (hands, turn,
table, passes, bomb claim, bonuses, who has played, the first play, who went out), and a
failure names the first move and field that differ (CV-3 to CV-14)."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from engine.actions import Action
from engine.baseline import make_baseline
from engine.bots.cardavia.codes import codes_of
from engine.bots.cardavia.heuristic import planned_answer, planned_lead
from engine.bots.cardavia.public import read_view
from engine.cardavia.deck import deal, mask_of
from engine.cardavia.fast import (
    CLAIMS,
    PASS,
    Answer,
    Compact,
    Lead,
    add_claim,
    greedy_answer,
    greedy_code,
    greedy_lead,
    legal,
    play_out,
    step,
    winner,
)
from engine.cardavia.moves import legal_plays
from engine.cardavia.state import CardaviaState
from engine.cards import parse_cards
from tests.levels import hand_masks

VARIANTS = Path(__file__).resolve().parent.parent / "bench" / "cardavia_variants.py"


def engine_position(state: CardaviaState) -> dict[str, object]:
    """The engine's deal as the fields of a compact position, and its bonuses and winner
    (the table, passes and claim are read from the state itself: views show who played what,
    not the key, the passes in a row or the standing claim)."""
    view = state.view(0)
    table = state._table
    claim = state._claim
    return {
        "hands": tuple(hand_masks(state)),
        "turn": state.result().winners[0] if state.is_over else state.to_act()[0],
        "table": None if table is None else (table[0], table[1]),
        "passes": state._passes,
        "claim": -1 if claim is None else claim[0],
        "played": sum(1 << s for s, done in enumerate(view.has_played) if done),
        "first play": view.first_play,
        "bonuses": tuple(state.bonuses()),
        "went out": state.result().winners[0] if state.is_over else -1,
    }


def fast_position(pos: Compact, bonuses: list[int]) -> dict[str, object]:
    """The same fields of a compact position and the bonuses settled so far."""
    return {
        "hands": (pos[0], pos[1], pos[2]),
        "turn": pos[3],
        "table": pos[4],
        "passes": pos[5],
        "claim": pos[6],
        "played": pos[7],
        "first play": pos[8],
        "bonuses": tuple(bonuses),
        "went out": winner(pos),
    }


def same(state: CardaviaState, pos: Compact, bonuses: list[int], where: str) -> None:
    """Assert the engine and the compact position agree, naming the first field that differs."""
    mine, theirs = engine_position(state), fast_position(pos, bonuses)
    for field, value in mine.items():
        assert theirs[field] == value, f"{where}: {field}: engine {value}, fast {theirs[field]}"


CRAFTED = [
    [mask_of(parse_cards(text)) for text in hands]
    for hands in (
        ("3h 4h", "5h 6h", "9s 9h 9d 9c"),  # seat 2 goes out with a bomb on a play
        ("3h 4h 4s", "Ks Kh Kd Kc 6h", "9s 9h 9d 9c 7h"),  # a bomb on a bomb, then a round
        ("3s 3h 3d 3c 5h", "As Ad Ac 6h", "2s 7h"),  # the celestial bomb, the ace bomb
        ("3h 4h 5h 6h 7h 8s", "9s 9h 9d 9c Jh", "4s 5s 6s 7s 8h 10s"),  # a straight bombed
    )
]
"""Short deals where bomb claims stand, are taken over and are settled both ways (CV-13)."""


def start(hands: list[int]) -> tuple[CardaviaState, Compact]:
    """A deal in the engine and as a compact position."""
    state = CardaviaState(hands)
    pos: Compact = [*hands, state.to_act()[0], None, 0, -1, 0, True]
    return state, pos


def apply(state: CardaviaState, pos: Compact, bonuses: list[int], code: int) -> list[int]:
    """One move in both: ``code`` (a play code, or :data:`PASS`); the bonuses after it."""
    (seat,) = state.to_act()
    legal_actions = state.legal_actions(seat)
    if code == PASS:
        action: Action = legal_actions[0]
        assert action.kind == "pass"
    else:
        action = codes_of(legal_actions, first_play=state.view(seat).first_play)[code]
    state.apply(seat, action)
    return add_claim(bonuses, step(pos, code))


def engine_codes(state: CardaviaState) -> list[int]:
    (seat,) = state.to_act()
    return list(codes_of(state.legal_actions(seat), first_play=state.view(seat).first_play))


def test_every_legal_move_steps_like_the_engine_cv3_to_cv14() -> None:
    """At every decision of 40 seeded deals and of a few short ones, every legal play (or the
    forced pass), made in a copy of the engine and of the compact position, leaves the two
    equal; the deal goes on by a random one of them. Bombs on plays, led bombs, rounds ended
    with a claim and going out with a bomb all happen on the way."""
    rng = random.Random(27)
    settled = went_out_with_claim = 0
    for seed, hands in enumerate([*CRAFTED, *(list(deal(s)) for s in range(40))]):
        state, pos = start(hands)
        bonuses = [0, 0, 0]
        move = 0
        while not state.is_over:
            codes = engine_codes(state)
            assert sorted(legal(pos)) == sorted(codes), f"deal {seed}, move {move}: legal plays"
            for code in codes or [PASS]:
                twin, twin_pos = state.clone(), pos[:]
                after = apply(twin, twin_pos, bonuses, code)
                same(twin, twin_pos, after, f"deal {seed}, move {move}, code {code}")
                if after != bonuses:
                    settled += 1
                    went_out_with_claim += twin.is_over
            bonuses = apply(state, pos, bonuses, rng.choice(codes) if codes else PASS)
            move += 1
    assert settled > 5 and went_out_with_claim > 0, (settled, went_out_with_claim)


class Recorder:
    """Wraps a play-out's leads and answers, to note what each was shown and chose."""

    def __init__(self, leads: tuple[Lead, Lead, Lead], answers: tuple[Answer, Answer, Answer]):
        self.calls: list[tuple[int, int, list[int] | None, int]] = []  # seat, hand, codes, code
        self.leads = (self._lead(0, leads[0]), self._lead(1, leads[1]), self._lead(2, leads[2]))
        self.answers = (
            self._answer(0, answers[0]),
            self._answer(1, answers[1]),
            self._answer(2, answers[2]),
        )

    def _lead(self, seat: int, lead: Lead) -> Lead:
        def chosen(hand: int) -> int:
            code = lead(hand)
            self.calls.append((seat, hand, None, code))
            return code

        return chosen

    def _answer(self, seat: int, answer: Answer) -> Answer:
        def chosen(hand: int, codes: list[int]) -> int:
            code = answer(hand, codes)
            self.calls.append((seat, hand, codes[:], code))
            return code

        return chosen


Ways = Callable[[Compact], tuple[tuple[Lead, Lead, Lead], tuple[Answer, Answer, Answer]]]
"""A play-out's leads and answers, some of which may read the compact position it moves."""


def lockstep_play_out(seed: int, random_moves: int, ways: Ways) -> int:
    """Play a seeded deal ``random_moves`` random moves in, read the position as the seat to
    act reads it (:meth:`engine.bots.cardavia.public.Public.position`), play it to its end
    with :func:`play_out` and the play-out ``ways``; then replay the engine beside a compact
    position, move by move, with the play-out's own choices: each was made for the seat to
    act, with its hand, among the engine's legal plays, passes came only where the engine
    had no answer, and the positions and final totals are the same. The moves compared."""
    rng = random.Random(seed)
    state, pos = start(list(deal(seed)))
    bonuses = [0, 0, 0]
    for _ in range(random_moves):
        codes = engine_codes(state)
        bonuses = apply(state, pos, bonuses, rng.choice(codes) if codes else PASS)
        if state.is_over:
            return 0
    # The searches start from what the seat to act reads in its view, with the hands dealt.
    (seat,) = state.to_act()
    position = read_view(state.view(seat)).position(hand_masks(state))
    played = position.compact()
    same(state, played, position.bonuses, f"deal {seed}, the seat's reading")
    leads, answers = ways(played)
    recorder = Recorder(leads, answers)
    totals = play_out(played, recorder.leads, recorder.answers, position.bonuses)
    calls = iter(recorder.calls)
    move = random_moves
    while not state.is_over:
        where = f"deal {seed}, move {move}"
        (seat,) = state.to_act()
        codes = engine_codes(state)
        if not codes:
            code = PASS
        elif state.view(seat).first_play:
            code = greedy_code(pos[seat], legal_plays(pos[seat], None, first_play=True), True)
        else:
            called, hand, shown, code = next(calls)
            assert (called, hand) == (seat, pos[seat]), f"{where}: the seat and hand played"
            assert shown is None or sorted(shown) == sorted(codes), f"{where}: the answers shown"
            assert (shown is None) == (pos[4] is None), f"{where}: a lead or an answer"
            assert code in codes, f"{where}: {code} is not a legal play"
        bonuses = apply(state, pos, bonuses, code)
        same(state, pos, bonuses, where)
        move += 1
    assert next(calls, None) is None, f"deal {seed}: the play-out went on after the end"
    assert totals == state.result().scores, f"deal {seed}: the final totals"
    assert played == pos, f"deal {seed}: the play-out's last position"
    return move - random_moves


def _variants() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cardavia_variants", VARIANTS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["cardavia_variants"] = module
    spec.loader.exec_module(module)
    return module


def _planned(pos: Compact) -> Any:
    return (planned_lead,) * 3, (planned_answer,) * 3


def _greedy(pos: Compact) -> Any:
    return (greedy_lead,) * 3, (greedy_answer,) * 3


def _mixed(pos: Compact) -> Any:
    """What the search plays against one seat read as greedy (seat 1) and a planner."""
    return (planned_lead, greedy_lead, planned_lead), (
        planned_answer,
        greedy_answer,
        planned_answer,
    )


def _keen(pos: Compact) -> Any:
    """The strength benchmark's keen seat 0 (keeps its bombs, bombs when none can beat it)."""
    keen = _variants().keen_answer(pos)
    return (planned_lead,) * 3, (keen, planned_answer, planned_answer)


def _bombing(pos: Compact) -> Any:
    """The benchmark's bombing play-outs: every seat bombs for the bonus when it stands."""
    bombing = _variants().bombing(pos, 0, True)
    return (planned_lead,) * 3, (bombing,) * 3


PLAY_OUTS: dict[str, Ways] = {
    "planned": _planned,
    "greedy": _greedy,
    "one greedy seat": _mixed,
    "keen": _keen,
    "bombing": _bombing,
}


def test_every_play_out_moves_like_the_engine_with_its_own_choices_cv3_to_cv14() -> None:
    """Each play-out of the searches (every seat planning, every seat greedy, one greedy
    seat, and the benchmark's keen and bombing seats), from the deal's start and from ten
    random moves in, over 12 seeded deals each: the engine, replayed with the play-out's own
    choices, agrees at every move and ends with the same totals."""
    for name, ways in PLAY_OUTS.items():
        moves = 0
        for seed in range(12):
            for random_moves in (0, 10):
                moves += lockstep_play_out(100 + seed, random_moves, ways)
        assert moves > 200, name


def test_the_greedy_rule_is_the_engines_greedy_player() -> None:
    """:func:`greedy_code`, :func:`greedy_lead` and :func:`greedy_answer` choose the engine's
    greedy player's play at every decision of 30 deals of greedy players."""
    greedy = make_baseline("cardavia", "greedy")
    compared = 0
    for seed in range(30):
        state = CardaviaState(deal(seed))
        while not state.is_over:
            (seat,) = state.to_act()
            view, actions = state.view(seat), state.legal_actions(seat)
            action = greedy.choose(view, actions)
            codes = codes_of(actions, first_play=view.first_play)
            if codes:
                (chosen,) = [code for code, a in codes.items() if a is action]
                hand = hand_masks(state)[seat]
                leading = view.table is None
                found = [greedy_code(hand, list(codes), leading)]
                if leading and not view.first_play:
                    found.append(greedy_lead(hand))
                elif not leading:
                    assert state._table is not None, "a table to answer"
                    answers = legal_plays(hand, state._table[1], first_play=False)
                    found.append(greedy_answer(hand, answers))
                assert found == [chosen] * len(found), f"deal {seed}, seat {seat}"
                compared += 1
            state.apply(seat, action)
    assert compared > 500


def test_a_bomb_bonus_is_twenty_for_its_player_and_ten_from_each_other_cv13() -> None:
    assert CLAIMS == ((20, -10, -10), (-10, 20, -10), (-10, -10, 20))
    assert add_claim([1, 2, 3], -1) == [1, 2, 3]
    assert add_claim([1, 2, 3], 2) == [-9, -8, 23]
