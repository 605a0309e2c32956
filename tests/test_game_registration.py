"""A game is registered in one place: the tests' own game ("high card", tests/tiny_game.py with
its facts, tests/tiny_game_front.py with its front end), registered by the two lines of the
fixture below and nothing else, is offered, set up, played by keys, heard, practised, checked
and offered at a new online table with its own options like the three that ship."""

from __future__ import annotations

import ast
import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from audiogame.catalog import GAMES, game_entry, offered
from audiogame.practice.model import GROUP_TITLES, GROUPS, cues_in
from audiogame.sound.cues import all_cue_names, cue_for
from audiogame.testing import drive
from audiogame.words.registry import missing_renderers
from tests.menu_games import (
    games,
    item,
    main_item,
    main_menu,
    practice_groups,
    practice_menu,
)
from tests.tiny_game import FACTS, HighCardTie
from tests.tiny_game_front import entry, registered


@pytest.fixture
def high_card() -> Iterator[str]:
    with offered(FACTS, entry) as game:
        yield game


def test_the_game_is_registered_by_at_most_three_lines_outside_its_files() -> None:
    """The fixture above is all a game needs outside its own files (its engine, its facts, its
    front end): its body has at most three lines, and they name nothing but the game's own
    declarations and the one way to offer a game."""
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    fixture = next(node for node in tree.body
                   if isinstance(node, ast.FunctionDef) and node.name == "high_card")  # fmt: skip
    assert fixture.end_lineno is not None
    lines = range(fixture.body[0].lineno, fixture.end_lineno + 1)
    assert len(lines) <= 3
    body = [node for statement in fixture.body for node in ast.walk(statement)]
    names = {node.id for node in body if isinstance(node, ast.Name)}
    assert names == {"offered", "FACTS", "entry", "game"}


def test_the_game_is_played_from_the_main_menu_by_keys_and_heard(high_card: str) -> None:
    place = games().index(high_card)  # the main menu's fourth game, after the three that ship
    keys = [
        *["down"] * place, "enter",
        "down", "down", "right",  # Cards each: 5
        "down", "down", "1",  # Deal number 1 (no deal code: this game has none)
        "home", "enter",  # Start the game
        *["space"] * 5, "enter",
    ]  # fmt: skip
    session = drive(keys)
    spoken = session.spoken
    menu = spoken.index(main_item("High card"))  # "High card, 4 of 10" with three before it
    assert spoken[menu + 1] == "High card: new game. Start the game, 1 of 6"
    assert "Cards each: 5" in spoken and "Deal number: 1" in spoken
    opening = spoken.index("High card, deal 1: you and Anna. Turn up your card: Space.")
    # Deal 1 with 5 cards each, the tricks as the tests' engine deals them: two ties (kings,
    # jacks), which the first seat takes.
    assert spoken[opening + 1 :] == [
        "You: queen of clubs, Anna: ace of diamonds.",
        "Anna takes 2 cards.",
        "You: jack of hearts, Anna: eight of spades.",
        "You take 2 cards.",
        "You: king of diamonds, Anna: king of hearts.",
        "A tie between you and Anna: the first takes it.",
        "You take 2 cards.",
        "You: jack of spades, Anna: jack of diamonds.",
        "A tie between you and Anna: the first takes it.",
        "You take 2 cards.",
        "You: four of hearts, Anna: seven of hearts.",
        "Anna takes 2 cards.",
        "High card is over: you won. Cards won: you 6, Anna 4.",
        "Press Enter to go back to the game setup.",
        "High card: new game. Start the game, 1 of 6",  # Enter after the end: the setup, named
    ]
    table = session.played[session.played.index("select", place + 1) + 1 :]
    assert table == [
        "reveal", "trick_won", "reveal", "trick_won",
        "reveal", "war", "trick_won",  # the tie's cue, from the game's registration
        "reveal", "war", "trick_won",
        "reveal", "trick_won", "game_won",
    ]  # fmt: skip


def test_its_cues_words_and_practice_group_come_from_its_registration(high_card: str) -> None:
    assert [entry.key for entry in GAMES][-1] == high_card
    assert cue_for(HighCardTie((0, 1))) == "war"
    assert missing_renderers(high_card) == set()
    assert list(GROUPS) == [*games(), "program"]  # battle, scientific, cardavia first
    assert games()[-1] == high_card
    assert GROUP_TITLES[high_card] == "High card"
    assert [c.cue for c in cues_in(high_card)] == ["reveal", "war", "trick_won"]
    assert set(all_cue_names()) >= {"reveal", "war", "trick_won"}


