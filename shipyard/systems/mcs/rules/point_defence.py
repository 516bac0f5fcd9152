"""Point defence rating of laser and damper batteries against the PD tables.

What: a laser battery's PointDef is not the count part (lasers in the battery) plus the ROF part
(the battery's ROF bonus) less one per point its very-short-range damage falls below 4; a damper
battery's is not the damper count table's value. When the sheet gives turrets but not lasers per
turret (one to three), only a bound can be computed. A PD below the tables (or the bound) is a
warning; one above them is information, since a laser may use a peak ROF it holds for one minute,
which the sheet does not give.
Why: the seed's own text says "a standard laser turret has PD 1" where the tables give 0, and several
sample sheets disagree with the tables, so this is never an error.
Bad:  Coronation light lasers: 9 turrets at +1 give PD 4-5, the sheet says 3
Good: seed example: 4 PD lasers at 3200 pulses (+6) -> 8; with damage 2 -> 6; dampers 4 -> 3
Source: MCS sections 6.1 (lasers) and 6.2 (dampers).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.rules import RuleContext, RuleMeta
from shipyard.systems.mcs import charts as chart
from shipyard.systems.mcs.model import BeamBattery, DamperBattery, UsdShip
from shipyard.systems.mcs.rules.sandcaster import TURRET_WEAPONS

META = RuleMeta(code="MCS008", name="point-defence", severity=Severity.WARNING, family="mcs")


def _weapons(battery: BeamBattery | DamperBattery) -> tuple[int, int, str] | None:
    """Fewest and most weapons in one battery, and how that was read."""
    mounting = battery.mounting
    if mounting is not None and mounting.kind == "weapon":
        return mounting.count, mounting.count, f"{mounting.count} weapon{'s' if mounting.count > 1 else ''}"
    turrets = (
        mounting.count
        if mounting is not None and mounting.kind == "turret"
        else (1 if mounting is None and "turret" in battery.name.lower() else None)
    )
    if turrets is None:
        return None  # bays, or nothing said: no count to check against
    low, high = turrets * TURRET_WEAPONS[0], turrets * TURRET_WEAPONS[1]
    return low, high, f"{turrets} turret{'s' if turrets > 1 else ''} of 1-3 weapons ({low}-{high})"


def _findings(battery, declared: int, low: int, high: int, basis: str, ctx: RuleContext) -> Iterator[Diagnostic]:
    expected = str(low) if low == high else f"{low} to {high}"
    if declared < low:
        yield ctx.report(f"{battery.name}: PointDef {declared}, below the tables' {expected} ({basis})", battery)
    elif declared > high:
        yield ctx.report(
            f"{battery.name}: PointDef {declared}, above the tables' {expected} ({basis}); only a "
            "peak ROF above the battery's ROF would explain it",
            battery,
            severity=Severity.INFO,
        )


def check(ship: UsdShip, ctx: RuleContext) -> Iterator[Diagnostic]:
    for battery in ship.beam_batteries:
        if battery.point_defence is None or "laser" not in battery.name.lower():
            continue
        weapons = _weapons(battery)
        if weapons is None:
            continue
        fewest, most, read = weapons
        # A sheet without range cells says nothing of the VS damage: no shortfall. A dash there is damage below 1.
        vs = battery.ranges[0] if battery.ranges else None
        vs_damage = (vs.dam if vs is not None else None) if battery.ranges else chart.PD_FULL_DAMAGE
        shortfall = chart.pd_shortfall(vs_damage)
        low, high = (chart.laser_point_defence(n, battery.rof, vs_damage) for n in (fewest, most))
        if low <= battery.point_defence <= high:
            continue  # within the tables: nothing to say
        basis = f"{read}, ROF {battery.rof:+d}" + (
            f", VS damage {vs_damage} is {shortfall} below 4" if shortfall else ""
        )
        yield from _findings(battery, battery.point_defence, low, high, basis, ctx)
    for damper in ship.dampers:
        weapons = _weapons(damper)
        if weapons is None:
            continue
        fewest, most, read = weapons
        low, high = (chart.banded(chart.DAMPER_PD, n).code for n in (fewest, most))
        yield from _findings(damper, damper.point_defence, low, high, f"{read}, damper table", ctx)
