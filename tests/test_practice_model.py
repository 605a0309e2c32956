"""The practice mode's logic: every cue has a meaning in its games, and the quiz asks ten fair
questions, scores them and remembers the best score of each group."""

from __future__ import annotations

import importlib
import itertools
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from audiogame.practice.model import (
    GROUP_CUES,
    GROUP_TITLES,
    GROUPS,
    MEANINGS,
    QUIZ_LENGTH,
    BestScores,
    MemoryStore,
    Quiz,
    cues_in,
    meaning,
)
from audiogame.sound.cues import EVENT_CUES, EVENT_VARIANTS, UI_CUES, all_cue_names


def cues_of_kinds(module: str) -> set[str]:
    """Every cue the events of an engine module can play."""
    kinds = {
        value.kind
        for value in vars(importlib.import_module(module)).values()
        if isinstance(value, type) and issubclass(value, engine.Event) and value is not engine.Event
    }
    cues = set()
    for kind in kinds:
        cues |= set(EVENT_VARIANTS[kind][0]) if kind in EVENT_VARIANTS else {EVENT_CUES[kind]}
    return cues


def test_every_cue_has_a_meaning_and_a_group() -> None:
    assert set(MEANINGS) == set(all_cue_names())
    listed = {cue for group in GROUPS for cue in GROUP_CUES[group]}
    assert listed == set(all_cue_names())


def test_no_two_cues_mean_the_same_so_quiz_options_are_never_ambiguous() -> None:
    assert len(set(MEANINGS.values())) == len(MEANINGS)


def test_each_game_lists_the_cues_of_its_own_events() -> None:
    shared = cues_of_kinds("engine.events") - {"game_won", "game_lost", "game_drawn", "game_over"}
    assert shared | cues_of_kinds("engine.battle.events") <= set(GROUP_CUES["battle"])
    assert shared | cues_of_kinds("engine.scientific.events") <= set(GROUP_CUES["scientific"])
    assert cues_of_kinds("engine.cardavia.events") - {"game_over"} <= set(GROUP_CUES["cardavia"])
    assert set(UI_CUES) <= set(GROUP_CUES["program"])


GROUPS_HEARD = {
    "battle": {
        "reveal", "war", "trick_won", "choice_made", "face_down_laid", "pile_taken_up",
        "set_aside", "eliminated", "trick_limit",
    },
    "scientific": {
        "choice_made", "reveal", "war", "trick_won", "revolution", "revolution_back",
        "jacks_cancel", "joker_cancels_war", "joker_forces_war", "jokers_cancel", "power_seer",
        "seer_turn", "power_counting", "power_exchange", "exchanged", "pile_taken_up",
        "eliminated", "trick_limit",
    },
    "cardavia": {
        "deal_started", "played", "passed", "new_round", "bomb", "celestial_bomb", "bomb_bonus",
        "few_cards", "last_card", "settlement",
    },
    "program": {
        "menu_move", "menu_edge", "select", "back", "your_turn", "not_allowed", "game_won",
        "game_lost", "game_drawn", "game_over", "answer_right", "answer_wrong", "chat",
    },
}  # fmt: skip
"""The cues each group of the practice mode plays, written out (a cue the players can hear in
a game must be found in its game's group)."""

CUE_FILES = Path(__file__).resolve().parent.parent / "sounds"


def test_each_group_plays_the_cues_written_out_and_all_of_them_is_every_cue_file() -> None:
    """The groups against the list above, and "all" against the cue files in ``sounds/``
    (neither is read from the registry the practice mode is built from)."""
    unwritten = set(GROUPS) - set(GROUPS_HEARD)
    assert not unwritten, (
        f"a game was added: write out the cues its practice group plays, in Listen order, in "
        f"GROUP_CUES and GROUPS_HEARD of tests/test_practice_model.py: {sorted(unwritten)}"
    )
    assert set(GROUPS) == set(GROUPS_HEARD)
    for group in GROUPS:
        assert [c.cue for c in cues_in(group)] == list(GROUP_CUES[group]), group
        assert set(GROUP_CUES[group]) == GROUPS_HEARD[group], group
    files = sorted(path.stem for path in CUE_FILES.glob("*.ogg"))
    assert len(files) == 43
    assert sorted(c.cue for c in cues_in("all")) == files  # each once
    assert set().union(*GROUPS_HEARD.values()) == set(files)


def test_the_all_group_has_every_cue_once_and_every_group_a_title() -> None:
    every = [c.cue for c in cues_in("all")]
    assert sorted(every) == sorted(MEANINGS)
    assert set(GROUP_TITLES) == {*GROUPS, "all"}
    with pytest.raises(ValueError, match="no cue group"):
        cues_in("poker")


