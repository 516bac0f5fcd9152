"""A roster as ``shipyard show`` prints it: each element line with its points, and the total."""

from __future__ import annotations

from fractions import Fraction

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from shipyard.core.numbers import fraction_text
from shipyard.systems.sfc import charts as c
from shipyard.systems.sfc.roster import Roster, element_points


def _shown(value: Fraction | None) -> str:
    return "?" if value is None else fraction_text(value)


def roster_panel(roster: Roster, path: str | None = None) -> Panel:
    table = Table(show_edge=False, header_style="bold", pad_edge=False)
    for column in ("element", "type", "TL", "count"):
        table.add_column(column, justify="left", no_wrap=False)
    table.add_column("points", justify="right", no_wrap=True)
    total = Fraction(0)
    for element in roster.elements:
        for line in element.lines():
            label = (element.label + (" (flagship)" if element.flagship else "")) if line is element else \
                f"  carried: {c.ELEMENTS[line.type].name}"
            points = element_points(line)
            total += points or 0
            table.add_row(label, line.type, str(line.tl), str(line.count), _shown(points))
    head = Text(f"budget {roster.budget}, total {_shown(total)}" + (", must jump" if roster.must_jump else ""),
                style="bold")
    return Panel(Group(head, table), title=roster.display_name, title_align="left")
