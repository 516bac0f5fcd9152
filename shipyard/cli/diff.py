"""``shipyard diff OLD NEW``: what changed between two versions of a sheet, ship by ship, field by field and
battery by battery, each change at its place in the sheet (the new one, or the old one for what was removed)."""

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
    report,
)


def diff(
    old: Path = typer.Argument(
        ..., help="The earlier version of the sheet ('-': standard input).", parser=path_or_stdin, show_default=False
    ),
    new: Path = typer.Argument(..., help="The later version.", parser=path_or_stdin, show_default=False),
    output_format: TextOrJson = format_option("text (a line a change) or json (the changes as data)."),
    output: Path = output_option(),
    quiet: bool = quiet_option(),
) -> None:
    """Compare two versions of a sheet: each ship changed, added or removed, and each field or battery that
    changed, with where it stands. Moving lines or re-spacing a sheet is no change.

    Exit 0 when the ships are the same, 1 when something changed (as diff does), 2 when a version cannot be
    read.
    """
    from shipyard import api
    from shipyard.report.diff import diff_document, diff_lines

    err = Lines(stderr=True)
    sink = Output(output, quiet, (old, new))
    with inputs([old, new]) as (old_path, new_path):
        result = api.diff(old_path, new_path)
        report(
            err,
            [d for sheet in (result.old, result.new) for d in sheet.diagnostics if d.severity.value == "error"],
            show_source=False,
        )
        if result.exit_code == 2:
            raise typer.Exit(2)  # a version not read: nothing to compare
        if sink.form(output_format) is TextOrJson.json:
            sink.json(diff_document(result))
        elif sink.to_file:
            sink.text("".join("".join(text for text, _ in line) + "\n" for line in diff_lines(result)))
        else:
            out = Lines()
            for line in diff_lines(result):
                out.write(line)
    raise typer.Exit(result.exit_code)
