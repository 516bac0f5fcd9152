"""Write an FFS design as the workbook template (the layout of shipyard/systems/mcs/ffs/workbook.py).

Used to make the template in examples/ffs2/ from its TOML twin; the tests read it back to the same
design, so the template and the reader cannot drift apart.
"""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from shipyard.core.numbers import plain
from shipyard.report.workbook import save_book
from shipyard.systems.mcs.ffs.model import FfsDesign
from shipyard.systems.mcs.ffs.workbook import DAMAGE_COLUMNS, SHIP_FIELDS, SHIP_NOTES, SHIP_SHEET, TABLE_SHEETS


def write_design_workbook(design: FfsDesign, path: Path) -> None:
    """The design as a workbook at ``path``, written to a temporary file and moved into place."""
    book = Workbook()
    ship_sheet = book.create_sheet(SHIP_SHEET, 0)
    book.remove(book.worksheets[1])  # the default sheet a new workbook starts with
    ship_sheet.append(["field", "value", "note"])
    hull = design.ship.model_dump()
    for field in SHIP_FIELDS:
        value = design.edition if field == "edition" else hull[field]
        if field == "power_plant_mw":
            plants = list(hull[field])
            if len(plants) > 1:
                value = " + ".join(str(plain(v)) for v in plants)
            else:
                value = plain(plants[0]) if plants else None
        ship_sheet.append([field, plain(value), SHIP_NOTES.get(field, "")])
    for sheet_name, (key, columns) in TABLE_SHEETS.items():
        sheet = book.create_sheet(sheet_name)
        sheet.append(list(columns))
        for record in getattr(design, key):
            values = record.model_dump()
            damage = values.pop("damage", None) or []
            row = []
            for column in columns:
                if column in DAMAGE_COLUMNS:
                    index = DAMAGE_COLUMNS.index(column)
                    row.append(plain(damage[index]) if index < len(damage) else None)
                else:
                    row.append(plain(values.get(column)))
            sheet.append(row)
    for sheet in book.worksheets:
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        sheet.freeze_panes = "A2"
        for index, cells in enumerate(sheet.iter_cols(), start=1):
            width = max(len(str(c.value)) if c.value is not None else 0 for c in cells)
            sheet.column_dimensions[get_column_letter(index)].width = min(max(10, width + 2), 60)
    save_book(book, Path(path))
