"""Every key of the Cardavia table, the refusals with their reasons, the pace of the computer
players, the pause, and the words of combinations in both languages."""

from __future__ import annotations

import doctest
from collections.abc import Sequence

import pytest

from audiogame import i18n
from audiogame.presenters import cardavia_hand, cardavia_match
from audiogame.settings import Settings
from audiogame.testing import drive, drive_timed
from audiogame.words import cardavia as words
from audiogame.words import cardavia_names
from audiogame.words.registry import missing_renderers
from engine.cardavia import GAME as CARDAVIA
from tests.test_cardavia_table_helpers import BACKTAB, slow, tab_plays, table_script

# Seed 11: the player holds the three of hearts and leads. Seed 5: Anna leads.
PLAYER_LEADS = {"seed": 11}
ANNA_LEADS = {"seed": 5}


def play(keys: list[str], config: dict[str, int], language: str = "en") -> list[str]:
    return drive(keys, game="cardavia", config=config, settings=slow(language),
                 language=language).spoken  # fmt: skip


def test_the_hand_is_sorted_by_rank_and_each_card_says_how_many_of_its_rank_cv4() -> None:
    session = drive(
        ["home", "right", "up", "down", "down", "end", "k", "k", "2", "0", "a", "left", "w"],
        game="cardavia", config=PLAYER_LEADS, settings=slow(),
    )  # fmt: skip
    said = session.spoken
    assert session.played.count("menu_edge") == 1
    assert said[-13:] == [
        "three of hearts, 2 threes",
        "three of spades, 2 threes",
        "four of diamonds, 2 fours",
        "three of hearts, 2 threes",
        "Lowest rank.",  # already on the lowest rank: the edge said, the focus stays
        "ace of diamonds, 1 ace",
        "king of diamonds, 2 kings",
        "king of clubs, 2 kings",
        "You hold no two.",
        "ten of spades, 1 ten",
        "ace of diamonds, 1 ace",
        "king of clubs, 2 kings",
        "Your hand, 16 cards: 2 threes, 2 fours, 2 fives, six, seven, eight, nine, ten, jack, "
        "queen, 2 kings, ace.",
    ]


def test_selection_is_said_read_cleared_and_bad_plays_refused_cv3_cv5() -> None:
    """CV-3: the first play must hold the three of hearts; CV-5: cards that form nothing are
    refused; the state does not change (T still says the player leads)."""
    session = drive(
        ["right", "space", "enter", "home", "space", "c", "end", "space", "c", "enter",
         "backspace", "c", "enter", "p", "left", "space", "space", "t"],
        game="cardavia", config=PLAYER_LEADS, settings=slow(),
    )  # fmt: skip
    said = session.spoken
    assert said[-18:] == [
        "three of spades, 2 threes",
        "three of spades selected.",
        "Your first play must include the three of hearts.",
        "three of hearts, 2 threes",
        "three of hearts selected: pair of threes.",
        "Selected, pair of threes: three of hearts, three of spades.",
        "ace of diamonds, 1 ace",
        "ace of diamonds selected: 3 cards.",
        "Selected, 3 cards: three of hearts, three of spades, ace of diamonds. Not a combination.",
        "These cards are not a combination.",
        "Selection cleared.",
        "Nothing selected.",
        "Nothing selected: Space selects the card you are on, Tab steps through your plays.",
        "You lead: you cannot pass. Play any combination.",
        "king of clubs, 2 kings",
        "king of clubs selected.",
        "king of clubs unselected.",
        "Round 1. Your turn: you lead. Your first play must include the three of hearts.",
    ]
    assert session.played.count("not_allowed") == 4


