"""A roster as ``shipyard show`` prints it: each element line with its points, and the total."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from shipyard.core.layout import Fitting, Hanging
from shipyard.core.numbers import fraction_text
from shipyard.systems.sfc import charts as c
from shipyard.systems.sfc.roster import Roster, priced_lines


def _shown(value: Fraction | None) -> str:
    return "?" if value is None else fraction_text(value)


def roster_panel(roster: Roster, path: str | None = None) -> Panel:
    """The roster as a table; on a terminal too narrow for it, each element line stacked with its figures
    labelled under it (nothing cut)."""
    table = Table(show_edge=False, header_style="bold", pad_edge=False)
    for column in ("element", "type", "TL", "count"):
        table.add_column(column, justify="left", no_wrap=False)
    table.add_column("points", justify="right", no_wrap=True)
    stacked: list[Any] = []
    total = Fraction(0)
    for element, line, points in priced_lines(roster):
        label = (
            (element.label + (" (flagship)" if element.flagship else ""))
            if line is element
            else f"  carried: {c.ELEMENTS[line.type].name}"
        )
        total += points or 0
        table.add_row(label, line.type, str(line.tl), str(line.count), _shown(points))
        stacked.append(Text(label, overflow="fold"))
        lead = " " * (len(label) - len(label.lstrip()) + 2)
        stacked.append(
            Hanging(
                [f"type {line.type}", f"TL {line.tl}", f"count {line.count}", f"points {_shown(points)}"],
                sep="  ",
                first=lead,
                indent=len(lead),
            )
        )
    head = Hanging(
        [f"budget {roster.budget},", f"total {_shown(total)}" + (", must jump" if roster.must_jump else "")],
        style="bold",
    )
    title = Text(roster.display_name)  # a str title would be read as markup
    return Panel(Group(head, Fitting(table, Group(*stacked))), title=title, title_align="left")
