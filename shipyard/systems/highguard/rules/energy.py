"""Declared EP against the EP the power plant gives.

What: the sheet's EP (the summary's ``EP=``, or the power plant line's ``+EP``) is not what the plant
gives: EP = plant tons / tons per EP at the TL (= 0.01 x hull x Pn); from a USP alone, 0.01 x hull x Pn.
Why: every energy use and the agility follow from the EP; a wrong EP hides an EP shortfall.
Bad:  EP 210 declared, the 600-ton TL-12 plant gives 200
Good: EP 200, as the 600-ton TL-12 plant gives
Source: High Guard (p. 23, power plant: EP = 0.01 x hull x Pn; the Kinunir: 87.5).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import agrees, figure, shown
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG103", "energy-points")


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    output = subject.design.ep_output
    if output is None:
        return
    declared, span = subject.summary("EP")
    if declared is not None and not agrees(declared, output):
        yield ctx.report_at(f"EP {figure(declared)}, but the power plant gives {shown(output)}", span)
    plant = subject.design.drives.get("power")
    line = plant.component if plant is not None else None
    if plant is not None and line is not None and line.ep is not None and not agrees(line.ep, output):
        yield ctx.report(
            f"the power plant line says +{figure(line.ep)} EP, but "
            f"{figure(plant.tons)} tons of plant give {shown(output)} EP",
            line,
        )