def test_its_rules_and_practice_are_reached_by_keys(high_card: str) -> None:
    # Main menu, Rules (the fifth item after the four games), then the last game.
    rules = drive(["end", "up", "up", "enter", "end", "enter"]).spoken
    assert "Rules of High card" in " ".join(rules)
    assert any(line.startswith("High card: a game of the tests.") for line in rules)
    # Audio-cue practice, then its Listen list (the fourth after the three that ship): each
    # cue, said with its meaning.
    place = practice_groups().index("High card")
    keys = ["end", *["up"] * 4, "enter", *["down"] * place, "enter", "down", "down"]
    practice = drive(keys)
    assert item("Listen: High card", practice_menu()) in practice.spoken  # 4 of 12
    assert practice.spoken[-1].startswith("Listen: High card, 3 sounds.")
    assert practice.spoken[-1].endswith("Cards are turned face up, 1 of 3")
    assert practice.played[-2:] == ["war", "trick_won"]


def test_every_field_of_its_events_and_view_is_classified_for_a_seats_frame(
    high_card: str,
) -> None:
    """The frame that renumbers a seat's events finds the game's records from its facts (its
    declared event kinds and view), and a field it does not know is named."""
    from audiogame.table.frame import records_of, unclassified
    from tests.tiny_game import HighCardView

    assert {HighCardTie, HighCardView} <= set(records_of(high_card))
    assert unclassified(high_card) == {}
    assert all(unclassified(game) == {} for game in ("battle", "scientific", "cardavia"))
    assert unclassified_with_a_banker() == {"BankerChosen": ["banker"]}


def unclassified_with_a_banker() -> dict[str, list[str]]:
    """What the frame finds of a game whose event has a seat field of a new name."""
    import dataclasses

    from audiogame.table.frame import unclassified
    from engine.registry import register_game, unregister_game

    register_game(dataclasses.replace(FACTS, name="banker", rule_prefix="BK",
                                      event_modules=("tests.banker_event",)))  # fmt: skip
    try:
        return unclassified("banker")
    finally:
        unregister_game("banker")


def test_the_new_online_table_form_offers_it_with_its_own_options(high_card: str) -> None:
    """The terminal's form for a new online table: the fourth game, its number of players and
    its own option from its facts, a seat for each player; Create sends them."""
    from prompt_toolkit.input import create_pipe_input

    from audiogame.app.menus import MainMenu
    from audiogame.online.new_table import CreateMenu
    from audiogame.testing import key_bytes, make_session

    sent: list[dict[str, Any]] = []

    class Play:
        def send(self, message: dict[str, Any]) -> None:
            sent.append(message)

    with create_pipe_input() as pipe:
        session = make_session(input=pipe)
        session.app.start([MainMenu(session.app), CreateMenu(session.app, Play())])  # type: ignore[arg-type]
        keys = ["down", "left", "down", "right", "right", "down", "right",
                "down", "down", "down", "right", "home", "enter", "c-c"]  # fmt: skip
        pipe.send_text(key_bytes(keys))
        session.app.run()
    spoken = session.spoken
    assert "Game: High card" in " ".join(spoken)
    assert any(line.startswith("Players: 4 players") for line in spoken)  # 2, 3, 4: no 5
    assert any(line.startswith("Cards each: 5") for line in spoken)
    assert any(line.startswith("Seat 4: computer player, hard") for line in spoken)
    assert sent == [{
        "type": "create", "game": high_card, "options": {"players": 4, "cards": 5},
        "seats": ["person", "bot:normal", "bot:normal", "bot:hard"], "private": False,
        "grace": 60, "turn_timer": 0,
    }]  # fmt: skip


def test_once_withdrawn_the_game_is_offered_no_more() -> None:
    with registered() as game:
        assert game_entry(game).title == "High card"
    assert game not in [entry.key for entry in GAMES]
    with pytest.raises(KeyError, match="the games are battle, scientific, cardavia"):
        game_entry(game)
    every_item = drive(["down"] * len(main_menu())).spoken
    assert len(every_item) == len(main_menu()) + 1  # round to the first again
    assert not any(line.startswith("High card") for line in every_item)


