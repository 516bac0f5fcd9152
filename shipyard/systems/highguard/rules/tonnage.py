"""Components that do not fit in the hull.

What: the components' tonnage adds up to more than the hull (the overage is given in tons).
Why: High Guard's first legality condition; a judge rejects an over-tonnage design.
Bad:  1000 tons of cargo on top of 4088 tons of components: 88 over
Good: components and cargo fill the hull exactly
Source: High Guard Shipyard's design checks (Hull, budget, crew rules).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import figure
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG107", "over-tonnage")


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    design = subject.design
    if design.hull is None or design.tons_used is None:
        return
    total = design.tons_used + (design.cargo_line or 0)
    if total > design.hull:
        yield ctx.report_at(
            f"the components take {figure(total)} tons of a {figure(design.hull)}-ton hull: "
            f"{figure(total - design.hull)} tons over",
            subject.span("tonnage") or subject.span("usp"),
        )
