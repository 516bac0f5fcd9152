"""Declared size against the size chart for the ship's displacement.

What: the sheet's Size is not the code the size chart gives for its Displacement.
Why: size is a to-hit modifier for every shot at the ship; a wrong size changes every roll.
Bad:  Hollyfields: 15 000 dTons is size 7, not 6
Good: band upper bounds are inclusive: 100 dTons is size 2, 101 is 3
Source: MCS section 6.1, the size table.
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.rules import RuleContext, RuleMeta
from shipyard.systems.mcs import charts as chart
from shipyard.systems.mcs.model import UsdShip

META = RuleMeta(code="MCS001", name="size-by-displacement", severity=Severity.ERROR, family="mcs")


def check(ship: UsdShip, ctx: RuleContext) -> Iterator[Diagnostic]:
    if ship.size is None or ship.displacement is None:
        return
    expected = chart.size_code(ship.displacement)
    if expected.code != ship.size:
        low, high = chart.size_band(expected.code)
        beyond = " (past the printed chart, by its 1-3-10 pattern)" if expected.extrapolated else ""
        found = ctx.report(
            f"Size {ship.size}, but {ship.displacement} dTons is size {expected.code}{beyond}: the "
            f"size chart gives {expected.code} for over {low} up to {high} dTons (section 6.1)",
            ship,
            "size",
        )
        yield ctx.with_fix(found, f"declare Size {expected.code}", str(ship.size), str(expected.code), safe=False)
