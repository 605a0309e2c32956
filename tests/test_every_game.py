"""What must hold for any game the program offers, checked for each registered game and for
the tests' own game ("high card", tests/tiny_game.py), offered here in a fixture and withdrawn
after: the main menu offers it at its place, its setup starts its table, the practice lists its
cues, a deal code of its setup deals it again (when its deals have codes), its rules are read
in the program and printed on the command line.

A game added to the program (engine/registry.py and audiogame/catalog.py) is checked here
without a line of this file changing: these are the checks it must pass, as the three that
ship and the tests' own game do."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from audiogame.__main__ import main
from audiogame.app.menu import Menu
from audiogame.app.screen import ENTER
from audiogame.catalog import GAMES, GameEntry, game_entry, offered
from audiogame.i18n import _
from audiogame.practice.model import cues_in, meaning
from audiogame.presenters.table_screen import TableScreen
from audiogame.saves.codes import decode, encode
from audiogame.testing import drive, make_session, opening, top_screen
from tests.menu_games import game_titles, games, item, main_menu, practice_groups, practice_menu
from tests.tiny_game import FACTS
from tests.tiny_game_front import entry as tiny_entry

TINY = FACTS.name
EVERY_GAME = [*[entry.key for entry in GAMES], TINY]
"""The games registered when the tests are collected (the three that ship, and any game
added since), then the tests' own."""


@pytest.fixture(params=EVERY_GAME)
def game(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each game in turn; the tests' own is offered while its test runs, then withdrawn."""
    if request.param != TINY:
        yield request.param
        return
    with offered(FACTS, tiny_entry) as key:
        yield key


def title_of(key: str) -> str:
    """How the main menu names the game (the three that ship written out)."""
    return game_titles()[games().index(key)]


def test_the_main_menu_offers_it_in_its_place_and_withdraws_the_tests_own_after(
    game: str,
) -> None:
    place = games().index(game)
    said = drive(["down"] * place).spoken
    shown = item(title_of(game), main_menu())  # "Cardavia, 3 of 9" with the three that ship
    assert said[-1] == shown or said[-1] == f"Main menu. {shown}"
    if game == TINY:
        assert games()[-1] == TINY  # after every game that ships


def test_its_setup_opens_from_the_main_menu_and_starts_its_table(game: str) -> None:
    session = make_session()
    session.app.start(opening(session.app, None, None))
    for key in [*["down"] * games().index(game), ENTER]:
        session.app.dispatch(key)
    setup = top_screen(session, Menu)
    labels = [entry.label() for entry in setup.items()]
    said = session.spoken[-1]
    assert said == f"{title_of(game)}: new game. Start the game, 1 of {len(labels)}"
    assert labels[0] == "Start the game" and labels[-1] == "Rules"
    before = len(session.spoken)
    session.app.dispatch(ENTER)
    table = top_screen(session, TableScreen)
    assert table.game == game
    assert len(session.spoken) > before  # its opening is said
    expected = {k: v for k, v in game_entry(game).defaults().items() if k != "seed"}
    assert {k: v for k, v in table.config.items() if k != "seed"} == expected


def test_the_practice_lists_its_cues_each_played_with_its_meaning(game: str) -> None:
    entry = game_entry(game)
    group = practice_groups()[games().index(game)]
    assert f"Listen: {group}" in practice_menu()
    cues = list(entry.practice)
    if not cues:  # none declared: its Listen list is empty
        assert cues_in(game) == ()
        return
    place = practice_groups().index(group)
    keys = ["a", "enter", *["down"] * place, "enter", "enter", *["down"] * (len(cues) - 1)]
    session = drive(keys)  # Enter plays the first sound again, Down each of the others
    listed = item(f"Listen: {group}", practice_menu())  # "Listen: Cardavia, 3 of 10"
    assert any(line.endswith(listed) for line in session.spoken)
    opened = session.spoken[-1]
    assert opened.startswith(f"Listen: {group}, {len(cues)} sounds.")
    assert opened.endswith(f"{_(meaning(cues[0]))}, 1 of {len(cues)}")
    assert session.played[-len(cues) :] == cues
    assert all(meaning(cue) for cue in cues)  # each said with what it means


def test_a_deal_code_of_its_setup_deals_it_again_when_its_deals_have_codes(game: str) -> None:
    entry = game_entry(game)
    session = make_session()
    session.app.start(opening(session.app, None, None))
    for key in [*["down"] * games().index(game), ENTER]:
        session.app.dispatch(key)
    labels = [option.label() for option in top_screen(session, Menu).items()]
    if entry.code_id is None:
        assert "Play a deal code" not in labels  # no code is asked for
        return
    setup = {**code_setup(entry), "seed": 4242}
    code = encode(game, setup)
    assert decode(code) == (game, setup)
    top_screen(session, Menu).move_to(labels.index("Play a deal code"))
    for key in [ENTER, *code.lower(), ENTER]:
        session.app.dispatch(key)
    table = top_screen(session, TableScreen)
    assert table.game == game
    assert {k: v for k, v in table.config.items() if k in setup} == setup


def code_setup(entry: GameEntry) -> dict[str, object]:
    """The setup a deal code carries: each option in codes, at its default."""
    return {option.key: option.default for option in entry.options if option.in_code}


def test_its_rules_are_read_in_the_program_and_printed(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    title = title_of(game)
    said = drive(["r", "enter", *["down"] * games().index(game), "enter"]).spoken
    assert said[-2].startswith(f"Rules of {title}: ") and "paragraph" in said[-2]
    assert len(said[-1]) > 20  # its first paragraph
    assert main(["rules", game]) == 0
    printed = capsys.readouterr().out
    assert said[-1] in printed.replace("\n", " ") or said[-1] in printed
