"""What a player hears, in English and in Italian: hint reasons that agree with the order in
force, likely cards only from what is public, the exchange's answer announced, a war's last
player said from every seat, the language option, the key names, the replay's keys, the rank
keys, the card always named, the rules' keys and draws."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from audiogame.app.actions import key_name, keys_name
from audiogame.app.menu import Menu
from audiogame.app.texts import rules_text
from audiogame.i18n import set_language
from audiogame.presenters.table_screen import TableScreen
from audiogame.saves.replay import ReplayScreen
from audiogame.settings import Settings
from audiogame.testing import Session, drive, make_session, opening, top_screen
from audiogame.words.cardavia import new_round
from audiogame.words.hints import hint_text
from audiogame.words.registry import render
from audiogame.words.seats import Seats
from engine.actions import Play
from engine.bots import Hint, make
from engine.bots.scientific.reasons import agreeing
from engine.cardavia.events import NewRound
from engine.cards import Card, parse_cards
from engine.events import ChoiceMade, Reveal
from engine.scientific import GAME as SCIENTIFIC
from engine.scientific.events import ExchangeDeclined
from tests.menu_games import main_item

SEATS = Seats(("Anna", "Bruno"), 3)


@pytest.fixture(autouse=True)
def english_after() -> object:
    yield None
    set_language("en")


T = TypeVar("T")


def both(words: Callable[[], T]) -> tuple[T, T]:
    """``words()`` said in English, then in Italian."""
    set_language("en")
    english = words()
    set_language("it")
    italian = words()
    set_language("en")
    return english, italian


def run_to_the_end(session: Session, key: str, limit: int = 3000) -> list[str]:
    for _press in range(limit):
        if top_screen(session, TableScreen).state.is_over:
            break
        session.app.dispatch(key)
    return session.spoken


# ----- 1 and 13: a hint's reason agrees with its advice ------------------------------------------
def test_give_up_a_weak_card_is_never_said_of_a_strong_one_after_a_revolution_sb7() -> None:
    """SB-7: after a revolution the 4 is strong and the ace weak; "the others should bring
    about a war: give up a weak card" is said only of the weakest rank in the order in force,
    and "the card that loses least" never of the strongest (the 2, once reversed)."""
    hand = parse_cards("4h 9h Ah")
    four, ace = hand[0], hand[2]
    assert agreeing("others_war", four, hand, True) == "best_average"
    assert agreeing("others_war", ace, hand, True) == "others_war"
    assert agreeing("others_war", four, hand, False) == "others_war"
    assert agreeing("sacrifice", ace, hand, False) == "best_average"
    two = parse_cards("2h 5h Kh")
    assert agreeing("opponent_seer", two[0], two, True) == "opponent_seer_strongest"
    assert agreeing("opponent_seer", two[0], two, False) == "opponent_seer"
    hint = Hint(Play((two[0],)), "opponent_seer_strongest", {"card": "2h", "rank": 2})
    assert both(lambda: hint_text("scientific", hint, SEATS)) == (
        "Hint: two of hearts. The seer will see it, but it is your strongest card: the hardest "
        "for him to beat.",
        "Suggerimento: due di cuori. Il veggente la vedrà, ma è la tua carta più forte: la più "
        "difficile da battere.",
    )


def test_the_hard_players_hints_agree_with_the_order_over_whole_games_sb3_sb7() -> None:
    """SB-3, SB-7: over whole games at three, with revolutions, no hint gives up "a weak card"
    that is not the weakest held, nor says "loses least" of the strongest."""
    seen: set[str] = set()
    for seed in range(2):
        state = SCIENTIFIC.new_state(seed=seed, players=3)
        players = [make("scientific", "hard", seed=seed * 10 + seat) for seat in range(3)]
        for _move in range(90):
            if state.is_over:
                break
            seat = state.to_act()[0]
            view = state.view(seat)
            hint = players[seat].advise(view, state.legal_actions(seat))
            seen.add(hint.code)
            if hint.action.kind == "play" and hint.code in ("others_war", "sacrifice"):
                ranks = [card.rank for card in view.hand if card.rank is not None]
                weakest = max(ranks) if view.reversed else min(ranks)
                assert hint.action.cards[0].rank == weakest, (seed, view.reversed, hint)
            if hint.code == "opponent_seer":
                ranks = [card.rank for card in view.hand if card.rank is not None]
                strongest = min(ranks) if view.reversed else max(ranks)
                assert len(set(ranks)) < 2 or hint.action.cards[0].rank != strongest
            state.apply(seat, hint.action)
    assert "wins_cheaply" in seen


def test_a_tie_says_why_it_is_good() -> None:
    """SB-5: "it should tie" says what the tie does for the player: nobody takes the trick."""
    hint = Hint(Play(parse_cards("Ah")), "war", {"card": "Ah", "rank": 14})
    assert both(lambda: hint_text("scientific", hint, SEATS)) == (
        "Hint: ace of hearts. It should tie for the strongest: nobody takes the trick; its "
        "cards wait for the next.",
        "Suggerimento: asso di cuori. Dovrebbe pareggiare con la più forte: nessuno prende la "
        "presa; le sue carte aspettano la prossima.",
    )


# ----- 2: likely cards only from what is public --------------------------------------------------
def test_likely_cards_are_only_cards_that_player_holds_sb1() -> None:
    """SB-1: followed from the deal, every likely card a hint names is in that player's hand;
    a player that could not follow the game (it came in late) names none, rather than a
    guess that may be a card that player cannot hold."""
    named = 0
    state = SCIENTIFIC.new_state(seed=5, players=3)
    adviser = make("scientific", "hard", seed=5)
    players = [make("scientific", "hard", seed=50 + seat) for seat in range(3)]
    late = None
    for _move in range(120):
        if state.is_over:
            break
        seat = state.to_act()[0]
        if seat == 0:
            hint = adviser.advise(state.view(0), state.legal_actions(0))
            likely = hint.params.get("likely", [])
            assert isinstance(likely, list), hint
            for other, token in likely:
                named += 1
                assert Card.parse(token) in state.hands[other], (state.trick, other, token)
            if late is None and state.trick == 6:
                late = make("scientific", "hard", seed=7)
                guessed = late.advise(state.view(0), state.legal_actions(0))
                assert guessed.params.get("likely", []) == [], guessed
        else:
            hint = players[seat].advise(state.view(seat), state.legal_actions(seat))
        state.apply(seat, hint.action)
    assert named > 20 and late is not None


# ----- 3: the exchange's answer is announced ---------------------------------------------------
def test_choosing_a_card_declines_the_exchange_and_says_so_sb13() -> None:
    """SB-13: an exchange offered and declined (a card chosen) is an event everyone hears."""
    state = SCIENTIFIC.new_state(seed=1, players=2)
    while 0 not in state.exchange and not state.is_over:
        for seat in state.to_act():
            state.apply(seat, state.legal_actions(seat)[-1 if seat else 0])
    assert 0 in state.exchange
    card = state.hands[0][0]
    events = state.apply(0, Play((card,)))
    assert events[:2] == [ExchangeDeclined(0), ChoiceMade(0)]
    assert 0 not in state.exchange
    two = Seats(("Anna",), 2)
    assert both(lambda: render("scientific", ExchangeDeclined(0), two)) == (
        "You keep your hand: no swap.",
        "Tieni la tua mano: niente scambio.",
    )
    assert both(lambda: render("scientific", ExchangeDeclined(1), two)) == (
        "Anna does not swap.",
        "Anna non scambia.",
    )


@pytest.mark.parametrize(
    ("language", "eight", "offer", "answer"),
    [
        ("en", "Anna: eight.", "Eight: Anna may swap hand and won pile.", "Anna does not swap."),
        ("it", "Anna: otto.", "Otto: Anna può scambiare la mano con le carte vinte.",
         "Anna non scambia."),
    ],
)  # fmt: skip
def test_a_computer_players_answer_to_an_eight_is_announced_sb13(
    language: str, eight: str, offer: str, answer: str
) -> None:
    """SB-13: offered and announced. Anna answers her eight in the same move: her answer is
    said after the trick's outcome, whatever else followed, and it says the offer ("Anna may
    swap" just before it would be words for nothing)."""
    session = make_session(language=language)
    session.app.start(opening(session.app, "scientific", {"seed": 1, "players": 2}))
    said = run_to_the_end(session, "c-m", 80)
    eights = [i for i, line in enumerate(said) if line.endswith(eight)]
    assert len(eights) >= 3
    for index in eights:
        assert answer in said[index + 1 : index + 5] or any(
            "scambia la mano con le carte vinte: ora" in line or "swaps hand and won pile" in line
            for line in said[index + 1 : index + 5]
        ), said[index : index + 5]
    assert offer not in said


