"""Armour rating that no USD chart value can give.

What: the sheet's Armour is negative, or past the printed USD chart (above code 24 = Q).
Why: armour is read off the USD chart from the FFS armour value; a code outside the chart came from a
slip or from an extrapolation the sheet should say it made. A lone MCS sheet does not give the FFS armour
value, so this is what can be checked from it; converted designs (shipyard convert) rate armour from
the source value and say how.
Bad:  Armour: 26, past the printed chart (it ends at 24)
Good: Armour: 24, on the chart
Source: MCS section 6.1 (armour from the USD chart).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.rules import RuleContext, RuleMeta
from shipyard.systems.mcs.model import UsdShip
from shipyard.systems.mcs.rules._chart_range import chart_code_findings

META = RuleMeta(code="MCS003", name="armour-on-chart", severity=Severity.ERROR, family="mcs")


def check(ship: UsdShip, ctx: RuleContext) -> Iterator[Diagnostic]:
    yield from chart_code_findings(ship, ctx, "armour", "Armour")
