"""One replay of a table's log (Table.replay), with hooks: the server's restart (the log and
the stand-ins' comings and goings), an offline resume (a save's deal lines, the moves and
events its seat received) and the computer players brought back with their memory
(audiogame.table.recall, which asks them at each of their moves) all go through it."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from audiogame.saves.moves import deal_recipe, is_deal
from audiogame.table.recall import relive
from audiogame.table.session import NEXT_DEAL, Table
from engine.actions import Action
from engine.events import Event


@functools.cache
def played(deal_lines: bool) -> tuple[Table, list[str]]:
    """A Cardavia match of three deals played to its third deal: the person at seat 0 away
    for a while (a stand-in keeps his seat), back, away again; the log as the server keeps it,
    or as a save does (``deal_lines``: each new deal by its hands). Played once for the tests
    of a process (the hard player thinks for a second): they read it and change nothing."""
    table = Table("cardavia", {"deals": 3}, seed=8, bots={1: "hard", 2: "normal"})
    rng = random.Random(1)
    lines: list[str] = []
    while table.deal_number < 3 or len(table.log) < 100:
        if table.is_over:
            table.next_deal()
            recipe = deal_recipe("cardavia", table.state)
            lines.append(recipe if deal_lines and recipe else NEXT_DEAL)
            continue
        if len(table.log) in (10, 62):
            table.take_over(0, "hard")
        elif len(table.log) == 30:
            table.give_back(0)
        seat = table.to_act()[0]
        bot = table.thinker(seat)
        action = bot.choose(*table.bot_turn(seat)[1:]) if bot else rng.choice(table.legal(seat))
        table.apply(seat, action)
        lines.append(table.log[-1])
    return table, lines


def views(table: Table) -> list[str]:
    return [repr(table.view(seat)) for seat in range(table.players)]


@pytest.mark.parametrize("deal_lines", [False, True], ids=["server log", "save"])
def test_a_replayed_table_is_the_table_that_was_left_stand_ins_included(deal_lines: bool) -> None:
    table, lines = played(deal_lines)
    assert any(is_deal(line) for line in lines) == deal_lines
    again = Table("cardavia", {"deals": 3}, seed=8, bots={1: "hard", 2: "normal"})
    again.replay(lines, table.handovers)
    assert views(again) == views(table) and again.to_act() == table.to_act()
    assert (again.deal_number, again.totals) == (table.deal_number, table.totals)
    assert again.log == table.log
    assert again.handovers == table.handovers and len(table.handovers) == 3
    assert sorted(again.stand_ins) == sorted(table.stand_ins) == [0]


def test_the_hooks_see_every_move_before_and_every_line_after() -> None:
    _, lines = played(True)
    again = Table("cardavia", {"deals": 3}, seed=8, bots={1: "hard", 2: "normal"})
    before: list[tuple[int, Action]] = []
    after: list[tuple[str, Any, list[Event]]] = []
    again.replay(lines, before=lambda *move: before.append(move),
                 after=lambda *line: after.append(line))  # fmt: skip
    assert [line for line, _, _ in after] == lines
    assert [move for _, move, _ in after if move is not None] == before
    assert len(before) == len(lines) - 2  # two new deals
    assert [events[0].kind for line, _, events in after if is_deal(line)] == ["deal_started"] * 2


def test_a_damaged_line_is_refused_with_the_lines_before_it_applied() -> None:
    _, lines = played(False)
    again = Table("cardavia", {"deals": 3}, seed=8, bots={1: "hard", 2: "normal"})
    with pytest.raises(ValueError):
        again.replay([*lines[:5], "1 play Zz", *lines[6:]])
    assert again.log == lines[:5]


def test_relived_players_end_with_the_memory_of_the_players_that_played() -> None:
    table, lines = played(True)
    again = Table("cardavia", {"deals": 3}, seed=8, bots={1: "hard", 2: "normal"})
    assert relive(again, lines, table.handovers) == 0
    assert again.bots[1].rng.getstate() == table.bots[1].rng.getstate()  # type: ignore[attr-defined]
    assert again.stand_ins[0].rng.getstate() == table.stand_ins[0].rng.getstate()  # type: ignore[attr-defined]
