"""Fittings below their tech level: purification plants, low berths, drop capsules, mixed turrets.

What: a fuel purification plant below TL8; low berths or emergency low berths below TL9; drop capsules
below TL10, or capsules without launchers; mixed turrets on a ship over 1000 tons.
Why: High Guard's fuel, accommodation and weapon conditions.
Bad:  low berths and purification at TL7
Good: low berths and purification at TL12
Source: High Guard Shipyard's design checks (Fuel, Accommodation, Weapons).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG117", "fittings-tl")
LOW_BERTH_TL = 9
DROP_CAPSULE_TL = 10
MIXED_TURRETS_MAX_HULL = 1000
_CAPSULES = re.compile(r"(ready|stored) drop capsules")


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    design, ship = subject.design, subject.ship
    tl = design.tl
    labels = {c.label.lower(): c for c in ship.components}
    if tl is not None:
        plant = labels.get("purification")
        if plant is not None and plant.tons > 0 and tl < hg.PURIFICATION_MIN_TL:
            yield ctx.report(f"fuel purification needs TL{hg.PURIFICATION_MIN_TL}; this ship is TL{tl}", plant)
        for label in ("low berths", "emergency low berths"):
            if label in labels and tl < LOW_BERTH_TL:
                yield ctx.report(f"{label} need TL{LOW_BERTH_TL}; this ship is TL{tl}", labels[label])
        for label, c in labels.items():
            if "drop capsule" in label and tl < DROP_CAPSULE_TL:
                yield ctx.report(f"drop capsules need TL{DROP_CAPSULE_TL}; this ship is TL{tl}", c)
    capsules = [c for label, c in labels.items() if _CAPSULES.search(label)]
    if capsules and "drop capsule launchers" not in labels:
        yield ctx.report("drop capsules without drop capsule launchers", capsules[0])
    mixed = labels.get("mixed turrets")
    if mixed is not None and design.hull is not None and design.hull > MIXED_TURRETS_MAX_HULL:
        yield ctx.report(
            f"mixed turrets only on ships of {MIXED_TURRETS_MAX_HULL} tons or less; this one is {design.hull}", mixed
        )
