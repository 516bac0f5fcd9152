"""Standard nuclear missile Pen:Dam against the ship's tech level.

What: a battery of standard 0.5-dTon nuclear det-laser missiles (size&evade -6) whose Pen:Dam is not
the figure of the ship's TL: TL15-16 19:13, TL13-14 18:12, TL10-12 17:11. A warning: a designer may
carry older missiles, but the sheet should say so. Missiles with another size&evade are non-standard
(rated by the general weapon rules) and are not checked.
Why: the Midu Agashaan (TL-15) sample sheet rates its barbettes 18:12, the TL13-14 figure.
Bad:  Midu: TL-15 barbettes with the TL13-14 figure 18:12
Good: non-standard missiles (size&evade -8) are not checked; TL-12 17:11 is right
Source: MCS section 6.1, single-missile performance.
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.rules import RuleContext, RuleMeta
from shipyard.systems.mcs import charts as chart
from shipyard.systems.mcs.model import UsdShip

META = RuleMeta(code="MCS006", name="missile-by-tl", severity=Severity.WARNING, family="mcs")


def _tl_range(row: tuple) -> str:
    rows = chart.NUCLEAR_MISSILE_BY_TL
    index = rows.index(row)
    high = rows[index - 1][0] - 1 if index else chart.NUCLEAR_MISSILE_TOP_TL
    return f"TL{row[0]}-{high}"


def check(ship: UsdShip, ctx: RuleContext) -> Iterator[Diagnostic]:
    if ship.tl is None:
        return
    for battery in ship.missile_batteries:
        if battery.size_evade != chart.NUCLEAR_MISSILE_BY_TL[0][3]:
            continue
        if ship.tl < chart.NUCLEAR_MISSILE_BY_TL[-1][0]:
            yield ctx.report(
                f"{battery.name}: standard nuclear det-laser missiles are rated from "
                f"TL{chart.NUCLEAR_MISSILE_BY_TL[-1][0]}; this ship is TL-{ship.tl}",
                battery,
            )
            continue
        row = chart.by_tl(chart.NUCLEAR_MISSILE_BY_TL, ship.tl)
        if (battery.pen, battery.dam) == row[1:3]:
            continue
        other = next((r for r in chart.NUCLEAR_MISSILE_BY_TL if (battery.pen, battery.dam) == r[1:3]), None)
        which = f"the {_tl_range(other)} figure" if other else "not a standard figure"
        yield ctx.report(
            f"{battery.name}: {battery.pen}:{battery.dam} on a TL-{ship.tl} ship; standard nuclear "
            f"det-laser missiles of {_tl_range(row)} rate {row[1]}:{row[2]} ({battery.pen}:{battery.dam} "
            f"is {which})",
            battery,
        )
