"""Salvo rating against the missiles in one salvo.

What: a missile battery's salvo rating (the "(+n)" before its Pen:Dam) is not the salvo rating table's
value for the missiles per salvo the battery states.
Why: the salvo rating is added to every missile attack like a ROF.
Bad:  20 missiles per salvo rate +5, not +4
Good: 2 missiles per salvo rate +2
Source: MCS section 6.1, salvo rating table.
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.rules import RuleContext, RuleMeta
from shipyard.systems.mcs import charts as chart
from shipyard.systems.mcs.model import UsdShip

META = RuleMeta(code="MCS005", name="salvo-rating", severity=Severity.ERROR, family="mcs")


def check(ship: UsdShip, ctx: RuleContext) -> Iterator[Diagnostic]:
    for battery in ship.missile_batteries:
        missiles = battery.missiles_per_salvo
        if not missiles:
            continue
        expected = chart.banded(chart.SALVO_RATING, missiles)
        if expected.code != battery.salvo_rating:
            beyond = " (past the printed table, +1 a doubling)" if expected.extrapolated else ""
            yield ctx.report(
                f"{battery.name}: salvo rating {battery.salvo_rating:+d}, but {missiles} missiles per "
                f"salvo rate {expected.code:+d}{beyond}",
                battery,
            )
