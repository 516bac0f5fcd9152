"""``shipyard show FILE...``: print each parsed ship, as a readable layout or as JSON."""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path

import typer

from shipyard.cli._output import Lines, console



class ShowFormat(str, Enum):
    text = "text"
    json = "json"


def show(
    files: list[Path] = typer.Argument(..., help="Sheet files to read.", show_default=False),
    output_format: ShowFormat = typer.Option(ShowFormat.text, "--format", "-f",
                                             help="text: a readable layout; json: the model as JSON."),
    notes: bool = typer.Option(True, "--notes/--no-notes",
                               help="Also report lines kept as notes (info diagnostics)."),
) -> None:
    """Print each ship of each FILE. Diagnostics go to stderr as path:line:col: severity: CODE message.

    Exit code 2 when any file (or a line of it) could not be read, else 0.
    """
    from shipyard.systems.highguard.model import HighGuardShip
    from shipyard.core.sheet import SheetFile
    from shipyard.core.pipeline import load_sheet
    from shipyard.report.text import diagnostic_segments
    from shipyard.systems.highguard.panel import highguard_panel
    from shipyard.systems.mcs.panel import ship_panel
    from pydantic import TypeAdapter
    out = console(soft_wrap=False)
    err = Lines(stderr=True)
    sheets = [load_sheet(path) for path in files]
    for sheet in sheets:
        for diagnostic in sheet.diagnostics:
            if notes or diagnostic.severity.value != "info":
                err.write(diagnostic_segments(diagnostic))
    if output_format is ShowFormat.json:
        sys.stdout.write(TypeAdapter(list[SheetFile]).dump_json(sheets, indent=2).decode() + "\n")
    else:
        for sheet in sheets:
            for ship in sheet.ships:
                out.print(highguard_panel(ship) if isinstance(ship, HighGuardShip) else ship_panel(ship, sheet.path))
    unreadable = sum(not sheet.readable for sheet in sheets)
    if unreadable:
        err.write([(f"{unreadable} of {len(sheets)} file(s) could not be read in full", None)])
        raise typer.Exit(2)
