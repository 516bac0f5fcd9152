"""The intervals every simulated figure carries: the Wilson interval of a chance and Newcombe's interval of the
difference of two, checked against their authors' worked examples."""

from __future__ import annotations

import pytest

from shipyard.core.intervals import newcombe, wilson


def test_the_wilson_interval_of_newcombes_example():
    """Newcombe (1998, Statistics in Medicine 17, Table I): 81 of 263 gives 0.2553 to 0.3662 by the score method."""
    low, high = wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)


def test_the_difference_of_two_chances_by_newcombes_method_10():
    """Newcombe (1998, Statistics in Medicine 17, Table II, example (a)): 56/70 - 48/80 = 0.8 - 0.6 = 0.2000, its 95%
    interval by the hybrid score method (10) 0.0524 to 0.3339: the Wilson intervals 0.6918-0.8770 and 0.4905-0.7004,
    so 0.2 - sqrt(0.1082^2 + 0.1004^2) and 0.2 + sqrt(0.0770^2 + 0.1095^2)."""
    low, high = newcombe(56, 70, 48, 80)
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)


def test_a_difference_stays_within_minus_one_and_one():
    """All against none: the difference is 1 and its interval ends there, never past it."""
    low, high = newcombe(20, 20, 0, 20)
    assert high == 1.0 and 0.7 < low < 1.0
    assert newcombe(0, 20, 20, 20)[0] == -1.0


@pytest.mark.parametrize(("wins", "runs"), [(0, 10), (5, 10), (10, 10)])
def test_a_chance_against_itself_differs_by_an_interval_around_nothing(wins: int, runs: int):
    low, high = newcombe(wins, runs, wins, runs)
    assert low <= 0.0 <= high and low == pytest.approx(-high)
