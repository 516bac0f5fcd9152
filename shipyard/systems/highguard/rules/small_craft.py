"""Small craft (under 100 tons) built as ships, and ships using small-craft fittings.

What: a hull under 100 tons with a jump drive, a planetoid hull, a fib or bis computer (main or backup),
no bridge and no computer, or ship staterooms or couches; a ship of 100 tons or more with small-craft
staterooms.
Why: High Guard's small-craft conditions.
Bad:  a 50-ton craft with a jump drive, ship staterooms and a fib computer
Good: a 5000-ton ship with ship staterooms
Source: High Guard Shipyard's design checks (Hull, budget, crew rules); High Guard (small craft).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG116", "small-craft")
SMALL_CRAFT_TONS = 100
_SMALL_STATEROOMS = re.compile(r"small staterooms", re.I)
_FIB_OR_BIS = re.compile(r"(backup )?computer .*(fib|bis)$", re.I)
_SHIP_BERTHS = re.compile(r"(staterooms|couches)", re.I)


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    design, ship = subject.design, subject.ship
    if design.hull is None or not ship.components:
        return
    if design.hull >= SMALL_CRAFT_TONS:
        for c in ship.components_in("ACCOMODATIONS"):
            if _SMALL_STATEROOMS.fullmatch(c.label):
                yield ctx.report("small-craft staterooms on a ship of 100 tons or more", c)
        return
    if "jump" in design.drives:
        yield ctx.report(f"a {design.hull}-ton small craft may not have a jump drive", design.drives["jump"].component)
    if design.configuration in (8, 9):
        yield ctx.report_at("a small craft may not use a planetoid hull", subject.span("usp"))
    for c in ship.components_in("AVIONICS"):
        if _FIB_OR_BIS.match(c.label):
            yield ctx.report(f"a small craft may not carry a fib or bis computer ({c.label})", c)
    avionics = [c.label.lower() for c in ship.components_in("AVIONICS")]
    if not any(a == "bridge" or a.startswith("computer") for a in avionics):
        yield ctx.report_at("a small craft needs a bridge or a computer", subject.span("title") or subject.span("usp"))
    for c in ship.components_in("ACCOMODATIONS"):
        if _SHIP_BERTHS.fullmatch(c.label):
            yield ctx.report(f"a small craft may not use ship {c.label.lower()}", c)
