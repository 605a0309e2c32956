"""Whole Battaglia games played through the real program with keys, checking what is said."""

from __future__ import annotations

import re
from typing import Any

import pytest

from audiogame.settings import DEFAULT_NAMES, Settings
from audiogame.testing import drive, drive_timed
from audiogame.words.registry import render
from audiogame.words.seats import Seats
from engine import Flip
from engine.battle import GAME as BATTLE
from tests.menu_games import main_menu_said
from tests.session_support import is_subsequence

REVEAL = re.compile(r"^(Face down: [^.]*\. )?(You|Anna|Bruno|Carla|Dario|Elena): \w+\.")
REVEAL_IT = re.compile(r"^(Carte coperte: [^.]*\. )?(Tu|Anna|Bruno|Carla|Dario|Elena): \w+\.")


def classic_script(seed: int, **options: Any) -> tuple[list[str], int]:
    """The messages a classic game must produce, found with the engine alone, and how many
    times the player is asked to flip."""
    state = BATTLE.new_state(seed=seed, **options)
    seats = Seats(DEFAULT_NAMES, state.players, {"open": False})
    events = list(state.opening_events())
    flips = 0
    while not state.is_over:
        if 0 in state.to_act():
            flips += 1
        for seat in state.to_act():
            events += state.apply(seat, Flip())
        if 0 in state.view(0).eliminated:
            break
    return [render("battle", event, seats) for event in events], flips


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (4, {"players": 2, "deck": 52}),
        (3, {"players": 6, "deck": 32}),
        (8, {"players": 3, "deck": 32, "face_down": False}),
        (20, {"players": 2, "deck": 32}),
    ],
)
def test_classic_game_is_spoken_trick_by_trick_to_the_end_bt3_bt4_bt7(
    seed: int, options: dict[str, Any]
) -> None:
    """BT-3, BT-4, BT-7, BT-9: every trick, war and the end are said, each reveal once."""
    expected, flips = classic_script(seed, **options)
    # N: once the player is out, the others finish at once (else they play on at the pace).
    keys = ["space"] * flips + ["n", "space"]
    session = drive(keys, game="battle", config={"seed": seed, **options})
    said = session.spoken
    assert is_subsequence(expected, said)
    reveals = [line for line in said if REVEAL.match(line)]
    assert len(reveals) == sum(1 for line in expected if REVEAL.match(line))
    assert session.played.count("reveal") == len(reveals)
    assert any(line.startswith("Game over:") for line in said)
    assert said[-1] == "The game is over."  # the extra Space is refused with its reason
    assert session.played[-1] == "not_allowed"
    assert session.played.count("game_won") + session.played.count("game_lost") == 1


OPENING_5 = {
    "en": [
        "Battaglia, deal number 5: you and Anna. 16 cards each.",
        "Turn up your card: Space or Enter. Your stock and won pile: W. All the keys: F1.",
        "You: jack. Anna: jack.",
        "War between you and Anna! 2 cards on the table.",
        "Your war cards: press Space or Enter.",
        "Face down: you and Anna. You: jack. Anna: nine.",
        "You take 6 cards.",
        "You: nine. Anna: ten.",
        "Anna takes 2 cards.",
        "You: queen. Anna: eight.",
        "You take 2 cards.",
    ],
    "it": [
        "Battaglia, smazzata numero 5: tu e Anna. 16 carte a testa.",
        "Scopri la tua carta: Spazio o Invio. Mazzetto e carte vinte: W. Tutti i tasti: F1.",
        "Tu: fante. Anna: fante.",
        "Battaglia tra te e Anna! 2 carte sul tavolo.",
        "Le tue carte di battaglia: premi Spazio o Invio.",
        "Carte coperte: tu e Anna. Tu: fante. Anna: nove.",
        "Prendi 6 carte.",
        "Tu: nove. Anna: dieci.",
        "Anna prende 2 carte.",
        "Tu: donna. Anna: otto.",
        "Prendi 2 carte.",
    ],
}
"""Deal 5 of 32 cards, word for word: a tie of jacks, the war, its 6 cards taken (BT-3, BT-4)."""

