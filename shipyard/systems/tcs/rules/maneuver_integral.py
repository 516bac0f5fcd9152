"""A maneuver drive whose tonnage falls between two ratings.

What: the maneuver drive's tonnage is not (3G - 1)% of the base tonnage (without drop tanks) for a
whole G; or its label's factor is not the rating its tonnage gives.
Spare drives ("Backup M-Drive ..." lines) are held to the same rule: they come on line when the primary is
hit (TCS82 clarification 8).
Why: TCS 1982 rules clarification 4: "Maneuver drives must be integral with respect to the base tonnage".
A drive between two ratings is reported, never silently rounded down.
Bad:  a 420-ton maneuver drive on 5000 tons: 3.13 G, between 3 and 4
Good: 400 tons: 8%, 3 G
Source: TCS82, Rules clarifications 4 (TCS82 TCS105); High Guard (p. 23, maneuver drive).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.rules._integral import integral_findings
from shipyard.systems.tcs.subject import TcsSubject

META = meta("TCS105", "maneuver-integral")


def check(subject: TcsSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    yield from integral_findings(subject, ctx, "maneuver")
