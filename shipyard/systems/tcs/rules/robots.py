"""No robots.

What: a sheet that names robots (a component, a note or a user-defined item with "robot" in it).
Why: TCS 1982 rules clarification 2: "All ships must be piloted and manned by human crews in tournament
play. No robots are permitted."
Bad:  a robot crew section
Good: human crews only
Source: TCS82, Rules clarifications 2 (TCS82 TCS104).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import TcsSubject

META = meta("TCS104", "no-robots")
_ROBOT = re.compile(r"\brobot", re.I)


def check(subject: TcsSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    for component in subject.ship.components:
        if _ROBOT.search(component.label):
            yield ctx.report(f"'{component.label}': no robots are permitted in tournament play", component)
    for note in subject.ship.notes:
        if _ROBOT.search(note.text):
            yield ctx.report("the sheet names robots: no robots are permitted in tournament play", note)
