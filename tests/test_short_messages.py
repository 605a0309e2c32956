"""Issue 32: in normal play no message passes 30 words, nor do the messages said for one event
together (an event's words and the table's lines that follow it: a settlement with the match's
totals and where Enter leads, a seer's power with the seer's turn), nor the deal's opening.
What is left out is on a key (the hand on W, the settlement's lines and the match totals on S,
the cards each holds on E, the deal number on D).

Whole seeded games of each game are played through the standalone host
(:func:`tests.standalone_presenters.play_heard`), in English and in Italian, with the wars, the
powers, the bombs and the settlements each game has; each case first checks that its game
showed them, so that it cannot pass by playing nothing worth saying.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from tests.standalone_presenters import play_heard

LIMIT = 30
MATCH_OVER = {"en": " the match with ", "it": " la partita con "}
"""How the end of a match is said ("Anna wins the match with plus 6.")."""
Keys = Callable[[Any], Sequence[str]]


def words(texts: Sequence[str]) -> int:
    """Words as a screen reader's voice and the page count them: runs of non-blanks."""
    return sum(len(text.split()) for text in texts)


def same_key(*keys: str) -> Callable[[], Keys]:
    return lambda: lambda screen: keys


def chosen_at_random(seed: int) -> Callable[[], Keys]:
    """Scientific Battle: a rank key, Enter, now and then S (the exchange an eight offers);
    the same keys in both languages, a game afresh each time."""

    def keys() -> Keys:
        rnd = random.Random(seed)
        return lambda screen: [
            rnd.choice("234567890jqkax"),
            "c-m",
            *(["s"] if rnd.random() < 0.3 else []),
        ]

    return keys


# game, setup, keys, what the game must have shown (English, Italian)
CASES: dict[str, tuple[str, dict[str, Any], Callable[[], Keys], dict[str, tuple[str, ...]]]] = {
    "battaglia with wars": (
        "battle", {"players": 2, "deck": 32, "seed": 3, "trick_limit": 200}, same_key(" "),
        {"en": ("War between you and Anna!", "take up your won pile"),
         "it": ("Battaglia tra te e Anna!", "Riprendi le tue carte vinte")},
    ),
    "battaglia, four players": (
        "battle", {"players": 4, "deck": 52, "seed": 5, "trick_limit": 150}, same_key(" "),
        {"en": ("War between", "has no cards left"), "it": ("Battaglia tra", "non ha più carte")},
    ),
    "scientific battle with seers and eights": (
        "scientific", {"players": 2, "seed": 2, "trick_limit": 60}, chosen_at_random(2),
        {"en": ("You are the seer:", "Anna, the seer, chooses now.", "Eight: S swaps your hand",
                "Swapped: now", "takes up their won pile"),
         "it": ("Sei il veggente:", "Anna, veggente, sceglie ora.", "Otto: vuoi scambiare la tua",
                "Scambio fatto", "riprende le sue carte vinte")},
    ),
    "scientific battle, three players": (
        "scientific", {"players": 3, "seed": 4, "trick_limit": 60}, chosen_at_random(4),
        {"en": ("seer",), "it": ("veggent",)},
    ),
    "cardavia, another's bomb bonus": (
        "cardavia", {"seed": 4}, same_key("h", "u", "c-m", "p"),
        {"en": ("Bomb bonus for the bomb of tens: Anna plus 20", "Deal scores:"),
         "it": ("Premio per la bomba di dieci: Anna più 20", "Punti della smazzata:")},
    ),
    "cardavia, the player's bomb bonus": (
        "cardavia", {"seed": 10}, same_key("h", "u", "c-m", "p"),
        {"en": ("Bomb bonus for the bomb of nines: you plus 20",),
         "it": ("Premio per la bomba di nove: tu più 20",)},
    ),
    "cardavia, a match of two deals": (
        "cardavia", {"seed": 4, "deals": 2}, same_key("h", "u", "c-m", "p"),
        {"en": ("Match totals:", "Deal 2 of 2.", "wins the match with"),
         "it": ("Totali della partita:", "Smazzata 2 di 2.", "vince la partita con")},
    ),
}  # fmt: skip


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("case", list(CASES))
def test_no_message_no_event_and_no_opening_passes_30_words(case: str, language: str) -> None:
    game, config, keys, shown = CASES[case]
    turns = play_heard(game, dict(config), keys(), language)
    said = [text for turn in turns for event in turn for text in event]
    for words_shown in shown[language]:  # the game showed what it is chosen for
        assert any(words_shown in text for text in said), words_shown
    long = [text for text in said if words([text]) > LIMIT]
    assert long == []
    # A match's end is the one event said in two entries of the page (announce.js splits at
    # 30 words): the deal's scores, the match totals, who won the match, where Enter leads.
    groups = [event for turn in turns for event in turn if words(event) > LIMIT
              and not (words(event) <= 2 * LIMIT and any(MATCH_OVER[language] in text
                                                         for text in event))]  # fmt: skip
    assert groups == []
    opening = [text for event in turns[0] for text in event]
    assert 0 < words(opening) <= LIMIT, opening
