"""``shipyard export FILE... -o ships.xlsx``: ratings of parsed or converted ships in a stable column
layout (docs/export.md): one row per ship and one per battery; ``--format csv`` writes ``ships.csv`` and
``ships-batteries.csv``; ``--format json`` one document ``{ships, batteries}``."""

from __future__ import annotations

import sys
from collections import Counter
from enum import StrEnum
from pathlib import Path

import typer

from shipyard.report.console import (
    Lines,
    console,
    inputs,
    output_option,
    outside_option,
    path_or_stdin,
    progress_bar,
    quiet_option,
    reads_stdin,
    report,
    usage_error,
    write_or_exit,
)


class ExportFormat(StrEnum):
    xlsx = "xlsx"
    csv = "csv"
    json = "json"


def export(
    files: list[Path] = typer.Argument(
        ...,
        help="Sheets (any format) or folders of them ('-': standard input).",
        parser=path_or_stdin,
        show_default=False,
    ),
    output: Path | None = output_option("Where to write (json: standard output when absent or '-')."),
    output_format: ExportFormat | None = typer.Option(
        None,
        "--format",
        "-f",
        show_default=False,
        help="xlsx, csv or json [default: from -o's extension].",
        case_sensitive=False,
    ),
    quiet: bool = quiet_option(),
    allow_outside: bool = outside_option(),
) -> None:
    """Export every ship's ratings: a Ships table and a Batteries table (both documented in docs/export.md).
    Each sheet is checked as audit checks it, so a ship's errors, warnings and verdict are the audit's.

    Exit codes as for check: 0 no error, 1 an error finding, 2 a file could not be read.
    """
    from shipyard import api

    err = Lines(stderr=True)
    target = None if output is None or reads_stdin(output) else output
    suffix = target.suffix.lstrip(".").lower() if target is not None else ""
    chosen = output_format or (ExportFormat(suffix) if suffix in ExportFormat.__members__ else ExportFormat.json)
    if chosen is not ExportFormat.json and target is None:
        raise typer.BadParameter(f"--format {chosen.value} needs -o FILE", param_hint="--output")
    outputs = api.export_outputs(chosen.value, target)
    unwritable = next(filter(None, (api.check_writable(each, tuple(files)) for each in outputs)), None)
    if unwritable is not None:
        usage_error(err, [unwritable])  # said before the work, not after it
    skipped: Counter[str] = Counter()
    with inputs(files) as paths:
        bar = None if quiet else console(stderr=True, soft_wrap=True)
        with progress_bar(bar, "exporting") as progress:
            tables = api.export_tables(paths, output_format=chosen.value, skipped=skipped, progress=progress)
        if target is None:
            api.write_export(tables, None, sys.stdout)
        else:
            write_or_exit(err, target, lambda: api.write_export(tables, target), inputs=files, also=outputs[1:])
    report(err, tables.problems, show_source=False)
    if not tables.files and not tables.problems:
        err.write([(api.nothing_found(files), None)])
    if target is not None and not quiet:
        unread = f", and a row for each of the {tables.unread} file(s) not read" if tables.unread else ""
        err.write(
            [
                (
                    f"wrote {tables.ships} ship(s) and {tables.batteries} batteries to {target}{unread}"
                    f"{api.skipped_words(skipped)}",
                    None,
                )
            ]
        )
    raise typer.Exit(tables.exit_code)
