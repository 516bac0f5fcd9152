"""The space of any game's search: bounds from the problem's most, the repair of a fleet the problem finds unfit by
the weights it gives, and the fleet an empty one is given."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from shipyard.core.diagnostics import Span
from shipyard.search.problem import Knobs
from shipyard.search.space import space


@dataclass
class Offer:
    name: str
    cost: Fraction
    low: int = 0
    high: int | None = None
    shown: str = "-"
    crew: str | None = None
    span: Span = field(default_factory=lambda: Span("-", 1, 1))


class Tanked:
    """Two designs: a cruiser carrying drop tanks (MCr 10) and a tug (MCr 30) that tows one cruiser's tanks; a
    budget of MCr 100. A fleet is unfit over the budget (each design's share weighs) or with more cruisers than
    tugs (the cruisers weigh). What the space reads of a problem and no more: it fights no battle."""

    def __init__(self) -> None:
        self.designs = [Offer("cruiser", Fraction(10)), Offer("tug", Fraction(30))]
        self.opponents: list[Any] = []
        self.budget = Fraction(100)
        self.knobs: dict[str, dict[str, Any]] = {}
        self.loss = ("MCr", "lost_mcr_mean")
        self.ties = "cost"

    def cost(self, counts: Sequence[int]) -> Fraction:
        return sum((d.cost * n for d, n in zip(self.designs, counts, strict=True)), Fraction(0))

    def most(self, design: int) -> int:
        return int(self.budget // self.designs[design].cost)

    def unfit(self, counts: Sequence[int]) -> list[Fraction] | None:
        if self.cost(counts) > self.budget:
            return [d.cost * n for d, n in zip(self.designs, counts, strict=True)]
        return [Fraction(counts[0]), Fraction(0)] if counts[0] > counts[1] else None

    def folded(self, counts: Sequence[int], knobs: Knobs) -> Knobs:
        return knobs


def _space():
    searched, found = space(Tanked(), [], {}, None, Span("-", 1, 1))
    assert searched is not None, found
    return searched


def test_bounds_are_the_problems_most():
    """100 // 10 = 10 cruisers, 100 // 30 = 3 tugs."""
    assert _space().bounds == [(0, 10), (0, 3)]


def test_a_fleet_short_of_tugs_gives_up_what_the_problem_weighs():
    """(5, 2): MCr 110 is over the budget, the cruisers' 50 against the tugs' 60: a tug goes, (5, 1); then five
    cruisers and one tug: short of tugs, the cruisers weigh: down to one."""
    assert _space().repair((5, 2)) == (1, 1)
    assert _space().repair((2, 2)) == (2, 2)


def test_an_empty_fleet_gets_the_cheapest_ship_that_may_fight_alone():
    """A lone cruiser is short of a tug: an emptied fleet gets one tug (MCr 30), not the cheaper cruiser (MCr 10)."""
    assert _space().repair((0, 0)) == (0, 1)
