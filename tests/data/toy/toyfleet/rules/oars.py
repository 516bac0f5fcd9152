"""A dinghy with more oars than a dinghy takes.

What: a dinghy pulls more than 8 oars.
Why: a dinghy seats four pairs of rowers.
Bad:  Gull with ten oars
Good: Gull with six oars
Source: the toy system's own rule book.
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.rules import RuleContext, RuleMeta
from toyfleet.model import Dinghy

META = RuleMeta(code="TOY101", name="too-many-oars", severity=Severity.ERROR, family="toyfleet")

#: The most oars a dinghy takes.
MOST_OARS = 8


def check(ship: Dinghy, ctx: RuleContext) -> Iterator[Diagnostic]:
    if ship.oars > MOST_OARS:
        yield ctx.report(f"{ship.oars} oars, more than a dinghy's {MOST_OARS}", ship, "oars")