def test_tab_and_shift_tab_step_through_every_legal_play_and_enter_plays_it() -> None:
    state = CARDAVIA.new_state(seed=11)
    plays = len(tab_plays(state))
    said = play(["tab"] * (plays + 1) + [BACKTAB, BACKTAB, "c", "enter"], PLAYER_LEADS)
    steps = said[-(plays + 5) : -2]
    assert steps[0] == f"three, 1 of {plays}"
    assert steps[plays - 1].endswith(f", {plays} of {plays}")
    assert steps[plays] == f"three, 1 of {plays}"  # round again
    assert steps[plays + 1] == steps[plays - 1]  # Shift+Tab goes back
    assert len(set(steps[:plays])) == plays  # each legal play once
    assert "pair of threes" in " ".join(steps) and "straight from 3 to 7" in " ".join(steps)
    played = steps[plays + 2].removesuffix(f", {plays - 1} of {plays}")
    assert said[-2].startswith(f"Selected, {played}: ")  # the play stepped to is selected
    assert said[-1] == f"You: {played}."


def test_the_celestial_bomb_is_the_last_play_listed_and_is_announced_cv8() -> None:
    session = drive([BACKTAB, "enter"], game="cardavia", config={"seed": 88}, settings=slow())
    said = session.spoken
    assert said[-2].startswith("celestial bomb, ")
    assert said[-1] == "You: the four threes, celestial bomb! Nothing can beat it."
    assert "celestial_bomb" in session.played


def test_what_does_not_beat_and_passing_with_an_answer_are_refused_cv6_cv9() -> None:
    """CV-6: a play of another kind does not beat; CV-9: no pass while an answer exists."""
    session = drive(
        ["n", "home", "space", "enter", "p", "l", "e"], game="cardavia", config=ANNA_LEADS,
        settings=slow(),
    )  # fmt: skip
    said = session.spoken
    assert said[-8:] == [
        "Anna: straight from 3 to jack.",
        "Your turn.",
        "four of clubs, 1 four",
        "four of clubs selected.",
        "That does not beat the play on the table: straight from 3 to jack.",
        "You cannot pass: you can beat the play on the table. Tab steps through your answers.",
        "On the table, from Anna: straight from 3 to jack.",
        "Cards left: you 16, Bruno 16, Anna 7.",
    ]
    assert session.played.count("your_turn") == 1


def test_keys_while_the_others_are_to_play_say_whose_turn_it_is() -> None:
    session = drive(
        ["enter", "p", "tab", "t", "l", "e", "s", "r", "m"], game="cardavia", config=ANNA_LEADS,
        settings=slow(),
    )  # fmt: skip
    wait = "It is Anna's turn. N makes the others play at once."
    assert session.spoken[-9:] == [
        wait,
        wait,
        wait,
        "Round 1. It is Anna's turn.",
        "The table is empty: Anna leads.",
        "Cards left: you 16, Bruno 16, Anna 16.",
        "No bomb bonus yet this deal.",
        "Round 1: no play yet.",
        "Two of spades: in your hand. Aces: 3 with the others. Kings: 2 in your hand, "
        "2 with the others.",
    ]
    assert session.played.count("not_allowed") == 3


def test_round_history_scores_and_high_cards_after_a_bomb_cv13() -> None:
    said = play(["n", "tab", "enter", "n", "p", "t", "r", "s", "m", "l"], ANNA_LEADS)
    assert said[-5:] == [
        "Round 2. It is Bruno's turn.",
        "Round 2: no play yet. Round 1, finished: Anna: straight from 3 to jack. "
        "You: straight from 4 to queen. Bruno: three aces bomb. Anna passed. You passed.",
        "Bomb bonuses this deal: you minus 10, Bruno plus 20, Anna minus 10.",
        "Two of spades: in your hand. Aces: 3 played. Kings: 2 in your hand, 2 with the others.",
        "The table is empty: Bruno leads.",
    ]


