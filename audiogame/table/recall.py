"""Computer players brought back with their memory, for a table built again from its log (a
server started again after a crash).

A computer player's memory (its random generator, what the hard Scientific Battle player has
followed of the game and learnt of the others) is the sum of the decisions it made. So the
table is played through again from its log and every computer player, and every stand-in while
it kept a person's seat (:attr:`Table.handovers`), is asked again at each move it made: it
decides from the same memory and the same view, and so makes the same move and ends with the
same memory as if the game had never been interrupted. A decision that differs from the log
(a player whose code changed since) is counted, and the log's move is the one applied.

>>> from audiogame.table.session import Table
>>> played = Table("scientific", {"players": 2}, seed=5, bots={1: "hard"})
>>> while not played.is_over and len(played.log) < 12:
...     for seat in played.to_act():
...         bot = played.thinker(seat)
...         action = bot.choose(*played.bot_turn(seat)[1:]) if bot else played.legal(seat)[0]
...         _ = played.apply(seat, action)
>>> again = Table("scientific", {"players": 2}, seed=5, bots={1: "hard"})
>>> relive(again, played.log, [])
0
>>> again.bots[1].rng.getstate() == played.bots[1].rng.getstate()
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from audiogame.computer_players import Bot
from audiogame.table.session import Table
from engine.actions import Action


def relive(table: Table, lines: Sequence[str], handovers: Sequence[Sequence[Any]]) -> int:
    """Apply ``lines`` to a table just made (:meth:`Table.replay`), asking its computer
    players and stand-ins at each of their moves (``handovers`` as :attr:`Table.handovers`
    kept them); the number of decisions that differed from the log."""
    differed = 0

    def ask(seat: int, action: Action) -> None:
        nonlocal differed
        bot = table.thinker(seat)
        if bot is not None and seat in table.to_act():
            differed += bot.choose(table.view(seat), table.legal(seat)) != action

    table.replay(lines, handovers, before=ask)
    return differed


def recall(
    game: str,
    config: Mapping[str, Any],
    seed: int,
    levels: Mapping[int, str],
    lines: Sequence[str],
    handovers: Sequence[Sequence[Any]],
) -> tuple[dict[int, Bot], dict[int, Bot], int]:
    """The computer players and stand-ins of a table at the end of ``lines``, with their
    memory, and how many of their decisions differed from the log (run in a worker process:
    hard players take a while to decide a whole game again)."""
    table = Table(game, config, seed, levels)
    differed = relive(table, lines, handovers)
    return table.bots, table.stand_ins, differed