# ----- 4: a war's last player, from every seat -------------------------------------------------
@pytest.mark.parametrize(
    ("seed", "language", "out", "taken"),
    [
        (2, "en", "You have no cards left: you are out of the game.",
         "Only Anna has cards left in the war: Anna takes the 9 cards on the table."),
        (2, "it", "Non hai più carte: sei fuori dal gioco.",
         "Solo Anna ha ancora carte in battaglia: prende le 9 carte sul tavolo."),
        (33, "en", "Anna has no cards left and is out of the game.",
         "Only you have cards left in the war: you take the 6 cards on the table."),
        (33, "it", "Anna non ha più carte ed è fuori dal gioco.",
         "Solo tu hai ancora carte in battaglia: prendi le 6 carte sul tavolo."),
    ],
)  # fmt: skip
def test_running_out_in_a_war_is_said_from_the_listeners_side_bt6(
    seed: int, language: str, out: str, taken: str
) -> None:
    """BT-6: the one who runs out in a war is out; the other takes the table, said the same
    from every seat (never "the others are out of cards" to the one who ran out)."""
    session = make_session(language=language)
    session.app.start(opening(session.app, "battle", {"seed": seed, "players": 2}))
    said = run_to_the_end(session, " ")
    index = said.index(taken)
    assert said[index - 1] == out
    assert not any("Gli altri in battaglia" in line or "The others in the war" in line
                   for line in said)  # fmt: skip


