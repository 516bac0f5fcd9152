"""``shipyard show FILE...``: print each parsed ship, as a readable layout (its system's panel) or as JSON."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from shipyard.report.console import Lines, TextOrJson, console


def show(
    files: list[Path] = typer.Argument(..., help="Sheet files, or folders of them.", show_default=False),
    output_format: TextOrJson = typer.Option(
        TextOrJson.text, "--format", "-f", help="text: a readable layout; json: the model as JSON."
    ),
    notes: bool = typer.Option(True, "--notes/--no-notes", help="Also report lines kept as notes (info diagnostics)."),
) -> None:
    """Print each ship of each FILE. Diagnostics go to stderr as path:line:col: severity: CODE message.

    Exit code 2 when any file (or a line of it) could not be read, else 0.
    """
    from pydantic import TypeAdapter

    from shipyard import api
    from shipyard.report.console import report

    out = console(soft_wrap=False, markup=False)  # a ship's name is printed as written, never as markup
    err = Lines(stderr=True)
    sheets, missing = api.load_all(files)  # folders as check searches them; a missing path is IO006 as there
    if not sheets and not missing:
        err.write([(api.nothing_found(files), None)])
    report(err, missing + [d for sheet in sheets for d in sheet.diagnostics if notes or d.severity.value != "info"])
    if output_format is TextOrJson.json:
        sys.stdout.write(TypeAdapter(list[api.SheetFile]).dump_json(sheets, indent=2).decode() + "\n")
    else:
        for sheet in sheets:
            for ship in sheet.ships:
                shown = api.panel(ship, sheet.path)
                if shown is not None:
                    out.print(shown)
    unreadable = sum(not sheet.readable for sheet in sheets) + len(missing)
    if unreadable:
        err.write([(f"{unreadable} of {len(sheets) + len(missing)} file(s) could not be read in full", None)])
        raise typer.Exit(2)
