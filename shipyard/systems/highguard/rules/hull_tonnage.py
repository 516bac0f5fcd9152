"""The hull's tonnage, where the sheet gives none: taken as the sum of its lines.

What: a component sheet with no tonnage anywhere (no USP block, no tonnage line: High Guard Shipyard 1.x writes
``Hull: 0.000 Td`` and nothing else) and a bridge at its 20-ton least (so the bridge does not give it either):
the hull is taken as the sum of every line's tons, cargo included, and said (info), so that every drive, plant,
fuel and hardpoint rule runs on it. The cargo and over-tonnage checks then hold by construction.
Why: before, such a sheet had no hull, and no rule that needs one ran: a 1-ton jump drive on 100 tons passed.
Bad:  a High Guard Shipyard 1.x component sheet: 'Hull: 0.000 Td', no tonnage, a 20-ton bridge
Good: the Kinunir's component sheet under its USP block: 1,250 tons given
Source: High Guard Shipyard's component sheet (no tonnage is written on it; the cargo line is the hull's rest).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.numbers import figure
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG119", "hull-from-components", Severity.INFO)


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    design, ship = subject.design, subject.ship
    if design.hull_from != "components" or design.hull is None:
        return
    hull = next((c for c in ship.components_in("HULL") if c.label.lower() == "hull"), ship.components[0])
    yield ctx.report(
        f"the sheet gives no tonnage (High Guard Shipyard 1.x writes 'Hull: 0.000 Td'): the hull is taken as the "
        f"sum of its {len(ship.components)} lines, cargo included, {figure(design.hull)} tons; the cargo and "
        "tonnage checks hold by construction, every other rule runs on it",
        hull,
    )
