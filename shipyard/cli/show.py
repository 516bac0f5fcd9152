"""``shipyard show FILE...``: print each parsed ship, as a readable layout (its system's panel) or as JSON."""

from __future__ import annotations

from pathlib import Path

import typer

from shipyard.report.console import (
    Lines,
    Output,
    TextOrJson,
    format_option,
    inputs,
    output_option,
    path_or_stdin,
    quiet_option,
)


def show(
    files: list[Path] = typer.Argument(
        ..., help="Sheet files, or folders of them ('-': standard input).", parser=path_or_stdin, show_default=False
    ),
    output_format: TextOrJson = format_option("text: a readable layout; json: the model as JSON."),
    notes: bool = typer.Option(True, "--notes/--no-notes", help="Also report lines kept as notes (info diagnostics)."),
    output: Path = output_option(),
    quiet: bool = quiet_option(),
) -> None:
    """Print each ship of each FILE. Diagnostics go to stderr as path:line:col: severity: CODE message.

    Exit code 2 when any file (or a line of it) could not be read, else 0.
    """
    from shipyard import api
    from shipyard.report.console import report

    err = Lines(stderr=True)
    sink = Output(output, quiet, files)
    with inputs(files) as paths:
        sheets, missing = api.load_all(paths)  # folders as check searches them; a missing path is IO006 as there
        if not sheets and not missing:
            err.write([(api.nothing_found(files), None)])
        report(err, missing + [d for sheet in sheets for d in sheet.diagnostics if notes or d.severity.value != "info"])
        _print(sheets, sink.form(output_format), sink)
    unreadable = sum(not sheet.readable for sheet in sheets) + len(missing)
    if unreadable:
        if not quiet:
            err.write([(f"{unreadable} of {len(sheets) + len(missing)} file(s) could not be read in full", None)])
        raise typer.Exit(2)


def _print(sheets: list, output_format: TextOrJson, sink: Output) -> None:
    from pydantic import TypeAdapter

    from shipyard import api

    if output_format is TextOrJson.json:
        sink.text(TypeAdapter(list[api.SheetFile]).dump_json(sheets, indent=2).decode() + "\n")
    else:
        from shipyard.core.stdin import shown

        panels = (api.panel(ship, shown(sheet.path)) for sheet in sheets for ship in sheet.ships)
        sink.print(*filter(None, panels))
