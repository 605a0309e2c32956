"""One driver of computer players (audiogame.table.driver) for the offline table and the
server's room: whose turn needs a computer player's decision, the pace and the hurry, held
while the table is held, a stand-in's seat given back while it thinks, and answers that come
too late thrown away with the table's own player untouched."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from audiogame.table.driver import Answer, Driver, done_now, think
from audiogame.table.session import Table
from engine.actions import Action
from engine.events import Event
from tests.test_online_recall import memory_of


class Manual:
    """Thinking the test answers when it wants: each decision waits in :attr:`asked`."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, Any, Any, list[Action], Answer]] = []

    def decide(self, what: str, bot: Any, view: Any, legal: Sequence[Action],
               answer: Answer) -> None:  # fmt: skip
        seat = int(what.rsplit(" ", 1)[1])
        self.asked.append((seat, bot, view, list(legal), answer))

    def run(self, what: str, function: Callable[..., Any], args: tuple[Any, ...],
            answer: Answer) -> None:  # fmt: skip
        answer(done_now(function, *args))

    def answer(self, index: int = 0, shipped: bool = True) -> None:
        """The decision ``index`` answered, by a copy of the player (as a worker would)."""
        import copy

        _, bot, view, legal, answer = self.asked.pop(index)
        answer(done_now(think, copy.deepcopy(bot) if shipped else bot, view, legal))


class Clock:
    """The pace's waits, run when the test says."""

    def __init__(self) -> None:
        self.waits: list[tuple[float, Callable[[], None], list[bool]]] = []

    def later(self, delay: float, callback: Callable[[], None]) -> Any:
        cancelled = [False]
        self.waits.append((delay, callback, cancelled))

        class Handle:
            def cancel(self) -> None:
                cancelled[0] = True

        return Handle()

    def live(self) -> int:
        return sum(not cancelled[0] for _, _, cancelled in self.waits)

    def run(self) -> None:
        waits, self.waits = self.waits, []
        for _, callback, cancelled in waits:
            if not cancelled[0]:
                callback()


def recorder(played: list[tuple[int, Action]]) -> Callable[[int, Action, list[Event]], None]:
    return lambda seat, action, events: played.append((seat, action))


def person_moves(table: Table, driver: Driver) -> None:
    """The person at seat 0 plays his first legal move; the driver is told, as its owner does."""
    table.apply(0, table.legal(0)[0])
    driver.kick()


def bot_first(bots: dict[int, str]) -> Table:
    """A Cardavia table where a computer player with a real choice leads."""
    for seed in range(1, 60):
        table = Table("cardavia", {"deals": 1}, seed=seed, bots=bots)
        seat = table.to_act()[0]
        if seat in bots and len(table.legal(seat)) > 1:
            return table
    raise AssertionError("no deal where a computer player leads")


def test_the_pace_comes_before_each_round_and_hurry_cuts_it_up_to_the_persons_turn() -> None:
    table = bot_first({1: "normal", 2: "normal"})
    clock = Clock()
    played: list[tuple[int, Action]] = []
    driver = Driver(table, Manual(), recorder(played), pace=lambda: 2.0, later=clock.later)
    manual = driver.thinking
    assert isinstance(manual, Manual)
    driver.start()
    assert [delay for delay, _, _ in clock.waits] == [2.0] and not manual.asked
    clock.run()
    assert [seat for seat, *_ in manual.asked] == [table.to_act()[0]]
    manual.answer()
    assert len(played) == 1
    assert 0 not in table.to_act(), "the second computer player is to play"
    assert clock.live() == 1 and not manual.asked  # after the pace again
    driver.hurry()  # no wait: they all play now, up to the person's turn
    while 0 not in table.to_act():
        assert clock.live() == 0
        manual.answer()
    assert driver.hurried is False  # the person's turn ended the hurry
    person_moves(table, driver)
    assert clock.live() == 1 and clock.waits[-1][0] == 2.0  # paced again


def test_an_answer_that_comes_while_the_table_is_held_waits_for_it_to_open() -> None:
    table = bot_first({1: "normal", 2: "normal"})
    played: list[tuple[int, Action]] = []
    manual = Manual()
    driver = Driver(table, manual, recorder(played))
    away = [False]
    driver.active = lambda: not away[0]
    driver.start()
    assert len(manual.asked) == 1
    away[0] = True  # the pause menu
    manual.answer()
    assert played == [] and table.log == []
    driver.kick()
    assert played == [] and not manual.asked  # still held: no one else thinks either
    away[0] = False
    driver.kick()
    assert len(played) == 1 and table.log


def test_a_late_answer_is_thrown_away_and_the_tables_player_is_untouched() -> None:
    table = Table("scientific", {"players": 2}, seed=5, bots={1: "hard"})
    played: list[tuple[int, Action]] = []
    manual = Manual()
    driver = Driver(table, manual, recorder(played))
    driver.start()
    assert [seat for seat, *_ in manual.asked] == [1] and 0 in table.to_act()
    before = memory_of(table.bots[1])
    person_moves(table, driver)  # the person chose meanwhile: the view it was asked on is old
    manual.answer()
    assert played == [] and len(table.log) == 1  # the person's move only
    assert memory_of(table.bots[1]) == before  # what it learnt deciding on the old view: gone
    assert [seat for seat, *_ in manual.asked] == [1]  # asked again, on the new view
    manual.answer()
    assert played and played[0][0] == 1
    assert memory_of(table.bots[1]) != before  # the answer played: the player that came back


def test_a_stand_ins_answer_for_a_seat_given_back_is_not_played() -> None:
    table = next(t for t in (Table("cardavia", {"deals": 1}, seed=seed, bots={1: "normal",
                 2: "normal"}) for seed in range(1, 60)) if t.to_act() == (0,))  # fmt: skip
    played: list[tuple[int, Action]] = []
    manual = Manual()
    driver = Driver(table, manual, recorder(played))
    driver.start()
    assert manual.asked == []  # a person's turn: no computer decision
    table.take_over(0)  # he is away: a stand-in keeps his seat
    driver.kick()
    assert [seat for seat, *_ in manual.asked] == [0]
    table.give_back(0)  # he is back before the stand-in answered
    manual.answer()
    assert played == [] and table.to_act() == (0,) and manual.asked == []
