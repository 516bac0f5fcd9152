"""Intervals of a chance seen in counted trials: every simulated figure shipyard reports carries one."""

from __future__ import annotations

import math

#: The z of a 95% interval (the normal quantile 0.975), for the Wilson score interval of a chance.
Z_95 = 1.959963984540054


def wilson(successes: int, runs: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a chance seen ``successes`` times in ``runs``."""
    if runs == 0:
        return 0.0, 1.0
    p = successes / runs
    centre = (p + z * z / (2 * runs)) / (1 + z * z / runs)
    half = z * math.sqrt(p * (1 - p) / runs + z * z / (4 * runs * runs)) / (1 + z * z / runs)
    # At 0 and all the interval's end is the chance itself; in floats it falls a hair inside (0.9999999999999999).
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == runs else min(1.0, centre + half)
    return low, high


def newcombe(successes: int, runs: int, other_successes: int, other_runs: int, z: float = Z_95) -> tuple[float, float]:
    """The interval of the difference of two chances (the first less the other) by Newcombe's hybrid score method
    (his method 10, 1998: each chance's Wilson interval, joined): for chances seen in independent trials; for trials
    paired by common random numbers, whose outcomes go together, it is wider than it need be."""
    p1 = successes / runs if runs else 0.0
    p2 = other_successes / other_runs if other_runs else 0.0
    l1, u1 = wilson(successes, runs, z)
    l2, u2 = wilson(other_successes, other_runs, z)
    difference = p1 - p2
    low = difference - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = difference + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return max(-1.0, low), min(1.0, high)
