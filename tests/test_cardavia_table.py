"""Whole Cardavia deals and matches played through the real program with keys, in English and
Italian, checking every play, pass, round, bomb and settlement line that is said."""

from __future__ import annotations

import re

import pytest

from audiogame.testing import drive
from tests.session_support import is_subsequence
from tests.test_cardavia_table_helpers import (
    PLAY_KINDS,
    last_play,
    slow,
    table_script,
)

# A play: "Anna: pair of nines." (settlement lines also start with a name, but end in a total)
PLAY = re.compile(r"^(You|Anna|Bruno): (?!.*; total)")
PLAY_IT = re.compile(r"^(Tu|Anna|Bruno): (?!.*; totale)")


@pytest.mark.parametrize("seed", [5, 11])
def test_a_whole_deal_is_played_with_tab_enter_p_and_space_cv3_cv9_cv10_cv11(seed: int) -> None:
    """CV-3, CV-9 to CV-11: the deal goes from the three of hearts to the player going out;
    every play, pass and new round is said once, in order, with one cue each."""
    script = table_script(seed)
    session = drive(script.keys, game="cardavia", config={"seed": seed}, settings=slow())
    said = session.spoken
    assert is_subsequence(script.expected, said)
    plays = [line for line in said if PLAY.match(line)]
    assert len(plays) == script.plays
    cues = session.played
    for kind in ("passed", "new_round", "deal_started", "settlement"):
        assert cues.count(kind) == sum(1 for e in script.events if e.kind == kind)
    assert cues.count("played") + cues.count("bomb") + cues.count("celestial_bomb") == len(plays)
    assert said[-1] == "Cardavia: new game. Start the game, 1 of 6"  # Enter: the setup, named
    assert said[-2] == "Press Enter to go back to the game setup."
    assert "not_allowed" not in cues


def test_the_settlement_says_the_scores_and_s_reads_it_player_by_player_cv12_cv14() -> None:
    """CV-12, CV-14: after the last card, who went out, then the deal's scores, which sum to
    zero (issue 32: within 30 words); S then reads each player's lines and total."""
    script = table_script(5)
    session = drive([*script.keys[:-1], "s"], game="cardavia", config={"seed": 5},
                    settings=slow())  # fmt: skip
    said = session.spoken
    end = said.index("You go out and win the deal!")
    assert said[end + 1 :] == [
        "Deal scores: you minus 3, Bruno plus 14, Anna minus 11.",
        "Press Enter to go back to the game setup.",
        "Bruno: 6 cards left, minus 6; bomb bonus, plus 20; this deal plus 14.",
        # Issue 25, item 14: a bonus paid names whose bomb it was.
        "Anna: 1 card left, minus 1; Bruno's bomb, minus 10; this deal minus 11.",
        "You: Bruno's bomb, minus 10; the penalties of the others, plus 7; this deal minus 3.",
        "Deal scores: you minus 3, Bruno plus 14, Anna minus 11.",
    ]
    italian = drive([*script.keys[:-1], "s"], game="cardavia", config={"seed": 5},
                    settings=slow(), language="it").spoken  # fmt: skip
    end = italian.index("Chiudi e vinci la smazzata!")
    assert italian[end + 1 :] == [
        "Punti della smazzata: tu meno 3, Bruno più 14, Anna meno 11.",
        "Premi Invio per tornare alla preparazione della partita.",
        "Bruno: 6 carte rimaste, meno 6; premio bomba, più 20; in questa smazzata più 14.",
        "Anna: 1 carta rimasta, meno 1; la bomba di Bruno, meno 10; in questa smazzata meno 11.",
        "Tu: la bomba di Bruno, meno 10; le penalità degli altri, più 7; "
        "in questa smazzata meno 3.",
        "Punti della smazzata: tu meno 3, Bruno più 14, Anna meno 11.",
    ]
    assert sum(script.scores[0]) == 0
    assert session.played[session.played.index("settlement") - 1] == "game_won"


def test_bombs_and_the_bomb_bonus_are_announced_cv7_cv13() -> None:
    """CV-7, CV-13: a bomb is said with its own cue, its bonus when the round ends."""
    session = drive(table_script(5).keys, game="cardavia", config={"seed": 5}, settings=slow())
    said = session.spoken
    bomb = said.index("Bruno: three aces bomb!")
    bonus = said.index(
        "Bomb bonus for the three aces bomb: Bruno plus 20, you and Anna minus 10 each."
    )
    assert bomb < bonus < said.index("Both passed: Bruno leads.")
    assert "bomb" in session.played and "bomb_bonus" in session.played


def test_shift_tab_plays_the_last_listed_play_and_the_deal_still_ends() -> None:
    script = table_script(8, choose=last_play)
    session = drive(script.keys, game="cardavia", config={"seed": 8}, settings=slow())
    assert is_subsequence(script.expected, session.spoken)
    assert sum(1 for line in session.spoken if PLAY.match(line)) == script.plays


