"""Turrets and bays beyond the hardpoints.

What: turrets (empty turrets too) + 10 x bays exceed the hardpoints (one per 100 tons of hull).
Why: TCS 1982 rules clarification 1: "1 bay (50 or 100 tons) replaces 10 hardpoints", with High Guard's
one turret per hardpoint, whether or not the turret is armed.
Bad:  41 turrets and a bay on 50 hardpoints
Good: 40 turrets and a bay on 50 hardpoints
Source: TCS82, Rules clarifications 1 (TCS82 TCS103); High Guard (accommodation and fittings).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import TcsSubject

META = meta("TCS103", "hardpoints")


def check(subject: TcsSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    design = subject.design
    if design.hardpoints is None or design.hardpoints_used <= design.hardpoints:
        return
    turrets = sum(t.turrets for t in design.turrets)
    empty = f" + {design.empty_turrets} empty turrets" if design.empty_turrets else ""
    bays = sum(b.count for b in design.bays)
    first = next((c for c in subject.ship.components_in("WEAPONRY")), None)
    yield ctx.report(
        f"{turrets} turrets{empty} + {bays} bays x 10 = {design.hardpoints_used} hardpoints; the hull "
        f"has {design.hardpoints}",
        first,
    )
