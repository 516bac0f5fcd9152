"""The space a fleet search searches: each design's bounds (the budget, its own least and most, the fleet's most
ships), the knobs searched and fixed, and the repair of a fleet over the game's constraints."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.search.problem import Candidate, Design, Knobs, Problem


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
        """Every design a fleet may buy: the catalogue's (``offered``), then those the search made."""
        return self.problem.designs

    #: How many designs the catalogue offers (the bounds of those the search makes follow theirs).
    offered: int = field(init=False)

    def __post_init__(self) -> None:
        self.offered = len(self.bounds)

    def bound(self, index: int) -> tuple[int, int]:
        """A design's least and most ships; a design the search made: none at least, at most what the budget and
        the most ships buy of it."""
        while len(self.bounds) < len(self.designs):
            self.bounds.append((0, _most(self.problem, len(self.bounds), self.max_ships)))
        return self.bounds[index]

    def candidate(self, counts: Sequence[int], knobs: Knobs) -> Candidate:
        """A fleet as the search tries it: its counts without the designs of the search's own past the last it
        buys (one fleet, one key, however many designs were made since), its doctrine folded, and what a worker
        needs of the designs it made."""
        return candidate_of(self.problem, self.offered, counts, knobs)

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
            over = [(weights[i], -i) for i, n in enumerate(fixed) if n > self.bound(i)[0] and weights[i] > 0]
            if not over:
                break  # the least of each is over: ``space`` refuses such a catalogue
            fixed[-max(over)[1]] -= 1
        if sum(fixed) == 0 and (cheapest := self.cheapest_alone()) is not None:
            fixed += [0] * (cheapest + 1 - len(fixed))
            fixed[cheapest] = 1
        return tuple(fixed)

    def cheapest_alone(self) -> int | None:
        """The cheapest design one ship of which is a fleet the game allows (a ship whose drop tanks need a tug is
        not, where tanks are dropped), else the cheapest that may be bought; None where there is none (no design in
        the catalogue, and none made yet)."""
        buyable = [i for i in range(len(self.designs)) if self.bound(i)[1] > 0]
        alone = [i for i in buyable if self.problem.unfit([int(i == j) for j in range(len(self.designs))]) is None]
        return min((self.designs[i].cost, i) for i in (alone or buyable))[1] if buyable else None


def candidate_of(problem: Problem, offered: int, counts: Sequence[int], knobs: Knobs) -> Candidate:
    """``counts`` as a candidate of ``problem`` (``offered``: its catalogue's designs): the counts past the last
    design of the search's own bought trimmed, the doctrine folded, what a worker needs of the designs it made."""
    fleet = list(counts)
    while len(fleet) > offered and fleet[-1] == 0:
        fleet.pop()
    carried, made = problem.carried(fleet)
    return Candidate(tuple(fleet), problem.folded(fleet, knobs), carried, made)


def _most(problem: Problem, index: int, max_ships: int | None) -> int:
    """The most ships of a design a fleet has: what the budget buys of it alone, within its own most and the
    fleet's."""
    most = problem.most(index)
    for limit in (problem.designs[index].high, max_ships):
        if limit is not None:
            most = min(most, limit)
    return most


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
    if not designs and not problem.slots:
        return None, [_error("SRC004", where, "no design of the catalogue may be bought")]
    bounds = [(design.low, max(design.low, _most(problem, index, max_ships))) for index, design in enumerate(designs)]
    least = problem.cost([d.low for d in designs])
    cheapest = min(designs, key=lambda d: d.cost, default=None)
    if cheapest is not None and cheapest.cost > budget and least == 0 and not problem.slots:
        message = (
            f"no fleet fits the budget MCr {mcr(budget)}: the cheapest design, {cheapest.name}, costs MCr "
            f"{mcr(cheapest.cost)}"
        )
        return None, [_error("SRC004", cheapest.span, message)]
    if least > budget:
        message = f"the least the catalogue asks for costs MCr {mcr(least)}, over the budget MCr {mcr(budget)}"
        return None, [_error("SRC004", where, message)]
    if max_ships is not None and sum(d.low for d in designs) > max_ships:
        return None, [_error("SRC004", where, f"the least the catalogue asks for is over {max_ships} ships")]
    if problem.unfit([d.low for d in designs]) is not None:
        return None, [_error("SRC004", where, "the least the catalogue asks for breaks the scenario's constraints")]
    knobs = [k for k in (searched if searched is not None else problem.knobs) if k not in fixed]
    return Space(problem, max_ships, bounds, knobs, dict(fixed)), []