ENDING_17 = {
    "en": [
        "You: seven. Anna: ace.",
        "Anna takes 2 cards.",
        "You have no cards left: you are out of the game.",
        "Game over: Anna wins, owning every card.",
        "Press Enter to go back to the game setup.",
        "The game is over.",
    ],
    "it": [
        "Tu: sette. Anna: asso.",
        "Anna prende 2 carte.",
        "Non hai più carte: sei fuori dal gioco.",
        "Partita finita: vince Anna, che ha tutte le carte.",
        "Premi Invio per tornare alla preparazione della partita.",
        "La partita è finita.",
    ],
}
"""The end of deal 17 of 32 cards (23 cards turned up), word for word, and the Space after it
refused (BT-7)."""


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_first_tricks_and_a_war_are_said_word_for_word_bt3_bt4(language: str) -> None:
    session = drive(
        ["space"] * 4, game="battle", config={"seed": 5, "players": 2, "deck": 32},
        language=language,
    )  # fmt: skip
    assert session.spoken == OPENING_5[language]


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_end_of_a_game_is_said_word_for_word_bt7(language: str) -> None:
    session = drive(
        ["space"] * 24, game="battle", config={"seed": 17, "players": 2, "deck": 32},
        language=language,
    )  # fmt: skip
    assert session.spoken[-6:] == ENDING_17[language]


def test_six_players_hear_the_cards_set_aside_bt2() -> None:
    """BT-2: 52 cards among 6 players: 8 each, 4 set aside and announced."""
    session = drive([], game="battle", config={"seed": 3, "players": 6})
    said = session.spoken
    assert said[0].startswith(
        "Battaglia, deal number 3: you, Anna, Bruno, Carla, Dario and Elena. 8 cards each"
    )
    assert any(line.startswith("4 cards set aside, out of play: ") for line in said)


def test_a_war_is_announced_with_face_down_cards_bt4() -> None:
    """BT-4: a war names who fights, the cards waiting, and the face-down cards."""
    session = drive(["space"] * 60, game="battle", config={"seed": 4})
    said = session.spoken
    war = next(i for i, line in enumerate(said) if line.startswith("War between"))
    assert re.match(r"War between you and Anna! \d+ cards on the table\.", said[war])
    assert "Your war cards: press Space or Enter." in said[war + 1 : war + 3]
    assert any(line.startswith("Face down: you and Anna. You: ") for line in said)


def test_without_face_down_card_wars_are_face_up_only_bt9() -> None:
    _expected, flips = classic_script(8, players=3, deck=32, face_down=False)
    session = drive(
        ["space"] * flips,
        game="battle",
        config={"seed": 8, "players": 3, "deck": 32, "face_down": False},
    )
    assert "No face-down card in a war." in session.spoken[:3]
    assert any(line.startswith("War between") for line in session.spoken)
    assert not any(line.startswith("Face down:") for line in session.spoken)


def test_trick_limit_ends_the_game_and_is_announced_bt8() -> None:
    session = drive(["space"] * 6, game="battle", config={"seed": 5, "trick_limit": 5})
    said = session.spoken
    limit = next(line for line in said if line.startswith("The trick limit of 5 is reached"))
    assert re.search(r"Cards owned: you \d+, Anna \d+\.", limit)
    assert any(line.startswith("Game over:") for line in said)


def test_italian_game_speaks_italian_from_start_to_end() -> None:
    expected, flips = classic_script(20, players=2, deck=32)
    session = drive(
        ["space"] * flips, game="battle", config={"seed": 20, "deck": 32}, language="it"
    )
    said = session.spoken
    assert said[0] == "Battaglia, smazzata numero 20: tu e Anna. 16 carte a testa."
    assert sum(1 for line in said if REVEAL_IT.match(line)) == sum(
        1 for line in expected if REVEAL.match(line)
    )
    assert any(re.match(r"(Prendi|Anna prende) \d+ carte\.", line) for line in said)
    assert any(line.startswith("Partita finita:") for line in said)
    assert not any(REVEAL.match(line) for line in said)


