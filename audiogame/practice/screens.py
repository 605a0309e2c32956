"""The practice screens: a menu of Listen lists and quizzes, a Listen list per group (moving onto
a cue plays it, then says its meaning) and the Quiz (a cue plays; arrows and Enter choose its
meaning; R plays it again; ten questions, then the score and the best score). With no sound to
hear (no device, or the cues off in the options) the quiz says so and does not run: no score
is kept of answers given to sounds nobody heard.

A cue's meaning is said a moment after the cue starts, so that the words never cover the sound
being learnt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from audiogame.app.menu import Menu, MenuItem
from audiogame.app.screen import ENTER, ESCAPE, Command
from audiogame.i18n import N_, _
from audiogame.practice.model import (
    GROUP_TITLES,
    GROUPS,
    PROGRAM,
    QUIZ_LENGTH,
    BestScores,
    MemoryStore,
    Quiz,
    ScoreStore,
    cues_in,
)
from audiogame.practice.store import SCORES_FILE, JsonScoreStore

if TYPE_CHECKING:
    from audiogame.app.host import Cancellable, CoreHost

MEANING_DELAY = 0.45
"""Seconds between a cue and the words about it (most cues last under half a second)."""
REPLAY_KEYS = ("r", "R")


def score_store(app: CoreHost) -> ScoreStore:
    """The settings folder's score file, or memory when the program keeps no settings."""
    store = app.store
    return JsonScoreStore(store.folder / SCORES_FILE) if store is not None else MemoryStore()


NO_DEVICE = N_("No sound device is available, so the sounds cannot be played.")
SOUND_OFF = N_("Sound cues are off in the options, so the sounds cannot be played.")


def silent_reason(app: CoreHost) -> str | None:
    """Why no cue can be heard now (the options turned them off, no device), or ``None``."""
    cues = app.narrator.cues
    if getattr(cues, "enabled", True) is False:
        return _(SOUND_OFF)
    if getattr(cues, "available", True) is False:
        return _(NO_DEVICE)
    return None


def _spoken(message: str) -> MenuItem:
    """An item whose words are ``message`` translated when spoken."""
    return MenuItem(lambda: _(message))


def _group(group: str) -> str:
    """A group's title after a colon ("Listen: the program", "Quiz: all the cues"): lower case
    but for a game's name, which stays a name ("Quiz: Cardavia")."""
    title = _(GROUP_TITLES[group])
    if group in (PROGRAM, "all"):
        return title[:1].lower() + title[1:]
    return title


class _CueThenWords:
    """Plays a cue now and says the words about it :data:`MEANING_DELAY` seconds later."""

    def __init__(self, app: CoreHost) -> None:
        self.app = app
        self.pending: Cancellable | None = None

    def present(self, cue: str, text: str) -> None:
        self.cancel()
        self.app.narrator.silence()  # the last meaning must not talk over the new sound
        self.app.cue(cue)
        if MEANING_DELAY > 0:
            self.pending = self.app.call_later(MEANING_DELAY, lambda: self._say(text))
            if self.pending is not None:
                return
        self._say(text)

    def _say(self, text: str) -> None:
        self.pending = None
        self.app.say(text, record=False)

    def cancel(self) -> None:
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None


class PracticeMenu(Menu):
    """Listen to each group's cues, or take a quiz on one group or all of them."""

    app: CoreHost  # the program's own menus

    title = N_("Audio-cue practice")

    def __init__(self, app: CoreHost, seed: int | None = None) -> None:
        super().__init__(app)
        self.seed = seed
        store = score_store(app)
        self.scores = BestScores(store)
        self.notice: str | None = getattr(store, "notice", None)
        self.silence_told = False

    def enter(self) -> None:
        if self.notice is not None:  # a damaged scores file: said once
            self.app.say(_(self.notice), cue="not_allowed")
            self.notice = None
        super().enter()
        silent = silent_reason(self.app)
        if silent is not None and not self.silence_told:  # said once, after the menu's title
            self.silence_told = True
            self.app.say(silent)

    def items(self) -> Sequence[MenuItem]:
        listen = [self._listen_item(group) for group in GROUPS]
        quizzes = [self._quiz_item(group) for group in ("all", *GROUPS)]
        return [*listen, *quizzes, MenuItem(lambda: _("Back"), self.back)]

    def _listen_item(self, group: str) -> MenuItem:
        return MenuItem(
            lambda: _("Listen: {group}").format(group=_group(group)),
            lambda: self.app.push(ListenMenu(self.app, group)),
        )

    def _quiz_item(self, group: str) -> MenuItem:
        return MenuItem(
            lambda: self._quiz_label(group),
            lambda: self.app.push(QuizScreen(self.app, group, self)),
        )

    def _quiz_label(self, group: str) -> str:
        best = self.scores.best(group)
        if best is None:
            return _("Quiz: {group}, not taken yet").format(group=_group(group))
        return _("Quiz: {group}, best score {best} of {total}").format(
            group=_group(group), best=best, total=QUIZ_LENGTH
        )


