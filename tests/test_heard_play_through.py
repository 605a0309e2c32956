"""What a full play-through by ear found (issue 10), each driven by keys through the real
program: the words said, the cues played and the state of the table afterwards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audiogame import i18n
from audiogame.presenters.battle import BattleTable
from audiogame.presenters.cardavia import CardaviaTable
from audiogame.presenters.scientific import ScientificTable
from audiogame.settings import Settings
from audiogame.testing import Session, drive, make_session, opening, top_screen
from tests.menu_games import main_item, main_menu_said
from tests.session_support import press
from tests.test_cardavia_table_helpers import slow, table_script

ENTER = "c-m"
PLAYER_LEADS = {"seed": 11}  # Cardavia: the player holds the three of hearts
ANNA_LEADS = {"seed": 5}
TWO = {"seed": 1, "players": 2}


def words(lines: list[str]) -> int:
    return sum(len(line.split()) for line in lines)


class Clock:
    """The program's clock, moved by hand: keys pressed a given time after a turn change."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def started(
    game: str, config: dict[str, Any], settings: Settings | None = None
) -> tuple[Session, Clock]:
    session = make_session(settings=settings or slow())
    clock = Clock()
    session.app.clock = clock
    session.app.start(opening(session.app, game, config))
    return session, clock


# ----- item 3: the edges of the hand -----------------------------------------------------------
def test_the_edges_of_every_hand_are_said_with_their_own_cue() -> None:
    cardavia, _clock = started("cardavia", PLAYER_LEADS)
    said = press(cardavia, ["end", "right", "home", "left", "down"])
    assert said[1:] == [
        "Last card: ace of diamonds, 1 ace.",  # the edge names the card there
        "three of hearts, 2 threes",
        "First card: three of hearts, 2 threes.",
        "Lowest rank.",
    ]
    assert cardavia.played[-4:] == ["menu_edge", "menu_move", "menu_edge", "menu_edge"]
    assert top_screen(cardavia, CardaviaTable).hand.focus == 0  # the focus stayed on the first card
    battle = drive(["left", "end", "right"], game="battle", config={"seed": 4, "open": True})
    assert battle.spoken[-3:] == ["First card: two.", "king, 26 of 26", "Last card: king."]
    assert battle.played[-3:] == ["menu_edge", "menu_move", "menu_edge"]
    menu = drive(["up", "down"])
    assert menu.spoken[-2:] == [main_item("Quit"), main_item("Battaglia (War)")]
    assert menu.played[-2:] == ["menu_edge", "menu_edge"]


# ----- item 4: a key never changes meaning as the turn changes ------------------------------
def test_space_always_selects_and_n_hurries_the_others() -> None:
    """Space while the others are to play selects a card (it never hurries); N hurries; N on
    the player's own turn is refused with the reason, and nothing moves."""
    session, _clock = started("cardavia", ANNA_LEADS)
    said = press(session, [" ", "n", "n"])
    assert said == [
        "four of clubs selected.",  # Anna is to play: Space still selects
        "Anna: straight from 3 to jack.",
        "Your turn.",
        "It is already your turn.",
    ]
    assert session.played[-1] == "not_allowed"
    table = top_screen(session, CardaviaTable)
    assert table.view.awaiting == 0 and len(table.view.hand) == 16
    assert [str(card) for card in table.hand.selection()] == ["4c"]


def test_enter_just_after_a_deal_ends_is_refused_then_deals() -> None:
    """The Enter that played the last card, pressed twice, must not skip the settlement."""
    keys = table_script(5, deals=2).keys
    last_play = len(table_script(5).keys) - 1  # the Enter after deal 1
    session, clock = started("cardavia", {"seed": 5, "deals": 2})
    for key in keys[:last_play]:
        clock.now += 1.0
        session.app.dispatch({"enter": ENTER, "tab": "c-i"}.get(key, key))
    table = top_screen(session, CardaviaTable)
    assert table.state.is_over and table.match.number == 1
    clock.now += 0.1  # an Enter arriving 100 ms after the deal ended
    said = press(session, [ENTER])
    assert said == ["The deal has just ended. The deal is over. Press Enter for the next deal."]
    assert table.match.number == 1
    clock.now += 1.0
    said = press(session, [ENTER])
    assert said[0] == "Deal 2 of 2." and table.match.number == 2


def test_battle_enter_just_after_the_end_is_refused_then_leaves() -> None:
    session, clock = started("battle", {"seed": 5, "trick_limit": 5})
    while not top_screen(session, BattleTable).state.is_over:
        clock.now += 1.0
        press(session, [" "])
    clock.now += 0.05
    said = press(session, [ENTER])
    assert said == ["The game has just ended. Press Enter again to go back to the game setup."]
    assert top_screen(session, BattleTable).state.is_over  # still at the table
    clock.now += 1.0
    assert press(session, [ENTER]) == ["Battaglia (War): new game. Start the game, 1 of 10"]


