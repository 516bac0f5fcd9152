"""Weapons beyond the last whole turret add no firepower.

What: a turret line whose weapons do not fill its turrets to the size most of them hold: the weapons of
the few larger turrets beyond it, and any beyond three a turret ("an extra weapon or two ... in the last
turret"). They are reported and left out of the battery factor. Turrets of two sizes are legal: 88 lasers
in 30 turrets are 28 triples and 2 doubles, no leftover (shipyard's reading of "the last turret": the
turrets most of a line holds set its size).
Why: TCS 1982 rules clarification 1: "Any such leftovers contribute nothing to the firepower".
Bad:  91 lasers in 30 turrets: one extra
Good: 90 lasers in 30 triple turrets
Source: TCS82, Rules clarifications 1 (TCS82 TCS102).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import TcsSubject

META = meta("TCS102", "extra-weapons", Severity.WARNING)


def check(subject: TcsSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    for group in subject.design.turrets:
        if group.extra_weapons:
            yield ctx.report(
                f"{group.extra_weapons} {group.weapon}(s) beyond {group.per_turret} a turret in "
                f"{group.turrets} turrets add no firepower and are left out of the factor",
                group.component,
            )