def test_a_seat_stream_reads_the_events_of_a_game_registered_after_its_first_event() -> None:
    from audiogame.table.codec import decode_event, encode_event
    from engine.events import Eliminated

    assert decode_event(encode_event(Eliminated(1))) == Eliminated(1)
    with registered():
        assert decode_event(encode_event(HighCardTie((0, 2)))) == HighCardTie((0, 2))


def test_the_game_is_played_over_a_real_server_without_a_line_of_the_server_naming_it(
    high_card: str, tmp_path: Path
) -> None:
    """The server's rooms are game-agnostic: two people and a computer player play the tests'
    game to its end over a real server (the schema, the setup check, the table, the driver
    of its computer player, each seat's stream), and no seat is sent a card it may not know."""
    from tests.online_support import (
        cards_in,
        over,
        play_out,
        player,
        running_server,
        seen_by_seat,
    )
    from tests.test_online_games import link_peer

    options = {"players": 3, "cards": 5}

    async def play() -> tuple[list[str], int, list[int | None], list[Any]]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            people = [await player(url, name) for name in ("Anna", "Bruno")]
            await people[0].send({"type": "create", "game": high_card, "options": options,
                                  "seats": ["person", "bot:normal", "person"]})  # fmt: skip
            table = (await people[0].expect("joined"))["table"]["id"]
            await people[1].send({"type": "join", "table": table})
            await people[1].expect("joined")
            await people[0].expect("presence")
            await people[0].send({"type": "start"})
            starts = [await link.expect("started") for link in people]
            pairs = enumerate(zip(people, starts, strict=True))
            await asyncio.gather(*(play_out(link, n, start) for n, (link, start) in pairs))
            room = server.rooms[table]
            seats = [room.seat_of(link_peer(server, link)) for link in people]
            assert room.table is not None
            log, seed = list(room.table.log), room.seed
            for link in people:
                await link.close()
        return log, seed, seats, people

    log, seed, seats, people = asyncio.run(play())
    assert all(any(over(message) for message in link.messages) for link in people)
    assert sum(line.startswith("1 ") for line in log) == 5  # the computer player's five flips
    ended = [m for link in people for m in link.messages if m.get("type") == "update"
             and any(e["kind"] == "game_over" for e in m["events"])]  # fmt: skip
    assert len(ended) == 2
    seen = seen_by_seat(high_card, {**options, "level": "normal"}, seed, log)
    for link, seat in zip(people, seats, strict=True):
        assert seat is not None
        for frame, message in zip(link.frames, link.messages, strict=True):
            if "seq" in message:
                assert not cards_in(frame) - seen[seat][message["seq"]], (seat, message["seq"])


def test_a_game_no_one_registered_is_refused_by_the_server(tmp_path: Path) -> None:
    from tests.online_support import player, running_server

    async def ask() -> dict[str, Any]:
        async with running_server(tmp_path) as server:
            anna = await player(f"ws://127.0.0.1:{server.port}/", "Anna")
            await anna.send({"type": "create", "game": "high_card", "seats": ["person", "bot:easy"],
                             "options": {"players": 2}})  # fmt: skip
            error = await anna.expect("error")
            await anna.close()
            return error

    error = asyncio.run(ask())
    assert error["code"] == "invalid" and "high_card" in error["message"]


def test_the_page_offers_it_in_its_new_table_form_with_its_own_options(high_card: str) -> None:
    """The page builds its form from what the server puts in it: the tests' game is there,
    with its players and its own option from its facts, beside the others in the page's
    language."""
    import html
    import json
    import re

    from audiogame.web.pages import page, setup_forms

    forms = {form["key"]: form for form in setup_forms("en")}
    assert list(forms) == games() and games()[-1] == high_card  # the three that ship first
    assert forms[high_card]["players"] == {"min": 2, "max": 4, "default": 2}
    assert forms[high_card]["options"] == [{"key": "cards", "label": "Cards each",
        "switch": False, "default": 3, "values": [[3, "3"], [5, "5"]]}]  # fmt: skip
    italian = {form["key"]: form for form in setup_forms("it")}
    assert italian["cardavia"]["options"][0]["label"] == "Smazzate nella partita"
    assert italian["battle"]["options"][0]["values"] == [[52, "52 carte"], [32, "32 carte"]]
    page.cache_clear()
    try:
        found = re.search(rb'id="setup-forms">(.*?)</script>', page("en"))
        assert found is not None
        inside = json.loads(html.unescape(found.group(1).decode("utf-8")))
        assert [form["key"] for form in inside["games"]][-1] == high_card
    finally:
        page.cache_clear()
