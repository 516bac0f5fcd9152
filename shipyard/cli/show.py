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
    """Print each ship of each FILE, checked as check checks it: its findings go to stderr as
    path:line:col: severity: CODE message.

    Exit codes as for check: 0 no error, 1 an error finding (a line that could not be read is one), 2 a file
    could not be read.
    """
    from shipyard import api
    from shipyard.core.stdin import shown as shown_name
    from shipyard.report.console import report

    err = Lines(stderr=True)
    sink = Output(output, quiet, files)
    tally = api.CheckTally()
    with inputs(files) as paths:
        sheets = list(api.check(paths))  # folders as check searches them; a missing path is IO006 as there
        if not sheets:
            err.write([(api.nothing_found(files), None)])
        for sheet in sheets:
            shown = tally.add(sheet)
            report(err, [d for d in shown if notes or d.severity.value != "info"])
        read = [sheet for sheet in sheets if not any(d.code == "IO006" for d in sheet.diagnostics)]
        _print(read, sink.form(output_format), sink)
        if not quiet:
            for sheet in read:
                if not sheet.ships and (what := _holds(sheet)) is not None:
                    err.write([(f"{shown_name(sheet.path)}: {what}, no ship to show", None)])
    in_part = sum(not sheet.opened or sheet.read_in_part for sheet in sheets)
    if in_part and not quiet:
        err.write([(f"{in_part} of {len(sheets)} file(s) could not be read in full", None)])
    raise typer.Exit(tally.exit_code)


def _holds(sheet) -> str | None:
    """What a file that holds no ship is, in words ("an MCS fire log"), or None when it could not be
    read (its findings say so)."""
    from shipyard.core.registry import format_named

    told = format_named(sheet.format)
    return told[1].description if told is not None and sheet.opened else None


def _print(sheets: list, output_format: TextOrJson, sink: Output) -> None:
    from pydantic import TypeAdapter

    from shipyard import api

    if output_format is TextOrJson.json:
        sink.text(TypeAdapter(list[api.SheetFile]).dump_json(sheets, indent=2).decode() + "\n", document=True)
    else:
        from shipyard.core.stdin import shown

        panels = (api.panel(ship, shown(sheet.path)) for sheet in sheets for ship in sheet.ships)
        sink.print(*filter(None, panels))