class ListenMenu(Menu):
    """Every cue of one group: moving onto one plays it and says what it means."""

    app: CoreHost  # the program's own menus

    def __init__(self, app: CoreHost, group: str) -> None:
        super().__init__(app)
        self.group = group
        self.cues = cues_in(group)
        self.presenter = _CueThenWords(app)

    def heading(self) -> str:
        return _("Listen: {group}").format(group=_group(self.group))

    def items(self) -> Sequence[MenuItem]:
        return [_spoken(cue.meaning) for cue in self.cues]

    def commands(self) -> list[Command]:
        return [
            *super().commands(),
            Command(REPLAY_KEYS, N_("R: play the sound again."), self.replay),
        ]

    def enter(self) -> None:
        # No sound yet: it would play under these words. Enter plays it, moving plays the next.
        self.app.say(
            _(
                "{title}, {count} sounds. Up and Down arrows play each sound and say what it "
                "means; Enter plays it again. {item}"
            ).format(title=self.heading(), count=len(self.cues), item=self.item_text())
        )

    def resume(self) -> None:
        self.move_to(self.position)

    def move_to(self, position: int, wrapped: bool = False) -> None:
        # Each item plays its own cue, which says more than the edge's: it stays.
        self.position = position
        self.presenter.present(self.cues[position].cue, self.item_text())

    def activate(self) -> None:
        self.replay("")

    def replay(self, key: str) -> None:
        self.presenter.cancel()
        silent = silent_reason(self.app)
        if silent is not None:  # asked for a sound: never silence without a word
            self.app.refuse(silent)
            return
        self.app.cue(self.cues[self.position].cue)

    def leave(self) -> None:
        self.presenter.cancel()


