"""Shared by the rules that check a figure read straight off the MCS USD chart (armour, protection)."""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.rules import RuleContext
from shipyard.systems.mcs import charts as chart
from shipyard.systems.mcs.model import UsdShip


def chart_code_findings(ship: UsdShip, ctx: RuleContext, field: str, label: str) -> Iterator[Diagnostic]:
    value = getattr(ship, field)
    if value is None:
        return
    top = len(chart.USD_CHART_LOWER_BOUNDS) - 1
    if value < 0:
        yield ctx.report(
            f"{label} {value}: the USD chart has no negative codes (a value below 1 is '-', no rating)",
            ship,
            field,
            Severity.ERROR,
        )
    elif value > top:
        yield ctx.report(
            f"{label} {value} lies past the printed USD chart (top code {top} = "
            f"{chart.code_letter(top)}, values to {chart.USD_CHART_PRINTED_TOP}): only an "
            "extrapolated value can give it; check the source figure",
            ship,
            field,
            Severity.WARNING,
        )
