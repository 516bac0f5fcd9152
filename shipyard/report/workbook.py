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
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.files import atomic_path
from shipyard.core.numbers import beyond_reason, json_number
from shipyard.core.sheet import SheetFile
from shipyard.core.version import version
from shipyard.report import tables
from shipyard.report.tables import Column, formula_like

SEVERITY_FILL = {"error": PatternFill("solid", fgColor="F8CBAD"), "warning": PatternFill("solid", fgColor="FFE699"),
                 "info": PatternFill("solid", fgColor="DDEBF7")}
BOLD = Font(bold=True)


def safe_text(value: str) -> str:
    return ILLEGAL_CHARACTERS_RE.sub("", value)


class WorkbookWriter:
    """Sheets written one after another, rows streamed."""

    def __init__(self) -> None:
        self.book = Workbook(write_only=True)

    def sheet(self, title: str, columns: tuple[Column, ...], rows: Iterable[list],
              severity_column: str | None = None) -> int:
        sheet = self.book.create_sheet(title)
        for index, column in enumerate(columns, start=1):
            sheet.column_dimensions[get_column_letter(index)].width = column.width
        sheet.freeze_panes = "A2"
        header = []
        for column in columns:
            cell = WriteOnlyCell(sheet, value=column.name)
            cell.font = BOLD
            header.append(cell)
        sheet.append(header)
        severity_at = [c.name for c in columns].index(severity_column) if severity_column else None
        count = 0
        for row in rows:
            fill = SEVERITY_FILL.get(row[severity_at]) if severity_at is not None else None
            sheet.append([self.cell(sheet, value, column, fill) for value, column in zip(row, columns, strict=True)])
            count += 1
        sheet.auto_filter.ref = f"A1:{get_column_letter(len(columns))}{count + 1}"
        return count

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
        if fill is not None:
            cell.fill = fill
        return cell

    def save(self, target: Path) -> None:
        """Write the workbook to ``target`` atomically (shipyard/core/files.py)."""
        with atomic_path(Path(target), suffix=".xlsx") as temporary:
            self.book.save(temporary)


def write_audit(output: Path, sheets: list[SheetFile], missing: list[Diagnostic], rows: list[list],
                scenario: Any, losses: list[Any] | None = None, fleets: tuple[Any, ...] = ()) -> None:
    """The judge's workbook: Summary, Ships, Batteries, Components, Findings, Rules, and Losses with a damage
    record."""
    findings = [d for s in sheets for d in s.diagnostics] + list(missing)
    summary: list[list[Any]] = [
        ["files", sum(s.format != "fleet" for s in sheets)], ["ships", len(rows)],
        ["errors", sum(d.severity is Severity.ERROR for d in findings)],
        ["warnings", sum(d.severity is Severity.WARNING for d in findings)],
        ["information", sum(d.severity is Severity.INFO for d in findings)],
        ["ships passing", sum(r[9] == "pass" for r in rows)], ["ships failing", sum(r[9] == "fail" for r in rows)],
        ["total tonnage", sum((r[4] for r in rows if r[4] is not None), Decimal(0))],
        ["total cost", sum((r[5] for r in rows if r[5] is not None), Decimal(0))],
        ["scenario", scenario.name if scenario else "(none)"],
        ["budget", scenario.budget_mcr if scenario else None],
        *[row for total in fleets for row in (
            ["fleet", total.name], ["designs", len(total.cost.designs)], ["fleet ships", total.cost.count],
            ["ships (quantity rule)", total.cost.ships], ["drop tanks", total.cost.tanks],
            ["fleet cost", total.cost.total], ["fleet budget", total.budget], ["margin", total.margin],
            ["fleet verdict", "pass" if total.passes else "fail"])],
        ["written by", f"shipyard {version()}"],
    ]
    formats = {"total tonnage": tables.TONS, "total cost": tables.MCR, "budget": tables.MCR,
               "ships (quantity rule)": tables.MCR, "drop tanks": tables.MCR, "fleet cost": tables.MCR,
               "fleet budget": tables.MCR, "margin": tables.MCR}
    writer = WorkbookWriter()
    sheet = writer.book.create_sheet("Summary")
    sheet.column_dimensions["A"].width, sheet.column_dimensions["B"].width = 18, 28
    sheet.freeze_panes = "A2"
    head = [writer.cell(sheet, "item", Column("item")), writer.cell(sheet, "value", Column("value"))]
    for cell in head:
        cell.font = BOLD
    sheet.append(head)
    for name, value in summary:
        sheet.append([writer.cell(sheet, name, Column("item")),
                      writer.cell(sheet, value, Column("value", formats.get(name, "#,##0")))])
    sheet.auto_filter.ref = f"A1:B{len(summary) + 1}"
    writer.sheet("Ships", tables.SHIP_COLUMNS, rows)
    writer.sheet("Batteries", tables.BATTERY_COLUMNS, tables.battery_rows(sheets))
    writer.sheet("Components", tables.COMPONENT_COLUMNS, tables.component_rows(sheets))
    writer.sheet("Findings", tables.FINDING_COLUMNS, tables.finding_rows(sheets, missing), severity_column="severity")
    writer.sheet("Rules", tables.RULE_COLUMNS, tables.rule_rows())
    if losses is not None:
        writer.sheet("Losses", tables.LOSS_COLUMNS, tables.loss_rows(losses))
    writer.save(output)


def write_scores(output: Path, scores: list[Any], leader: Any = None, standing: Any = None) -> None:
    """The scores workbook of a battle: Scores (each fleet, the winner or the provisional leader marked) and
    Losses."""
    writer = WorkbookWriter()
    writer.sheet("Scores", tables.SCORE_COLUMNS, tables.score_rows(scores, leader, standing))
    writer.sheet("Losses", tables.LOSS_COLUMNS, tables.loss_rows(scores))
    writer.save(output)
