"""The engine's draws at fleet scale: a count of hits among identical batteries as one binomial draw, and a damage
table's result as one draw from its exact distribution (``odds.table_distribution``, the TCS82 re-rolls in it).
Each table is built once and kept; a draw is one uniform number and a bisection."""

from __future__ import annotations

import random
from bisect import bisect_right
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate

from shipyard.systems.tcs.combat.fire import TableRolls
from shipyard.systems.tcs.combat.odds import critical_distribution, table_distribution
from shipyard.systems.tcs.combat.readings import Readings

#: How many tables of each kind are kept (a battle asks for a few hundred).
KEPT_TABLES = 4096


@lru_cache(maxsize=KEPT_TABLES)
def _binomial(n: int, p: float) -> tuple[float, ...]:
    """The cumulative chances of 0 ... n-1 successes in ``n`` trials of chance ``p`` (the last, n, is the rest)."""
    q = 1.0 - p
    chance = q**n
    cumulative = [chance]
    for k in range(1, n):
        chance *= (n - k + 1) / k * p / q
        cumulative.append(cumulative[-1] + chance)
    return tuple(cumulative)


def binomial(rng: random.Random, n: int, p: Fraction | float) -> int:
    """How many of ``n`` identical trials of chance ``p`` succeed: one draw."""
    if n <= 0 or p <= 0:
        return 0
    if p >= 1:
        return n
    if n == 1:
        return 1 if rng.random() < p else 0
    return bisect_right(_binomial(n, float(p)), rng.random())


#: A table to draw from: its results and their cumulative chances.
Sampler = tuple[tuple[str, ...], tuple[float, ...]]


@lru_cache(maxsize=KEPT_TABLES)
def sampler(table: str, armour: int, other: int, readings: Readings) -> Sampler:
    """A damage table's results at a DM (armour: the part a TCS82 natural-2 re-roll lowers), ready to draw from."""
    found = table_distribution(TableRolls(table, armour, other), readings)
    return tuple(found), tuple(accumulate(float(p) for p in found.values()))


def drawn(rng: random.Random, table: Sampler) -> str:
    results, cumulative = table
    return results[min(bisect_right(cumulative, rng.random()), len(results) - 1)]


def table_result(rng: random.Random, table: str, armour: int, other: int, readings: Readings) -> str:
    """One roll on a damage table (armour: the part of the DM a TCS82 natural-2 re-roll lowers)."""
    return drawn(rng, sampler(table, armour, other, readings))


@lru_cache(maxsize=KEPT_TABLES)
def _criticals(readings: Readings) -> tuple[tuple[str, ...], tuple[float, ...]]:
    found = critical_distribution(readings)
    return tuple(found), tuple(accumulate(float(p) for p in found.values()))


def critical_sampler(readings: Readings) -> Sampler:
    return _criticals(readings)


def critical_result(rng: random.Random, readings: Readings) -> str:
    return drawn(rng, _criticals(readings))
