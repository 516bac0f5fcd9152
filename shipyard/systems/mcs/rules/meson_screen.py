"""Meson screen Protection Value that no USD chart value can give.

What: the sheet's Meson Screen is negative or past the printed USD chart (above code 24 = Q).
Why: the Protection Value is the USD chart code of the FFS2 screen value (from T4, the conversion
chart's value of the screen factor). A lone MCS sheet does not carry the screen value, so a
transcription such as the Coronation summary's "Meson Screen: 15" (the T4 factor; PV 19) cannot be
told from a real PV 15 here; `shipyard convert` rates it from the source.
Bad:  Meson Screen: -2, below the chart
Good: Meson Screen: 19, on the chart
Source: MCS sections 1.0 and 6.2 (sandcasters and meson screens).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.rules import RuleContext, RuleMeta
from shipyard.systems.mcs.model import UsdShip
from shipyard.systems.mcs.rules._chart_range import chart_code_findings

META = RuleMeta(code="MCS004", name="meson-screen-on-chart", severity=Severity.ERROR, family="mcs")


def check(ship: UsdShip, ctx: RuleContext) -> Iterator[Diagnostic]:
    yield from chart_code_findings(ship, ctx, "meson_screen", "Meson Screen")
