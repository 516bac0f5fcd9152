"""The FFS design workbook template: its layout (shared with the writer) and its reader.

Layout (examples/ffs2/*.xlsx is a filled-in copy; docs/converters.md shows it):
- sheet ``Ship``: a header row, then one row per field: column A the field name, B its value, C a note.
  ``edition`` comes first; ``power_plant_mw`` takes one number or several separated by ``+`` or ``,``.
- sheets ``Beams``, ``Missiles``, ``Sandcasters``, ``Dampers``: a header row of field names, then one
  row per kind of battery; a blank row is skipped. In ``Beams`` the damage of one weapon at 5, 10, 20,
  40 and 80 hexes is in the columns ``damage_5`` ... ``damage_80`` (leave the long ranges empty for a
  battery rated at fewer).
A cell that fails validation is reported at its row and column, named as ``Beams!C4``.
"""

from __future__ import annotations

import io
import re
import zipfile
from decimal import Decimal
from pathlib import Path
from typing import Any

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from pydantic import ValidationError

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.source import Unreadable, read_limited
from shipyard.core.toml_input import Location, beyond_diagnostics, validation_diagnostics
from shipyard.systems.mcs.ffs.model import FfsDesign, FfsHull
from shipyard.systems.mcs.ffs.read import Loaded

#: Limits of a design workbook, checked before openpyxl opens it (the template filled in is 9 KB, 40 KB
#: unpacked, 12 parts, 20 rows a sheet): a workbook that is a zip bomb or a million rows is refused unread.
MAX_UNPACKED_BYTES = 8 * 1024 * 1024
MAX_PARTS = 100
MAX_ROWS = 1000

SHIP_SHEET = "Ship"
SHIP_FIELDS = ("edition",) + tuple(FfsHull.model_fields)
DAMAGE_COLUMNS = ("damage_5", "damage_10", "damage_20", "damage_40", "damage_80")
# sheet name -> (design key, columns in order)
TABLE_SHEETS = {
    "Beams": (
        "beam",
        ("name", "type", "count", "batteries")
        + DAMAGE_COLUMNS
        + ("penetration", "pulses", "peak_pulses", "beam_pointer_km", "turrets"),
    ),
    "Missiles": (
        "missiles",
        (
            "name",
            "warhead",
            "tl",
            "launchers",
            "batteries",
            "mount",
            "autoloader",
            "missiles_per_salvo",
            "salvos",
            "salvos_in_cargo",
            "warhead_damage",
            "missile_g",
        ),
    ),
    "Sandcasters": ("sandcasters", ("name", "count", "batteries", "tl", "canisters")),
    "Dampers": ("dampers", ("name", "count", "batteries")),
}

# Column C of the Ship sheet: what each field is (the writer fills it in).
SHIP_NOTES = {
    "edition": "ffs1 (FFS1/TNE figures, x1.43 before the chart) or ffs2",
    "displacement": "dTons",
    "mass": "tonnes; empty: displacement x 10 (an estimate)",
    "armour": "FFS armour value",
    "power_plant_mw": "MW; several plants as 1170 + 500",
    "g_compensation": "G",
    "g_tanks": "TRUE when every workstation crew member has one",
    "meson_screen": "FFS screen value",
    "high_automation": "TRUE/FALSE: toughness -1",
    "open_frame": "TRUE/FALSE: toughness -1",
    "cargo_and_fuel_over_70_percent": "TRUE/FALSE: toughness -1",
}


def _cell_name(sheet: str, row: int, col: int) -> str:
    return f"{sheet}!{get_column_letter(col)}{row}"


def _value(raw: Any) -> Any:
    if isinstance(raw, float):
        return Decimal(repr(raw))
    if isinstance(raw, str):
        return raw.strip() or None
    return raw


def parse_ffs_workbook(path: Path, shown: str) -> Loaded:
    def error(code: str, message: str, row: int = 1, col: int = 1) -> Diagnostic:
        return Diagnostic(code=code, severity=Severity.ERROR, span=Span(path=shown, line=row, col=col), message=message)

    try:
        raw = read_limited(path)
    except Unreadable as refused:
        return None, [error(refused.code, refused.message)], {}
    too_big = _unpacked_too_big(raw)
    if too_big is not None:
        return None, [error("FFS003", too_big)], {}
    try:
        workbook = load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except Exception as failure:  # openpyxl raises many kinds for a file that is not a workbook
        return None, [error("FFS003", f"cannot read the workbook ({type(failure).__name__}: {failure})")], {}
    try:
        return _read_workbook(workbook, shown, error)
    except Exception as failure:  # a cell openpyxl cannot read (a reference past XFD, INF as a number ...)
        return None, [error("FFS003", f"cannot read the workbook ({type(failure).__name__}: {failure})")], {}
    finally:
        workbook.close()


def _unpacked_too_big(raw: bytes) -> str | None:
    """Why a workbook's zip is refused before it is opened, or None: too many parts, or more unpacked bytes
    than the limit (a part's declared size bounds what reading it gives)."""
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as failure:
        return f"cannot read the workbook (not a zip archive: {failure})"
    unpacked = sum(part.file_size for part in parts)
    if len(parts) > MAX_PARTS:
        return f"the workbook has {len(parts):,} parts; a design workbook has under {MAX_PARTS:,}: not read"
    if unpacked > MAX_UNPACKED_BYTES:
        return (
            f"the workbook unpacks to {unpacked:,} bytes; design workbooks over {MAX_UNPACKED_BYTES:,} bytes "
            f"unpacked (8 MiB) are not read"
        )
    return None


