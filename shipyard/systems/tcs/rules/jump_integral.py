"""A jump drive whose tonnage falls between two jump numbers.

What: the jump drive's tonnage is not (J + 1)% of the base tonnage for a whole J; or its label's factor is
not the jump its tonnage gives.
Spare drives ("Backup M-Drive ..." lines) are held to the same rule: they come on line when the primary is
hit (TCS82 clarification 8).
Why: TCS 1982 rules clarification 6: "Jump drive numbers must be integral with respect to the base
tonnage of the ship."
Bad:  a 230-ton jump drive on 5000 tons: jump 3.6
Good: 200 tons: 4%, jump 3
Source: TCS82, Rules clarifications 6 (TCS82 TCS108); High Guard (p. 23, jump drive).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.rules._integral import integral_findings
from shipyard.systems.tcs.subject import TcsSubject

META = meta("TCS108", "jump-integral")


def check(subject: TcsSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    yield from integral_findings(subject, ctx, "jump")