# ----- item 6: taking the hint ----------------------------------------------------------------
def test_the_hint_is_taken_with_u_and_enter_plays_it() -> None:
    session = drive(["u", "h", "u", "enter"], game="cardavia", config=PLAYER_LEADS,
                    settings=slow())  # fmt: skip
    said = session.spoken
    assert said[-4] == "No hint to take: H or question mark asks for one."
    # The hard player thinks within a time budget: what it advises may vary, not the keys.
    hinted = said[-3].removeprefix("Hint: ").split(". ")[0]
    assert said[-3].startswith("Hint: ") and hinted
    assert said[-2] == f"Selected: {hinted}. Enter plays it."
    assert said[-1] == f"You: {hinted}."
    scientific = drive(["h", "u", "enter", "u"], game="scientific", config=TWO)
    said = scientific.spoken
    card = said[-6].removeprefix("Hint: ").split(". ")[0]
    assert said[-6].startswith("Hint: ") and " of " in card
    assert said[-5].startswith(f"{card}, ") and said[-5].endswith(" of 14. Enter chooses it.")
    assert said[-4] == f"You choose: {card}."
    assert said[-1] == (
        "The game has moved on since the hint: H or question mark asks for a new one."
    )
    battle = drive(["h", "u", "enter"], game="battle", config={"seed": 4, "open": True})
    rank = battle.spoken[-4].removeprefix("Hint: ").split(". ")[0]  # by its rank alone (BT-1)
    assert " of " not in rank
    assert battle.spoken[-3].startswith(f"{rank}, ")
    assert battle.spoken[-3].endswith(" of 26. Enter plays it.")
    assert battle.spoken[-2].startswith(f"You: {rank}. ")


# ----- item 7: the hand at the start of a deal --------------------------------------------------
def test_every_table_says_the_hand_or_its_size_and_the_key_for_it() -> None:
    said = drive(["w"], game="cardavia", config=PLAYER_LEADS, settings=slow()).spoken
    assert said[2] == "Your whole hand: W. All the keys: F1."  # issue 32: the hand on W
    assert said[3] == ("Your hand, 16 cards: 2 threes, 2 fours, 2 fives, six, seven, eight, nine, "
                       "ten, jack, queen, 2 kings, ace.")  # fmt: skip
    said = drive([], game="scientific", config=TWO).spoken
    assert said[0].endswith("14 cards each.")
    assert "Your whole hand: W." in said[-1]
    said = drive([], game="battle", config={"seed": 3}).spoken
    assert said[0].endswith("26 cards each.") and "Your stock and won pile: W." in said[-1]


# ----- item 8: pause, quit and goodbye --------------------------------------------------------
def test_quit_to_the_menu_says_the_game_is_saved_and_the_menu_its_title(tmp_path: Path) -> None:
    session = drive(["space", "escape", "end", "enter"], game="battle", config={"seed": 3},
                    data_dir=tmp_path)  # fmt: skip
    assert session.spoken[-2:] == [
        "The game is saved: the next start offers to resume it.",
        main_menu_said(),
    ]
    assert (tmp_path / "autosave.json").exists()


def test_quitting_the_program_says_goodbye() -> None:
    session = make_session()
    session.app.farewell = True
    session.app.start(opening(session.app, None, None))
    session.app.dispatch("c-c")
    assert session.spoken[-1] == "Goodbye."
    assert session.played[-1] == "back"


# ----- item 9: every player of a war ----------------------------------------------------------
def test_a_war_says_who_played_a_last_card_face_up() -> None:
    session = drive(["space"] * 83, game="battle", config={"seed": 10, "players": 3, "deck": 32})
    assert "Face down: you. Anna: last card, face up. You: jack. Anna: king." in session.spoken


# ----- item 11: brief mode ----------------------------------------------------------------------
def trick_words(brief: bool) -> tuple[float, int]:
    """Words said per trick over 40 tricks of Battaglia (seed 3), and the cues played."""
    session, _clock = started("battle", {"seed": 3}, Settings(language="en", brief=brief))
    said = press(session, [" "] * 40)
    tricks = top_screen(session, BattleTable).view.tricks
    assert tricks >= 30  # a war takes more than one key
    return words(said) / tricks, len(session.played)


