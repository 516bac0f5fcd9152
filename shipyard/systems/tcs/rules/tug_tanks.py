"""Extra drop tanks carried by tugs spoil their streamlining.

What: a tug that carries drop tanks beyond those designed for the fleet's ships (``extra_drop_tanks`` in
the fleet file): it cannot take them into a refuelling manoeuvre.
Why: TCS 1982 rules clarification 11: "Extra drop tanks carried by tugs are assumed to spoil the
streamlining of the tug, so only the drop tanks designed for the ship can be carried into a refueling
maneuver."
Bad:  a tug carrying 1000 tons of extra tanks
Good: a tug with no extra tanks
Source: TCS82, Rules clarifications 11 (TCS82 TCS203).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.numbers import figure
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import FleetSubject

META = meta("TCS203", "tug-extra-tanks", Severity.WARNING, target="fleet")


def check(fleet: FleetSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    for member in fleet.members:
        if member.extra_drop_tanks:
            yield ctx.report_at(
                f"{member.ship.display_name} carries {figure(member.extra_drop_tanks)} tons of extra "
                "drop tanks: they spoil its streamlining, so it cannot refuel with them",
                fleet.span,
            )
