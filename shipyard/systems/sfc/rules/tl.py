"""An element at a TL the seed gives no points for.

What: an element (or one it carries) at a TL other than 9, 10, 11 or 12.
Why: the seed prices TL10 designs and gives multipliers for TL9 (x0.5), TL11 (x1.5) and TL12 (x2) only; any
other TL needs a ruling from the referee, and its points are not guessed.
Bad:  a TL13 cruiser
Good: a TL12 cruiser (16 points)
Source: SFC, Element Types and Point Values.
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.rules import RuleContext
from shipyard.systems.sfc import charts as c
from shipyard.systems.sfc.roster import Roster
from shipyard.systems.sfc.rules._common import meta

META = meta("SFC102", "tl-without-points", Severity.WARNING)


def check(roster: Roster, ctx: RuleContext) -> Iterator[Diagnostic]:
    known = ", ".join(f"TL{tl} x{float(m):g}" for tl, m in c.TL_MULTIPLIERS.items())
    for element in roster.elements:
        for line in element.lines():
            if line.tl not in c.TL_MULTIPLIERS:
                yield ctx.report(
                    f"{c.ELEMENTS[line.type].name} at TL{line.tl}: the seed gives points for {known} "
                    "only; a ruling is needed (its points are not counted)",
                    element,
                    "tl" if line is element else "carries",
                )
