"""The export files (``shipyard export``): the Ships and Batteries tables as a workbook, two CSV files
(``NAME.csv`` and ``NAME-batteries.csv``) or one JSON document ``{ships, batteries}``; each file written
atomically."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from shipyard.core.files import write_text_atomic, write_texts_atomic
from shipyard.core.numbers import plain
from shipyard.report.tables import Column, formula_like


def write_tables(output_format: str, output: Path | None, ship_columns: tuple[Column, ...], ship_rows: list[list],
                 battery_columns: tuple[Column, ...], battery_rows: list[list]) -> str | None:
    """Write both tables in ``output_format`` to ``output``; with no output (JSON only) return the text."""
    ship_names = [c.name for c in ship_columns]
    battery_names = [c.name for c in battery_columns]
    if output_format == "xlsx":
        from shipyard.report.workbook import WorkbookWriter
        writer = WorkbookWriter()
        writer.sheet("Ships", ship_columns, ship_rows)
        writer.sheet("Batteries", battery_columns, battery_rows)
        writer.save(_required(output))
        return None
    if output_format == "csv":
        writes = []
        for path, names, rows in zip(output_files("csv", _required(output)), (ship_names, battery_names),
                                     (ship_rows, battery_rows), strict=True):
            def write(stream: Any, names: list[str] = names, rows: list[list] = rows) -> None:
                table = csv.writer(stream)
                table.writerow(names)
                table.writerows([[_csv_cell(plain(v)) for v in row] for row in rows])
            writes.append((path, write))
        write_texts_atomic(writes)  # both files new, or both as they were
        return None
    document = {"ships": [dict(zip(ship_names, map(plain, row), strict=True)) for row in ship_rows],
                "batteries": [dict(zip(battery_names, map(plain, row), strict=True)) for row in battery_rows]}
    text = json.dumps(document, indent=2) + "\n"
    if output is None:
        return text
    write_text_atomic(output, lambda stream: stream.write(text))
    return None


def _csv_cell(value: object) -> object:
    """A text that a spreadsheet would run as a formula, with a "'" before it, as spreadsheets write one."""
    return "'" + value if isinstance(value, str) and formula_like(value) else value


def output_files(output_format: str, output: Path) -> list[Path]:
    """The files an export to ``output`` writes: CSV writes the Batteries table beside the Ships table."""
    if output_format == "csv":
        return [output, output.with_name(f"{output.stem}-batteries{output.suffix}")]
    return [output]


def _required(output: Path | None) -> Path:
    if output is None:
        raise ValueError("this export format needs an output file")
    return output