def test_a_quiz_has_ten_questions_of_four_different_meanings_one_right() -> None:
    quiz = Quiz("all", seed=7)
    assert quiz.total == QUIZ_LENGTH == 10
    assert len({q.cue for q in quiz.questions}) == 10, "no cue twice when there are plenty"
    for number, question in enumerate(quiz.questions, start=1):
        assert question.number == number
        assert len(question.options) == 4 == len(set(question.options))
        assert question.options[question.right] == meaning(question.cue)


@settings(max_examples=60, deadline=None)
@given(group=st.sampled_from((*GROUPS, "all")), seed=st.integers(0, 10**6))
def test_questions_come_from_the_chosen_group_and_never_repeat_running(
    group: str, seed: int
) -> None:
    quiz = Quiz(group, seed=seed)
    group_meanings = {c.meaning for c in cues_in(group)}
    group_cues = {c.cue for c in cues_in(group)}
    cues = [q.cue for q in quiz.questions]
    assert set(cues) <= group_cues
    assert all(a != b for a, b in itertools.pairwise(cues))
    distinct_before_repeat = min(len(group_cues), QUIZ_LENGTH)
    assert len(set(cues[:distinct_before_repeat])) == distinct_before_repeat
    for question in quiz.questions:
        assert set(question.options) <= group_meanings


def test_the_same_seed_asks_the_same_quiz() -> None:
    assert Quiz("scientific", seed=4).questions == Quiz("scientific", seed=4).questions
    assert Quiz("scientific", seed=4).questions != Quiz("scientific", seed=5).questions


def test_right_and_wrong_answers_are_told_with_the_right_one_and_scored() -> None:
    quiz = Quiz("cardavia", seed=1)
    first = quiz.question
    assert first is not None
    right = quiz.answer(first.right)
    assert right.correct and quiz.score == 1
    second = quiz.question
    assert second is not None and second.number == 2
    wrong_choice = (second.right + 1) % 4
    wrong = quiz.answer(wrong_choice)
    assert not wrong.correct and wrong.chosen == wrong_choice
    assert wrong.right_meaning == meaning(second.cue) and quiz.score == 1


def test_keys_without_meaning_change_nothing() -> None:
    quiz = Quiz("program", seed=2)
    for choice in (-1, 4, 9, True, "1", None):
        with pytest.raises(ValueError):
            quiz.answer(choice)  # type: ignore[arg-type]
    question = quiz.question
    assert question is not None and question.number == 1 and quiz.score == 0


def test_replay_repeats_the_cue_heard_last_never_the_next_one() -> None:
    quiz = Quiz("battle", seed=3)
    assert quiz.replay() is None
    for question in quiz.questions:
        assert quiz.ask() == question
        assert quiz.replay() == question.cue == quiz.replay()
        quiz.answer(question.right)
        assert quiz.replay() == question.cue, "the next cue is not given away"
    with pytest.raises(ValueError, match="over"):
        quiz.ask()


def test_after_ten_answers_the_quiz_is_over_with_its_score() -> None:
    quiz = Quiz("battle", seed=3)
    for index, question in enumerate(quiz.questions):
        quiz.answer(question.right if index % 2 else (question.right + 1) % 4)
    assert quiz.finished and quiz.question is None
    assert quiz.score == 5 and len(quiz.answers) == 10
    with pytest.raises(ValueError, match="over"):
        quiz.answer(0)


def play(quiz: Quiz, right: int) -> None:
    for index, question in enumerate(quiz.questions):
        quiz.answer(question.right if index < right else (question.right + 1) % 4)


def test_the_best_score_of_each_group_is_remembered_across_runs() -> None:
    store = MemoryStore()
    first = Quiz("cardavia", seed=1, scores=BestScores(store))
    play(first, right=6)
    assert first.new_best and first.best == 6
    worse = Quiz("cardavia", seed=2, scores=BestScores(store))
    play(worse, right=4)
    assert not worse.new_best and worse.best == 6
    other = Quiz("all", seed=2, scores=BestScores(store))
    play(other, right=9)
    assert store.data == {"cardavia": 6, "all": 9}
    assert BestScores(store).best("cardavia") == 6 and BestScores(store).best("battle") is None


def test_a_damaged_score_store_counts_as_no_score_and_keeps_other_keys() -> None:
    store = MemoryStore({"battle": "ten", "cardavia": 99, "program": True, "later": [1]})
    scores = BestScores(store)
    assert [scores.best(g) for g in ("battle", "cardavia", "program")] == [None, None, None]
    assert scores.record("battle", 3)
    assert store.data["battle"] == 3 and store.data["later"] == [1]


class BrokenStore:
    def load(self) -> dict[str, Any]:
        raise OSError("settings folder unreadable")

    def save(self, data: dict[str, Any]) -> None:
        raise OSError("read-only")


def test_an_unreadable_or_read_only_store_does_not_stop_the_quiz() -> None:
    scores = BestScores(BrokenStore())
    quiz = Quiz("program", seed=5, scores=scores)
    play(quiz, right=10)
    assert quiz.finished and quiz.new_best and scores.best("program") == 10
