"""The judge's workbook (``shipyard audit -o``) and the designers' export (``shipyard export -o x.xlsx``).

Spreadsheet conventions (STYLE.md): numbers stored as numbers with the unit in the number format; a bold,
frozen header row with filters; set column widths; findings coloured by severity; text from sheets that
starts with ``=``, ``+``, ``-`` or ``@`` stored as text (never a formula); illegal control characters
removed; written to a temporary file beside the target and moved into place, so a crash never leaves half
a file. The workbook is always written in openpyxl's write-only mode, so memory does not grow with the
number of ships (rows are streamed).
"""

from __future__ import annotations

import os
import tempfile
from decimal import Decimal
from pathlib import Path
from typing import Iterable

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter

from shipyard.report.tables import Column

FORMULA_STARTS = ("=", "+", "-", "@")
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
            sheet.append([self.cell(sheet, value, column, fill) for value, column in zip(row, columns)])
            count += 1
        sheet.auto_filter.ref = f"A1:{get_column_letter(len(columns))}{count + 1}"
        return count

    @staticmethod
    def cell(sheet, value, column: Column, fill=None) -> WriteOnlyCell:
        if isinstance(value, Decimal):
            value = int(value) if value == value.to_integral_value() else float(value)
        if isinstance(value, str):
            value = safe_text(value)
        cell = WriteOnlyCell(sheet, value=value)
        if isinstance(value, str) and value.startswith(FORMULA_STARTS):
            cell.data_type = "s"  # text, never a formula
            cell.quotePrefix = True
        elif isinstance(value, (int, float)) and column.number_format:
            cell.number_format = column.number_format
        if fill is not None:
            cell.fill = fill
        return cell

    def save(self, target: Path) -> None:
        """Write to a temporary file beside ``target``, then move it into place."""
        target = Path(target)
        handle, temporary = tempfile.mkstemp(suffix=".xlsx", prefix=f".{target.stem}-", dir=target.parent or ".")
        os.close(handle)
        try:
            self.book.save(temporary)
            os.replace(temporary, target)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
