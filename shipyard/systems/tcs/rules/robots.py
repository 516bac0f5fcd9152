"""No robots.

What: a component that is a robot: a component line whose label names one ("Robot Damage Control"), or a
count of them on the summary line ("4 Robots."). A note is never a component: "no robots aboard" is no robot.
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
    for key, count in subject.ship.summary.items():
        if _ROBOT.search(key) and count:
            where = subject.ship.spans.get(f"summary.{key}")
            yield ctx.report_at(f"{count} {key}: no robots are permitted in tournament play", where)