def test_a_mixed_choice_of_one_card_is_said_plainly() -> None:
    from audiogame.words.hints import card_reason
    from engine.actions import Play
    from engine.bots import Hint
    from engine.cards import parse_cards

    i18n.set_language("en")
    always = Hint(Play(parse_cards("Th")), "mixed", {"chance": 100})
    assert card_reason(always) == "It does best against what the others may play."


def test_brief_mode_says_a_trick_in_far_fewer_words_and_keeps_every_cue() -> None:
    full, full_cues = trick_words(False)
    brief, brief_cues = trick_words(True)
    print(f"words per trick: full {full:.1f}, brief {brief:.1f}")
    # A plain trick: "You: ace. Anna: four. Anna takes 2 cards." (8) against "ace, four." and
    # "Anna." (3); wars and won piles taken up add to both.
    assert full >= 10
    assert brief <= 4.0
    assert brief * 2.5 <= full
    assert brief_cues == full_cues  # the cues carry what the words no longer say


def test_b_toggles_brief_mode_and_wars_keep_their_words() -> None:
    session = drive(["b", "space", "b", "space"], game="battle", config={"seed": 3})
    said = session.spoken
    assert said[2] == "Brief mode on."
    assert said[3].count(",") == 1 and said[3].endswith(".")  # "king, six.": the two ranks
    assert said[4] in ("You.", "Anna.")
    assert "Brief mode off." in said
    assert said[-1].endswith("cards.")  # full words again: "You take 2 cards."
    assert session.app.settings.brief is False


# ----- item 12: automatic pass ------------------------------------------------------------------
def test_automatic_pass_passes_when_passing_is_all_that_is_left() -> None:
    keys = ["n", "tab", "enter", "n"]
    manual = drive(keys, game="cardavia", config=ANNA_LEADS, settings=slow()).spoken
    assert manual[-1] == "Your turn: you cannot beat it. P passes."
    session, _clock = started("cardavia", ANNA_LEADS,
                              Settings(language="en", pace=3600.0, auto_pass=True))  # fmt: skip
    said = press(session, ["n", "c-i", ENTER, "n"])
    assert "You cannot beat it: you pass." in said
    assert "Your turn: you cannot beat it. P passes." not in said
    assert "passed" in session.played
    assert top_screen(session, CardaviaTable).view.awaiting != 0


# ----- item 13: where a message is in the history; the pause menu -----------------------------
def test_shift_page_up_says_where_the_message_is_and_the_pause_menu_lists_keys() -> None:
    session = drive(["space", "s-pageup", "escape", "down", "enter"], game="battle",
                    config={"seed": 3})  # fmt: skip
    said = session.spoken
    total = 4  # opening, prompt, reveal, trick
    assert said[4] == f"Message {total - 1} of {total}: {said[2]}"  # the reveal, said before
    assert said[5] == "Pause. Resume the game, 1 of 5"
    assert said[6] == "Keys of the table, 2 of 5"
    assert said[7].startswith("Keys of Battaglia: ")
    assert said[8] == "Choosing and playing. Space or Enter: turn up your card."


# ----- item 14: words ---------------------------------------------------------------------------
def test_seconds_take_their_plural_and_italian_its_decimal_comma() -> None:
    english = drive(["o", "enter"] + ["down"] * 4 + ["left", "left"],
                    settings=Settings(language="en", pace=2.0))  # fmt: skip
    assert english.spoken[-2:] == [
        "Automatic play pace: 1.5 seconds",
        "Automatic play pace: 1 second",
    ]
    italian = drive(["o", "enter"] + ["down"] * 4 + ["left", "left"], language="it",
                    settings=Settings(language="it", pace=2.0))  # fmt: skip
    assert italian.spoken[-2:] == ["Ritmo del gioco automatico: 1,5 secondi",
                                   "Ritmo del gioco automatico: 1 secondo"]  # fmt: skip


def test_italian_selection_and_choices_read_as_a_native_speaker_says_them() -> None:
    said = drive(["space", "space"], game="cardavia", config=PLAYER_LEADS,
                 settings=slow("it"), language="it").spoken  # fmt: skip
    assert said[-2:] == ["Nella selezione: tre di cuori.", "Fuori dalla selezione: tre di cuori."]
    said = drive(["t"], game="scientific", config={"seed": 1, "players": 3},
                 language="it").spoken  # fmt: skip
    assert said[-1].endswith("Manchi solo tu.")


