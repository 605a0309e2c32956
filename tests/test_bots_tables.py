"""The hint key at the tables, driven with keys: H (or ?) at Cardavia, ? at Battaglia
scientifica speak what the hard computer player would do in the player's place and why, in
the player's language, and change nothing on the table."""

from __future__ import annotations

from typing import Any

import pytest

from audiogame.presenters.cardavia import CardaviaTable
from audiogame.presenters.scientific import ScientificTable
from audiogame.settings import Settings
from audiogame.testing import Session, drive, local_table, make_session, opening, top_screen
from audiogame.words.cardavia_names import combination_name
from audiogame.words.cards import card_name
from engine.cardavia import classify
from tests.test_cardavia_table_helpers import slow

PLAYER_LEADS = {"seed": 11}
ANNA_LEADS = {"seed": 5}


def by_hand(game: str, config: dict[str, Any], keys: list[str], settings: Settings) -> Session:
    """The table with keys sent one by one, left open to look at afterwards."""
    session = make_session(settings=settings)
    session.app.start(opening(session.app, game, config))
    for key in keys:
        session.app.dispatch(key)
    return session


def test_h_at_cardavia_names_a_legal_play_and_why() -> None:
    session = by_hand("cardavia", PLAYER_LEADS, ["h", "?"], slow())
    said = session.spoken
    hint = said[-1]
    assert said[-2] == hint  # the same hint for the same position, either key
    assert hint.startswith("Hint: ") and hint.count(".") >= 2
    table = top_screen(session, CardaviaTable)
    legal = table.state.legal_actions(0)
    names = {
        combination_name(found)
        for action in legal
        if (found := classify(action.cards, first_play=True)) is not None
    }
    assert hint.split(". ")[0].removeprefix("Hint: ") in names
    assert table.state.view(0).history == ()


def test_h_when_it_is_not_your_turn_says_whose_turn_it_is() -> None:
    session = drive(["h"], game="cardavia", config=ANNA_LEADS, settings=slow())
    assert session.spoken[-1] == "It is Anna's turn. N makes the others play at once."
    assert session.played[-1] == "not_allowed"


def test_the_hint_is_spoken_in_italian() -> None:
    session = drive(["h"], game="cardavia", config=PLAYER_LEADS, settings=slow("it"), language="it")
    assert session.spoken[-1].startswith("Suggerimento: ")


@pytest.mark.parametrize("key", ["h", "?"])
def test_hint_key_at_scientific_names_a_card_of_the_hand(key: str) -> None:
    """H (as at Cardavia) or ? give the hint; W reads the hand."""
    session = by_hand("scientific", {"seed": 1, "players": 2}, [key], Settings())
    hint = session.spoken[-1]
    assert hint.startswith("Hint: ")
    table = top_screen(session, ScientificTable)
    hand = table.state.view(0).hand
    assert hint.split(". ")[0].removeprefix("Hint: ") in {card_name(card) for card in hand}
    assert table.state.view(0).my_choice is None


def test_w_at_scientific_reads_the_hand() -> None:
    session = drive(["w"], game="scientific", config={"seed": 1, "players": 2})
    assert session.spoken[-1].startswith("Your hand, 14 cards:")


def test_the_setup_chooses_the_level_of_the_computer_players() -> None:
    """Normal by default; the setup menu's option and --level choose another."""
    from audiogame.app.menus import start_screens
    from audiogame.catalog import game_entry
    from audiogame.cli import build_parser, table_config

    for game in ("battle", "scientific", "cardavia"):
        assert game_entry(game).defaults()["level"] == "normal"
        session = make_session()
        default = start_screens(session.app, game, {"seed": 3})[-1]
        assert {bot.level for bot in local_table(default).table.bots.values()} == {"normal"}
        hard = start_screens(session.app, game, {"seed": 3, "level": "hard"})[-1]
        assert {bot.level for bot in local_table(hard).table.bots.values()} == {"hard"}
        expert = start_screens(session.app, game, {"seed": 3, "level": "expert"})[-1]
        assert {bot.level for bot in local_table(expert).table.bots.values()} == {"expert"}
    args = build_parser().parse_args(["play", "cardavia", "--level", "easy"])
    assert table_config(args, game_entry("cardavia")) == {"level": "easy"}
    args = build_parser().parse_args(["play", "scientific", "--level", "expert"])
    assert table_config(args, game_entry("scientific")) == {"level": "expert"}


def test_the_level_is_spoken_in_the_setup_menu() -> None:
    from audiogame.app.menus import SetupMenu
    from audiogame.catalog import game_entry

    session = make_session(language="it")
    menu = SetupMenu(session.app, game_entry("cardavia"))
    labels = [item.label() for item in menu.items()]
    assert "Avversari del computer: normale" in labels
    make_session(language="en")


def test_the_expert_level_is_said_in_the_setup_and_chosen_by_keys() -> None:
    """In the setup menu, Right steps the level from normal to hard, then expert, said each
    time, in both languages."""
    keys = ["enter", "end", "up", "up", "up", "right", "right"]
    said = drive(keys).spoken
    assert said[-3:] == [
        "Computer players: normal, 7 of 10",
        "Computer players: hard",
        "Computer players: expert",
    ]
    said = drive(keys, language="it").spoken
    assert said[-1] == "Avversari del computer: esperto"
