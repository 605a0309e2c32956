"""Mixed strategies of a two-player zero-sum matrix game, by regret matching.

``payoff[i][j]`` is what the row player gets when he plays ``i`` and the column player ``j``
(the column player gets the opposite). Regret matching+ with averaged strategies converges to
an equilibrium: neither side can gain by deviating alone.

>>> rows, cols, value = solve([[1.0, -1.0], [-1.0, 1.0]], iterations=400)
>>> [round(p, 1) for p in rows], round(value, 2)
([0.5, 0.5], 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from operator import mul


def solve(
    payoff: Sequence[Sequence[float]], *, iterations: int = 200
) -> tuple[list[float], list[float], float]:
    """The row and column mixed strategies and the game's value to the row player."""
    n = len(payoff)
    m = len(payoff[0])
    columns = [[payoff[i][j] for i in range(n)] for j in range(m)]
    row_regret = [0.0] * n
    col_regret = [0.0] * m
    row_sum = [0.0] * n
    col_sum = [0.0] * m
    row = [1.0 / n] * n
    col = [1.0 / m] * m
    for step in range(1, iterations + 1):
        row_values = [sum(map(mul, line, col)) for line in payoff]
        col_values = [-sum(map(mul, line, row)) for line in columns]
        row_mean = sum(map(mul, row, row_values))
        col_mean = sum(map(mul, col, col_values))
        row_regret = [
            max(0.0, r + v - row_mean) for r, v in zip(row_regret, row_values, strict=True)
        ]
        col_regret = [
            max(0.0, r + v - col_mean) for r, v in zip(col_regret, col_values, strict=True)
        ]
        row = _normalised(row_regret)
        col = _normalised(col_regret)
        # Later strategies weigh more (linear averaging): faster to settle.
        row_sum = [total + step * p for total, p in zip(row_sum, row, strict=True)]
        col_sum = [total + step * q for total, q in zip(col_sum, col, strict=True)]
    rows = _normalised(row_sum)
    cols = _normalised(col_sum)
    value = sum(rows[i] * sum(payoff[i][j] * cols[j] for j in range(m)) for i in range(n))
    return rows, cols, value


def _normalised(weights: list[float]) -> list[float]:
    total = sum(weights)
    if total <= 0:
        return [1.0 / len(weights)] * len(weights)
    return [w / total for w in weights]


def best_response(
    payoff: Sequence[Sequence[float]], column_mix: Sequence[float]
) -> tuple[int, float]:
    """The row that earns most against ``column_mix``, and what it earns."""
    best, best_value = 0, float("-inf")
    for i, line in enumerate(payoff):
        value = sum(p * q for p, q in zip(line, column_mix, strict=True))
        if value > best_value:
            best, best_value = i, value
    return best, best_value


def soft_choice(values: Sequence[float], u: float, *, spread: float) -> tuple[int, float]:
    """A mixed choice among ``values`` (higher is better): each option weighs
    ``exp((value - best) / spread)``, so options close to the best are played often and poor
    ones almost never. ``u`` in [0, 1) draws the choice. Returns the index and its chance.

    >>> soft_choice([1.0, 1.0, -20.0], 0.7, spread=0.5)
    (1, 0.5)
    """
    top = max(values)
    weights = [math.exp((v - top) / spread) if v - top > -30 * spread else 0.0 for v in values]
    total = sum(weights)
    drawn = u * total
    for i, w in enumerate(weights):
        drawn -= w
        if drawn < 0 and w:
            return i, w / total
    last = max(i for i, w in enumerate(weights) if w)
    return last, weights[last] / total