# ----- item 15: small ones ------------------------------------------------------------------------
def test_a_match_may_have_any_number_of_deals_up_to_20() -> None:
    """Issue 25, item 11: a range of numbers stops at its ends and says so (no silent wrap
    from 1 to 20, no silent repeat)."""
    said = drive(["down", "down", "enter", "down", "right", "right", "left", "left", "left"]).spoken
    assert said[-5:] == ["Deals in the match: 2 deals", "Deals in the match: 3 deals",
                         "Deals in the match: 2 deals", "Deals in the match: 1 deal",
                         "Deals in the match: 1 deal. First value."]  # fmt: skip
    said = drive(["down", "down", "enter", "down", *["right"] * 20], language="it").spoken
    assert said[-1] == "Smazzate nella partita: 20 smazzate. Ultimo valore."


def test_options_say_the_language_in_use_when_the_command_line_chose_it() -> None:
    session = drive(["o", "enter"], language="it", settings=Settings(language="en"))
    assert session.spoken[-1].startswith(
        "Opzioni. Lingua: italiano per questa volta, dalla riga di comando; scelta salvata: inglese"
    )


def test_scientific_enter_just_after_the_end_is_refused_then_leaves() -> None:
    session, clock = started("scientific", {**TWO, "trick_limit": 1})
    clock.now += 1.0
    press(session, ["home"])
    clock.now += 1.0
    press(session, [ENTER])
    assert top_screen(session, ScientificTable).state.is_over
    clock.now += 0.2
    assert press(session, [ENTER]) == [
        "The game has just ended. Press Enter again to go back to the game setup."
    ]
    clock.now += 1.0
    assert press(session, [ENTER]) == [
        "Battaglia scientifica (Scientific Battle): new game. Start the game, 1 of 7"
    ]


# ----- keys bound by the player (issue 11, item 2) ---------------------------------------------
def test_a_key_is_rebound_in_the_options_saved_and_used_at_the_table(tmp_path: Path) -> None:
    import json

    to_play = ["o", "enter", "end", "up", "enter", "down", "down", "enter", *["down"] * 6]
    session = drive([*to_play, "enter", "t", "enter", "g"], config_dir=tmp_path)
    said = session.spoken
    assert said[-5] == "Enter: play the selected cards. After a deal: the next deal."
    assert said[-3] == "T already does this: the round and whose turn it is. Nothing changed."
    assert said[-1] == "Now G: play the selected cards. After a deal: the next deal."
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["keys"] == {"cardavia.play": ["g"]}
    settings = Settings(language="en", pace=3600.0, keys={"cardavia.play": ("g",)})
    table = drive(["enter", "tab", "G"], game="cardavia", config=PLAYER_LEADS, settings=settings)
    said = table.spoken
    assert said[2] == "Your whole hand: W. All the keys: F1."  # the opening leaves them to F1
    assert said[-3] == "No action on this key."  # Enter no longer plays
    assert said[-1] == "You: three."  # G does


def test_backspace_in_the_key_list_gives_the_default_keys_back() -> None:
    settings = Settings(language="en", pace=3600.0, keys={"cardavia.hurry": ("g",)})
    session = drive(["f1", *["down"] * 9, "backspace", "backspace", "escape", "n"],
                    game="cardavia", config=ANNA_LEADS, settings=settings)  # fmt: skip
    said = session.spoken
    hurry = said.index("G: while the others are to play: they play at once, up to your turn.")
    assert said[hurry + 1 : hurry + 3] == [
        "Default keys again: N: while the others are to play: they play at once, up to your turn.",
        "This action already has its default keys.",
    ]
    assert said[-2:] == ["Anna: straight from 3 to jack.", "Your turn."]  # N hurried again
    assert session.app.settings.keys == {}


def test_the_arrows_and_escape_keep_their_keys() -> None:
    session = drive(["f1", "enter", "end", *["up"] * 8, "enter"],
                    game="cardavia", config=PLAYER_LEADS, settings=slow())  # fmt: skip
    said = session.spoken
    assert said[5] == "The keys of this action cannot be changed."  # the arrows go two ways
    assert said[-2] == "Escape: pause menu: resume, keys, rules, options, quit."
    assert said[-1] == "The keys of this action cannot be changed."
    assert session.app.settings.keys == {}


@pytest.mark.parametrize("language", ["en", "it"])
def test_control_c_mid_game_says_the_game_is_saved_before_goodbye(
    language: str, tmp_path: Path
) -> None:
    """Issue 25, item 14: Control C at a table says the game is kept for the next start."""
    session = make_session(data_dir=tmp_path, language=language)
    session.app.farewell = True
    session.app.start(opening(session.app, "battle", {"seed": 3}))
    session.app.dispatch(" ")
    session.app.dispatch("c-c")
    expected = {
        "en": ["The game is saved: the next start offers to resume it.", "Goodbye."],
        "it": ["La partita è salvata: al prossimo avvio potrai riprenderla.", "Arrivederci."],
    }[language]
    assert session.spoken[-2:] == expected
