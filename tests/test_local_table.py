"""Offline play is a table in the program's own process (audiogame.table.local): the table
screen presents one seat's stream and never holds the engine state; computer players think in
a worker thread, so that no key waits for them."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input

import audiogame.table.session as session_module
from audiogame.computer_players import make_bot
from audiogame.presenters.table_screen import TableScreen
from audiogame.settings import Settings
from audiogame.table.local import LocalTable
from audiogame.table.seat import SeatState
from audiogame.table.session import Table
from audiogame.testing import drive, key_bytes, local_table, make_session, opening, top_screen
from engine.battle.state import BattleState
from engine.cardavia.state import CardaviaState
from engine.scientific.state import ScientificState

ENGINE_STATES = (BattleState, ScientificState, CardaviaState)
GAMES = [
    ("battle", {"seed": 3, "players": 3, "deck": 32}, [" "] * 12),
    ("battle", {"seed": 5, "players": 2, "open": True}, ["c-m", "c-m"] * 6),
    ("scientific", {"seed": 2, "players": 3}, ["c-m", "c-m"] * 6),
    ("cardavia", {"seed": 4, "deals": 2}, ["c-i", "c-m", "n", "p", "n"] * 4),
]


def reachable(value: Any, seen: set[int], found: list[Any], depth: int = 0) -> None:
    """Every value held by ``value``'s attributes and containers (not what its callbacks
    would reach: they are the way to the table, as a network connection is online)."""
    if id(value) in seen or depth > 12 or (callable(value) and not hasattr(value, "__dict__")):
        return
    seen.add(id(value))
    found.append(value)
    if isinstance(value, dict):
        items = list(value.values()) + list(value.keys())
    elif isinstance(value, list | tuple | set | frozenset):
        items = list(value)
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        items = [item for name, item in vars(value).items() if name != "app"]
    else:
        items = []
    for item in items:
        if callable(item) and not hasattr(item, "__dict__"):
            continue  # a bound method or a function: a callback
        reachable(item, seen, found, depth + 1)


@pytest.mark.parametrize(("game", "config", "keys"), GAMES, ids=[g[0] for g in GAMES])
def test_an_offline_table_screen_holds_the_seat_stream_and_no_engine_state(
    game: str, config: dict[str, Any], keys: list[str]
) -> None:
    session = make_session()
    session.app.start(opening(session.app, game, config))
    for key in keys:
        session.app.dispatch(key)
    screen = top_screen(session, TableScreen)
    assert isinstance(screen.state, SeatState)
    found: list[Any] = []
    reachable(screen, set(), found)
    held = [type(value).__name__ for value in found
            if isinstance(value, (*ENGINE_STATES, Table, LocalTable))]  # fmt: skip
    assert held == []
    # The table behind it does hold the state, and it moved with the keys.
    assert isinstance(local_table(screen).state, ENGINE_STATES)
    assert local_table(screen).record.moves


def stream_of(game: str, config: dict[str, Any], keys: list[str]) -> list[list[Any]]:
    """The events of every message the seat's stream carried while ``keys`` were pressed."""
    messages: list[list[Any]] = []
    real_take = SeatState.take

    def take(self: SeatState, kind: str, events: list[Any], *rest: Any) -> Any:
        messages.append(list(events))
        return real_take(self, kind, events, *rest)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SeatState, "take", take)
        drive(keys, game=game, config=config)
    return messages


def test_an_offline_seat_never_receives_a_face_down_card_bt5() -> None:
    """BT-5: the cards laid face down in a war are counted to the seat, never named."""
    hidden_total = 0
    for seed in range(1, 12):
        messages = stream_of("battle", {"seed": seed, "players": 2, "deck": 32}, [" "] * 40)
        shown: set[str] = set()
        for events in messages:
            for event in events:
                if event.kind == "reveal":
                    shown.update(card.token() for _, card in event.cards)
                elif event.kind == "trick_won":
                    named = {card.token() for card in event.cards}
                    assert named <= shown, f"deal {seed}: {named - shown} were never turned up"
                    hidden_total += event.hidden
                    shown.clear()
    assert hidden_total > 0  # wars with face-down cards happened: the check could fail


