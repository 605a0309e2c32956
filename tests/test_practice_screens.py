"""The practice screens driven with keys, heard through a recording speaker and cue player."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from audiogame import i18n
from audiogame.app.menus import MainMenu
from audiogame.app.screen import ENTER, ESCAPE
from audiogame.practice import practice_screens
from audiogame.practice.model import MEANINGS, cues_in
from audiogame.practice.screens import ListenMenu, PracticeMenu, QuizScreen
from audiogame.practice.store import SCORES_FILE
from audiogame.testing import Session, drive, drive_timed, make_session, top_screen
from tests.menu_games import practice_groups, practice_menu


def practice(seed: int = 3, **options: Any) -> Session:
    """The program at the practice menu (as ``audiogame practice`` opens it)."""
    session = make_session(**options)
    app = session.app
    screens = practice_screens(app)
    screens[-1] = PracticeMenu(app, seed=seed)
    app.start(screens)
    return session


def press(session: Session, *keys: str) -> tuple[list[str], list[str]]:
    """Press ``keys``; what was said and which cues played meanwhile."""
    said, played = len(session.spoken), len(session.played)
    for key in keys:
        session.app.dispatch(key)
    return session.spoken[said:], session.played[played:]


def open_item(session: Session, label_start: str) -> None:
    menu = session.app.top
    assert isinstance(menu, PracticeMenu)
    labels = [item.label() for item in menu.items()]
    index = next(i for i, label in enumerate(labels) if label.startswith(label_start))
    press(session, *["down"] * index, ENTER)


def test_the_main_menu_opens_the_practice_with_keys() -> None:
    session = drive(["a", "enter", "enter", "down"])
    said = session.spoken
    assert any(text.startswith("Audio-cue practice. Listen: Battaglia (War)") for text in said)
    assert "Listen: Battaglia (War), 9 sounds." in " ".join(said)
    assert session.played[-1] == "war"


def test_practice_menu_lists_listening_and_quizzes_for_every_group() -> None:
    session = practice()
    menu = top_screen(session, PracticeMenu)
    labels = [item.label() for item in menu.items()]
    listen = len(practice_groups())  # 4 with the three games that ship
    assert labels[:listen] == [
        "Listen: Battaglia (War)",
        "Listen: Battaglia scientifica (Scientific Battle)",
        "Listen: Cardavia",
        *[f"Listen: {group}" for group in practice_groups()[3:-1]],
        "Listen: the program",
    ]
    assert labels[listen] == "Quiz: all the cues, not taken yet"
    assert labels == practice_menu()
    assert labels[-1] == "Back"


def test_moving_onto_a_cue_plays_it_and_says_its_meaning() -> None:
    session = practice()
    open_item(session, "Listen: Cardavia")
    assert isinstance(session.app.top, ListenMenu)
    expected = cues_in("cardavia")
    said, played = press(session, "down")
    assert played == [expected[1].cue]
    assert said == [f"{expected[1].meaning}, 2 of {len(expected)}"]
    said, played = press(session, ENTER, "r")
    assert played == [expected[1].cue] * 2 and said == []
    said, played = press(session, "up", "up")
    assert played == [expected[0].cue, expected[-1].cue], "the list wraps round"


def test_every_cue_of_a_group_can_be_heard_in_turn() -> None:
    session = practice()
    open_item(session, "Listen: the program")
    group = cues_in("program")
    _, played = press(session, *["down"] * len(group))
    assert played == [c.cue for c in group[1:]] + [group[0].cue]


def answer_all(session: Session, right: int) -> None:
    """Take the whole quiz: the first ``right`` answers right, the others wrong."""
    quiz = session.app.top
    assert isinstance(quiz, QuizScreen)
    for index in range(quiz.quiz.total):
        if quiz.waiting:
            press(session, ENTER)
        question = quiz.quiz.question
        assert question is not None
        choice = question.right if index < right else (question.right + 1) % 4
        press(session, str(choice + 1))


def test_a_quiz_plays_each_cue_and_scores_ten_answers(tmp_path: Path) -> None:
    session = practice(config_dir=tmp_path)
    open_item(session, "Quiz: Cardavia")
    said, played = press(session, ENTER)
    screen = session.app.top
    assert isinstance(screen, QuizScreen)
    first = screen.quiz.questions[0]
    assert played == [first.cue]
    assert said == [f"Question 1 of 10. {first.options[0]}, 1 of 4"]
    answer_all(session, right=7)
    text = " ".join(session.spoken)
    assert "Quiz over: 7 of 10 right." in text and "A new best score!" in text
    assert session.played.count("answer_right") == 7
    assert session.played.count("answer_wrong") == 3
    assert json.loads((tmp_path / SCORES_FILE).read_text()) == {"cardavia": 7}


def test_a_wrong_answer_says_the_right_one() -> None:
    session = practice()
    open_item(session, "Quiz: Battaglia (War)")
    press(session, ENTER)
    screen = session.app.top
    assert isinstance(screen, QuizScreen)
    question = screen.quiz.question
    assert question is not None
    wrong = (question.right + 1) % 4
    said, played = press(session, *["down"] * wrong, ENTER)
    meaning = MEANINGS[question.cue]
    assert said[-2] == f"Wrong: it was the sound “{meaning[:1].lower()}{meaning[1:]}”."
    assert played[-1] == "answer_wrong"


def test_a_wrong_answer_quotes_the_cue_it_was_so_that_right_answer_is_not_a_verdict() -> None:
    """The quiz of the program's cues: a wrong answer to the "right answer" cue names the
    cue, quoted, in English and in Italian (never "The right answer: Right answer")."""
    for language, expected in (
        ("en", "Wrong: it was the sound “right answer”."),
        ("it", "Sbagliato: era il suono «risposta giusta»."),
    ):
        session = practice(language=language)
        open_item(session, "Quiz: " + ("the program" if language == "en" else "il programma"))
        press(session, ENTER)
        screen = session.app.top
        assert isinstance(screen, QuizScreen)
        for _question in range(10):
            question = screen.quiz.question
            assert question is not None
            if question.cue == "answer_right":
                break
            press(session, *["down"] * question.right, ENTER, ENTER)
        else:
            raise AssertionError("no question on the right-answer cue")
        said, _played = press(session, *["down"] * ((question.right + 1) % 4), ENTER)
        assert said[-2] == expected


def test_r_replays_the_last_cue_even_after_the_answer() -> None:
    session = practice()
    open_item(session, "Quiz: Battaglia scientifica (Scientific Battle)")
    _, played = press(session, ENTER, "r")
    screen = session.app.top
    assert isinstance(screen, QuizScreen)
    cue = screen.quiz.questions[0].cue
    assert played == [cue, cue]
    _, played = press(session, "1", "R")
    assert played[-1] == cue


def test_keys_without_meaning_in_the_quiz_are_explained_and_change_nothing() -> None:
    session = practice()
    open_item(session, "Quiz: the program")
    said, played = press(session, "down", "r")
    assert said == ["Enter: the first sound."] * 2 and played == ["not_allowed"] * 2
    press(session, ENTER)
    screen = session.app.top
    assert isinstance(screen, QuizScreen)
    said, played = press(session, "x", "7", "left")
    assert all(cue == "not_allowed" for cue in played) and len(said) == 3
    assert said[0].startswith("In the quiz: Up and Down arrows")
    assert screen.quiz.answers == []
    press(session, "1")
    said, _ = press(session, "down")
    assert said == ["Enter: next question. R: the last sound again."]


def test_the_best_score_is_remembered_and_shown_in_the_menu(tmp_path: Path) -> None:
    session = practice(config_dir=tmp_path)
    open_item(session, "Quiz: all the cues")
    answer_all(session, right=9)
    said, _ = press(session, ESCAPE)
    items = practice_menu()  # the quiz of every cue is the 5th of 10 with three games
    position = items.index("Quiz: all the cues, not taken yet") + 1
    # Back in the practice menu: its name, then the item (issue 32, item 10).
    assert said == [
        f"Audio-cue practice. Quiz: all the cues, best score 9 of 10, {position} of {len(items)}"
    ]
    later = practice(seed=4, config_dir=tmp_path)
    open_item(later, "Quiz: all the cues")
    answer_all(later, right=5)
    assert "Best score: 9 of 10." in later.spoken


def test_enter_after_the_score_starts_a_new_quiz() -> None:
    session = practice()
    open_item(session, "Quiz: Battaglia (War)")
    answer_all(session, right=10)
    screen = session.app.top
    assert isinstance(screen, QuizScreen)
    said, played = press(session, ENTER)
    assert screen.quiz.answers == [] and played == [screen.quiz.questions[0].cue]
    assert said[0].startswith("Question 1 of 10.")


def test_escape_leaves_the_quiz_and_the_practice() -> None:
    session = practice()
    open_item(session, "Quiz: Battaglia (War)")
    press(session, ENTER, ESCAPE, ESCAPE)
    assert isinstance(session.app.top, MainMenu)


class Marked:
    """A translation that marks every message, to prove each one is translated when spoken."""

    def gettext(self, message: str) -> str:
        return f"<{message}>"

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return f"<{singular if count == 1 else plural}>"

    def pgettext(self, context: str, message: str) -> str:
        return f"<{message}>"


def test_everything_the_practice_says_goes_through_the_translations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Both languages: no practice message is built in English behind the catalog's back,
    and a language change applies at once, meanings included."""
    session = practice()
    monkeypatch.setattr(i18n, "_translations", Marked())
    said, _ = press(session, ENTER)  # Listen: Battaglia (War)
    said += press(session, "down", ESCAPE, "end", "up", ENTER, ENTER, "x", "1")[0]
    for text in said:
        assert text.startswith("<"), text
    assert f"<{MEANINGS['war']}>" in said[1]


