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
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, overload

from audiogame.i18n import N_

if TYPE_CHECKING:
    from audiogame.catalog import GameEntry

log = logging.getLogger(__name__)
log.addHandler(logging.NullHandler())

QUIZ_LENGTH = 10
OPTIONS = 4

PROGRAM = "program"
"""The group of the program's own cues, after every game's."""

SHARED_MEANINGS: dict[str, str] = {
    # the events shared by the card games (engine/events.py)
    "reveal": N_("Cards are turned face up"),
    "choice_made": N_("A player has chosen a card"),
    "war": N_("War: a tie for the highest card"),
    "trick_won": N_("A player takes the cards on the table"),
    "pile_taken_up": N_("A player picks up his won pile to play on"),
    "eliminated": N_("A player is out of the game"),
    "trick_limit": N_("The trick limit is reached"),
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
    "chat": N_("Someone at the table writes a message"),
}
"""What the cues of shared events and of the program mean; each game's own are in its
registration (``meanings`` of :class:`audiogame.catalog.GameEntry`)."""

PROGRAM_CUES: tuple[str, ...] = (
    "menu_move", "menu_edge", "select", "back", "your_turn", "not_allowed", "game_won",
    "game_lost", "game_drawn", "game_over", "answer_right", "answer_wrong", "chat",
)  # fmt: skip
"""The program's own cues, in the order the Listen list gives them."""


def _games() -> Sequence[GameEntry]:
    from audiogame.catalog import GAMES

    return GAMES


class _Groups(Sequence[str]):
    """The groups of the Listen list, in order: every registered game, then the program; a
    quiz can also take ``"all"``."""

    def _all(self) -> tuple[str, ...]:
        return (*(entry.key for entry in _games()), PROGRAM)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self._all()[index]

    def __len__(self) -> int:
        return len(self._all())


class _Live(Mapping[str, Any]):
    """A table read afresh from the registered games each time."""

    def __init__(self, build: Callable[[], dict[str, Any]]) -> None:
        self._build = build

    def __getitem__(self, key: str) -> Any:
        return self._build()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._build())

    def __len__(self) -> int:
        return len(self._build())


def _titles() -> dict[str, str]:
    titles = {entry.key: entry.title for entry in _games()}  # the menus' own titles
    return {**titles, PROGRAM: N_("The program"), "all": N_("All the cues")}


def _meanings() -> dict[str, str]:
    found = dict(SHARED_MEANINGS)
    for entry in _games():
        found.update(entry.meanings)
    return found


def _group_cues() -> dict[str, tuple[str, ...]]:
    return {**{entry.key: entry.practice for entry in _games()}, PROGRAM: PROGRAM_CUES}


GROUPS: Sequence[str] = _Groups()
GROUP_TITLES: Mapping[str, str] = _Live(_titles)
MEANINGS: Mapping[str, str] = _Live(_meanings)
"""Every cue -> what it means, as the practice mode says it (English message id)."""
GROUP_CUES: Mapping[str, tuple[str, ...]] = _Live(_group_cues)
"""The cues of each group in the order the Listen list gives them; Battle and Scientific
Battle share their common cues."""


@dataclass(frozen=True)
class CueMeaning:
    cue: str
    meaning: str
    """English message id: translate with ``_`` when speaking."""


def meaning(cue: str) -> str:
    """What ``cue`` means (English message id)."""
    return _meanings()[cue]


def cues_in(group: str) -> tuple[CueMeaning, ...]:
    """The cues of ``group`` (one of :data:`GROUPS`, or ``"all"``: every cue once)."""
    groups = _group_cues()
    if group == "all":
        names = tuple(dict.fromkeys(name for cues in groups.values() for name in cues))
    elif group in groups:
        names = groups[group]
    else:
        raise ValueError(f"no cue group {group!r}; the groups are {', '.join((*groups, 'all'))}")
    meanings = _meanings()
    return tuple(CueMeaning(name, meanings[name]) for name in names)


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
        meanings = _meanings()
        return Question(number, cue, tuple(meanings[c] for c in shown), shown.index(cue))

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
