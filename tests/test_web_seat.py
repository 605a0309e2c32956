"""A browser seat on the server, without a browser: a real server's stream for one seat goes in,
what the page would say, show and offer comes out, from the terminal game's own table screens,
in the seat's language; its keys become that seat's moves; trouble stays with the seat."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from audiogame import i18n
from audiogame.app.command import Command
from audiogame.presenters.cardavia import CardaviaTable
from audiogame.presenters.table_screen import TableScreen
from audiogame.table.seat import SeatState
from audiogame.web.page_host import PageHost
from audiogame.web.page_keys import key_list
from audiogame.web.seat import BrowserSeat
from tests.online_support import Recorder, running_server


def opening(tmp_path: Path, game: str = "cardavia", **options: Any) -> list[dict[str, Any]]:
    """The ``joined`` and ``started`` messages of a seat at a new table of ``game``."""

    async def run() -> list[dict[str, Any]]:
        async with running_server(tmp_path) as server:
            link = Recorder(f"ws://127.0.0.1:{server.port}/", "Anna")
            await link.open()
            seats = ["person", "bot:greedy", "bot:greedy"] if game == "cardavia" else [
                "person", "bot:greedy"]  # fmt: skip
            await link.send({"type": "create", "game": game, "options": options, "seats": seats})
            joined = await link.expect("joined")
            await link.send({"type": "start"})
            started = await link.expect("started")
            await link.close()
            return [joined, started]

    return asyncio.run(run())


def seat_with(
    messages: list[dict[str, Any]], language: str = "en"
) -> tuple[BrowserSeat, list[dict[str, Any]]]:
    out: list[dict[str, Any]] = []
    seat = BrowserSeat(out.append, language)
    for message in messages:
        seat.outgoing(message)
    return seat, out


def said(out: list[dict[str, Any]]) -> list[str]:
    return [m["text"] for m in out if m["type"] == "say" and m["text"]]


def test_a_cardavia_seat_hears_the_terminal_words_and_gets_its_hand_and_keys(
    tmp_path: Path,
) -> None:
    seat, out = seat_with(opening(tmp_path))
    assert "Cardavia online. Order of play: you, Carla and Bruno." in said(out)
    assert "engine" not in str([m for m in out if m["type"] in ("say", "show", "hand")])
    hand = next(m for m in reversed(out) if m["type"] == "hand")
    assert len(hand["cards"]) == 16 and hand["cursor"] == 0
    assert all(set(card) == {"name", "selected"} for card in hand["cards"])
    keys = next(m for m in out if m["type"] == "keys")["keys"]
    buttons = {entry["key"]: entry["label"] for entry in keys if entry["button"]}
    assert buttons["space"].startswith("Space: select or unselect")
    assert "escape" not in buttons and "d" not in buttons  # the page's own, and no deal code
    out.clear()
    assert seat.key("right") == []  # moving in the hand asks nothing of the table
    assert said(out)[0].startswith(hand["cards"][1]["name"] + ", ")
    assert next(m for m in out if m["type"] == "hand")["cursor"] == 1


def test_a_seat_speaks_its_own_language_whatever_the_server_speaks(tmp_path: Path) -> None:
    i18n.set_language("en")
    stream = opening(tmp_path)
    _, italian = seat_with(stream, "it")
    _, english = seat_with(stream, "en")
    assert i18n.language() == "en"
    assert len(said(italian)) == len(said(english))
    assert [a for a, b in zip(said(italian), said(english), strict=True) if a == b] == []
    keys = next(m for m in italian if m["type"] == "keys")["keys"]
    labels = {entry["key"]: entry["label"] for entry in keys if entry["button"]}
    assert labels["space"].startswith("Spazio: ")


def test_enter_on_a_selection_asks_the_table_for_that_play(tmp_path: Path) -> None:
    seat, _ = seat_with(opening(tmp_path))
    screen = seat.screen
    assert isinstance(screen, CardaviaTable), "Cardavia's table is shown"
    assert seat.state is not None, "the game has started"
    if 0 not in seat.state.to_act():  # the three of hearts is elsewhere: nothing to play yet
        assert seat.key("enter") == []
        return
    assert seat.key("tab") == []
    intents = seat.key("enter")
    assert len(intents) == 1 and intents[0][0] == "act"
    assert intents[0][1].kind == "play"
    assert set(intents[0][1].cards) == set(screen.hand.selected) or not screen.hand.selected


def test_a_stream_the_seat_cannot_present_is_said_once_and_never_raises(tmp_path: Path) -> None:
    joined, started = opening(tmp_path)
    broken = {**started, "view": [1, 2, 3]}
    _, out = seat_with([joined, broken, broken])
    trouble = [text for text in said(out) if "cannot show the table" in text]
    assert len(trouble) == 1


def test_keys_before_a_game_and_presence_words(tmp_path: Path) -> None:
    seat, out = seat_with([])
    assert seat.key("space") == []
    assert said(out) == ["The game has not started yet."]
    seat.outgoing({"type": "presence", "what": "dropped", "name": "Bruno", "seat": 1})
    seat.outgoing({"type": "error", "code": "table_full", "message": "every seat is taken"})
    assert said(out)[-1] == "Bruno has lost the connection; the seat is kept."
    assert out[-1]["message"] == "Every seat of that table is taken."


def test_a_spectator_hears_the_public_events_by_the_players_names(tmp_path: Path) -> None:
    async def run() -> list[dict[str, Any]]:
        async with running_server(tmp_path) as server:
            url = f"ws://127.0.0.1:{server.port}/"
            anna, dario = Recorder(url, "Anna"), Recorder(url, "Dario")
            await anna.open()
            await dario.open()
            await anna.send({"type": "create", "game": "scientific", "options": {"players": 2},
                             "seats": ["person", "bot:greedy"]})  # fmt: skip
            table = (await anna.expect("joined"))["table"]["id"]
            await dario.send({"type": "watch", "table": table})
            joined = await dario.expect("joined")
            await anna.send({"type": "start"})
            started = await dario.expect("started")
            await anna.send({"type": "act", "action": (await anna.expect("started"))["legal"][0]})
            updates = [await dario.expect("update")]
            # Up to the reveal: both have chosen (the computer player thinks in a worker
            # process, so Anna's choice may come first).
            while not any(e["kind"] == "reveal" for e in updates[-1]["events"]):
                updates.append(await dario.expect("update"))
            for link in (anna, dario):
                await link.close()
            return [joined, started, *updates]

    _, out = seat_with(asyncio.run(run()))
    words = said(out)
    assert "Bruno has chosen." in words
    assert any(text.startswith("Anna: ") and "Bruno: " in text for text in words)  # the reveal
    assert not [m for m in out if m["type"] == "hand"]  # a spectator holds no cards


def test_a_card_tapped_at_cardavia_out_of_turn_is_only_said(tmp_path: Path) -> None:
    seat, out = seat_with(opening(tmp_path))
    assert seat.state is not None, "the game has started"
    if 0 in seat.state.to_act():
        return  # this deal starts with the player: covered by the play test
    out.clear()
    assert seat.pick(5) == []
    hand = next(m for m in out if m["type"] == "hand")
    assert hand["cursor"] == 5
    assert said(out)[0].startswith(hand["cards"][5]["name"] + ", ")
    assert seat.pick(99) == []
    assert said(out)[-1] == "That card is no longer in your hand."


def test_an_information_key_sends_its_words_and_nothing_the_page_has_already(
    tmp_path: Path,
) -> None:
    """T and E at a Battaglia table: the words, once each key; the state lines, the hand and
    the keys the page was sent stay as they are, and are not sent again."""
    stream = opening(tmp_path, "battle", players=2, deck=32)
    for language, turn, owned in (
        ("en", "Trick 1 of 2000. Your turn: press Space or Enter.",
         "Cards owned: you 16, Bruno 16."),
        ("it", "Presa 1 di 2000. Tocca a te: premi Spazio o Invio.",
         "Carte possedute: tu 16, Bruno 16."),
    ):  # fmt: skip
        seat, out = seat_with(stream, language)
        shown = {m["type"]: m for m in out if m["type"] in ("show", "hand", "keys")}
        assert shown["show"]["lines"] == [turn, owned]
        for _ in range(3):
            out.clear()
            assert seat.key("t") == [] and seat.key("e") == []
            assert [(m["type"], m["text"]) for m in out] == [("say", turn), ("say", owned)]
        assert seat.showing.last == shown


def test_a_table_s_own_keys_are_made_once_and_what_applies_is_asked_at_each_key() -> None:
    """A table whose keys are the same all game long (``fixed_keys``) makes them once; which
    of them apply (their ``enabled``) is asked every time the keys are listed."""
    made: list[int] = []

    class Table(TableScreen):
        game = "battle"
        fixed_keys = True
        out_of_game = False

        def game_commands(self) -> list[Command]:
            made.append(1)
            return [
                Command(("t",), "whose turn it is.", lambda key: None, "turn"),
                Command(("n",), "the others finish the game.", lambda key: None, "finish",
                        enabled=lambda: self.out_of_game),
            ]  # fmt: skip

    host = PageHost(lambda message: None, "en")
    table = Table(host, {"names": ["Bruno"]}, 2, SeatState("battle", 2, lambda action: None))
    with i18n.speaking("en"):
        assert [e["text"] for e in key_list(table.commands()) if not e["button"]] == [
            "T: whose turn it is."
        ]
        table.out_of_game = True
        assert [e["text"] for e in key_list(table.commands()) if not e["button"]] == [
            "T: whose turn it is.",
            "N: the others finish the game.",
        ]
    assert made == [1]