# ----- 5: the language option --------------------------------------------------------------------
def test_a_step_on_the_language_changes_nothing_until_enter(tmp_path: Path) -> None:
    """Started in Italian from the command line: Right and Left name each language in Italian
    and by its own name, nothing changes; Escape leaves it Italian; Enter applies."""
    settings = Settings(language="")
    keys = ["o", "enter", "right", "left", "escape"]
    session = drive(keys, language="it", settings=settings, config_dir=tmp_path)
    said = session.spoken
    assert said[-4] == (
        "Opzioni. Lingua: italiano per questa volta, dalla riga di comando; scelta salvata: "
        "del sistema (inglese), 1 di 12"
    )
    assert said[-3] == "Lingua: inglese (English): Invio per passare a questa lingua"
    assert said[-2] == "Lingua: del sistema (inglese, English): Invio per passare a questa lingua"
    assert said[-1] == f"Menu principale. {main_item('Opzioni', 'it')}"  # 6 di 9: three games
    assert not (tmp_path / "settings.json").exists()
    session = drive([*keys[:3], "enter"], language="it", settings=settings, config_dir=tmp_path)
    assert session.spoken[-1] == "Language: English"


# ----- 6: the quiz's wrong answer is in test_practice_screens.py --------------------------------
# ----- 8: key names ------------------------------------------------------------------------------
def test_key_names_join_a_modifier_with_a_plus() -> None:
    keys = ("s-tab", "s-pageup", "c-home")
    assert both(lambda: [key_name(key) for key in keys]) == (
        ["Shift+Tab", "Shift+Page Up", "Control+Home"],
        ["Maiusc+Tab", "Maiusc+Pagina su", "Ctrl+Inizio"],
    )
    assert both(lambda: keys_name(("c-i", "s-tab"))) == ("Tab and Shift+Tab", "Tab e Maiusc+Tab")


def test_the_cardavia_option_and_the_setup_say_the_words_of_an_italian() -> None:
    session = drive(["o", "enter", "end", "up", "up", "up"], language="it")
    assert session.spoken[-1].startswith("Passaggio automatico in Cardavia: ")


# ----- 8 and 9: the replay ----------------------------------------------------------------------
def test_the_replay_is_named_and_its_keys_are_for_moving_through_the_game(tmp_path: Path) -> None:
    from tests.test_replay import finished_battle

    finished_battle(tmp_path)
    for language, title, group in (
        ("en", "Replay: ", "Moving through the game. Right arrow, Space or Enter: next move."),
        ("it", "Rivedi la partita: ", "Muoversi nella partita. Freccia destra, Spazio o Invio: "
                                      "mossa seguente."),
    ):  # fmt: skip
        session = make_session(data_dir=tmp_path, language=language)
        from audiogame.saves.replay import replay_screens

        screens = replay_screens(session.app, None)
        assert not isinstance(screens, str)
        session.app.start(screens)
        assert isinstance(session.app.top, ReplayScreen)
        assert session.spoken[0].startswith(title)
        session.app.dispatch("f1")
        assert session.spoken[-1] == group
        assert not any("Choosing" in line or "Scegliere" in line for line in session.spoken)


# ----- 10: the rank keys -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("game", "config"),
    [("scientific", {"seed": 1, "players": 2}), ("cardavia", {"seed": 1}),
     ("battle", {"seed": 1, "open": True})],
)  # fmt: skip
def test_f_jumps_to_the_jack_in_italian_and_1_says_the_ten_is_0(
    game: str, config: dict[str, object]
) -> None:
    said = drive(["f", "1"], game=game, config=config, language="it").spoken
    assert said[-2].startswith("fante"), said[-2]
    assert said[-1] == "L'1 non è un valore: il dieci è lo 0."
    said = drive(["f", "1"], game=game, config=config, language="en").spoken
    assert said[-2] == "No action on this key."  # F is no rank in English
    assert said[-1] == "1 is no rank: 0 is the ten."


