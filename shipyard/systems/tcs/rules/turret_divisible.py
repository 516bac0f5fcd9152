"""Batteries hold whole turrets only.

What: a turret weapon's turrets do not divide evenly among its batteries (from the component sheet's
turret count and the USP block's battery count), so a turret would be split between two batteries.
Why: TCS 1982 rules clarification 1: "All batteries must be turret divisible ... no turret may be split
between two batteries". High Guard Shipyard accepts such a design silently (integer division).
Bad:  31 laser turrets in 6 batteries
Good: 30 laser turrets in 6 batteries
Source: TCS82, Rules clarifications 1 (TCS82 TCS101).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import TcsSubject

META = meta("TCS101", "turret-divisible")


def check(subject: TcsSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    for group in subject.design.turrets:
        if group.batteries and group.turrets % group.batteries:
            yield ctx.report(
                f"{group.turrets} {group.weapon} turrets do not divide into {group.batteries} batteries "
                f"({group.turrets % group.batteries} left over): batteries must hold whole turrets",
                group.component,
            )
