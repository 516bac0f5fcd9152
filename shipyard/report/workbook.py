"""The judge's workbook (``shipyard audit -o``) and the designers' export (``shipyard export -o x.xlsx``).

Spreadsheet conventions (STYLE.md): numbers stored as numbers with the unit in the number format; a bold,
frozen header row with filters; set column widths; findings coloured by severity; text from sheets that
starts with ``=``, ``+``, ``-`` or ``@`` stored as text (never a formula); illegal control characters
removed; written to a temporary file beside the target and moved into place, so a crash never leaves half
a file. The workbook is always written in openpyxl's write-only mode, so memory does not grow with the
number of ships (rows are streamed).
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.files import atomic_path
from shipyard.core.numbers import beyond_reason, json_number
from shipyard.report import tables
from shipyard.report.tables import Column, formula_like

_RED, _YELLOW, _BLUE = (PatternFill("solid", fgColor=colour) for colour in ("F8CBAD", "FFE699", "DDEBF7"))
#: Rows coloured by a finding's severity or a ship's verdict.
SEVERITY_FILL = {"error": _RED, "warning": _YELLOW, "info": _BLUE, "fail": _RED, "unreadable": _RED, "check": _YELLOW}
BOLD = Font(bold=True)
WRAPPED = Alignment(wrap_text=True, vertical="top")


#: The narrowest and widest column fitted to its content, in characters.
FIT_WIDTHS = (5, 60)


def _shown(value: Any) -> str:
    """About what a cell shows: a figure with its grouping and two decimals, a text as it is."""
    if isinstance(value, (Decimal, float)):
        return f"{value:,.2f}"
    return "" if value is None else str(value)


def print_layout(sheet: Any, title: str) -> None:
    """A sheet that prints as a judge hands it out: landscape, one page wide (as many pages tall as it takes),
    the header row repeated on each page, the workbook's title and the sheet's name in the header, page
    numbers in the footer, narrow margins, gridlines."""
    sheet.page_setup.orientation = "landscape"
    sheet.page_setup.paperSize = Worksheet.PAPERSIZE_A4
    sheet.page_setup.fitToWidth, sheet.page_setup.fitToHeight = 1, 0
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
    sheet.print_title_rows = "1:1"
    sheet.print_options.gridLines = True
    sheet.page_margins.left = sheet.page_margins.right = 0.4
    sheet.page_margins.top = sheet.page_margins.bottom = 0.6
    sheet.oddHeader.center.text = f"shipyard: {title}"
    sheet.oddFooter.center.text = "page &P of &N"
    sheet.oddFooter.right.text = "&D"


def safe_text(value: str) -> str:
    return ILLEGAL_CHARACTERS_RE.sub("", value)


class StreamedSheet:
    """One sheet of a write-only workbook, its header written, taking rows as they come."""

    def __init__(
        self, writer: WorkbookWriter, title: str, columns: tuple[Column, ...], severity_column: str | None = None
    ) -> None:
        self.writer, self.columns = writer, columns
        self.sheet = sheet = writer.book.create_sheet(title)
        for index, column in enumerate(columns, start=1):
            sheet.column_dimensions[get_column_letter(index)].width = column.width
        sheet.freeze_panes = "A2"
        print_layout(sheet, title)
        header = []
        for column in columns:
            cell = WriteOnlyCell(sheet, value=column.name)
            cell.font = BOLD
            cell.alignment = WRAPPED
            header.append(cell)
        self.pending: list[list[Any]] | None = [header]  # written with the first row (or at close)
        self.severity_at = [c.name for c in columns].index(severity_column) if severity_column else None
        self.count = 0

    def fit(self, rows: Iterable[list]) -> None:
        """Column widths from the content (before the first row is written): the longest cell, within
        FIT_WIDTHS; a column that wraps keeps its set width."""
        low, high = FIT_WIDTHS
        longest = [len(column.name) for column in self.columns]
        for row in rows:  # one pass: the rows may be the audit's spool
            for index, value in enumerate(row):
                longest[index] = max(longest[index], len(_shown(value)))
        for index, column in enumerate(self.columns):
            if not column.wrap:
                width = min(high, max(low, longest[index] + 2))
                self.sheet.column_dimensions[get_column_letter(index + 1)].width = width

    def _flush_header(self) -> None:
        if self.pending is not None:
            for row in self.pending:
                self.sheet.append(row)
            self.pending = None

    def append(self, row: list, columns: tuple[Column, ...] | None = None) -> None:
        """One row; ``columns`` gives its cells other formats than the sheet's (the Summary's figures)."""
        self._flush_header()
        fill = SEVERITY_FILL.get(row[self.severity_at]) if self.severity_at is not None else None
        self.sheet.append(
            [
                self.writer.cell(self.sheet, value, column, fill)
                for value, column in zip(row, columns or self.columns, strict=True)
            ]
        )
        self.count += 1

    def close(self) -> int:
        self._flush_header()
        self.sheet.auto_filter.ref = f"A1:{get_column_letter(len(self.columns))}{self.count + 1}"
        return self.count


class WorkbookWriter:
    """Sheets written one after another, or side by side (``StreamedSheet``), rows streamed."""

    def __init__(self) -> None:
        self.book = Workbook(write_only=True)

    def open(self, title: str, columns: tuple[Column, ...], severity_column: str | None = None) -> StreamedSheet:
        return StreamedSheet(self, title, columns, severity_column)

    def sheet(
        self, title: str, columns: tuple[Column, ...], rows: Iterable[list], severity_column: str | None = None
    ) -> int:
        streamed = self.open(title, columns, severity_column)
        for row in rows:
            streamed.append(row)
        return streamed.close()

    @staticmethod
    def cell(sheet: Any, value: Any, column: Column, fill: PatternFill | None = None) -> Cell:
        if isinstance(value, Decimal):  # a figure past any rule (refused where it is read) is kept as its text
            value = json_number(value) if beyond_reason(value) is None else str(value)
        if isinstance(value, str):
            value = safe_text(value)
        cell = WriteOnlyCell(sheet, value=value)
        if isinstance(value, str) and (formula_like(value) or value.startswith("-")):
            cell.data_type = "s"  # text, never a formula
            cell.quotePrefix = True
        elif isinstance(value, (int, float)) and column.number_format:
            cell.number_format = column.number_format
        if column.wrap and isinstance(value, str):
            cell.alignment = WRAPPED
        if fill is not None:
            cell.fill = fill
        return cell

    def save(self, target: Path) -> None:
        """Write the workbook to ``target`` atomically (shipyard/core/files.py)."""
        save_book(self.book, target)


def save_book(book: Workbook, target: Path) -> None:
    """Write ``book`` to ``target`` atomically (shipyard/core/files.py)."""
    with atomic_path(Path(target), suffix=".xlsx") as temporary:
        book.save(temporary)


class AuditWorkbook:
    """The judge's workbook, written as the audit runs: Summary, Ships, Batteries, Components, Findings, Rules,
    and the tables the system that reads fleets adds (Losses, with a damage record). Batteries, Components and
    Findings take each file's rows as it is checked (openpyxl's write-only sheets keep them on disk, not in
    memory); Summary and Ships are written at the end, when the fleets have said how many of each ship there
    are."""

    def __init__(self) -> None:
        self.writer = WorkbookWriter()
        self.book = self.writer.book
        self.summary = self.writer.open("Summary", tables.SUMMARY_COLUMNS)
        self.ships = self.writer.open("Ships", tables.SHIP_COLUMNS, severity_column="verdict")
        self.batteries = self.writer.open("Batteries", tables.BATTERY_COLUMNS)
        self.components = self.writer.open("Components", tables.COMPONENT_COLUMNS)
        self.findings = self.writer.open("Findings", tables.FINDING_COLUMNS, severity_column="severity")
        self.rules = self.writer.open("Rules", tables.RULE_COLUMNS)

    def add(self, table: tables.SheetTables) -> None:
        for row in table.batteries:
            self.batteries.append(row)
        for row in table.components:
            self.components.append(row)
        for row in table.findings:
            self.findings.append(row)

    def add_findings(self, found: Iterable[Diagnostic]) -> None:
        for row in tables.diagnostic_rows(found):
            self.findings.append(row)

    def finish(
        self, output: Path, summary: list[list[Any]], ship_rows: Iterable[list], extras: tables.AuditExtras
    ) -> None:
        self.summary.fit([[name, figure] for name, figure, _ in summary])
        self.ships.fit(ship_rows)
        item, value = tables.SUMMARY_COLUMNS
        for name, figure, unit in summary:
            self.summary.append([name, figure], (item, Column(value.name, unit or value.number_format)))
        for row in ship_rows:
            self.ships.append(row)
        for row in tables.rule_rows():
            self.rules.append(row)
        for sheet in (self.summary, self.ships, self.batteries, self.components, self.findings, self.rules):
            sheet.close()
        for extra in extras.tables:
            self.writer.sheet(extra.sheet, extra.columns, extra.rows)
        self.writer.save(output)
