"""Chances as text and data (shipyard/core/chances.py), worked by hand."""

from __future__ import annotations

from fractions import Fraction as F

from shipyard.core.chances import (
    FRACTION_DIGITS,
    NEGLIGIBLE,
    OTHER,
    chance_data,
    chance_text,
    distribution_text,
    folded,
    percent,
    short,
)


def test_a_percentage_to_one_decimal_and_more_only_where_it_would_read_as_0_or_100():
    """5/18 = 0.27777... is 27.8%; 1/3000 = 0.0333...% reads 0.0% to one decimal, so two: 0.03%; 2999/3000 =
    99.9666...% reads 100.0%, so two: 99.97%. 0 and 1 are exactly 0% and 100%."""
    assert percent(F(5, 18)) == "27.8%"
    assert percent(F(1, 3000)) == "0.03%"
    assert percent(F(2999, 3000)) == "99.97%"
    assert (percent(F(0)), percent(F(1))) == ("0%", "100%")
    assert percent(F(1, 10**12)) == "<0.000001%"


def test_the_exact_fraction_is_beside_the_percentage_only_when_it_is_short():
    assert chance_text(F(35, 648)) == "5.4% (35/648)"  # 35/648 = 0.054012...
    long = F(10**FRACTION_DIGITS + 1, 10 ** (FRACTION_DIGITS + 1))  # a 7-digit numerator and an 8-digit denominator
    assert not short(long) and chance_text(long) == "10.0%"
    assert short(F(1, 999999)) and not short(F(1, 1000000)) and not short(F(1)) and chance_text(F(1)) == "100%"


def test_data_keeps_the_exact_fraction_and_adds_the_float():
    assert chance_data(F(5, 18)) == {"exact": "5/18", "p": 5 / 18}


def test_outcomes_that_round_to_0_000_are_folded_into_other_which_keeps_the_sum():
    """1/2 and 1/2 - 1/10000 are shown; 1/20000 twice (each under 1/2000, 0.0005) fold into other = 1/10000."""
    spread = {"a": F(1, 2), "b": F(1, 2) - F(1, 10000), "c": F(1, 20000), "d": F(1, 20000)}
    assert folded(spread) == [("a", F(1, 2)), ("b", F(4999, 10000)), (OTHER, F(1, 10000))]
    assert sum(value for _, value in folded(spread)) == 1
    assert folded({"edge": NEGLIGIBLE, "rest": 1 - NEGLIGIBLE}) == [("edge", NEGLIGIBLE), ("rest", 1 - NEGLIGIBLE)]
    assert folded({"a": F(1), "b": F(0)}) == [("a", F(1))]  # nothing to fold: no "other 0%"
    assert distribution_text([("none", F(1, 4)), ("1", F(3, 4))]) == "none 25.0% (1/4), 1 75.0% (3/4)"
