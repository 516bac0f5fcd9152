"""Fuel scoops on an unstreamlined hull.

What: fuel scoops (a ``Scoops`` line with a cost) on configuration 7, 8 or 9 (dispersed structure,
planetoid, buffered planetoid).
Why: unstreamlined hulls cannot skim a gas giant.
Bad:  scoops on a dispersed structure (configuration 7)
Good: scoops on a cylinder
Source: High Guard (p. 23, configuration); High Guard Shipyard's design checks (Hull, budget, crew rules).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG114", "scoops-unstreamlined")


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    configuration = subject.design.configuration
    if configuration is None or hg.CONFIGURATIONS[configuration].streamlined:
        return
    for line in subject.ship.components_in("FUEL"):
        if line.label.lower() == "scoops" and line.mcr > 0:
            yield ctx.report(
                f"fuel scoops on a {hg.CONFIGURATIONS[configuration].name} (configuration "
                f"{configuration}), which is not streamlined",
                line,
            )
