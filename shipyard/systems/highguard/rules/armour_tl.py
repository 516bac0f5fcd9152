"""An armour factor above the tech level.

What: the purchased armour factor (the ``Armour Factor-n`` line; planetoid armour not counted) exceeds
the ship's TL.
Why: High Guard: armour factors may not exceed the tech level.
Bad:  armour factor 13 at TL12
Good: armour factor 4 at TL12
Source: High Guard (p. 23, armour); High Guard Shipyard's design checks (Hull, budget, crew rules).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG113", "armour-above-tl")


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    design = subject.design
    if design.armour_factor is None or design.tl is None or design.armour_factor <= design.tl:
        return
    line = next((c for c in subject.ship.components_in("HULL") if re.match(r"armou?r", c.label, re.I)), None)
    yield ctx.report(f"armour factor {design.armour_factor} exceeds the tech level {design.tl}", line)
