"""The save format and deal codes: moves round-trip as text (card copies included), the file is
written atomically and read back, one write per key however many moves, and a deal code gives
the same cards at every table."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from audiogame.app.menu import Menu
from audiogame.presenters.table_screen import TableScreen
from audiogame.saves.codes import ALPHABET, CodeError, decode, encode
from audiogame.saves.moves import deal_recipe, move_text, parse_deal, parse_move
from audiogame.saves.store import SavedGame, SaveStore, read_save
from audiogame.testing import drive_timed, local_table, make_session, opening, top_screen
from engine import games
from tests.conformance import play_random_game
from tests.menu_games import coded_games
from tests.pty_program import Program

ENTER = "c-m"


@pytest.mark.parametrize(
    ("game", "options"),
    [("battle", {"open": True, "players": 3}), ("scientific", {"players": 6}), ("cardavia", {})],
)
def test_every_move_of_a_game_round_trips_through_its_text(game: str, options: Any) -> None:
    for seed in range(3):
        _, log, _ = play_random_game(game, seed, check_every=50, **options)
        for seat, action in log:
            assert parse_move(move_text(seat, action)) == (seat, action)
    if game == "scientific":  # six players: two decks, and the copies are told apart
        assert any("#1" in move_text(seat, action) for seat, action in log)


def test_a_line_whose_action_is_no_action_of_any_game_is_not_a_move() -> None:
    for line in ("0 dance", "1 Play 9h", "2 deal"):
        with pytest.raises(ValueError, match="not a move"):
            parse_move(line)


def test_a_new_cardavia_deal_is_logged_by_its_hands_and_dealt_again_exactly() -> None:
    state = games["cardavia"].new_state(seed=99)
    line = deal_recipe("cardavia", state)
    assert line is not None
    again = games["cardavia"].new_state(hands=parse_deal(line))
    assert [repr(again.view(s)) for s in range(3)] == [repr(state.view(s)) for s in range(3)]
    # Battaglia with three players sets a card aside that its hands do not tell: no recipe.
    assert deal_recipe("battle", games["battle"].new_state(seed=1, players=3)) is None


def test_a_save_leaves_one_file_reads_back_the_same_and_clears(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "new folder")
    saved = SavedGame(
        "cardavia",
        {"deals": 3, "seed": 5},
        ["0 play 3h", "deal 3h/4h/5h"],
        ("Anna", "Bruno"),
        {"match": {"totals": [1, -1, 0]}},
        "2024-01-01T10:00:00",
    )
    store.save(saved)
    assert sorted(p.name for p in store.folder.iterdir()) == ["autosave.json"]
    assert read_save(store.path) == saved
    assert saved.move_count == 1
    store.clear()
    assert store.load() == (None, None)


def test_the_table_is_saved_once_per_key_however_many_moves_it_made(tmp_path: Path) -> None:
    session = drive_timed([([" "], 0.05)] * 4, game="battle", config={"seed": 5}, data_dir=tmp_path)
    autosave = session.app.autosave
    saved = json.loads((tmp_path / "autosave.json").read_text(encoding="utf-8"))
    assert len(saved["moves"]) >= 9  # Anna's first card and two moves per key
    assert autosave.writes == 5  # the opening move, then one write per key
    assert (tmp_path / "autosave.json").stat().st_size < 1000


CONFIGS = st.sampled_from(coded_games()).flatmap(  # a game may have no deal code
    lambda entry: st.tuples(
        st.just(entry.key),
        st.fixed_dictionaries(
            {
                option.key: (
                    st.integers(0, 10**9) if option.is_seed else st.sampled_from(option.values)
                )
                for option in entry.options
                if option.in_code  # the level of the computer players is not in a code
            }
        ),
    )
)


@given(CONFIGS)
def test_a_deal_code_gives_back_the_game_its_setup_and_its_deal_number(
    config: tuple[str, dict[str, Any]],
) -> None:
    game, options = config
    code = encode(game, options)
    assert len(code) <= 12 and set(code) <= set(ALPHABET)
    assert decode(code) == (game, options)
    assert decode("-".join([code[:3], code[3:].lower()])) == (game, options)


@given(CONFIGS, st.data())
def test_one_wrong_or_two_swapped_characters_are_caught(
    config: tuple[str, dict[str, Any]], data: st.DataObject
) -> None:
    code = encode(*config)
    position = data.draw(st.integers(0, len(code) - 1))
    wrong = data.draw(st.sampled_from(ALPHABET).filter(lambda c: c != code[position]))
    typo = code[:position] + wrong + code[position + 1 :]
    with pytest.raises(CodeError):
        decode(typo)
    if position + 1 < len(code) and code[position] != code[position + 1]:
        swapped = code[:position] + code[position + 1] + code[position] + code[position + 2 :]
        with pytest.raises(CodeError):
            decode(swapped)


def test_a_trick_limit_typed_on_the_command_line_still_has_a_code() -> None:
    options = {"players": 4, "deck": 32, "face_down": False, "open": True, "trick_limit": 777,
               "seed": 31}  # fmt: skip
    assert decode(encode("battle", options)) == ("battle", options)


TABLES = [
    ("battle", {"seed": 4711, "players": 3, "deck": 32, "open": True}, ["d"]),
    ("scientific", {"seed": 12, "players": 4}, ["d"]),
    ("cardavia", {"seed": 77, "deals": 3}, ["D"]),
]


@pytest.mark.parametrize(("game", "config", "keys"), TABLES, ids=[t[0] for t in TABLES])
def test_d_at_every_table_says_a_code_that_deals_the_same_cards_again(
    game: str, config: dict[str, Any], keys: list[str]
) -> None:
    session = make_session()
    session.app.start(opening(session.app, game, config))
    table = top_screen(session, TableScreen)
    session.app.dispatch(keys[0])
    said = session.spoken[-1]
    assert said.startswith("Deal code: ") and said.endswith(".")
    code = said.removeprefix("Deal code: ").removesuffix(".").replace(", ", "")
    setup = {k: v for k, v in table.config.items() if k != "level"}
    assert decode(code) == (game, setup)
    # The setup menu's "Play a deal code": typed, Enter, and the same cards are dealt.
    again = make_session()
    again.app.start(opening(again.app, "battle" if game != "battle" else "cardavia", {}))
    again.app.pop()  # from the other game's table back to its setup
    items = [item.label() for item in top_screen(again, Menu).items()]
    top_screen(again, Menu).move_to(items.index("Play a deal code"))
    for key in [ENTER, *code.lower(), ENTER]:
        again.app.dispatch(key)
    new = top_screen(again, TableScreen)
    assert new.game == game
    # The same cards in every hand (the computer players' choices may differ: each mixes its own).
    first, dealt = local_table(table).state, local_table(new).state
    assert [dealt.view(s).hand for s in range(dealt.players)] == [
        first.view(s).hand for s in range(first.players)
    ]


def test_a_wrong_code_is_refused_with_its_reason() -> None:
    session = make_session()
    session.app.start(opening(session.app, "cardavia", {}))
    session.app.pop()
    items = [item.label() for item in top_screen(session, Menu).items()]
    top_screen(session, Menu).move_to(items.index("Play a deal code"))
    for key in [ENTER, "z", "z", "z", "c-h", "c-r", ENTER]:
        session.app.dispatch(key)
    assert session.spoken[-4:] == [
        "Z",
        "Z deleted",
        "Z, Z",
        "This is not a valid deal code: check it character by character.",
    ]
    assert session.played[-1] == "not_allowed"


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_play_with_a_code_on_the_command_line_deals_that_deal(tmp_path: Path) -> None:
    code = encode("cardavia", {"deals": 1, "seed": 31337})
    program = Program(["play", "--code", code.lower()], tmp_path)
    said = program.wait_for(lambda said: any(line.startswith("Cardavia, deal") for line in said))
    program.press(["c-c"])
    program.finish()
    assert any(line.startswith("Cardavia, deal number 31337. ") for line in said)
