"""Whole Battaglia scientifica games played through the real program with keys, checking what
is said: each reveal once, the outcome of every trick with its cause, and the end."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import pytest

from audiogame.computer_players import make_bot
from audiogame.i18n import set_language
from audiogame.settings import DEFAULT_NAMES
from audiogame.testing import drive
from audiogame.words.registry import render
from audiogame.words.seats import Seats
from engine import Exchange, Play
from engine.events import Event
from engine.scientific import GAME as SCIENTIFIC
from tests.session_support import is_subsequence

NAME = "(You|Tu|you|tu|Anna|Bruno|Carla|Dario|Elena|Fabio|Giulia)"
SHOWN = rf"{NAME}((, | and | e ){NAME})*: [a-z]+\."
# "You: two. Anna, Bruno and Carla: ace." (neighbours showing the same rank said together)
REVEAL = re.compile(rf"^{SHOWN}( {SHOWN})*$")
# Events spoken exactly as the words module renders them (the others depend on the table).
PLAIN_KINDS = frozenset(
    {
        "reveal",
        "war",
        "trick_won",
        "revolution",
        "jacks_cancel",
        "joker_cancels_war",
        "joker_forces_war",
        "jokers_cancel",
        "pile_taken_up",
        "eliminated",
        "trick_limit",
        "game_over",
        "exchanged",
        "seer_turn",
    }
)


@dataclass
class Script:
    """The keys of a whole game and what the engine says must be heard."""

    keys: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    swaps: int = 0
    choices: int = 0

    def expected(self, players: int, language: str = "en") -> list[str]:
        set_language(language)
        seats = Seats(DEFAULT_NAMES, players)
        return [render("scientific", e, seats) for e in self.events if e.kind in PLAIN_KINDS]


def script(players: int, policy: int, seed: int = 1, trick_limit: int = 500) -> Script:
    """A game where the player picks a card at random (Home, Right arrows, Enter) and takes
    half the exchanges offered (S); the computer players are the table's own."""
    state = SCIENTIFIC.new_state(seed=seed, players=players, trick_limit=trick_limit)
    bots = {s: make_bot("scientific", "greedy", seed * 10 + s) for s in range(1, players)}
    rng = random.Random(policy)
    out = Script()

    def run_bots() -> None:
        while not state.is_over:
            awaited = [s for s in state.to_act() if s != 0]
            if not awaited:
                return
            for s in awaited:
                out.events.extend(
                    state.apply(s, bots[s].choose(state.view(s), state.legal_actions(s)))
                )

    run_bots()
    while not state.is_over:
        view = state.view(0)
        if view.exchange_offered and rng.random() < 0.5:
            out.keys.append("s")
            out.events.extend(state.apply(0, Exchange()))
            out.swaps += 1
            view = state.view(0)
        index = rng.randrange(len(view.hand))
        out.keys += ["home", *["right"] * index, "enter"]
        out.choices += 1
        out.events.extend(state.apply(0, Play([view.hand[index]])))
        run_bots()
    return out


JOKER_JACK_ACE = ["end", "enter", "end", "left", "left", "left", "enter", "end", "enter"]
"""Deal 1 of 2 players: the joker, then the jack, then the ace."""

