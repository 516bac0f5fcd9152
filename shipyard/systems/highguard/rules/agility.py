"""Declared agility against the agility the spare EP gives.

What: the sheet's ``Agility`` is not min(G, floor((EP - EP used) / (0.01 x hull))), EP used being the
computer, weapons and screens of the component sheet.
Why: agility is the evasion DM in every exchange of fire and decides strafing (TCS tactical details).
Bad:  Agility 2 declared; 85 spare EP on 5000 tons give 1
Good: Agility 1: 85 spare EP on 5000 tons
Source: High Guard (agility).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import figure
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG105", "agility")


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    design = subject.design
    declared, span = subject.summary("Agility")
    if declared is None or design.agility is None or declared == design.agility:
        return
    if design.ep_output is None or design.hull is None:  # the engine sets agility only with both
        return
    spare = design.ep_output - design.ep_used
    yield ctx.report_at(
        f"Agility {figure(declared)}, but {figure(spare)} spare EP on {figure(design.hull)} tons "
        f"({figure(design.ep_output)} - {figure(design.ep_used)} used) give {design.agility}",
        span,
    )
