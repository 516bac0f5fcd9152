"""Cargo: the declared figure against the tonnage left over.

What: the component sheet's ``Cargo`` line, or the summary's ``Cargo``, is not the hull less every
other component (planetoid unusable space included).
Why: cargo is what is left; a cargo figure that does not add up hides an over- or under-tonnage.
Bad:  cargo line 950 where the components leave 912
Good: Cargo: 912, as the components leave
Source: High Guard Shipyard's sheets (ACCOMODATIONS) ("it must equal hull - sum of tons").
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import figure
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG106", "cargo")


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    design = subject.design
    left = design.cargo_computed
    if left is None or left < 0:
        return  # over tonnage: HG107
    cargo_line = next((c for c in subject.ship.components_in("ACCOMODATIONS") if c.label.lower() == "cargo"), None)
    if cargo_line is not None and cargo_line.tons != left:
        yield ctx.report(
            f"Cargo {figure(cargo_line.tons)} tons, but the hull less the other components leaves {figure(left)}",
            cargo_line,
        )
    declared, span = subject.summary("Cargo")
    if declared is not None and declared != left:
        yield ctx.report_at(f"Cargo {figure(declared)}, but the components leave {figure(left)} tons", span)
