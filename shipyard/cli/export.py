"""``shipyard export FILE... -o ships.xlsx``: ratings of parsed or converted ships in a stable column
layout (README, "Export columns"): one row per ship and one per battery; ``--format csv`` writes
``ships.csv`` and ``ships-batteries.csv``; ``--format json`` one document ``{ships, batteries}``."""

from __future__ import annotations

import csv
import json
import os
import sys
import tempfile
from decimal import Decimal
from enum import Enum
from pathlib import Path

import typer

from shipyard.cli._output import console


class ExportFormat(str, Enum):
    xlsx = "xlsx"
    csv = "csv"
    json = "json"


def _plain(value):
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def _atomic_text(target: Path, write) -> None:
    handle, temporary = tempfile.mkstemp(prefix=f".{target.stem}-", dir=target.parent or ".")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            write(stream)
        os.replace(temporary, target)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def export(
    files: list[Path] = typer.Argument(..., help="Sheets (any format) or folders of them.", show_default=False),
    output: Path | None = typer.Option(None, "--output", "-o", help="Where to write (json: stdout when absent).",
                                       show_default=False),
    output_format: ExportFormat | None = typer.Option(None, "--format", "-f", show_default=False,
                                                      help="xlsx, csv or json [default: from -o's extension]."),
) -> None:
    """Export every ship's ratings: a Ships table and a Batteries table (both documented in the README)."""
    from shipyard.core.batch import find_files
    from shipyard.core.sheet import SheetFile
    from shipyard.core.pipeline import load_sheet
    from shipyard.cli._output import write_or_exit
    from shipyard.report import tables

    err = console(stderr=True, soft_wrap=True)
    chosen = output_format or (ExportFormat(output.suffix.lstrip(".").lower())
                               if output is not None and output.suffix.lstrip(".").lower() in ExportFormat.__members__
                               else ExportFormat.json)
    if chosen is not ExportFormat.json and output is None:
        raise typer.BadParameter(f"--format {chosen.value} needs -o FILE", param_hint="--output")
    found, missing = find_files(files)
    read: list[SheetFile] = []
    for item in found:
        sheet = load_sheet(item.path)
        if sheet.format in ("fleet", "scenario", "other") and not item.named:
            continue  # settings found in a folder are not sheets (as for check)
        read.append(sheet)
    problems = list(missing) + [d for s in read for d in s.diagnostics if d.severity.value == "error"]
    sheets = [s for s in read if s.ships]
    ship_rows = list(tables.ship_rows(sheets))
    battery_rows = list(tables.battery_rows(sheets))
    ship_names = [c.name for c in tables.SHIP_COLUMNS]
    battery_names = [c.name for c in tables.BATTERY_COLUMNS]
    write_or_exit(err, output, lambda: _write(chosen, output, ship_rows, battery_rows, ship_names, battery_names))
    for problem in problems:
        err.print(problem.format(), markup=False)
    if output is not None:
        err.print(f"wrote {len(ship_rows)} ship(s) and {len(battery_rows)} batteries to {output}")
    if missing or any(not s.opened for s in read):
        raise typer.Exit(2)


def _write(chosen: ExportFormat, output: Path | None, ship_rows, battery_rows, ship_names, battery_names) -> None:
    from shipyard.report import tables
    if chosen is ExportFormat.xlsx:
        from shipyard.report.workbook import WorkbookWriter
        writer = WorkbookWriter()
        writer.sheet("Ships", tables.SHIP_COLUMNS, ship_rows)
        writer.sheet("Batteries", tables.BATTERY_COLUMNS, battery_rows)
        writer.save(output)
    elif chosen is ExportFormat.csv:
        for target, names, rows in ((output, ship_names, ship_rows),
                                    (output.with_name(f"{output.stem}-batteries{output.suffix}"), battery_names,
                                     battery_rows)):
            def write(stream, names=names, rows=rows):
                table = csv.writer(stream)
                table.writerow(names)
                table.writerows([[_plain(v) for v in row] for row in rows])
            _atomic_text(target, write)
    else:
        document = {"ships": [dict(zip(ship_names, map(_plain, row))) for row in ship_rows],
                    "batteries": [dict(zip(battery_names, map(_plain, row))) for row in battery_rows]}
        text = json.dumps(document, indent=2) + "\n"
        if output is None:
            sys.stdout.write(text)
        else:
            _atomic_text(output, lambda stream: stream.write(text))
