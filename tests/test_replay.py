"""Replays: a finished or saved game again, move by move, with the table's words; Left goes
back by rebuilding; Home and End; a file that cannot be replayed is refused with its reason."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from audiogame.app.menu import Menu
from audiogame.app.menus import MainMenu
from audiogame.i18n import set_language
from audiogame.presenters.cardavia import CardaviaTable
from audiogame.presenters.table_screen import TableScreen
from audiogame.saves.moves import parse_move
from audiogame.saves.replay import ReplayScreen, replay_screens
from audiogame.testing import Session, local_table, make_session, opening, top_screen
from audiogame.words.registry import render
from engine import games
from tests.menu_games import main_menu_said
from tests.pty_program import Program

ENTER, TAB = "c-m", "c-i"


def finished_battle(folder: Path) -> Path:
    session = make_session(data_dir=folder)
    session.app.start(opening(session.app, "battle", {"seed": 2, "trick_limit": 100}))
    while not top_screen(session, TableScreen).state.is_over:
        session.app.dispatch(" ")
    (path,) = (folder / "finished").glob("*.json")
    return path


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One finished game for the tests that only read it."""
    return finished_battle(tmp_path_factory.mktemp("finished"))


def replay(path: Path | None, folder: Path, language: str = "en") -> Session:
    session = make_session(data_dir=folder, language=language)
    screens = replay_screens(session.app, str(path) if path else None)
    assert not isinstance(screens, str), screens
    session.app.start(screens)
    return session


def test_a_finished_game_is_replayed_move_by_move_with_the_tables_words(
    tmp_path: Path, finished: Path
) -> None:
    session = replay(finished, tmp_path)
    screen = session.app.top
    assert isinstance(screen, ReplayScreen)
    total = len(screen.saved.moves)
    assert session.spoken[0] == f"Replay: Battaglia (War), deal number 2, after {total} moves."
    for key in ["right", " ", ENTER]:
        session.app.dispatch(key)
    # The same moves on a fresh engine state give the same words.
    state = games["battle"].new_state(seed=2, trick_limit=100)
    seats = screen.line.seats
    expected = []
    for number, line in enumerate(screen.saved.moves[:3], 1):
        seat, action = parse_move(line)
        name = "you" if seat == 0 else "Anna"
        words = [render("battle", e, seats) for e in state.apply(seat, action)]
        if words:  # one message a move: its number, then its words, which say who made it
            words[0] = f"Move {number} of {total}. {words[0][:1].upper()}{words[0][1:]}"
            expected += words
        else:  # a card still face down: who made the move
            expected.append(f"Move {number} of {total}, {name}.")
    said = session.spoken
    assert said[-len(expected) :] == [text[:1].upper() + text[1:] for text in expected]


def test_left_rebuilds_the_previous_move_and_home_end_jump(tmp_path: Path, finished: Path) -> None:
    session = replay(finished, tmp_path)
    screen = session.app.top
    assert isinstance(screen, ReplayScreen)
    for key in ["right"] * 5:
        session.app.dispatch(key)
    after_four = games["battle"].new_state(seed=2, trick_limit=100)
    for line in screen.saved.moves[:4]:
        after_four.apply(*parse_move(line))
    session.app.dispatch("left")
    assert screen.line.position == 4
    assert repr(screen.line.state.view(0)) == repr(after_four.view(0))
    total = len(screen.saved.moves)
    assert any(said.startswith(f"Move 4 of {total}. You: ") for said in session.spoken[-3:])
    session.app.dispatch("end")
    assert screen.line.state.is_over and screen.line.position == total
    session.app.dispatch("right")
    assert session.spoken[-1] == "This is the end of the game."
    session.app.dispatch("home")
    assert session.spoken[-1] == f"The start, before move 1 of {total}."
    session.app.dispatch("left")
    assert session.spoken[-1] == "This is the start of the game."
    session.app.dispatch("t")
    assert session.spoken[-1] == f"The start, before move 1 of {total}."
    session.app.dispatch("escape")
    assert isinstance(session.app.top, MainMenu)


def test_a_cardavia_match_in_progress_replays_across_its_deals(tmp_path: Path) -> None:
    session = make_session(data_dir=tmp_path)
    session.app.start(opening(session.app, "cardavia", {"seed": 7, "deals": 2}))
    table = top_screen(session, CardaviaTable)
    rng = random.Random(3)
    while table.match.number < 2:
        session.app.dispatch(rng.choice([TAB, ENTER, "n", "p", ENTER]))  # N: the others play
    for key in [TAB, ENTER, "n"]:
        session.app.dispatch(key)
    watch = replay(None, tmp_path)  # no file named: the game in progress
    screen = watch.app.top
    assert isinstance(screen, ReplayScreen)
    deal = next(i for i, line in enumerate(screen.saved.moves) if line.startswith("deal"))
    screen.line.go_to(deal)
    watch.app.dispatch("right")
    assert watch.spoken[-1 - len(screen.line.opening()) :][0] == "Deal 2 of 2."
    assert not any("a new deal" in line for line in watch.spoken)
    watch.app.dispatch("end")
    views = [repr(local_table(table).state.view(s)) for s in range(3)]
    assert [repr(screen.line.state.view(s)) for s in range(3)] == views