def test_after_the_deal_playing_keys_are_refused_and_space_does_not_leave() -> None:
    keys = table_script(5).keys[:-1]
    session = drive([*keys, "tab", "p", "space", "t", "s"], game="cardavia", config=ANNA_LEADS,
                    settings=slow())  # fmt: skip
    over = "The deal is over. Press Enter to go back to the game setup."
    assert session.spoken[-8:] == [
        over,
        over,
        over,
        over,
        # Issue 32: S once the deal is over, the settlement line by line (CV-14), a message
        # each (a player's lines, then the deal's scores: within 30 words each).
        "Bruno: 6 cards left, minus 6; bomb bonus, plus 20; this deal plus 14.",
        "Anna: 1 card left, minus 1; Bruno's bomb, minus 10; this deal minus 11.",
        "You: Bruno's bomb, minus 10; the penalties of the others, plus 7; this deal minus 3.",
        "Deal scores: you minus 3, Bruno plus 14, Anna minus 11.",
    ]


def test_enter_after_a_deal_of_a_match_deals_the_next_one_and_reads_the_hand_cv4() -> None:
    """Issue 10, item 7, and issue 32: every deal starts short, the hand on its key."""
    said = play([*table_script(5).keys[:-1], "space", "enter", "t", "w"], {"seed": 5, "deals": 3})
    assert said[-6] == "The deal is over. Press Enter for the next deal."  # Space never deals
    assert said[-8:-6] == ["Match totals: you minus 3, Bruno plus 14, Anna minus 11.",
                           "Press Enter for deal 2 of 3."]  # fmt: skip
    assert said[-5:-2] == ["Deal 2 of 3.", "You lead, with the three of hearts.",
                           "Your whole hand: W."]  # fmt: skip
    assert said[-2].startswith("Round 1. Your turn: you lead.")  # deal number 6
    assert said[-1].startswith("Your hand, 16 cards: ")


@pytest.mark.parametrize(("language", "expected"), [
    ("en", ["Bruno: 6 cards left, minus 6; bomb bonus, plus 20; this deal plus 14.",
            "Anna: 1 card left, minus 1; Bruno's bomb, minus 10; this deal minus 11.",
            "You: Bruno's bomb, minus 10; the penalties of the others, plus 7; this deal minus 3.",
            "Deal scores: you minus 3, Bruno plus 14, Anna minus 11.",
            "Deal 1 of 3. Match totals: you minus 3, Bruno plus 14, Anna minus 11."]),
    ("it", ["Bruno: 6 carte rimaste, meno 6; premio bomba, più 20; in questa smazzata più 14.",
            "Anna: 1 carta rimasta, meno 1; la bomba di Bruno, meno 10; "
            "in questa smazzata meno 11.",
            "Tu: la bomba di Bruno, meno 10; le penalità degli altri, più 7; "
            "in questa smazzata meno 3.",
            "Punti della smazzata: tu meno 3, Bruno più 14, Anna meno 11.",
            "Smazzata 1 di 3. Totali della partita: tu meno 3, Bruno più 14, Anna meno 11."]),
])  # fmt: skip
def test_s_after_a_deal_of_a_match_says_a_short_message_each_cv14(
    language: str, expected: list[str]
) -> None:
    """S after a deal of a match: each player's lines, the deal's scores, then the match's
    totals, a message each within 30 words; "this deal" and "match totals" kept apart."""
    said = play([*table_script(5).keys[:-1], "s"], {"seed": 5, "deals": 3}, language)
    assert said[-5:] == expected
    assert max(len(text.split()) for text in said[-5:]) <= 30


def test_f1_lists_every_key_of_the_table() -> None:
    said = " ".join(play(["f1", *["down"] * 40], PLAYER_LEADS))
    for key in ("Moving. Left and Right arrows", "Up and Down arrows", "Home and End",
                "J, Q, K, A", "Choosing and playing. Space: select", "N: while the others",
                "Tab and Shift+Tab", "Enter: play", "U: take the last hint",
                "Information. C: ", "Backspace: ", "P: pass", "T: ", "L: ", "E: ", "S: ",
                "R: ", "M: ", "W: ", "Everywhere. B: brief mode", "Escape: pause",
                "F4: the rules", "F2: repeat", "Last key."):  # fmt: skip
        assert key in said, key


