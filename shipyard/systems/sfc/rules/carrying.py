"""Carried elements beyond what their carrier holds, or on an element that carries none.

What: fighters carried by anything but carriers (3 fighter elements each) and dreadnoughts (1), riders by
anything but tenders (1 rider squadron each), or more than that room.
Why: "Carrier: ... room for 3 embarked fighter elements"; a dreadnought has "1 embarked fighter element, if
any"; "Tender: A battle tender capable of carrying a rider squadron". Nothing else stacks.
Bad:  a carrier with 4 fighter elements
Good: a carrier with 3
Source: SFC, Element Types and Point Values; Movement (stacking).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.sfc import charts as c
from shipyard.systems.sfc.roster import Roster
from shipyard.systems.sfc.rules._common import meta

META = meta("SFC103", "carried-beyond-capacity")


def check(roster: Roster, ctx: RuleContext) -> Iterator[Diagnostic]:
    for element in roster.elements:
        room = c.ELEMENTS[element.type].carries
        for kind in sorted({x.type for x in element.carries}):
            carried = sum(x.count for x in element.carries if x.type == kind)
            name = c.ELEMENTS[kind].name
            if room is None or room[0] != kind:
                holders = [e.name for e in c.ELEMENTS.values() if e.carries and e.carries[0] == kind]
                yield ctx.report(
                    f"{element.label} cannot carry {name} (only {', '.join(holders) or 'nothing'} can)",
                    element,
                    "carries",
                )
            elif carried > room[1] * element.count:
                yield ctx.report(
                    f"{element.label}: {carried} {name} element(s) carried, room for {room[1]} a "
                    f"{c.ELEMENTS[element.type].name.lower()} element ({room[1] * element.count} for "
                    f"{element.count})",
                    element,
                    "carries",
                )