MATCH_WORDS = {
    "en": {
        "deal": "Deal 2 of 2.",
        "before": "Deal 2 of 2, before move {number} of {total}.",
        "moves": "Replay: Cardavia, a match of 2 deals, {total} moves.",
        "first": "Move 1 of {total}. ",
        "totals": "Match totals: ",
        "over": " the match with ",
    },
    "it": {
        "deal": "Smazzata 2 di 2.",
        "before": "Smazzata 2 di 2, prima della mossa {number} di {total}.",
        "moves": "Rivedi la partita: Cardavia in 2 smazzate, {total} mosse.",
        "first": "Mossa 1 di {total}. ",
        "totals": "Totali della partita: ",
        "over": " la partita con ",
    },
}


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_finished_two_deal_match_replays_its_deals_totals_and_winner(
    tmp_path: Path, language: str
) -> None:
    """Issue 32, item 8: the replay counts moves as its description does ("65 moves",
    "Move 1 of 65": a new deal is no move), says the next deal by its number ("Deal 2 of 2."),
    and at the end the match's totals and its winner, in the words the table said them."""
    session = make_session(data_dir=tmp_path, language=language)
    session.app.start(opening(session.app, "cardavia", {"seed": 7, "deals": 2}))
    table = top_screen(session, CardaviaTable)
    rng = random.Random(3)
    while not table.match.over:
        session.app.dispatch(rng.choice([TAB, ENTER, "n", "p", ENTER]))  # N: the others play
    words = MATCH_WORDS[language]
    at_table = [
        line for line in session.spoken if line.startswith(words["totals"]) or words["over"] in line
    ]
    assert len(at_table) == 3, at_table  # the totals after deals 1 and 2, then the winner
    (path,) = (tmp_path / "finished").glob("*.json")
    watch = replay(path, tmp_path / "watch", language)
    screen = watch.app.top
    assert isinstance(screen, ReplayScreen)
    moves = [line for line in screen.saved.moves if not line.startswith("deal")]
    total = len(moves)
    assert watch.spoken[0] == words["moves"].format(total=total)  # the whole match, from deal 1
    watch.app.dispatch("right")
    assert any(line.startswith(words["first"].format(total=total)) for line in watch.spoken)
    deal = next(i for i, line in enumerate(screen.saved.moves) if line.startswith("deal"))
    screen.line.go_to(deal)
    watch.app.dispatch("right")
    assert words["deal"] in watch.spoken
    watch.app.dispatch("t")
    before = sum(1 for line in screen.saved.moves[:deal] if not line.startswith("deal"))
    assert watch.spoken[-1] == words["before"].format(number=before + 1, total=total)
    watch.app.dispatch("end")
    assert watch.spoken[-2:] == at_table[1:]
    watch.app.dispatch("t")
    assert watch.spoken[-1].endswith(f" {total}.")  # "Move 65 of 65."


def test_files_that_cannot_be_replayed_are_refused_with_a_reason(tmp_path: Path) -> None:
    session = make_session(data_dir=tmp_path)
    assert replay_screens(session.app, None) == (
        "no saved game to replay yet: finish or start a game first"
    )
    missing = replay_screens(session.app, str(tmp_path / "nothing.json"))
    assert (
        missing
        == f"cannot replay {tmp_path / 'nothing.json'}: the file or its folder does not exist"
    )
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert replay_screens(session.app, str(broken)) == (
        f"cannot replay {broken}: it is not a saved game of this program, or it is damaged"
    )
    set_language("it")  # issue 25, item 6: the command line's words in the player's language
    try:
        assert replay_screens(session.app, str(broken)) == (
            f"non riesco a rivedere {broken}: non è una partita salvata di questo programma, "
            "oppure è danneggiata"
        )
    finally:
        set_language("en")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_audiogame_replay_on_the_command_line(tmp_path: Path, finished: Path) -> None:
    program = Program(["replay", str(finished)], tmp_path)
    program.wait_for(lambda said: any(line.startswith("Replay: Battaglia") for line in said))
    program.press(["right", "right"])
    program.wait_for(lambda said: any(line.startswith("Move 2 of 212. You: ") for line in said))
    program.press(["escape"])
    program.wait_for(lambda said: said[-1].startswith(main_menu_said()))
    program.press(["c-c"])
    assert program.finish()[0] == 0