def test_information_keys_turn_owned_and_stock() -> None:
    session = drive(["space", "t", "e", "w"], game="battle", config={"seed": 3})
    said = session.spoken
    assert said[-3] == "Trick 2 of 2000. Your turn: press Space or Enter."
    assert re.fullmatch(r"Cards owned: you \d+, Anna \d+\.", said[-2])
    assert re.fullmatch(r"Your stock: \d+\. Your won pile: \d+\.", said[-1])


def open_script(seed: int, **options: Any) -> tuple[list[str], int]:
    """An open game where the player always plays his lowest card (Enter without moving):
    the messages it must produce and how many times Enter is needed (twice when the card under
    the cursor has not been spoken yet: the first Enter says it; once with a last card, which
    is no choice)."""
    from audiogame.computer_players import make_bot

    state = BATTLE.new_state(seed=seed, open=True, **options)
    seats = Seats(DEFAULT_NAMES, state.players, {"open": True})
    bots = {
        seat: make_bot("battle", "greedy", seed * 10 + seat) for seat in range(1, state.players)
    }
    events = list(state.opening_events())
    presses = 0
    heard = None
    while not state.is_over:
        for seat in [s for s in state.to_act() if s != 0]:
            events += state.apply(
                seat, bots[seat].choose(state.view(seat), state.legal_actions(seat))
            )
        if 0 in state.to_act():
            hand = state.view(0).hand
            card = hand[0]
            presses += 1 if card == heard or len(hand) == 1 else 2
            heard = card
            events += state.apply(0, state.legal_actions(0)[0])
    said = [render("battle", e, seats) for e in events if e.kind != "choice_made"]
    return said, presses


@pytest.mark.parametrize("face_down", [True, False])
def test_open_war_is_played_to_the_end_with_enter_bt10_bt11(face_down: bool) -> None:
    """BT-10, BT-11: choosing cards with Enter plays a whole open game, wars included."""
    options = {"deck": 32, "face_down": face_down, "trick_limit": 300}
    expected, presses = open_script(1, **options)
    session = drive(
        ["enter"] * presses + ["t"], game="battle", config={"seed": 1, "open": True, **options}
    )
    said = session.spoken
    assert said[1].startswith("Open war: you choose your cards.")
    assert is_subsequence(expected, said)
    assert any(line.startswith("Game over:") for line in said)
    assert said[-1] == "The game is over. Press Enter to go back to the game setup."
    assert session.played.count("reveal") == sum(1 for line in said if REVEAL.match(line))
    if face_down:
        assert any(line.startswith("Face down: ") and "on the table" in line for line in said)
        assert "Choose a card to put face down." in said


def test_open_hand_is_read_with_arrows_digits_and_letters() -> None:
    session = drive(
        ["home", "right", "end", "k", "q", "0", "8", "w"],
        game="battle",
        config={"seed": 2, "open": True, "deck": 32},
    )
    assert session.spoken[-8:] == [
        "seven, 1 of 16",
        "seven, 2 of 16",
        "ace, 16 of 16",
        "king, 13 of 16",
        "queen, 9 of 16",
        "ten, 8 of 16",
        "eight, 4 of 16",
        # Issue 25, item 12: repeats counted, not "seven, seven, seven".
        "Your hand, 16 cards: 3 sevens, eight, 3 nines, ten, 4 queens, 3 kings, ace.",
    ]
    italian = drive(["w"], game="battle", config={"seed": 2, "open": True, "deck": 32},
                    language="it").spoken  # fmt: skip
    assert italian[-1] == (
        "La tua mano, 16 carte: 3 sette, otto, 3 nove, dieci, 4 donne, 3 re, asso."
    )


