"""Penetration without damage, or damage without penetration.

What: a Pen:Dam cell with one half a dash ("14:-", "-:9").
Why: a battery either can fire at a range (both figures, from the USD chart) or cannot ("-" for the
whole cell); half a cell is a transcription slip and leaves the range unplayable.
Bad:  penetration without damage, and damage without penetration
Good: whole cells and whole dashes
Source: MCS sections 1.0 and 6.1 (the "(Pen:Dam ...)" format; "-" when damage is below 1).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.rules import RuleContext, RuleMeta
from shipyard.systems.mcs.model import UsdShip
from shipyard.systems.mcs.rules.damage_by_range import RANGE_NAMES

META = RuleMeta(code="MCS010", name="pen-dam-pair", severity=Severity.ERROR, family="mcs")


def check(ship: UsdShip, ctx: RuleContext) -> Iterator[Diagnostic]:
    for battery in ship.beam_batteries:
        for name, cell in zip(RANGE_NAMES, battery.ranges, strict=False):
            if cell is None or (cell.pen is None) == (cell.dam is None):
                continue
            missing = "damage" if cell.dam is None else "penetration"
            yield ctx.report(
                f"{battery.name}: {cell.render()} at {name} gives no {missing}; write both figures, "
                "or '-' when the battery cannot fire at that range",
                cell,
            )
