"""A power plant number below the jump or maneuver number.

What: Pn < J or Pn < G (from the USP digits, or from the drive tonnages of the component sheet).
Why: High Guard: the power plant must be at least the jump and maneuver numbers.
Bad:  USP J3 M4 P3: the plant below the maneuver number
Good: the Kinunir: P7 over J4 and M4
Source: High Guard (p. 23, power plant); High Guard Shipyard's design checks (Power and drives).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import figure
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG110", "power-below-drives")


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    design, usp = subject.design, subject.ship.usp
    ratings = {kind: design.drives[kind].potential for kind in ("jump", "maneuver", "power") if kind in design.drives}
    if usp is not None:
        for kind in ("jump", "maneuver", "power"):
            ratings.setdefault(kind, getattr(usp, kind))
    power = ratings.get("power")
    if power is None:
        return
    for kind in ("jump", "maneuver"):
        if kind in ratings and ratings[kind] > power:
            yield ctx.report(
                f"power plant {figure(power)} is below the {kind} number {figure(ratings[kind])}", usp, "power"
            )
