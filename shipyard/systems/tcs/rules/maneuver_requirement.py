"""The scenario's maneuver requirement, without drop tanks.

What: the ship's maneuver rating (base tonnage, tanks dropped) is below the scenario's minimum.
Why: TCS 1982 rules clarification 4: "Scenario maneuver requirements must be satisfied by each ship while
not carrying drop tanks." Quiet when the scenario sets no minimum (the seed gives none).
Bad:  the scenario requires 4 G; the ship makes 3
Good: the scenario requires 3 G
Source: TCS82, Rules clarifications 4 (TCS82 TCS106).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import TcsSubject

META = meta("TCS106", "maneuver-requirement")


def check(subject: TcsSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    needed = subject.scenario.minimum_maneuver
    if needed is None:
        return
    drive = subject.design.drives.get("maneuver")
    usp = subject.ship.usp
    rating = subject.design.installed.get("maneuver")
    if rating is not None and rating < needed:
        yield ctx.report(
            f"maneuver {rating} without drop tanks; the scenario requires {needed}",
            drive.component if drive is not None else usp,
            None if drive is not None else "maneuver",
        )
