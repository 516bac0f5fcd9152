"""Too few staterooms for the people aboard.

What: the crew (the USP block's Crew), marines or troops and passengers outnumber two per stateroom (the
most High Guard puts in one: ratings share, officers do not, so this bound is lenient). The crews of
carried big craft need none here when the craft have staterooms of their own, as the rule says: a CRAFT
line's ``Crew N`` (each craft's crew) on a craft of 100 tons or more (by the size its label gives, else by
its hangar) is left out of the count; the USP block's Crew is read as counting them. shipyard reads a big
craft as having its own staterooms (High Guard designs one as a ship); the scenario's
``big_craft_staterooms = false`` counts their crews on the carrier.
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
from shipyard.systems.highguard import charts as hg
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import TcsSubject

META = meta("TCS112", "staterooms")


def carried_crews(subject: TcsSubject) -> int:
    """The crews of the big craft a ship carries (each CRAFT line's ``Crew N`` times its count, on craft of 100
    tons or more): berthed in their own craft's staterooms (TCS82, rules clarification 9)."""
    total = 0
    for craft in subject.ship.components_in("CRAFT"):
        count = int(craft.count or 1)
        if craft.crew and hg.big_craft(craft.label, craft.tons / count, subject.design.hull):
            total += craft.crew * count
    return total


def check(subject: TcsSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    ship, design = subject.ship, subject.design
    if not ship.components or ship.crew is None:
        return
    others = sum((ship.summary.get(key) or 0 for key in ("Marines", "Troops", "Passengers")), 0)
    carried = carried_crews(subject) if subject.scenario.big_craft_staterooms else 0
    people = ship.crew - carried + others
    if people > design.staterooms * hg.PEOPLE_PER_STATEROOM:
        line = next((c for c in ship.components_in("ACCOMODATIONS") if c.label.lower() == "staterooms"), None)
        aboard = f"crew {ship.crew}" + (f" less {carried} of carried big craft" if carried else "")
        yield ctx.report_at(
            f"{figure(people)} aboard ({aboard}, others {figure(others)}) but "
            f"{figure(design.staterooms)} staterooms hold at most "
            f"{figure(design.staterooms * hg.PEOPLE_PER_STATEROOM)}",
            line.span() if line is not None else subject.span("crew"),
        )