def finished_scientific(folder: Path) -> Path:
    session = make_session(data_dir=folder)
    config = {"seed": 1, "players": 3, "level": "greedy"}
    session.app.start(opening(session.app, "scientific", config))
    while not top_screen(session, TableScreen).state.is_over:
        session.app.dispatch(ENTER)
    (path,) = (folder / "finished").glob("*.json")
    return path


def test_a_scientific_replay_passes_over_secret_choices_and_answers_the_tables_keys(
    tmp_path: Path,
) -> None:
    """Issue 25, item 7: one key per trick, not per hidden choice; W, E, R, C tell the
    position from the player's seat, in English and Italian; Left goes back a whole trick."""
    path = finished_scientific(tmp_path)
    said = {}
    for language in ("en", "it"):
        session = make_session(data_dir=tmp_path, language=language)
        screens = replay_screens(session.app, str(path))
        assert isinstance(screens, list), screens
        session.app.start(screens)
        for key in ["right", "right", "w", "e", "r", "c", "left"]:
            session.app.dispatch(key)
        said[language] = session.spoken[2:]
    assert said["en"] == [
        "Moves 1 to 3 of 42.",
        "You: two. Anna and Bruno: ace.",
        "War between Anna and Bruno! 3 cards on the table.",
        "Moves 4 to 6 of 42.",
        "You: three. Anna and Bruno: king.",
        "War between Anna and Bruno! 6 cards on the table.",
        "Three: until the end of the next trick, E also tells the cards in hand.",
        "Your hand, 12 cards: four, five, six, seven, eight, nine, ten, jack, queen, king, ace, "
        "joker. Won pile: empty.",
        "Cards owned: you 12, Anna 12, Bruno 12. 6 cards on the table. "
        "In hand: you 12, Anna 12, Bruno 12.",
        "Normal order: the ace is highest. 6 cards wait on the table from wars. Counting: you.",
        "The seer power is not active.",
        "Moves 1 to 3 of 42.",
        "You: two. Anna and Bruno: ace.",
        "War between Anna and Bruno! 3 cards on the table.",
    ]
    assert said["it"][0] == "Mosse da 1 a 3 di 42."
    assert said["it"][7].startswith("La tua mano, 12 carte: quattro, cinque")
    assert "Nessuna azione su questo tasto." not in said["it"]


def test_replay_without_a_file_and_the_main_menu_open_the_last_finished_game(
    tmp_path: Path,
) -> None:
    """Issue 25, item 7: the last finished game, even while another is in progress; the
    main menu has an entry for it."""
    finished_battle(tmp_path)
    session = make_session(data_dir=tmp_path)
    session.app.start(opening(session.app, "cardavia", {"seed": 3}))
    session.app.dispatch("n")  # a game in progress, saved
    assert session.app.autosave is not None and session.app.autosave.store.path.exists()
    watch = replay(None, tmp_path)
    assert watch.spoken[0].startswith("Replay: Battaglia (War), deal number 2")
    menu = make_session(data_dir=tmp_path, language="it")
    menu.app.start([MainMenu(menu.app)])
    labels = [item.label() for item in top_screen(menu, Menu).items()]
    top_screen(menu, Menu).move_to(labels.index("Rivedi l'ultima partita"))
    menu.app.dispatch(ENTER)
    assert isinstance(menu.app.top, ReplayScreen)
    assert menu.spoken[-2].startswith("Rivedi la partita: Battaglia, smazzata numero 2")
    empty = make_session(data_dir=tmp_path / "none")
    empty.app.start([MainMenu(empty.app)])
    labels = [item.label() for item in top_screen(empty, Menu).items()]
    top_screen(empty, Menu).move_to(labels.index("Replay the last game"))
    empty.app.dispatch(ENTER)
    assert empty.spoken[-1] == "There is no game to replay yet: finish or start a game first."
    assert isinstance(empty.app.top, MainMenu)


def test_end_of_a_cardavia_replay_reads_the_settlement_player_by_player_cv12(
    tmp_path: Path,
) -> None:
    """CV-12, issue 25, item 7: End says the settlement as the table does, one line a
    player, not one line of 40 words."""
    from audiogame.testing import drive
    from tests.test_cardavia_table_helpers import slow, table_script

    script = table_script(5)
    drive(script.keys[:-1], game="cardavia", config={"seed": 5}, settings=slow(),
          data_dir=tmp_path)  # fmt: skip
    session = replay(None, tmp_path)
    session.app.dispatch("end")
    said = session.spoken
    assert said[-5:] == [
        "You go out and win the deal!",  # who went out first, then the lines, as at the table
        "Bruno: 6 cards left, minus 6; bomb bonus, plus 20; this deal plus 14.",
        "Anna: 1 card left, minus 1; Bruno's bomb, minus 10; this deal minus 11.",
        "You: Bruno's bomb, minus 10; the penalties of the others, plus 7; this deal minus 3.",
        "Deal scores: you minus 3, Bruno plus 14, Anna minus 11.",
    ]
