"""The fleet's cost against the scenario's budget.

What: the sum of ship costs, each times the number built, exceeds the budget (Trillion Credit Squadron:
MCr 1,000,000 unless the scenario says otherwise).
Why: the tournament's first condition.
Bad:  250 Vigilants at MCr 4,014.772: MCr 1,003,693 against a trillion credits
Good: 240 Vigilants: MCr 963,545.28
Source: TCS82 (the tournament); TCS82 TCS201.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import figure
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import FleetSubject

META = meta("TCS201", "budget", target="fleet")


def check(fleet: FleetSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    total, unknown = Decimal(0), []
    for member in fleet.members:
        cost = member.value
        if cost is None:
            unknown.append(member.ship.display_name)
        else:
            total += cost * member.count
    if total > fleet.scenario.budget_mcr:
        budget = fleet.scenario.budget_mcr
        yield ctx.report_at(f"the fleet costs MCr {figure(total)}; the budget is MCr {figure(budget)} "
                            f"(MCr {figure(total - budget)} over)", fleet.span)
    if unknown:
        yield ctx.report_at(f"no cost known for {', '.join(unknown)}: left out of the total", fleet.span)
