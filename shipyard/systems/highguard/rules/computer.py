"""The computer: enough for the jump and the hull, available at the TL, and a bridge.

What: a jump drive with no computer, or a computer whose jump capacity is below the jump number (Model/1bis
for jump-2, Model/2bis for jump-3, Model/4 ... Model/6 for jump-4 to 6); a hull over a size threshold with
a smaller model than it needs (600 t Model/1, 1000 t Model/2, 4000 t Model/3, 10 000 t Model/4,
50 000 t Model/5, 100 000 t Model/6, 1 000 000 t Model/7); a model above the ship's TL; a ship of 100 tons
or more with no bridge.
Why: High Guard's avionics conditions.
Bad:  a Model/2 on a 5000-ton jump-3 ship: too small for the jump and the hull
Good: a Model/6 handles jump-3 on 5000 tons
Source: High Guard (p. 26, computers; p. 27, bridge); High Guard Shipyard's design checks (Avionics).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG112", "computer")
_COMPUTER = re.compile(r"computer ", re.I)


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    ship, design = subject.ship, subject.design
    computer = design.computer
    usp = ship.usp
    if computer is None and usp is not None:
        computer = hg.COMPUTER_BY_CODE.get(usp.computer)
    line = next((c for c in ship.components_in("AVIONICS") if _COMPUTER.match(c.label)), None)
    where, field = (line, None) if line is not None else (usp, "computer")
    jump = design.installed.get("jump", 0)
    if computer is None:
        return
    if jump and computer.max_jump < jump:
        yield ctx.report(f"{computer.model} handles jump-{computer.max_jump}; the ship has jump-{jump}", where, field)
    if design.hull is not None:
        needed = next((model for tons, model in hg.MINIMUM_COMPUTER_BY_HULL if design.hull >= tons), 0)
        if hg.computer_size(computer) < needed:
            yield ctx.report(
                f"a {design.hull}-ton hull needs at least a Model/{needed}; it has {computer.model}", where, field
            )
    if design.tl is not None and computer.tl > design.tl:
        yield ctx.report(f"{computer.model} needs TL{computer.tl}; this ship is TL{design.tl}", where, field)
    if (
        ship.components
        and design.hull is not None
        and design.hull >= 100
        and not any(c.label.lower() == "bridge" for c in ship.components_in("AVIONICS"))
    ):
        yield ctx.report_at(
            f"a ship of {design.hull} tons needs a bridge; the component sheet has none",
            subject.span("title") or subject.span("usp"),
        )