HEARD_JOKER_JACK_ACE = {
    "en": [
        "joker, 14 of 14",
        "You choose: joker.",
        "You: joker. Anna: ace.",
        "Your joker forces a war.",
        "War! 2 cards on the table.",
        "ace of hearts, 13 of 13",
        "king of hearts, 12 of 13",
        "queen of hearts, 11 of 13",
        "jack of hearts, 10 of 13",
        "You choose: jack of hearts.",
        "You: jack. Anna: king.",
        "Revolution! The two is now highest, the ace lowest.",
        "You take 4 cards.",
        "ace of hearts, 12 of 12",
        "You choose: ace of hearts.",
        "You: ace. Anna: two.",
        "Anna takes 2 cards.",
        "Still reversed: the two is highest.",
    ],
    "it": [
        "jolly, 14 di 14",
        "Hai scelto: jolly.",
        "Tu: jolly. Anna: asso.",
        "Il tuo jolly provoca una battaglia.",
        "Battaglia! 2 carte sul tavolo.",
        "asso di cuori, 13 di 13",
        "re di cuori, 12 di 13",
        "donna di cuori, 11 di 13",
        "fante di cuori, 10 di 13",
        "Hai scelto: fante di cuori.",
        "Tu: fante. Anna: re.",
        "Rivoluzione! Ora il due è il più alto, l'asso il più basso.",
        "Prendi 4 carte.",
        "asso di cuori, 12 di 12",
        "Hai scelto: asso di cuori.",
        "Tu: asso. Anna: due.",
        "Anna prende 2 carte.",
        "Sempre rovesciato: il due è il più alto.",
    ],
}
"""What those keys make heard, word for word (after the opening's two lines)."""


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_joker_a_revolution_and_the_reversed_order_word_for_word_sb7_sb10(
    language: str,
) -> None:
    """SB-10: the lone joker forces a war; SB-7: the jack reverses the order at once, in its
    own trick (the jack beats the king) and after it (the two beats the ace); SB-5: the war's
    cards go to the next trick's winner (4 cards)."""
    session = drive(
        JOKER_JACK_ACE, game="scientific", config={"seed": 1, "players": 2}, language=language
    )
    assert session.spoken[2:] == HEARD_JOKER_JACK_ACE[language]
    assert (
        session.spoken[0]
        == {
            "en": "Battaglia scientifica: you and Anna. 14 cards each.",
            "it": "Battaglia scientifica: tu e Anna. 14 carte a testa.",
        }[language]
    )


@pytest.mark.parametrize(("players", "policy"), [(2, 7), (2, 4), (4, 1), (8, 4)])
def test_whole_game_is_spoken_trick_by_trick_to_the_end_sb2_sb4_sb5_sb6(
    players: int, policy: int
) -> None:
    """SB-2, SB-4 to SB-11, SB-6: every reveal once, every outcome with its cause, the end."""
    game = script(players, policy)
    session = drive([*game.keys, "t"], game="scientific", config={"seed": 1, "players": players})
    said = session.spoken
    expected = game.expected(players)
    assert is_subsequence(expected, said)
    reveals = [line for line in said if REVEAL.match(line)]
    assert len(reveals) == sum(1 for e in game.events if e.kind == "reveal")
    assert session.played.count("reveal") == len(reveals)
    assert sum(1 for line in said if line.startswith("You choose: ")) == game.choices
    assert sum(1 for line in said if line.startswith("Swapped: now ")) == game.swaps
    assert any(line.startswith("Game over:") for line in said)
    assert said[-2] == "Press Enter to go back to the game setup."
    assert said[-1] == "The game is over. Press Enter to go back to the game setup."
    assert session.played.count("game_won") + session.played.count("game_lost") == 1
    # Computer players' choices are neither spoken nor sounded: T tells who has chosen.
    assert not any(line.endswith(" has chosen.") for line in said)
    assert "choice_made" in session.played


@pytest.mark.parametrize(("players", "policy"), [(3, 2), (8, 1)])
def test_italian_game_speaks_italian_from_start_to_end(players: int, policy: int) -> None:
    game = script(players, policy)
    session = drive(
        game.keys, game="scientific", config={"seed": 1, "players": players}, language="it"
    )
    said = session.spoken
    assert said[0].startswith("Battaglia scientifica: tu, Anna")
    assert said[0].endswith(". 14 carte a testa.")
    assert is_subsequence(game.expected(players, "it"), said)
    set_language("en")
    reveals = [line for line in said if REVEAL.match(line)]
    assert len(reveals) == sum(1 for e in game.events if e.kind == "reveal")
    assert any(line.startswith("Hai scelto: ") for line in said)
    assert any(line.startswith("Partita finita:") for line in said)
    assert not any(line.startswith(("You", "War between")) for line in said)


def test_trick_limit_ends_the_game_with_the_most_cards_sb15() -> None:
    game = script(2, 5, trick_limit=6)
    session = drive(
        game.keys, game="scientific", config={"seed": 1, "players": 2, "trick_limit": 6}
    )
    said = session.spoken
    limit = next(line for line in said if line.startswith("The trick limit of 6 is reached"))
    assert re.search(r"Cards owned: (you \d+, )?Anna \d+\.", limit)
    assert any(line.startswith("Game over:") and "most cards" in line for line in said)
    assert game.choices == 6