def test_open_play_plays_the_card_in_focus_and_asks_for_the_war_cards() -> None:
    session = drive(["end", "enter"], game="battle", config={"seed": 2, "open": True, "deck": 32})
    assert session.spoken[-4:] == [
        "ace, 16 of 16",
        "You: ace. Anna: ace.",
        "War between you and Anna! 2 cards on the table.",
        "Choose a card to put face down.",
    ]
    assert session.played[-1] == "your_turn"


def test_missing_rank_is_refused() -> None:
    session = drive(["2"], game="battle", config={"seed": 2, "open": True, "deck": 32})
    assert session.spoken[-1] == "You hold no two."
    assert session.played[-1] == "not_allowed"


def test_space_in_open_war_says_no_action() -> None:
    session = drive(["space"], game="battle", config={"seed": 2, "open": True})
    assert session.spoken[-1] == "No action on this key."


def test_player_out_hears_only_the_end() -> None:
    """BT-7: when the player is out, the others finish and only the end is spoken."""
    _expected, flips = classic_script(4, players=2, deck=52)
    # seed 4: Anna wins, so the player is eliminated with the game's end in one go.
    session = drive(["space"] * flips, game="battle", config={"seed": 4})
    assert "You have no cards left: you are out of the game." in session.spoken
    assert "Game over: Anna wins, owning every card." in session.spoken


def test_four_players_player_out_early_hears_the_rest_summarised() -> None:
    for seed in range(1, 40):
        state = BATTLE.new_state(seed=seed, players=4, deck=32)
        flips = 0
        while not state.is_over and 0 not in state.view(0).eliminated:
            flips += 1
            for seat in state.to_act():
                state.apply(seat, Flip())
        if not state.is_over:
            break
    session = drive(
        ["space"] * flips + ["n", "t"],
        game="battle",
        config={"seed": seed, "players": 4, "deck": 32},
    )
    said = session.spoken
    out = said.index(
        "The others play on to the end: you hear who takes each trick. N: straight to the end."
    )
    assert said[out - 1] == "You have no cards left: you are out of the game."
    finish = said.index("The others finish the game.")  # N
    assert finish > out
    after = said[finish + 1 :]
    assert all(
        line.startswith(("Game over", "The trick limit", "The game is over", "Press Enter"))
        or "out of the game" in line
        for line in after
    )
    assert said[-1] == "The game is over. Press Enter to go back to the game setup."


@pytest.mark.parametrize(
    ("language", "setup"),
    [("en", "Battaglia (War): new game. Start the game, 1 of "),
     ("it", "Battaglia: nuova partita. Comincia la partita, 1 di ")],
)  # fmt: skip
def test_enter_after_the_end_goes_back_to_the_setup_which_says_its_name(
    language: str, setup: str
) -> None:
    """Issue 32, item 10: back at the setup, its name is said before the item."""
    _expected, flips = classic_script(3, players=6, deck=32)
    session = drive(
        ["space"] * flips + ["n", "enter"],
        game="battle",
        config={"seed": 3, "players": 6, "deck": 32},
        language=language,
    )
    assert session.spoken[-1].startswith(setup)


def test_automatic_play_flips_at_the_chosen_pace() -> None:
    settings = Settings(language="en", pace=0.01)
    flips_heard = 0

    def five_flips(said: list[str]) -> bool:
        nonlocal flips_heard
        flips_heard = sum(1 for line in said if REVEAL.match(line))
        return flips_heard >= 5

    session = drive_timed(
        [(["a"], five_flips), (["a"], lambda said: "Automatic play off." in said)],
        game="battle", config={"seed": 3}, settings=settings,
    )  # fmt: skip
    said = session.spoken
    assert said[2] == "Automatic play on: one move every 0.01 seconds."
    # Five cards were turned with no key pressed after A; the second A stops the flips.
    assert flips_heard >= 5
    stopped = said.index("Automatic play off.")
    assert not any(REVEAL.match(line) for line in said[stopped + 1 :])


def test_escape_pauses_and_resume_comes_back() -> None:
    session = drive(["escape", "enter", "space"], game="battle", config={"seed": 3})
    said = session.spoken
    assert "Pause. Resume the game, 1 of 5" in said
    assert "Back to the game." in said
    assert REVEAL.match(said[-2])