def _rows(sheet: Any, sheet_name: str, problems: list[Diagnostic], error: Any, **bounds: int) -> list[tuple]:
    """A sheet's rows up to MAX_ROWS (a row past it is one FFS003 error, the rest unread)."""
    rows = list(sheet.iter_rows(max_row=MAX_ROWS + 1, values_only=True, **bounds))
    if len(rows) > MAX_ROWS - bounds.get("min_row", 1) + 1:
        problems.append(
            error(
                "FFS003",
                f"sheet '{sheet_name}' has rows past row {MAX_ROWS:,}; a design has tens: not read past it",
                MAX_ROWS + 1,
                1,
            )
        )
        rows = rows[:-1]
    return rows


#: Where each value of a workbook was read: its location in the design's data, to its row, column and cell name.
Positions = dict[Location, tuple[int, int, str]]


def _ship_sheet(workbook: Any, positions: Positions, problems: list[Diagnostic], error: Any) -> dict[str, Any]:
    """The Ship sheet's field/value rows: the ship's values, and the design's edition (a row of its own)."""
    data: dict[str, Any] = {}
    ship: dict[str, Any] = {}
    ship_rows = _rows(workbook[SHIP_SHEET], SHIP_SHEET, problems, error, min_row=2, max_col=3)
    for row, (field, value, *_) in enumerate(ship_rows, start=2):
        if field is None or value is None or (isinstance(value, str) and not value.strip()):
            continue
        name = str(field).strip()
        target = data if name == "edition" else ship
        where: Location = ("edition",) if name == "edition" else ("ship", name)
        positions[where] = (row, 2, _cell_name(SHIP_SHEET, row, 2) + " ")
        if name == "power_plant_mw" and isinstance(value, str):
            target[name] = [_value(part) for part in re.split(r"[+,]", value) if part.strip()]
        else:
            target[name] = _value(value)
    data["ship"] = ship
    positions[("ship",)] = (1, 1, f"{SHIP_SHEET}!A1 ")
    return data


def _table_record(
    cells: dict[str, tuple[int, Any]], key: str, index: int, row: int, sheet_name: str, positions: Positions
) -> dict[str, Any]:
    """One row of a table sheet as a record: its damage columns as one list, each other cell by its column."""
    record: dict[str, Any] = {}
    damage = [cells[c][1] for c in DAMAGE_COLUMNS if c in cells]
    if damage:
        record["damage"] = damage
        first = min(cells[c][0] for c in DAMAGE_COLUMNS if c in cells)
        positions[(key, index, "damage")] = (row, first, _cell_name(sheet_name, row, first) + " ")
    for name, (col, value) in cells.items():
        if name not in DAMAGE_COLUMNS:
            record[name] = value
            positions[(key, index, name)] = (row, col, _cell_name(sheet_name, row, col) + " ")
    positions[(key, index)] = (row, 1, _cell_name(sheet_name, row, 1) + " ")
    return record


def _table_sheet(
    sheet: Any, sheet_name: str, key: str, columns: tuple[str, ...], positions: Positions, problems: list, error: Any
) -> list[dict[str, Any]]:
    """A table sheet (weapons, ...): its header's columns (an unknown one is FFS002) and a record a row."""
    rows = iter(_rows(sheet, sheet_name, problems, error))
    header = [str(h).strip() if h is not None else "" for h in next(rows, ())]
    for col, name in enumerate(header, start=1):
        if name and name not in columns:
            problems.append(
                error(
                    "FFS002",
                    f"{_cell_name(sheet_name, 1, col)} unknown column '{name}': expected one of {', '.join(columns)}",
                    1,
                    col,
                )
            )
    records: list[dict[str, Any]] = []
    for row, values in enumerate(rows, start=2):
        cells = {
            name: (col, _value(v))
            for col, (name, v) in enumerate(zip(header, values, strict=False), start=1)
            if name in columns and _value(v) is not None
        }
        if cells:
            records.append(_table_record(cells, key, len(records), row, sheet_name, positions))
    return records


def _read_workbook(workbook: Any, shown: str, error: Any) -> Loaded:
    positions: Positions = {}
    problems: list[Diagnostic] = []
    if SHIP_SHEET not in workbook.sheetnames:
        missing = error("FFS003", f"the workbook has no sheet '{SHIP_SHEET}' (see the FFS design template)")
        return None, [missing], {}
    data = _ship_sheet(workbook, positions, problems, error)
    for sheet_name, (key, columns) in TABLE_SHEETS.items():
        if sheet_name in workbook.sheetnames:
            data[key] = _table_sheet(workbook[sheet_name], sheet_name, key, columns, positions, problems, error)
    plain = {loc: (row, col) for loc, (row, col, _) in positions.items()}
    if problems:
        return None, problems, plain

    def locate(loc: tuple) -> tuple[int, int, str]:
        for end in range(len(loc), 0, -1):
            if loc[:end] in positions:
                return positions[loc[:end]]
        return 1, 1, ""

    beyond = beyond_diagnostics(data, shown, locate, "FFS002")
    if beyond:
        return None, beyond, plain
    try:
        return FfsDesign.model_validate(data), [], plain
    except ValidationError as failure:
        return None, validation_diagnostics(failure, shown, locate, FfsDesign, "FFS002"), plain
