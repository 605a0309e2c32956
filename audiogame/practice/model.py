"""The audio-cue practice mode without its screens: which cues each game has and what they
mean, a ten-question quiz, and the best score of each group.

Meanings are English message ids marked with ``N_``; the screens translate them with ``_`` when
they speak, so a language change applies at once.

>>> quiz = Quiz("cardavia", seed=3)
>>> question = quiz.question
>>> question.number, len(question.options)
(1, 4)
>>> question.options[question.right] == meaning(question.cue)
True
>>> quiz.answer(question.right).correct, quiz.score
(True, 1)
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from audiogame.i18n import N_

log = logging.getLogger(__name__)
log.addHandler(logging.NullHandler())

QUIZ_LENGTH = 10
OPTIONS = 4

GROUPS: tuple[str, ...] = ("battle", "scientific", "cardavia", "program")
"""The groups of the Listen list, in order; a quiz can also take ``"all"``."""

GROUP_TITLES: dict[str, str] = {
    "battle": N_("Battle"),
    "scientific": N_("Scientific Battle"),
    "cardavia": N_("Cardavia"),
    "program": N_("The program"),
    "all": N_("All the cues"),
}

MEANINGS: dict[str, str] = {
    # shared by Battle and Scientific Battle
    "reveal": N_("Cards are turned face up"),
    "choice_made": N_("A player has chosen a card"),
    "war": N_("War: a tie for the highest card"),
    "trick_won": N_("A player takes the cards on the table"),
    "pile_taken_up": N_("A player picks up his won pile to play on"),
    "eliminated": N_("A player is out of the game"),
    "trick_limit": N_("The trick limit is reached"),
    # Battle
    "set_aside": N_("Leftover cards are set aside"),
    "face_down_laid": N_("Open war: the face-down cards are down, choose the face-up card"),
    # Scientific Battle
    "revolution": N_("Revolution: the 2 is now the highest card"),
    "revolution_back": N_("Revolution: the ace is the highest card again"),
    "jacks_cancel": N_("The jacks cancel out: the order stays"),
    "joker_cancels_war": N_("A joker cancels the war and takes the cards"),
    "joker_forces_war": N_("A joker forces a war"),
    "jokers_cancel": N_("The jokers cancel each other"),
    "power_seer": N_("Seer power, from a queen"),
    "seer_turn": N_("The seers choose now"),
    "power_counting": N_("Counting power, from a 3"),
    "power_exchange": N_("Exchange power, from an 8"),
    "exchanged": N_("A player swaps his hand and his won pile"),
    # Cardavia
    "deal_started": N_("The cards are dealt"),
    "played": N_("A player plays"),
    "passed": N_("A player passes"),
    "new_round": N_("A new round: the last player to play leads"),
    "bomb": N_("A bomb"),
    "celestial_bomb": N_("The celestial bomb: the four 3s played first"),
    "bomb_bonus": N_("A bomb scores its bonus"),
    "few_cards": N_("A player has two cards left"),
    "last_card": N_("A player has one card left"),
    "settlement": N_("The scores of the deal are settled"),
    # the program
    "menu_move": N_("Moving to another item"),
    "menu_edge": N_("The end of a list"),
    "select": N_("Choosing an item"),
    "back": N_("Going back"),
    "your_turn": N_("Your turn"),
    "not_allowed": N_("Not allowed"),
    "game_won": N_("You won the game"),
    "game_lost": N_("You lost the game"),
    "game_drawn": N_("The game is a draw"),
    "game_over": N_("The game is over"),
    "answer_right": N_("Right answer"),
    "answer_wrong": N_("Wrong answer"),
}
"""Every cue -> what it means, as the practice mode says it (English message id)."""

GROUP_CUES: dict[str, tuple[str, ...]] = {
    "battle": (
        "reveal", "war", "trick_won", "choice_made", "face_down_laid", "pile_taken_up",
        "set_aside", "eliminated", "trick_limit",
    ),
    "scientific": (
        "choice_made", "reveal", "war", "trick_won", "revolution", "revolution_back",
        "jacks_cancel", "joker_cancels_war", "joker_forces_war", "jokers_cancel", "power_seer",
        "seer_turn", "power_counting", "power_exchange", "exchanged", "pile_taken_up",
        "eliminated", "trick_limit",
    ),
    "cardavia": (
        "deal_started", "played", "passed", "new_round", "bomb", "celestial_bomb", "bomb_bonus",
        "few_cards", "last_card", "settlement",
    ),
    "program": (
        "menu_move", "menu_edge", "select", "back", "your_turn", "not_allowed", "game_won",
        "game_lost", "game_drawn", "game_over", "answer_right", "answer_wrong",
    ),
}  # fmt: skip
"""The cues of each group in the order the Listen list gives them; Battle and Scientific
Battle share their common cues."""


@dataclass(frozen=True)
class CueMeaning:
    cue: str
    meaning: str
    """English message id: translate with ``_`` when speaking."""


def meaning(cue: str) -> str:
    """What ``cue`` means (English message id)."""
    return MEANINGS[cue]


def cues_in(group: str) -> tuple[CueMeaning, ...]:
    """The cues of ``group`` (one of :data:`GROUPS`, or ``"all"``: every cue once)."""
    if group == "all":
        names = tuple(dict.fromkeys(name for g in GROUPS for name in GROUP_CUES[g]))
    elif group in GROUP_CUES:
        names = GROUP_CUES[group]
    else:
        raise ValueError(f"no cue group {group!r}; the groups are {', '.join((*GROUPS, 'all'))}")
    return tuple(CueMeaning(name, MEANINGS[name]) for name in names)


class ScoreStore(Protocol):
    """Where best scores live between runs (the front end keeps them in its settings folder)."""

    def load(self) -> Mapping[str, Any]: ...

    def save(self, data: dict[str, Any]) -> None: ...


class MemoryStore:
    """A store that forgets when the program ends (tests, or no settings folder)."""

    def __init__(self, data: Mapping[str, Any] | None = None) -> None:
        self.data: dict[str, Any] = dict(data or {})

    def load(self) -> Mapping[str, Any]:
        return dict(self.data)

    def save(self, data: dict[str, Any]) -> None:
        self.data = dict(data)


class BestScores:
    """The best quiz score of each group, out of :data:`QUIZ_LENGTH`.

    A damaged store (unreadable, or values that are not scores) counts as no score yet; a store
    that cannot save keeps the score for this run. Keys it does not know are kept."""

    def __init__(self, store: ScoreStore | None = None) -> None:
        self.store: ScoreStore = store or MemoryStore()
        try:
            loaded = dict(self.store.load())
        except Exception as error:  # a settings file gone bad must not stop the practice
            log.warning("best scores unreadable, starting afresh: %s", error)
            loaded = {}
        self._data: dict[str, Any] = loaded

    def best(self, group: str) -> int | None:
        value = self._data.get(group)
        if isinstance(value, bool) or not isinstance(value, int):
            return None
        return value if 0 <= value <= QUIZ_LENGTH else None

    def record(self, group: str, score: int) -> bool:
        """Keep ``score`` if it beats the best of ``group``; return whether it did."""
        best = self.best(group)
        if best is not None and score <= best:
            return False
        self._data[group] = score
        try:
            self.store.save(dict(self._data))
        except Exception as error:  # e.g. a read-only settings folder
            log.warning("best score not saved: %s", error)
        return True


@dataclass(frozen=True)
class Question:
    number: int
    """1 for the first question."""
    cue: str
    """The cue to play."""
    options: tuple[str, ...]
    """Meanings to choose from (English message ids)."""
    right: int
    """Index of the right meaning in :attr:`options`."""


@dataclass(frozen=True)
class Answer:
    correct: bool
    chosen: int
    right: int
    right_meaning: str
    """The right answer, to say after a wrong one."""


class Quiz:
    """Ten cues of one group (or ``"all"``), each with four meanings to choose from.

    The front end calls :meth:`ask` when it plays a question's cue, reads its options, and
    passes the player's choice to :meth:`answer`; :meth:`replay` gives the cue heard last, to
    play again (never the next question's, which the player has not heard yet). After the last
    answer :attr:`finished` is true and the best score of the group is updated."""

    def __init__(
        self,
        group: str = "all",
        *,
        seed: int | None = None,
        length: int = QUIZ_LENGTH,
        options: int = OPTIONS,
        scores: BestScores | None = None,
    ) -> None:
        self.group = group
        pool = [c.cue for c in cues_in(group)]
        rng = random.Random(seed)
        self.questions = tuple(
            self._make_question(number + 1, cue, pool, options, rng)
            for number, cue in enumerate(_draw(pool, length, rng))
        )
        self._scores = scores
        self._index = 0
        self._heard: Question | None = None
        self.score = 0
        self.answers: list[Answer] = []
        self.new_best = False

    @staticmethod
    def _make_question(
        number: int, cue: str, pool: list[str], options: int, rng: random.Random
    ) -> Question:
        others = [c for c in pool if c != cue]
        shown = [*rng.sample(others, min(options - 1, len(others))), cue]
        rng.shuffle(shown)
        return Question(number, cue, tuple(MEANINGS[c] for c in shown), shown.index(cue))

    @property
    def question(self) -> Question | None:
        """The question to answer now; ``None`` once the quiz is over."""
        return self.questions[self._index] if self._index < len(self.questions) else None

    @property
    def finished(self) -> bool:
        return self._index >= len(self.questions)

    @property
    def total(self) -> int:
        return len(self.questions)

    def answer(self, choice: int) -> Answer:
        """Answer the current question with option ``choice`` (0-based) and move on."""
        question = self.question
        if question is None:
            raise ValueError("the quiz is over: there is no question to answer")
        if isinstance(choice, bool) or not isinstance(choice, int):
            raise ValueError(f"an answer is an option number, not {choice!r}")
        if not 0 <= choice < len(question.options):
            raise ValueError(f"no option {choice}: choose from 0 to {len(question.options) - 1}")
        result = Answer(
            choice == question.right, choice, question.right, question.options[question.right]
        )
        self.answers.append(result)
        self.score += result.correct
        self._index += 1
        if self.finished and self._scores is not None:
            self.new_best = self._scores.record(self.group, self.score)
        return result

    def ask(self) -> Question:
        """The question to play now (its cue becomes the one :meth:`replay` repeats)."""
        question = self.question
        if question is None:
            raise ValueError("the quiz is over: there is no question to ask")
        self._heard = question
        return question

    def replay(self) -> str | None:
        """The cue asked last, to play again; ``None`` before the first question."""
        return None if self._heard is None else self._heard.cue

    @property
    def best(self) -> int | None:
        """The group's best score so far (this quiz included once finished)."""
        return None if self._scores is None else self._scores.best(self.group)


def _draw(pool: list[str], length: int, rng: random.Random) -> list[str]:
    """``length`` cues from ``pool``: each once before any comes back, never twice running."""
    drawn: list[str] = []
    while len(drawn) < length:
        batch = pool[:]
        rng.shuffle(batch)
        if drawn and len(batch) > 1 and batch[0] == drawn[-1]:
            batch[0], batch[-1] = batch[-1], batch[0]
        drawn += batch
    return drawn[:length]