def test_the_practice_speaks_italian_when_chosen() -> None:
    session = practice(language="it")
    said, _ = press(session, ENTER, "down")
    assert said[0].startswith("Ascolta: Battaglia, 9 suoni.")
    assert said[1] == "Battaglia: pareggio per la carta più alta, 2 di 9"
    said, _ = press(session, ESCAPE, "end", "up", "up", "up", "up", "up", ENTER, ENTER)
    assert said[-1].startswith("Domanda 1 di 10.")


def test_meanings_follow_the_cue_after_a_pause_and_not_after_leaving() -> None:
    def meaning_said(said: list[str]) -> bool:
        return any(text.startswith(MEANINGS["war"]) for text in said)

    heard = drive_timed([(["a", "enter", "enter", "down"], meaning_said)])
    assert heard.played[-1] == "war"
    assert any(text.startswith(MEANINGS["war"]) for text in heard.spoken)
    left = drive_timed([(["a", "enter", "enter", "down", "escape"], 0.8)])
    assert not any(text.startswith(MEANINGS["war"]) for text in left.spoken)


@pytest.mark.parametrize(
    ("language", "why"),
    [("en", "No sound device is available, so the sounds cannot be played."),
     ("it", "Non c'è nessun dispositivo audio, quindi i suoni non si possono ascoltare.")],
)  # fmt: skip
def test_without_a_sound_device_the_practice_says_why_it_is_silent(language: str, why: str) -> None:
    from audiogame.sound.player import NullCuePlayer

    session = make_session(language=language)
    session.app.narrator.cues = NullCuePlayer()
    app = session.app
    screens = practice_screens(app)
    app.start(screens)
    assert session.spoken.count(why) == 1  # said once, as the practice opens
    assert session.spoken[-1] == why
    press(session, ENTER)  # the first Listen list
    said, _ = press(session, ENTER)  # Enter on a cue: no sound, but a word
    assert said == [why]
    said, _ = press(session, "r")
    assert said == [why]


