"""Damage that rises with range.

What: a beam battery's damage at a longer range is higher than at a shorter one, or it can fire at a
range after a "-" (cannot fire) at a shorter one.
Why: every FFS weapon loses damage with range (MCS section 6.1 rates a battery at 5, 10, 20, 40
and 80 hexes from the same weapons); a rise is a transcription slip, often two cells swapped.
Bad:  damage rising from S to M
Good: falling and level damage, dashes at the end
Source: MCS section 6.1, weapon rating by range.
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.rules import RuleContext, RuleMeta
from shipyard.systems.mcs import charts as chart
from shipyard.systems.mcs.model import UsdShip

META = RuleMeta(code="MCS009", name="damage-by-range", severity=Severity.ERROR, family="mcs")

RANGE_NAMES = chart.RATED_RANGES


def check(ship: UsdShip, ctx: RuleContext) -> Iterator[Diagnostic]:
    for battery in ship.beam_batteries:
        before = None  # (range name, damage or None for "-")
        for name, cell in zip(RANGE_NAMES, battery.ranges, strict=False):
            damage = cell.dam if cell is not None else None
            if before is not None and damage is not None:
                earlier_name, earlier = before
                if earlier is None:
                    yield ctx.report(
                        f"{battery.name}: damage {damage} at {name} after '-' (cannot fire) at {earlier_name}",
                        cell or battery,
                    )
                elif damage > earlier:
                    yield ctx.report(
                        f"{battery.name}: damage {damage} at {name} is above {earlier} at "
                        f"{earlier_name}; damage never rises with range",
                        cell or battery,
                    )
            before = (name, damage)
