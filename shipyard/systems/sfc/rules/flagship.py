"""A roster without exactly one flagship.

What: no element marked ``flagship = true``, or more than one (or a flagship line of more than one element).
Why: "Designate one vessel as flagship": command points are halved when it is destroyed, and costs double
beyond 12" of it.
Bad:  two elements marked flagship
Good: one
Source: SFC, Flagship; Command.
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.sfc.roster import Roster
from shipyard.systems.sfc.rules._common import meta

META = meta("SFC104", "one-flagship")


def check(roster: Roster, ctx: RuleContext) -> Iterator[Diagnostic]:
    flagships = [e for e in roster.elements if e.flagship]
    if not flagships:
        yield ctx.report("no flagship: mark one element 'flagship = true'", roster)
    elif len(flagships) > 1 or flagships[0].count > 1:
        for element in flagships[1:] if len(flagships) > 1 else flagships:
            yield ctx.report(
                f"{element.label}: one vessel is the flagship, {sum(e.count for e in flagships)} are marked",
                element,
                "flagship",
            )
