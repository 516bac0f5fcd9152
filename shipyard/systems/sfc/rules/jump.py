"""Elements that cannot jump in a force that must.

What: in a roster marked ``must_jump = true`` (a force that jumps in), SDBs, fighters and riders that are not
carried (fighters in a carrier or dreadnought, riders in a tender), or a deep meson gun.
Why: "All but SDBs, fighters, and riders are jump capable"; carried elements "will jump with" their carrier; a
deep meson gun is buried in a planet.
Bad:  an attacking force with a wing of SDBs
Good: the same force with its fighters carried in its carriers
Source: SFC, Element Types and Point Values; Movement (stacking).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.sfc import charts as c
from shipyard.systems.sfc.roster import Roster
from shipyard.systems.sfc.rules._common import meta

META = meta("SFC105", "cannot-jump")


def check(roster: Roster, ctx: RuleContext) -> Iterator[Diagnostic]:
    if not roster.must_jump:
        return
    for element in roster.elements:
        if not c.ELEMENTS[element.type].jumps:
            yield ctx.report(
                f"{element.label} cannot jump, and the force must (carry it, or leave it out)", element, "type"
            )
