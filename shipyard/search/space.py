"""The space a fleet search searches: each design's bounds (the budget, its own least and most, the fleet's most
ships), the knobs searched and fixed, and the repair of a fleet over the game's constraints."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.search.problem import Design, Knobs, Problem


def _error(code: str, span: Span, message: str) -> Diagnostic:
    return Diagnostic(code=code, severity=Severity.ERROR, span=span, message=message)


def mcr(value: Fraction) -> str:
    return f"{float(value):,.2f}".removesuffix(".00")


@dataclass
class Space:
    """What may be bought and how a candidate may fight: the problem, each design's bounds (after the budget and
    the fleet's most ships), the knobs searched and the knobs fixed."""

    problem: Problem
    max_ships: int | None
    bounds: list[tuple[int, int]]
    searched: list[str]
    fixed: dict[str, str]

    @property
    def designs(self) -> Sequence[Design]:
        return self.problem.designs

    @property
    def budget(self) -> Fraction:
        return self.problem.budget

    def defaults(self) -> dict[str, str]:
        """Each knob's first choice: what the side does when the knob is neither searched nor fixed."""
        return {name: next(iter(choices)) for name, choices in self.problem.knobs.items()}

    def knobs(self, chosen: dict[str, str]) -> Knobs:
        defaults = self.defaults()
        return tuple((name, chosen.get(name, self.fixed.get(name, defaults[name]))) for name in self.problem.knobs)

    def folded(self, counts: Sequence[int], knobs: Knobs) -> Knobs:
        return self.problem.folded(counts, knobs)

    def cost(self, counts: Sequence[int]) -> Fraction:
        return self.problem.cost(counts)

    def repair(self, counts: Sequence[int]) -> tuple[int, ...]:
        """A fleet within the game's constraints and the most ships: while over, one ship fewer of the design the
        problem weighs most (the one that takes the most of the budget, for a fleet over it) that is above its
        least, at the catalogue's first on a tie; an empty fleet gets one ship of the cheapest design that may fight
        alone."""
        fixed = list(counts)
        while True:
            weights = self.problem.unfit(fixed)
            if weights is None and (self.max_ships is None or sum(fixed) <= self.max_ships):
                break
            if weights is None:  # over the most ships only: by the budget each design takes
                weights = [self.designs[i].cost * n for i, n in enumerate(fixed)]
            over = [(weights[i], -i) for i, n in enumerate(fixed) if n > self.bounds[i][0] and weights[i] > 0]
            if not over:
                break  # the least of each is over: ``space`` refuses such a catalogue
            fixed[-max(over)[1]] -= 1
        if sum(fixed) == 0:
            fixed[self.cheapest_alone()] = 1
        return tuple(fixed)

    def cheapest_alone(self) -> int:
        """The cheapest design one ship of which is a fleet the game allows (a ship whose drop tanks need a tug is
        not, where tanks are dropped), else the cheapest that may be bought."""
        buyable = [i for i in range(len(self.designs)) if self.bounds[i][1] > 0]
        alone = [i for i in buyable if self.problem.unfit([int(i == j) for j in range(len(self.designs))]) is None]
        return min((self.designs[i].cost, i) for i in (alone or buyable))[1]


def space(
    problem: Problem,
    searched: Sequence[str] | None,
    fixed: dict[str, str],
    max_ships: int | None,
    where: Span,
) -> tuple[Space | None, list[Diagnostic]]:
    """The space of fleets the budget admits, or None and why none fits (SRC004)."""
    designs = problem.designs
    budget = problem.budget
    if not designs:
        return None, [_error("SRC004", where, "no design of the catalogue may be bought")]
    bounds = []
    for index, design in enumerate(designs):
        most = problem.most(index)
        for limit in (design.high, max_ships):
            if limit is not None:
                most = min(most, limit)
        bounds.append((design.low, max(design.low, most)))
    least = problem.cost([d.low for d in designs])
    cheapest = min(designs, key=lambda d: d.cost)
    if least > budget:
        message = f"the least the catalogue asks for costs MCr {mcr(least)}, over the budget MCr {mcr(budget)}"
        return None, [_error("SRC004", where, message)]
    if cheapest.cost > budget and least == 0:
        message = (
            f"no fleet fits the budget MCr {mcr(budget)}: the cheapest design, {cheapest.name}, costs MCr "
            f"{mcr(cheapest.cost)}"
        )
        return None, [_error("SRC004", cheapest.span, message)]
    if max_ships is not None and sum(d.low for d in designs) > max_ships:
        return None, [_error("SRC004", where, f"the least the catalogue asks for is over {max_ships} ships")]
    if problem.unfit([d.low for d in designs]) is not None:
        return None, [_error("SRC004", where, "the least the catalogue asks for breaks the scenario's constraints")]
    knobs = [k for k in (searched if searched is not None else problem.knobs) if k not in fixed]
    return Space(problem, max_ships, bounds, knobs, dict(fixed)), []
