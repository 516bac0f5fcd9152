"""The fleet's cost against the scenario's budget, priced as TCS prices a fleet.

What: the fleet's cost exceeds the budget (Trillion Credit Squadron: MCr 1,000,000 unless the scenario says
otherwise). Each design is priced by High Guard's quantity rule: the first ship at its price and the architect's
fee (1% of the price without carried craft), each further ship at 80% of the price without craft, the craft at
full price; and the drop tanks the ships carry (and a tug's extra tanks) at their price, without the quantity
discount unless the scenario sets drop_tanks_in_quantity.
Why: the tournament's first condition.
Bad:  312 Vigilants at MCr 4,014.772: MCr 1,002,930.193 against a trillion credits
Good: 311 Vigilants: MCr 999,718.376
Source: TCS82 (the tournament); High Guard (cost and tonnage: the architect's fee and quantity production).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import money
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import FleetSubject

META = meta("TCS201", "budget", target="fleet")


def check(fleet: FleetSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    from shipyard.systems.tcs.fleet import fleet_cost  # loaded with the first fleet: a check of sheets needs none

    cost = fleet_cost(fleet)
    budget = fleet.scenario.budget_mcr
    if cost.total > budget:
        designs = "; ".join(f"{d.count} x {d.name}: MCr {money(d.ships)}" for d in cost.designs)
        tanks = f", drop tanks MCr {money(cost.tanks)}" if cost.tanks else ""
        yield ctx.report_at(
            f"the fleet costs MCr {money(cost.total)} ({designs}{tanks}); the budget is "
            f"MCr {money(budget)} (MCr {money(cost.total - budget)} over)",
            fleet.span,
        )
    if cost.unknown:
        yield ctx.report_at(f"no cost known for {', '.join(cost.unknown)}: left out of the total", fleet.span)
