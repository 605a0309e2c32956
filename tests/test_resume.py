"""Autosave and resume: every table saves after each move, the next start offers the
interrupted game, and resuming gives exactly the state that was left (views of every seat,
events, moves, match totals); a finished game clears its save."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from audiogame.presenters.battle import BattleTable
from audiogame.presenters.cardavia import CardaviaTable
from audiogame.presenters.table_screen import TableScreen
from audiogame.saves.screens import ResumeMenu
from audiogame.table.redact import Redactor
from audiogame.testing import Session, local_table, make_session, opening, top_screen
from tests.conformance import replay
from tests.menu_games import main_menu_said
from tests.session_support import press, start_program

ENTER, TAB = "c-m", "c-i"
# Keys that move each game forward, with a few that only inform.
PROGRESS: dict[str, list[str]] = {
    "battle": [" ", " ", " ", "t", "e"],
    "battle-open": [ENTER, ENTER, "right", "end", "h"],
    # One Enter in six: Enter on a card not heard yet only names it, so that 60 keys leave
    # the game going.
    "scientific": [ENTER, "right", "left", "t", "s", "w"],
    "cardavia": [TAB, ENTER, TAB, ENTER, "n", "p", "e"],  # N: the others play now
}
TABLES: list[tuple[str, str, dict[str, Any]]] = [
    ("battle", "battle", {"seed": 3}),
    ("battle", "battle-open", {"seed": 4, "open": True, "players": 3, "face_down": False}),
    ("scientific", "scientific", {"seed": 2, "players": 3}),
    ("scientific", "scientific", {"seed": 9, "players": 5}),  # two decks: copies in the log
    ("cardavia", "cardavia", {"seed": 5}),
]


def views(state: Any) -> list[str]:
    return [repr(state.view(seat)) for seat in range(state.players)]


def play_then_resume(
    tmp_path: Path, game: str, keys: list[str], config: dict[str, Any], presses: int
) -> tuple[Any, Session]:
    first = start_program(tmp_path, game, config)
    rng = random.Random(presses)
    press(first, [rng.choice(keys) for _ in range(presses)])
    table = first.app.autosave.table
    assert table is not None and table.record.moves, "the keys made no move"
    # The program is gone without quitting (as in a crash): only the file is left.
    second = start_program(tmp_path)
    assert isinstance(second.app.top, ResumeMenu)
    press(second, [ENTER])
    return table, second


@pytest.mark.parametrize(("game", "keys", "config"), TABLES, ids=[t[1] for t in TABLES])
def test_resuming_gives_exactly_the_state_that_was_left(
    tmp_path: Path, game: str, keys: str, config: dict[str, Any]
) -> None:
    table, second = play_then_resume(tmp_path, game, PROGRESS[keys], config, 60)
    assert top_screen(second, TableScreen).game == table.game
    resumed = local_table(second.app.top)
    assert views(resumed.state) == views(table.state)
    assert resumed.state.to_act() == table.state.to_act()
    assert resumed.record.moves == table.record.moves
    assert resumed.record.events == table.record.events
    said = second.spoken
    assert said[0].startswith("An interrupted game can be resumed: ")
    resumed_line = next(line for line in said if line.startswith("Game resumed: "))
    assert f"deal number {config['seed']}, after " in resumed_line


def test_a_resumed_battle_matches_an_engine_replay_of_the_saved_log(tmp_path: Path) -> None:
    config = {"seed": 8, "players": 3}
    table, second = play_then_resume(tmp_path, "battle", PROGRESS["battle"], config, 40)
    saved = json.loads((tmp_path / "autosave.json").read_text(encoding="utf-8"))
    from audiogame.saves.moves import parse_move

    log = [parse_move(line) for line in saved["moves"]]
    options = {k: v for k, v in saved["config"].items() if k not in ("seed", "level")}
    events = Redactor().all_public(replay("battle", 8, log, **options))  # as the seat knows them
    opening_events = len(top_screen(second, TableScreen).state.opening_events())
    resumed = local_table(second.app.top)
    assert events[opening_events:] == table.record.events == resumed.record.events


def test_the_game_goes_on_after_resuming_and_keeps_one_log(tmp_path: Path) -> None:
    table, second = play_then_resume(tmp_path, "battle", [" "], {"seed": 6}, 10)
    before = list(table.record.moves)
    press(second, [" ", " "])
    saved = json.loads((tmp_path / "autosave.json").read_text(encoding="utf-8"))
    assert saved["moves"][: len(before)] == before
    assert len(saved["moves"]) == len(before) + 4  # two tricks of two players


def test_a_cardavia_match_resumes_with_its_deal_number_and_totals(tmp_path: Path) -> None:
    first = start_program(tmp_path, "cardavia", {"seed": 7, "deals": 3})
    rng = random.Random(1)
    table = top_screen(first, CardaviaTable)
    record = local_table(table).record
    while table.match.number < 2 or not record.moves[-1][0].isdigit():
        press(first, [rng.choice(PROGRESS["cardavia"] + [ENTER])])
    press(first, [TAB, ENTER, "n", "n"])
    assert any(line.startswith("deal ") for line in record.moves)
    second = start_program(tmp_path)
    press(second, [ENTER])
    resumed = top_screen(second, CardaviaTable)
    moves = sum(1 for line in record.moves if not line.startswith("deal "))
    # Which deal of the match it is, said on resuming.
    assert f"Game resumed: Cardavia, deal 2 of 3, after {moves} moves." in second.spoken
    assert views(local_table(resumed).state) == views(local_table(table).state)
    assert resumed.match.number == table.match.number == 2
    assert resumed.match.totals == table.match.totals and sum(table.match.totals) == 0
    assert local_table(resumed).record.events == record.events


def test_a_finished_game_clears_its_save_and_is_kept_for_replays(tmp_path: Path) -> None:
    session = start_program(tmp_path, "battle", {"seed": 2, "trick_limit": 100})
    table = top_screen(session, BattleTable)
    while not table.state.is_over:
        press(session, [" "])
    assert not (tmp_path / "autosave.json").exists()
    finished = list((tmp_path / "finished").glob("*-battle-2.json"))
    assert len(finished) == 1
    assert json.loads(finished[0].read_text(encoding="utf-8"))["finished"] is True
    again = start_program(tmp_path)
    assert not any(isinstance(screen, ResumeMenu) for screen in again.app.stack)
    assert again.spoken == [main_menu_said()]


def test_not_now_keeps_the_save_and_goes_where_the_program_was_started_for(
    tmp_path: Path,
) -> None:
    play_then_resume(tmp_path, "battle", [" "], {"seed": 6}, 5)
    later = start_program(tmp_path, "cardavia", {"seed": 5})
    press(later, ["escape"])
    assert top_screen(later, TableScreen).game == "cardavia"
    assert (tmp_path / "autosave.json").exists()
    assert json.loads((tmp_path / "autosave.json").read_text())["game"] == "battle"


def test_the_resume_offer_is_spoken_in_italian(tmp_path: Path) -> None:
    play_then_resume(tmp_path, "battle", [" "], {"seed": 6}, 5)
    session = make_session(data_dir=tmp_path, language="it")
    session.app.start(opening(session.app, None, {}))
    press(session, [ENTER])
    assert session.spoken[0].startswith("Una partita interrotta")
    assert any(line.startswith("Partita ripresa: ") for line in session.spoken)


@pytest.mark.parametrize("language", ["en", "it"])
def test_resuming_says_the_table_once_and_reads_the_hand_again(
    tmp_path: Path, language: str
) -> None:
    """Issue 25, item 9: the play on the table is said once, then the hand, as at the start
    of a deal. Issue 32, item 5: "Game resumed" first, then where the deal stands (the play to
    beat, whose turn, the cards left) in one line."""
    first = start_program(tmp_path, "cardavia", {"seed": 3})
    press(first, [TAB, ENTER, "n"])
    second = make_session(data_dir=tmp_path, language=language)
    second.app.start(opening(second.app, None, {}))
    offered = len(second.spoken)
    press(second, [ENTER])
    said = second.spoken[offered:]
    if language == "en":
        assert said == [
            "Game resumed: Cardavia, deal number 3, after 1 move.",
            "Round 1. On the table, from Anna: pair of threes. Your turn. Cards left: you 16, "
            "Bruno 16, Anna 14.",
            "Your hand, 16 cards: four, six, 3 sevens, eight, 2 nines, ten, 2 jacks, 2 queens, "
            "2 kings, ace.",
        ]
    else:
        assert said == [
            "Partita ripresa: Cardavia, smazzata numero 3, dopo 1 mossa.",
            "Giro 1. Sul tavolo, da Anna: coppia di tre. Tocca a te. Carte rimaste: tu 16, "
            "Bruno 16, Anna 14.",
            "La tua mano, 16 carte: quattro, sei, 3 sette, otto, 2 nove, dieci, 2 fanti, "
            "2 donne, 2 re, asso.",
        ]


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Cardavia, deal 2 of 3, after 2 moves"),
    ("it", "Cardavia, smazzata 2 di 3, dopo 2 mosse"),
])  # fmt: skip
def test_a_saved_match_is_named_by_its_deal_of_the_match(language: str, expected: str) -> None:
    """A match resumed (and offered) says which of its deals it is at, not only the number
    its first deal was dealt from."""
    from audiogame.i18n import set_language
    from audiogame.saves.screens import describe
    from audiogame.saves.store import SavedGame

    saved = SavedGame("cardavia", {"seed": 7, "deals": 3}, ["0 play 3h", "deal x", "1 pass"])
    set_language(language)
    try:
        assert describe(saved) == expected
    finally:
        set_language("en")