class QuizScreen(Menu):
    """Ten questions: hear a cue, choose its meaning among four."""

    app: CoreHost  # the program's own menus

    def __init__(self, app: CoreHost, group: str, practice: PracticeMenu) -> None:
        super().__init__(app)
        self.group = group
        self.practice = practice
        self.presenter = _CueThenWords(app)
        self.quiz = self._new_quiz()
        self.waiting = True
        """True before a question is asked (Enter asks it): at the start, after an answer."""

    def _new_quiz(self) -> Quiz:
        return Quiz(self.group, seed=self.practice.seed, scores=self.practice.scores)

    def heading(self) -> str:
        return _("Quiz: {group}").format(group=_group(self.group))

    def items(self) -> Sequence[MenuItem]:
        question = self.quiz.question or self.quiz.questions[-1]
        return [_spoken(option) for option in question.options]

    def commands(self) -> list[Command]:
        return [
            Command(
                ("up", "down"), N_("Up and Down arrows: hear the possible meanings."), self.step
            ),
            Command(("home", "end"), N_("Home and End: first and last meaning."), self.step),
            Command((ENTER,), N_("Enter: choose this meaning, or go on."), self.enter_key),
            Command((), N_("1 to 4: choose that meaning."), self.step),
            Command(REPLAY_KEYS, N_("R: play the sound again."), self.replay),
            Command((ESCAPE,), N_("Escape: leave the quiz."), lambda key: self.back()),
        ]

    def enter(self) -> None:
        silent = silent_reason(self.app)
        if silent is not None:  # a quiz on sounds nobody can hear: none, and no score kept
            self.app.say(
                _("{title}. {reason} There is no quiz without sound. Escape: back.").format(
                    title=self.heading(), reason=silent
                ),
                cue="not_allowed",
            )
            return
        # The first sound waits for Enter, so that it does not play under these words.
        self.app.say(
            _(
                "{title}, {total} questions on {count} sounds. Choose the meaning of each with "
                "the arrows and Enter; R plays the sound again. Enter: the first sound."
            ).format(title=self.heading(), total=self.quiz.total, count=len(cues_in(self.group)))
        )

    def resume(self) -> None:
        self.app.say(self.item_text(), record=False)

    def leave(self) -> None:
        self.presenter.cancel()

    def ask(self) -> None:
        question = self.quiz.ask()
        self.position = 0
        self.waiting = False
        self.presenter.present(
            question.cue,
            _("Question {number} of {total}. {option}").format(
                number=question.number, total=self.quiz.total, option=self.item_text()
            ),
        )

    def silent(self) -> bool:
        """Whether no sound can be heard now: said, and the quiz does not run."""
        silent = silent_reason(self.app)
        if silent is not None:
            self.app.refuse(
                _("{reason} There is no quiz without sound. Escape: back.").format(reason=silent)
            )
        return silent is not None

    def step(self, key: str) -> None:
        if self.silent():
            return
        if self.waiting or self.quiz.finished:
            self._say_what_next()
            return
        self.presenter.cancel()
        super().step(key)

    def enter_key(self, key: str) -> None:
        if self.silent():
            return
        if self.quiz.finished:
            self.quiz = self._new_quiz()
            self.ask()
        elif self.waiting:
            self.ask()
        else:
            self.choose(self.position)

    def choose(self, choice: int) -> None:
        self.presenter.cancel()
        self.position = choice
        answer = self.quiz.answer(choice)
        if answer.correct:
            self.app.say(_("Right!"), cue="answer_right")
        else:
            meaning = _(answer.right_meaning)
            # Quoted inside the sentence, so that a cue called "Right answer" is not taken
            # for the verdict: "Wrong: it was the sound “right answer”."
            self.app.say(
                _("Wrong: it was the sound “{meaning}”.").format(
                    meaning=meaning[:1].lower() + meaning[1:]
                ),
                cue="answer_wrong",
            )
        if self.quiz.finished:
            self._say_score()
        else:
            self.waiting = True
            self.app.say(_("Enter: next question."), record=False)

    def _say_score(self) -> None:
        quiz = self.quiz
        self.app.say(
            _("Quiz over: {score} of {total} right.").format(score=quiz.score, total=quiz.total)
        )
        if quiz.new_best:
            self.app.say(_("A new best score!"))
        elif quiz.best is not None:
            self.app.say(
                _("Best score: {best} of {total}.").format(best=quiz.best, total=quiz.total)
            )
        self.app.say(_("Enter: a new quiz. Escape: back."), record=False)

    def _say_what_next(self) -> None:
        if self.quiz.finished:
            self.app.refuse(_("The quiz is over. Enter: a new quiz. Escape: back."))
        elif self.quiz.answers:
            self.app.refuse(_("Enter: next question. R: the last sound again."))
        else:
            self.app.refuse(_("Enter: the first sound."))

    def replay(self, key: str) -> None:
        if self.silent():
            return
        cue = self.quiz.replay()
        if cue is None:
            self.app.refuse(_("Enter: the first sound."))
            return
        self.presenter.cancel()
        silent = silent_reason(self.app)
        if silent is not None:
            self.app.refuse(silent)
            return
        self.app.cue(cue)

    def on_char(self, char: str) -> bool:
        question = self.quiz.question
        if self.silent():
            return True
        if char.isdigit() and question is not None and not self.waiting:
            choice = int(char) - 1
            if 0 <= choice < len(question.options):
                self.choose(choice)
                return True
        self.app.refuse(
            _(
                "In the quiz: Up and Down arrows hear the meanings, Enter chooses, R plays the "
                "sound again, Escape leaves."
            )
        )
        return True

    def back(self) -> None:
        self.presenter.cancel()
        super().back()
