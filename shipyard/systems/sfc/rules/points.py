"""A roster's points over its budget.

What: the points of every element (its type's points at TL10, times the TL multiplier, times its count, with
what it carries) add up to more than the roster's budget (100 unless it says otherwise).
Why: "Suggested point total is 100 points per side"; a side over it has more than the other.
Bad:  four dreadnoughts at TL10 (4 x 24 = 96) and a cruiser (8): 104 of 100
Good: four dreadnoughts and two fighters (2 x 2): 100 of 100
Source: SFC, Element Types and Point Values.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import fraction_text
from shipyard.core.rules import RuleContext
from shipyard.systems.sfc.roster import Roster, priced_lines
from shipyard.systems.sfc.rules._common import meta

META = meta("SFC101", "points-over-budget")


def check(roster: Roster, ctx: RuleContext) -> Iterator[Diagnostic]:
    total = Fraction(0)
    unknown = 0
    for _, _, points in priced_lines(roster):
        if points is None:
            unknown += 1
        else:
            total += points
    if total > roster.budget:
        more = f" (and {unknown} element line(s) at a TL without points, not counted)" if unknown else ""
        over = fraction_text(total - roster.budget)
        yield ctx.report(
            f"{fraction_text(total)} points of a budget of {roster.budget}: {over} over{more}", roster, "budget"
        )