def test_italian_deal_speaks_italian_from_start_to_end() -> None:
    script = table_script(11, language="it")
    session = drive(
        script.keys[:-1], game="cardavia", config={"seed": 11}, settings=slow("it"), language="it"
    )
    said = session.spoken
    assert is_subsequence(script.expected, said)
    assert said[0] == "Cardavia, smazzata numero 11. Ordine di gioco: tu, Bruno e Anna."
    assert sum(1 for line in said if PLAY_IT.match(line)) == script.plays
    assert not any(PLAY.match(line) and not PLAY_IT.match(line) for line in said)
    assert any(line.startswith("Entrambi hanno passato: ") for line in said)
    assert any(re.search(r"(chiude|Chiudi) e (vince|vinci) la smazzata", line) for line in said)
    assert any(line.startswith("Punti della smazzata: tu ") for line in said)
    assert said[-1] == "Premi Invio per tornare alla preparazione della partita."
    english = ("Your turn", "Both passed", "passes.", "cards left", "Deal scores")
    assert not any(word in line for line in said for word in english)


def test_a_match_of_three_deals_keeps_running_totals_cv1() -> None:
    """CV-1: a match of several deals; totals after each deal, the winner at the end."""
    script = table_script(3, deals=3)
    session = drive(script.keys, game="cardavia", config={"seed": 3, "deals": 3}, settings=slow())
    said = session.spoken
    assert said[0] == "Cardavia, a match of 3 deals. Order of play: you, Bruno and Anna."
    assert is_subsequence(script.expected, said)
    totals = [0, 0, 0]
    for number, scores in enumerate(script.scores, start=1):
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        words = [f"{'plus' if t > 0 else 'minus'} {abs(t)}" if t else "0" for t in totals]
        line = f"Match totals: you {words[0]}, Bruno {words[2]}, Anna {words[1]}."
        assert line in said  # after the last deal too, then who won the match
        assert (f"Deal {number} of 3." in said) == (number > 1)  # the first: "a match of 3"
    assert "Press Enter for deal 2 of 3." in said and "Press Enter for deal 3 of 3." in said
    verdict = next(line for line in said if "win the match" in line or "wins the match" in line)
    best = max(totals)
    assert verdict.endswith(f"with {'plus' if best > 0 else 'minus'} {abs(best)}.")
    assert said[-1] == "Cardavia: new game. Start the game, 1 of 6"
    assert sum(1 for line in said if PLAY.match(line)) == script.plays


def test_every_play_event_has_words() -> None:
    script = table_script(11)
    kinds = {event.kind for event in script.events}
    assert {"deal_started", "passed", "new_round", "settlement", "game_over"} <= kinds
    assert kinds & set(PLAY_KINDS)


DEAL_5_KEYS = ["n", "tab", "enter", "n", "p", "n", "p", *["n", "tab", "enter"] * 4, "n", "p",
               *["n", "tab", "enter"] * 3, "enter"]  # fmt: skip
"""Deal 5 played through: N (the next one plays), Tab Enter (the first play offered), P
(pass), and Enter at the end."""

DEAL_5_HEARD = {
    "en": (
        [
            "Cardavia, deal number 5. Order of play: you, Bruno and Anna.",
            "Anna holds the three of hearts and leads.",
            "Your whole hand: W. All the keys: F1.",
            "Anna: straight from 3 to jack.",
            "Your turn.",
            "straight from 4 to queen, 1 of 2",
            "You: straight from 4 to queen.",
            "Bruno: three aces bomb!",
            "Anna passes.",
        ],
        [
            "Both passed: you lead.",
            "king, 1 of 1",
            "You: king.",
            "You go out and win the deal!",
            "Deal scores: you minus 3, Bruno plus 14, Anna minus 11.",
            "Press Enter to go back to the game setup.",
            "Cardavia: new game. Start the game, 1 of 6",
        ],
    ),
    "it": (
        [
            "Cardavia, smazzata numero 5. Ordine di gioco: tu, Bruno e Anna.",
            "Anna ha il tre di cuori e comincia.",
            "Tutta la mano: W. Tutti i tasti: F1.",
            "Anna: scala dal 3 al fante.",
            "Tocca a te.",
            "scala dal 4 alla donna, 1 di 2",
            "Tu: scala dal 4 alla donna.",
            "Bruno: bomba di tre assi!",
            "Anna passa.",
        ],
        [
            "Entrambi hanno passato: cominci tu.",
            "re, 1 di 1",
            "Tu: re.",
            "Chiudi e vinci la smazzata!",
            "Punti della smazzata: tu meno 3, Bruno più 14, Anna meno 11.",
            "Premi Invio per tornare alla preparazione della partita.",
            "Cardavia: nuova partita. Comincia la partita, 1 di 6",
        ],
    ),
}
"""The start and the end of deal 5, word for word: a bomb answers a straight, and the
settlement's scores count its bonus (CV-13) and the cards left (CV-12)."""


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_deal_with_a_bomb_is_said_word_for_word_cv12_cv13(language: str) -> None:
    said = drive(DEAL_5_KEYS, game="cardavia", config={"seed": 5}, language=language).spoken
    start, end = DEAL_5_HEARD[language]
    assert said[: len(start)] == start
    assert said[-len(end) :] == end
