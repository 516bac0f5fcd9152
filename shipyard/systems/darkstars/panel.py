"""A system as ``shipyard show`` prints it: each planet with its type, orbital and hex."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from shipyard.systems.darkstars.system import StarSystem


def system_panel(system: StarSystem, path: str | None = None) -> Panel:
    table = Table(show_edge=False, header_style="bold", pad_edge=False)
    for column in ("orbital", "planet", "hex"):
        table.add_column(column, justify="left", no_wrap=True)
    for planet in sorted(system.planets, key=lambda p: p.orbital):
        table.add_row(
            str(planet.orbital), planet.type + (f" ({planet.name})" if planet.name else ""), f"({planet.q}, {planet.r})"
        )
    head = Text(
        f"{len(system.planets)} planet(s)" + (f", seed {system.seed}" if system.seed is not None else ""), style="bold"
    )
    return Panel(Group(head, table), title=Text(system.display_name), title_align="left")  # Text: not markup
