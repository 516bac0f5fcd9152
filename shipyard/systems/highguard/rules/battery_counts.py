"""Battery and bearing counts that do not fit the USP.

What: more batteries bearing than batteries; a battery count under a USP column whose digit is 0; a
non-zero weapon digit with no battery count; a bay weapon or spinal mount whose battery count is not the
number of its bays (a spinal mount: 1), as the component sheet gives them.
Why: the counts under the USP are what the combat rules fire; a count with no weapon is a slip.
Bad:  three laser batteries bearing over two batteries
Good: bearing equal to batteries
Source: High Guard Shipyard's sheets (battery lines); High Guard (the USP).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.model import BATTERY_COLUMNS, BatteryCounts
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG102", "battery-counts")


def _doubt(counts: BatteryCounts | None, column: str) -> str:
    """Words that say a count is uncertain (HG013), where it is."""
    return " (the count is uncertain: HG013)" if counts is not None and column in counts.uncertain else ""


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    ship = subject.ship
    usp, batteries, bearing = ship.usp, ship.batteries, ship.bearing
    if usp is None:
        return
    for column in BATTERY_COLUMNS:
        words = column.replace("_", " ")
        digit = usp.column_digit(column)
        for counts, label in ((batteries, "batteries"), (bearing, "batteries bearing")):
            if counts is None:
                continue
            count = getattr(counts, column)
            if count and not digit:
                yield ctx.report(
                    f"{count} {label} under the {words} column, whose USP digit is 0{_doubt(counts, column)}",
                    counts,
                    column,
                )
        if batteries is not None and bearing is not None:
            total, facing = batteries.get(column), bearing.get(column)
            if facing > total:
                yield ctx.report(
                    f"{facing} {words} batteries bearing, but only {total} batteries"
                    f"{_doubt(bearing, column) or _doubt(batteries, column)}",
                    bearing,
                    column,
                )
        if digit and batteries is not None and not batteries.get(column):
            yield ctx.report(
                f"the USP has a {words} digit but the batteries line gives no {words} batteries",
                usp,
                column,
                Severity.WARNING,
            )
    if batteries is None or not ship.components:
        return
    design = subject.design
    bays: dict[str, int] = {}
    for bay in design.bays:
        if bay.weapon != "empty":
            column = hg.BAY_COLUMN[bay.weapon]
            bays[column] = max(bays.get(column, 0), bay.count)  # HGS: the larger of the 100- and 50-ton counts
    if design.spinal is not None:
        bays[design.spinal[0]] = 1
    for column, count in bays.items():
        declared = batteries.get(column)
        if declared and declared != count and not any(t.column == column for t in design.turrets):
            yield ctx.report(
                f"{declared} {column.replace('_', ' ')} batteries, but the component sheet has {count} "
                f"{'spinal mount' if column == (design.spinal or ('',))[0] else 'bays'} (one battery "
                f"each){_doubt(batteries, column)}",
                batteries,
                column,
            )
