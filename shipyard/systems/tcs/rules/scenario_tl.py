"""A ship above the scenario's tech level.

What: the ship's TL (or refit TL) is above the tech level the scenario sets. Quiet when the scenario sets
none (the seed gives none: each tournament sets its own).
Why: a tournament fixes the tech level its fleets are built at (TCS 1981 Origins: TL12).
Bad:  a TL-12 ship in a TL-11 tournament
Good: a TL-12 ship in a TL-12 tournament
Source: TCS82 ("Scenario" = budget, tech level, minimum jump and maneuver).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import TcsSubject

META = meta("TCS115", "scenario-tech-level")


def check(subject: TcsSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    limit = subject.scenario.tech_level
    ship = subject.ship
    tl = max(filter(None, (ship.tl, ship.refit_tl)), default=None)
    if limit is not None and tl is not None and tl > limit:
        yield ctx.report_at(f"TL{tl}; the scenario's tech level is {limit}", subject.span("tl"))