def test_r_keeps_its_scientific_meaning_in_italian_sb16() -> None:
    said = drive(["r"], game="scientific", config={"seed": 1, "players": 2}, language="it").spoken
    assert said[-1].startswith("Ordine normale")


# ----- 12: the card is always named --------------------------------------------------------------
def test_the_choice_names_its_card_even_when_the_game_went_on_past_it() -> None:
    """The player's choice is said with its card from the reveal among the same events, even
    when the table has moved on since (his last card, the others playing on to the end)."""
    for language, expected in (("en", "You choose: queen of hearts."),
                               ("it", "Hai scelto: donna di cuori.")):  # fmt: skip
        session = make_session(language=language)
        session.app.start(opening(session.app, "scientific", {"seed": 1, "players": 2}))
        screen = top_screen(session, TableScreen)
        before = len(session.spoken)
        queen, nine = Card.parse("Qh"), Card.parse("9s")
        screen.on_stream([ChoiceMade(0), Reveal(((0, queen), (1, nine)))], True)
        assert session.spoken[before] == expected


# ----- 14: small words ---------------------------------------------------------------------------
def test_a_round_won_at_three_says_both_passed_cv10() -> None:
    assert both(lambda: new_round(NewRound(2), SEATS)) == (
        "Both passed: Bruno leads.",
        "Entrambi hanno passato: comincia Bruno.",
    )
    assert both(lambda: new_round(NewRound(0), SEATS)) == (
        "Both passed: you lead.",
        "Entrambi hanno passato: cominci tu.",
    )


def test_the_e_key_of_scientific_says_how_many_cards() -> None:
    assert (
        "E: quante carte ha ogni giocatore; con il potere del tre, anche quante ne ha in mano."
        in (_key_lines("scientific", "it"))
    )
    assert (
        "E: how many cards each player owns; with the power of a three, how many each holds "
        "in hand." in (_key_lines("scientific", "en"))
    )


def _key_lines(game: str, language: str) -> list[str]:
    from audiogame.app.actions import key_list

    session = make_session(language=language)
    session.app.start(opening(session.app, game, {"seed": 1, "players": 2}))
    return [line for _group, line in key_list(top_screen(session, TableScreen).commands())]


def test_the_rules_list_cardavias_keys_and_the_draws_of_both_battles_bt6_sb6() -> None:
    for language in ("en", "it"):
        cardavia = rules_text("cardavia", language)
        assert ("Keys at the table" if language == "en" else "Tasti al tavolo") in cardavia
        assert "F1" in cardavia
    assert "if nobody has any card left, the game is a draw" in rules_text("battle", "en")
    assert "se nessuno ha più carte, la partita è patta" in rules_text("battle", "it")
    assert "the game is a draw among them" in rules_text("scientific", "en")
    assert "la partita è patta tra loro" in rules_text("scientific", "it")


def test_a_group_after_a_colon_is_lower_case_but_a_games_name() -> None:
    from audiogame.practice.screens import PracticeMenu

    session = make_session(language="it")
    session.app.start([PracticeMenu(session.app, seed=1)])
    labels = [item.label() for item in top_screen(session, Menu).items()]
    assert "Ascolta: il programma" in labels
    assert any(label.startswith("Quiz: tutti i suoni") for label in labels)
    assert "Ascolta: Cardavia" in labels


def test_the_computer_players_are_opponents_in_italian() -> None:
    session = make_session(language="it")
    session.app.start(opening(session.app, None, None))
    session.app.dispatch("c-m")  # Battaglia: its setup
    labels = [item.label() for item in top_screen(session, Menu).items()]
    assert any(label.startswith("Avversari del computer: ") for label in labels), labels


def test_and_before_a_name_beginning_with_e_is_ed_in_italian() -> None:
    """Names joined in Italian: "e", but "ed" before a word beginning with e ("Dario ed
    Elena"); English always "and"."""
    watched = Seats.watching(("Anna", "Dario", "Elena"))
    at_the_table = Seats(("Elena", "Bruno"), 3)
    assert both(lambda: watched.subjects([1, 2])) == ("Dario and Elena", "Dario ed Elena")
    assert both(lambda: watched.subjects([0, 1, 2])) == (
        "Anna, Dario and Elena",
        "Anna, Dario ed Elena",
    )
    assert both(lambda: at_the_table.subjects([0, 1])) == ("you and Elena", "tu ed Elena")
    assert both(lambda: watched.subjects([2, 0])) == ("Elena and Anna", "Elena e Anna")