def test_quit_to_main_menu_from_pause() -> None:
    session = drive(["escape", "end", "enter"], game="battle", config={"seed": 3})
    assert session.spoken[-1] == main_menu_said()


def test_open_enter_never_plays_a_card_not_yet_heard() -> None:
    """BT-10: the first Enter on a card the player has not heard says it; the second plays it."""
    config = {"seed": 2, "open": True, "deck": 32}
    session = drive(["enter"], game="battle", config=config)
    assert session.spoken[-1].endswith("Enter again plays it.")
    assert not any(": " in line and line.startswith("You:") for line in session.spoken)
    session = drive(["enter", "enter"], game="battle", config=config)
    assert any(line.startswith("You: ") for line in session.spoken)


def test_an_open_war_says_who_plays_a_last_card_face_up_bt6_bt10() -> None:
    """BT-6, BT-10: in open play too, a tied player with one card left plays it face up, and
    the reveal says so, as classic play does."""
    from audiogame.i18n import set_language
    from audiogame.words.registry import render
    from engine import Play
    from tests.test_battle_rules import cs, new

    state = new("Kh 5h 9h", "Ks 3s", open=True)
    state.apply(0, Play(cs("Kh")))
    state.apply(1, Play(cs("Ks")))
    state.apply(0, state.legal_actions(0)[0])  # the five face down; Anna has only her three
    state.apply(0, state.legal_actions(0)[0])
    reveal = next(e for e in state.apply(1, state.legal_actions(1)[0]) if e.kind == "reveal")
    seats = Seats(DEFAULT_NAMES, 2, {"open": True})
    said = {}
    for language in ("en", "it"):
        set_language(language)
        said[language] = render("battle", reveal, seats)
    set_language("en")
    assert said["en"] == "Anna: last card, face up. You: nine. Anna: three."
    assert said["it"] == "Anna: ultima carta, scoperta. Tu: nove. Anna: tre."


OUT_WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "note": "The others play on to the end: you hear who takes each trick. N: straight to "
        "the end.",
        "trick": re.compile(r"^(Anna|Bruno|Carla) takes \d+ cards?\.$"),
        "war": "War between ",
        "end": "Game over: Anna wins, owning every card.",
    },
    "it": {
        "note": "Gli altri giocano fino alla fine: senti chi vince ogni presa. N: subito alla "
        "fine.",
        "trick": re.compile(r"^(Anna|Bruno|Carla) prende \d+ cart[ae]\.$"),
        "war": "Battaglia tra ",
        "end": "Partita finita: vince Anna, che ha tutte le carte.",
    },
}


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_player_out_hears_the_others_play_on_trick_by_trick_bt7(language: str) -> None:
    """Issue 32, item 7: out of a four-player game, the player hears the rest as a spectator
    would in brief, at the pace of the options: who takes each trick, the wars, who goes out,
    the end; never the cards turned up."""
    seed = 1  # the player goes out after 16 flips; Anna wins the game later
    state = BATTLE.new_state(seed=seed, players=4, deck=32)
    flips = 0
    while 0 not in state.view(0).eliminated:
        flips += 1
        for seat in state.to_act():
            state.apply(seat, Flip())
    assert not state.is_over
    words = OUT_WORDS[language]
    session = drive_timed(
        [(["space"] * flips, lambda said: words["end"] in said)],
        game="battle",
        config={"seed": seed, "players": 4, "deck": 32},
        settings=Settings(language=language, pace=0.01),
        language=language,
    )
    said = session.spoken
    assert said.count(words["note"]) == 1
    after = said[said.index(words["note"]) + 1 : said.index(words["end"])]
    tricks = [line for line in after if words["trick"].match(line)]
    assert len(tricks) >= 2, after
    assert any(line.startswith(words["war"]) for line in after), after
    assert not any(REVEAL.match(line) or REVEAL_IT.match(line) for line in after), after
