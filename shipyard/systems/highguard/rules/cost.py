"""Declared cost against the sum of the components (and carried craft).

What: the USP line's cost is not the sum of the component sheet's MCr plus the carried craft's own cost,
compared at the precision the sheet prints.
Why: the squadron budget (TCS201) is added up from these figures.
Bad:  cost MCr 4,100.000 over components of MCr 4,014.772
Good: cost MCr 4,014.772, as the components add up
Source: High Guard Shipyard's sheets (the USP line) (the total is the ship price plus carried craft).
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import figure
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG108", "cost")


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    ship, design = subject.ship, subject.design
    if ship.cost_mcr is None or design.component_cost is None:
        return
    total = design.component_cost + design.craft_cost
    exponent = ship.cost_mcr.as_tuple().exponent
    places = max(0, -exponent) if isinstance(exponent, int) else 0  # a finite cost has a whole exponent
    rounded = total.quantize(Decimal(1).scaleb(-places))
    if rounded != ship.cost_mcr:
        yield ctx.report_at(
            f"cost MCr {figure(ship.cost_mcr)}, but the components add up to MCr {figure(rounded)}",
            subject.span("cost_mcr"),
        )
