"""The scenario's jump requirement: made with tanks dropped, and at least jump-1 carrying them.

What: the jump number on the base tonnage (tanks dropped) is below the scenario's minimum; or, with drop
tanks, the drive makes less than jump-1 with the tanks' tonnage counted. Quiet when the scenario sets no
minimum jump (the seed gives none).
Why: TCS 1982 rules clarification 6: "Scenario jump requirements are satisfied if the ship could make the
required jump while dropping its tanks, and can make at least jump-1 carrying its tanks along."
Bad:  the scenario requires jump-4
Good: the scenario requires jump-3
Source: TCS82, Rules clarifications 6 (TCS82 TCS109); High Guard (p. 23, jump drive) (drive potential).
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import ROUND_FLOOR

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import figure
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import TcsSubject

META = meta("TCS109", "jump-requirement")


def check(subject: TcsSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    needed = subject.scenario.minimum_jump
    if needed is None:
        return
    design, usp = subject.design, subject.ship.usp
    drive = design.drives.get("jump")
    where, field = (drive.component, None) if drive is not None else (usp, "jump")
    rating = design.installed.get("jump")
    if rating is not None and rating < needed:
        yield ctx.report(f"jump {rating} with the tanks dropped; the scenario requires {needed}", where, field)
    if design.drop_tanks and design.hull is not None:
        laden = design.hull + design.drop_tanks
        if drive is not None:
            laden_jump = int((100 * drive.tons / laden - 1).to_integral_value(rounding=ROUND_FLOOR))
        elif subject.ship.laden_usp is not None:
            laden_jump = subject.ship.laden_usp.jump
        else:
            return
        if laden_jump < 1:
            yield ctx.report(
                f"carrying {figure(design.drop_tanks)} tons of drop tanks ({figure(laden)} tons laden) "
                f"the ship makes jump {laden_jump}: it must make at least jump-1",
                where,
                field,
            )