def test_escape_pauses_and_the_game_comes_back() -> None:
    said = play(["escape", "enter", "t"], PLAYER_LEADS)
    assert "Pause. Resume the game, 1 of 5" in said
    turn = "Round 1. Your turn: you lead. Your first play must include the three of hearts."
    assert said[-5:] == [  # issue 10, item 8: the resume says where the game stands
        "Back to the game.",
        turn,
        "The table is empty: you lead.",
        "Cards left: you 16, Bruno 16, Anna 16.",
        turn,
    ]


def test_the_others_play_by_themselves_at_the_chosen_pace() -> None:
    settings = Settings(language="en", pace=0.05)
    # No key brings Anna's lead or Bruno's answer: they come by themselves.
    session = drive_timed(
        [([], lambda said: "Your turn." in said),
         (["tab", "enter"], lambda said: any(line.startswith("Your turn: ") for line in said))],
        game="cardavia", config=ANNA_LEADS, settings=settings,
    )  # fmt: skip
    said = session.spoken
    assert said[3:5] == ["Anna: straight from 3 to jack.", "Your turn."]
    after = said[said.index("You: straight from 4 to queen.") + 1 :]
    assert after[:3] == ["Bruno: three aces bomb!", "Anna passes.",
                         "Your turn: you cannot beat it. P passes."]  # fmt: skip


def test_the_pause_holds_the_others_until_the_game_resumes() -> None:
    # Anna would play a second after the deal: Escape comes long before, and the pause lasts
    # twice her pace, so that a slow machine cannot make her move first.
    settings = Settings(language="en", pace=1.0)
    session = drive_timed(
        [(["escape"], 2.0), (["enter"], lambda said: any(s.startswith("Anna: ") for s in said))],
        game="cardavia", config=ANNA_LEADS, settings=settings,
    )  # fmt: skip
    said = session.spoken
    resumed = said.index("Back to the game.")
    assert not any(line.startswith("Anna: ") for line in said[:resumed])
    assert "Anna: straight from 3 to jack." in said[resumed:]


def test_italian_keys_and_refusals() -> None:
    said = play(["n", "home", "space", "enter", "p", "tab", "w"], ANNA_LEADS, "it")
    assert said[-8:] == [
        "Anna: scala dal 3 al fante.",
        "Tocca a te.",
        "quattro di fiori, 1 quattro",
        "Nella selezione: quattro di fiori.",
        "Non batte la giocata sul tavolo: scala dal 3 al fante.",
        "Non puoi passare: puoi battere la giocata sul tavolo. Tab scorre le tue risposte.",
        "scala dal 4 alla donna, 1 di 2",
        "La tua mano, 16 carte: quattro, 2 cinque, 2 sei, sette, otto, nove, dieci, 2 fanti, "
        "2 donne, 2 re, due.",
    ]


@pytest.mark.parametrize(
    ("cards", "english", "italian"),
    [
        ("9h", "nine", "nove"),
        ("9h 9s", "pair of nines", "coppia di nove"),
        ("Qh Qs Qd", "triple of queens", "tris di donne"),
        ("3h 4s 5d 6c 7h", "straight from 3 to 7", "scala dal 3 al 7"),
        ("10h Js Qd Kc As", "straight from 10 to ace", "scala dal 10 all'asso"),
        ("5h 5s 6h 6s 7h 7s", "pair sequence from fives to sevens", "scala di coppie dal 5 al 7"),
        ("8h 8s 9h 9s", "pair sequence from eights to nines", "scala di coppie dall'8 al 9"),
        ("Kh Ks Kd Kc", "bomb of kings", "bomba di re"),
        ("As Ad Ac", "three aces bomb", "bomba di tre assi"),
    ],
)
def test_combinations_have_names_in_both_languages_cv5_cv7(
    cards: str, english: str, italian: str
) -> None:
    from engine.cardavia import classify
    from engine.cards import parse_cards

    combination = classify(parse_cards(cards), first_play=False)
    assert combination is not None
    for language, name in (("en", english), ("it", italian)):
        i18n.set_language(language)
        assert cardavia_names.combination_name(combination) == name
    i18n.set_language("en")


