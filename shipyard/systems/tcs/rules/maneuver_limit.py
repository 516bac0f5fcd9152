"""No maneuver drive above 6 G.

What: a maneuver rating above 6 (from the drive tonnage or the USP digit).
Spare drives ("Backup M-Drive ..." lines) are held to the same rule: they come on line when the primary is
hit (TCS82 clarification 8).
Why: TCS 1982 rules clarification 7: "No maneuver drive may exceed 6G's acceleration."
Bad:  a 1000-ton maneuver drive on 5000 tons: 7 G
Good: a 400-ton maneuver drive on 5000 tons: 3 G
Source: TCS82, Rules clarifications 7 (TCS82 TCS110).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import figure
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard import charts as hg
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import TcsSubject

META = meta("TCS110", "maneuver-limit")


def check(subject: TcsSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    drive, usp = subject.design.drives.get("maneuver"), subject.ship.usp
    for each in subject.design.every("maneuver"):  # a spare drive too (TCS82 clarification 8)
        if each.potential > hg.MAX_MANEUVER:
            name = "backup maneuver drive" if each.is_backup else "maneuver"
            yield ctx.report(
                f"{name} {figure(round(each.potential, 2))} G: no drive may exceed {hg.MAX_MANEUVER} G", each.component
            )
    if drive is None and usp is not None and usp.maneuver > hg.MAX_MANEUVER:
        yield ctx.report(f"maneuver {usp.maneuver} G: no drive may exceed {hg.MAX_MANEUVER} G", usp, "maneuver")
