"""A power plant that is not a whole percentage of the base tonnage.

What: the power plant's tonnage is not a whole percentage of the base tonnage (on 1000 tons: 10, 20, 30
... tons); or its label's factor is not the Pn its tonnage gives. At TL13-14 (2 tons per EP) a whole
percentage gives Pn in steps of 0.5: that is allowed.
Why: TCS 1982 rules clarification 5.
Bad:  a 610-ton plant on 5000 tons (12.2%)
Good: 600 tons: 12%
Source: TCS82, Rules clarifications 5 (TCS82 TCS107); High Guard (p. 23, power plant).
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import ROUND_FLOOR, Decimal

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import figure, shown
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import TcsSubject

META = meta("TCS107", "power-percentage")


def check(subject: TcsSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    plant, hull = subject.design.drives.get("power"), subject.design.hull
    if plant is None or hull is None:  # the engine rates a plant on a known hull only
        return
    if plant.percent != plant.percent.to_integral_value():
        yield ctx.report(
            f"power plant of {figure(plant.tons)} tons is {figure(round(plant.percent, 3))}% of the base "
            f"{figure(hull)} tons: not a whole percentage",
            plant.component,
        )
    elif plant.declared is not None and plant.declared != _labelled(plant.declared, plant.potential):
        yield ctx.report(
            f"power plant labelled Factor-{plant.declared}, but {figure(plant.tons)} tons give "
            f"Pn {shown(plant.potential)}",
            plant.component,
        )


def _labelled(declared: Decimal, potential: Decimal) -> Decimal:
    """What the label should say for a plant of ``potential``: its whole rating for a whole label (a 13% plant at
    TL12 is Pn 4.333, Factor-4), the exact Pn for a label with a fraction (Factor-1.5 at TL13, clarification 5)."""
    if declared == declared.to_integral_value():
        return potential.to_integral_value(rounding=ROUND_FLOOR)
    return potential