def test_every_cardavia_event_has_words_and_the_examples_hold() -> None:
    assert missing_renderers("cardavia") == set()
    for module in (words, cardavia_names, cardavia_hand, cardavia_match):
        failed, _tried = doctest.testmod(module)
        assert failed == 0
    i18n.set_language("en")


def test_a_computer_player_thinking_never_holds_up_a_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """Anna thinks for a long while (a stand-in for a hard player on a slow machine): W,
    pressed while she thinks, is answered at once; her play comes once she has decided."""
    import asyncio
    import threading

    from prompt_toolkit.input import create_pipe_input

    import audiogame.table.session as table_module
    from audiogame.computer_players import Bot, make_bot
    from audiogame.testing import key_bytes, make_session, opening
    from engine.actions import Action
    from tests.online_support import until

    thinking = threading.Event()
    release = threading.Event()
    real_make_bot = make_bot

    class Slow:
        def __init__(self, bot: Bot) -> None:
            self.bot = bot

        def choose(self, view: object, legal: Sequence[Action]) -> Action:
            thinking.set()
            release.wait(10)  # decides only once W has been answered
            return self.bot.choose(view, legal)

    monkeypatch.setattr(table_module, "make_bot", lambda *args: Slow(real_make_bot(*args)))

    async def run() -> list[str]:
        with create_pipe_input() as pipe:
            program = make_session(input=pipe, settings=Settings(language="en", pace=0.05))
            program.app.thinkers = None  # the program's own worker thread
            program.app.start(opening(program.app, "cardavia", ANNA_LEADS))
            task = asyncio.ensure_future(program.app.run_async())

            def hands() -> int:
                return sum(line.startswith("Your hand,") for line in program.spoken)

            def anna_played() -> bool:
                return any(line.startswith("Anna: ") for line in program.spoken)

            await until(thinking.is_set, said=program.spoken)  # Anna is thinking
            opening_hands = hands()  # the opening leaves the hand to W
            pipe.send_text(key_bytes(["w"]))
            await until(lambda: hands() > opening_hands, said=program.spoken)  # W answered
            assert not anna_played(), program.spoken  # while she still thinks
            release.set()
            await until(anna_played, said=program.spoken)
            pipe.send_text(key_bytes(["c-c"]))
            await task
            return program.spoken

    said = asyncio.run(run())
    hand = next(i for i, line in enumerate(said) if line.startswith("Your hand,"))
    anna = next(i for i, line in enumerate(said) if line.startswith("Anna: "))
    assert hand < anna, said  # W's answer, then Anna's play


@pytest.mark.parametrize("language", ["en", "it"])
def test_enter_with_nothing_to_beat_the_table_says_to_pass_cv9(language: str) -> None:
    """CV-9: with no play that beats the table, Enter says P passes, never "Tab steps through
    your plays" (there are none)."""
    settings = Settings(language=language, pace=0.05)
    cannot = {"en": "Your turn: you cannot beat it. P passes.",
              "it": "Tocca a te: non puoi batterla. P per passare."}[language]  # fmt: skip
    turn = {"en": "Your turn", "it": "Tocca a te"}[language]
    session = drive_timed(
        [([], lambda said: any(line.startswith(turn) for line in said)),
         (["tab", "enter"], lambda said: cannot in said),
         (["enter"], lambda said: said.count(cannot) > 1)],
        game="cardavia", config=ANNA_LEADS, settings=settings, language=language,
    )  # fmt: skip
    said = session.spoken
    assert said[-1] == cannot and said.count(cannot) == 2
    assert not any("Tab" in line for line in said[said.index(cannot) :])
