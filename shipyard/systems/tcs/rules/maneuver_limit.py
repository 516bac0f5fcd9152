"""No maneuver drive above 6 G.

What: a maneuver rating above 6 (from the drive tonnage or the USP digit).
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
    if drive is not None and drive.potential > hg.MAX_MANEUVER:
        yield ctx.report(f"maneuver {figure(round(drive.potential, 2))} G: no drive may exceed {hg.MAX_MANEUVER} G",
                         drive.component)
    elif drive is None and usp is not None and usp.maneuver > hg.MAX_MANEUVER:
        yield ctx.report(f"maneuver {usp.maneuver} G: no drive may exceed {hg.MAX_MANEUVER} G", usp, "maneuver")