class SlowPlayers:
    """Computer players who decide only when the test lets them."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.release = threading.Event()
        self.asked = threading.Event()
        real_make_bot = make_bot
        slow = self

        class Slow:
            def __init__(self, bot: Any) -> None:
                self.bot = bot

            def choose(self, view: Any, legal: Any) -> Any:
                slow.asked.set()
                slow.release.wait(30)
                return self.bot.choose(view, legal)

        monkeypatch.setattr(session_module, "make_bot", lambda *args: Slow(real_make_bot(*args)))


async def until(check: Callable[[], bool]) -> bool:
    """Let the program run until ``check`` holds (a generous bound, never a measured time)."""
    for _ in range(3000):
        if check():
            return True
        await asyncio.sleep(0.01)
    return False


MOVE = ["enter", "enter"]  # the card is said, then played
CONFIG = {
    "battle": {"seed": 4, "players": 2, "open": True, "level": "greedy"},
    "scientific": {"seed": 4, "players": 2, "level": "greedy"},
}


def reveals(said: list[str]) -> list[int]:
    return [i for i, line in enumerate(said) if line.startswith("You: ")]


@pytest.mark.parametrize("game", ["battle", "scientific"])
def test_a_slow_computer_player_never_delays_a_key(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The computer players think in a worker thread (a forced move, such as a classic flip,
    is answered at once): while Anna has not decided her next card, T is answered; her card
    is heard once she decides."""
    slow = SlowPlayers(monkeypatch)
    slow.release.set()  # the opening choices come at once
    config = CONFIG[game]

    async def run() -> tuple[list[str], int]:
        with create_pipe_input() as pipe:
            program = make_session(input=pipe, settings=Settings(language="en"))
            program.app.thinkers = None  # the program's own worker thread
            program.app.start(opening(program.app, game, config))
            task = asyncio.ensure_future(program.app.run_async())
            assert await until(
                lambda: top_screen(program, TableScreen).state.to_act() == (0,)
            )  # Anna chose
            slow.release.clear()
            slow.asked.clear()
            pipe.send_text(key_bytes(MOVE))  # trick 1: Anna had chosen already
            assert await until(lambda: len(reveals(program.spoken)) == 1)
            assert await until(slow.asked.is_set)  # Anna thinks about trick 2, and waits
            before = len(program.spoken)
            pipe.send_text(key_bytes(["t", *MOVE]))
            assert await until(lambda: len(program.spoken) > before)
            released = len(program.spoken)
            slow.release.set()
            assert await until(lambda: len(reveals(program.spoken)) == 2)
            pipe.send_text(key_bytes(["c-c"]))
            await task
            return program.spoken, released

    said, released = asyncio.run(run())
    answer = next(line for line in said if line.startswith("Trick 2 of "))
    assert said.index(answer) < released  # T was answered while Anna still thought
    assert len(reveals(said[:released])) == 1  # trick 2 was not turned up before she decided
    assert reveals(said)[1] >= released


def test_a_slow_hint_never_delays_a_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint is thought in the worker thread too: T, pressed while it is being found, is
    answered first; the hint follows once found."""
    import audiogame.presenters.hints as hints_module
    from engine.bots import make

    release = threading.Event()
    real_make = make

    class SlowAdvisor:
        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def advise(self, view: Any, legal: Any) -> Any:
            release.wait(30)
            return self.bot.advise(view, legal)

    monkeypatch.setattr(hints_module, "make", lambda *a, **k: SlowAdvisor(real_make(*a, **k)))

    async def run() -> tuple[list[str], int]:
        with create_pipe_input() as pipe:
            program = make_session(input=pipe, settings=Settings(language="en"))
            program.app.thinkers = None  # the program's own worker thread
            program.app.start(opening(program.app, "scientific", CONFIG["scientific"]))
            task = asyncio.ensure_future(program.app.run_async())
            assert await until(lambda: top_screen(program, TableScreen).state.to_act() == (0,))
            before = len(program.spoken)
            pipe.send_text(key_bytes(["h", "t"]))
            assert await until(lambda: len(program.spoken) > before)
            released = len(program.spoken)
            release.set()
            assert await until(lambda: any(line.startswith("Hint: ") for line in program.spoken))
            pipe.send_text(key_bytes(["c-c"]))
            await task
            return program.spoken, released

    said, released = asyncio.run(run())
    assert said[released - 1].startswith("Trick 1 of ")  # T, while the hint was being found
    assert not any(line.startswith("Hint: ") for line in said[:released])