def test_with_sound_cues_off_the_practice_says_so() -> None:
    session = make_session()
    session.cues.enabled = False  # the program's own cue player
    session.app.start(practice_screens(session.app))
    off = "Sound cues are off in the options, so the sounds cannot be played."
    assert session.spoken[-1] == off


QUIZ_OPENING = {
    "en": "Quiz: Battaglia (War), 10 questions on 9 sounds. Choose the meaning of each with the "
    "arrows and Enter; R plays the sound again. Enter: the first sound.",
    "it": "Quiz: Battaglia, 10 domande su 9 suoni. Scegli il significato di ciascuno con le "
    "frecce e Invio; R ripete il suono. Invio: il primo suono.",
}
LISTEN_OPENING = {"en": "Listen: Battaglia (War), 9 sounds.", "it": "Ascolta: Battaglia, 9 suoni."}


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_listen_list_and_the_quiz_name_the_game_as_the_menus_and_count_right(
    language: str,
) -> None:
    """Issue 32, item 10: the practice names a game by its menu title ("Battaglia (War)", not
    "Battle"), and the quiz says its questions and the sounds they come from, which agrees with
    the Listen list ("9 sounds"), where it said "10 sounds"."""
    session = practice(language=language)
    said, _ = press(session, ENTER)  # Listen: the first game
    assert said[0].startswith(LISTEN_OPENING[language]), said
    press(session, ESCAPE)
    open_item(session, "Quiz: Battaglia")
    assert session.spoken[-1] == QUIZ_OPENING[language]


NO_QUIZ = {
    "en": "Quiz: Battaglia (War). No sound device is available, so the sounds cannot be played. "
    "There is no quiz without sound. Escape: back.",
    "it": "Quiz: Battaglia. Non c'è nessun dispositivo audio, quindi i suoni non si possono "
    "ascoltare. Senza suono non c'è quiz. Esc: indietro.",
}


@pytest.mark.parametrize("language", ["en", "it"])
def test_without_a_sound_device_the_quiz_does_not_run_nor_keep_a_score(
    tmp_path: Path, language: str
) -> None:
    """Issue 32, item 10: with no sound device the quiz says why there is none, refuses its
    keys with the reason, and no score is kept of answers to sounds nobody heard."""
    from audiogame.sound.player import NullCuePlayer

    session = make_session(language=language, config_dir=tmp_path)
    session.app.narrator.cues = NullCuePlayer()
    session.app.start(practice_screens(session.app))
    open_item(session, "Quiz: Battaglia")
    assert session.spoken[-1] == NO_QUIZ[language]
    quiz = top_screen(session, QuizScreen)
    reason = NO_QUIZ[language].split(". ", 1)[1]
    for key in (ENTER, "down", "1", "r"):
        said, _ = press(session, key)
        assert said == [reason], (key, said)
    assert quiz.quiz.answers == []
    press(session, ESCAPE)
    assert not (tmp_path / SCORES_FILE).exists()
    assert top_screen(session, PracticeMenu).scores.best("battle") is None
