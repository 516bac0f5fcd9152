"""Too few staterooms for the people aboard.

What: the crew (the USP block's Crew), marines or troops and passengers outnumber two per stateroom (the
most High Guard puts in one: ratings share, officers do not, so this bound is lenient). The crews of
carried big craft that have staterooms of their own need none here, as the rule says; a sheet that is
short only by such crews can note them as passengers' space in the craft.
Why: TCS 1982 rules clarification 9 (crew and carriers).
Bad:  crew 120 and 50 staterooms
Good: crew 120 and 60 staterooms
Source: TCS82, Rules clarifications 9 (TCS82 TCS112); High Guard (crew).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import figure
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import TcsSubject

META = meta("TCS112", "staterooms")
PEOPLE_PER_STATEROOM = 2


def check(subject: TcsSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    ship, design = subject.ship, subject.design
    if not ship.components or ship.crew is None:
        return
    others = sum((ship.summary.get(key) or 0 for key in ("Marines", "Troops", "Passengers")), 0)
    people = ship.crew + others
    if people > design.staterooms * PEOPLE_PER_STATEROOM:
        line = next((c for c in ship.components_in("ACCOMODATIONS") if c.label.lower() == "staterooms"), None)
        yield ctx.report_at(f"{figure(people)} aboard (crew {ship.crew}, others {figure(others)}) but "
                            f"{figure(design.staterooms)} staterooms hold at most "
                            f"{figure(design.staterooms * PEOPLE_PER_STATEROOM)}",
                            line.span() if line is not None else subject.span("crew"))
