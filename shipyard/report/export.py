"""The export files (``shipyard export``): the Ships and Batteries tables as a workbook, two CSV files
(``NAME.csv`` and ``NAME-batteries.csv``) or one JSON document ``{ships, batteries}``.

Rows stream in file by file as the sheets are checked: the workbook takes them into openpyxl's write-only
sheets, CSV and JSON into temporary spool files, so memory does not grow with the number of ships. ``finish``
writes the outputs, each atomically (a CSV export's two files together), or the JSON to a stream.
"""

from __future__ import annotations

import csv
import json
import shutil
import tempfile
from pathlib import Path
from typing import IO, Any

from shipyard.core.files import write_texts_atomic
from shipyard.core.numbers import plain
from shipyard.report import tables
from shipyard.report.tables import Column, formula_like


def _csv_cell(value: object) -> object:
    """A text that a spreadsheet would run as a formula, with a "'" before it, as spreadsheets write one."""
    return "'" + value if isinstance(value, str) and formula_like(value) else value


def output_files(output_format: str, output: Path) -> list[Path]:
    """The files an export to ``output`` writes: CSV writes the Batteries table beside the Ships table."""
    if output_format == "csv":
        return [output, output.with_name(f"{output.stem}-batteries{output.suffix}")]
    return [output]


class _Spool:
    """A table's rows in a temporary text file, as CSV lines or JSON objects."""

    def __init__(self, columns: tuple[Column, ...], output_format: str) -> None:
        self.names = [c.name for c in columns]
        self.format = output_format
        self.file: IO[str] = tempfile.TemporaryFile("w+", encoding="utf-8", newline="")  # noqa: SIM115
        self.csv = csv.writer(self.file) if output_format == "csv" else None
        self.count = 0
        if self.csv is not None:
            self.csv.writerow(self.names)

    def append(self, row: list) -> None:
        if self.csv is not None:
            self.csv.writerow([_csv_cell(plain(v)) for v in row])
        else:
            self.file.write(
                ("" if self.count == 0 else ",\n")
                + "    "
                + json.dumps(dict(zip(self.names, map(plain, row), strict=True)))
            )
        self.count += 1

    def copy_to(self, stream: IO[str]) -> None:
        self.file.seek(0)
        shutil.copyfileobj(self.file, stream)

    def close(self) -> None:
        self.file.close()


class Export:
    """An export being written: ``add`` each checked file's tables, then ``finish`` (or ``close`` to drop it)."""

    def __init__(self, output_format: str) -> None:
        self.format = output_format
        self.ships = self.batteries = self.unread = 0  # unread: files not read, a row each
        self.book: Any = None
        self.spools: list[_Spool] = []
        if output_format == "xlsx":
            from shipyard.report.workbook import WorkbookWriter

            self.book = WorkbookWriter()
            self.sheets = [
                self.book.open("Ships", tables.SHIP_COLUMNS),
                self.book.open("Batteries", tables.BATTERY_COLUMNS),
            ]
        else:
            self.spools = [_Spool(tables.SHIP_COLUMNS, output_format), _Spool(tables.BATTERY_COLUMNS, output_format)]

    def add(self, table: tables.SheetTables) -> None:
        self.ships += sum(row[tables.SHIP["ship"]] is not None for row in table.ships)  # a roster's row is none
        self.unread += not table.opened
        self.batteries += len(table.batteries)
        for rows, target in zip((table.ships, table.batteries), self.sheets if self.book else self.spools, strict=True):
            for row in rows:
                target.append(row)

    def finish(self, output: Path | None, stream: IO[str] | None = None) -> None:
        """Write the outputs to ``output`` (its files), or the JSON document to ``stream``."""
        try:
            if self.book is not None:
                for sheet in self.sheets:
                    sheet.close()
                self.book.save(_required(output))
            elif self.format == "csv":
                writes = [
                    (path, spool.copy_to)
                    for path, spool in zip(output_files("csv", _required(output)), self.spools, strict=True)
                ]
                write_texts_atomic(writes)  # both files new, or both as they were
            elif output is None:
                self._json(stream)
            else:
                write_texts_atomic([(output, self._json)])
        finally:
            self.close()

    def _json(self, stream: IO[str] | None) -> None:
        if stream is None:
            raise ValueError("a JSON export goes to a file or a stream")
        ships, batteries = self.spools
        for key, spool, end in (("ships", ships, ",\n"), ("batteries", batteries, "\n")):
            stream.write(("{\n" if key == "ships" else "") + f'  "{key}": [' + ("\n" if spool.count else ""))
            spool.copy_to(stream)
            stream.write(("\n  ]" if spool.count else "]") + end)
        stream.write("}\n")

    def close(self) -> None:
        for spool in self.spools:
            spool.close()


def _required(output: Path | None) -> Path:
    if output is None:
        raise ValueError("this export format needs an output file")
    return output


def audit_document(summary: list[list[Any]], ship_rows: Any, fleets: list[str], findings: list[Any]) -> dict:
    """The audit as one JSON document: its verdict, the Summary as an object (each fleet's rows an object of
    ``fleets``, with its line), the Ships rows as objects (the export's columns, docs/export.md) and the fleet
    findings."""
    names = [c.name for c in tables.SHIP_COLUMNS]
    whole: dict[str, Any] = {}
    priced: list[dict[str, Any]] = []
    for name, value, _ in summary:
        if name == "fleet":
            priced.append({"line": fleets[len(priced)] if len(priced) < len(fleets) else None})
        (priced[-1] if priced and name != "written by" else whole)[name] = plain(value)
    return {
        "verdict": whole["verdict"],
        "summary": whole,
        "fleets": priced,
        "ships": [dict(zip(names, map(plain, row), strict=True)) for row in ship_rows],
        "findings": [d.model_dump(mode="json") for d in findings],  # as check --format json writes them
    }
