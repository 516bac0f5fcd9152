"""Read an FFS design (TOML, or the workbook template) into ``FfsDesign``, with located errors.

TOML: see shipyard/parse/toml_input.py (syntax errors at tomllib's line and column, a failing value at
its key's line). Workbook: a value is reported at its cell (line = row, col = column) with the cell's name
("Beams!C4") in the message.
Codes: FFS001 not TOML, FFS002 a value does not validate, FFS003 the workbook cannot be read.
"""

from __future__ import annotations

from pathlib import Path

from shipyard.core.diagnostics import Diagnostic
from shipyard.systems.mcs.ffs.model import FfsDesign
from shipyard.core.source import read_sheet_text
from shipyard.core.toml_input import load_toml_model

#: Where each part of a design was read from: ("beam", 0) -> (line, col).
Positions = dict[tuple, tuple[int, int]]
Loaded = tuple[FfsDesign | None, list[Diagnostic], Positions]


def parse_ffs_toml(text: str, path: str) -> Loaded:
    return load_toml_model(text, path, FfsDesign, "FFS001", "FFS002")


def load_ffs_design(path: Path | str, display: str | None = None) -> Loaded:
    """An FFS design file: ``.xlsx`` as the workbook template, anything else as TOML."""
    path = Path(path)
    shown = display or str(path)
    if path.suffix.lower() == ".xlsx":
        from shipyard.systems.mcs.ffs.workbook import parse_ffs_workbook  # openpyxl only when a workbook is read
        return parse_ffs_workbook(path, shown)
    text, diagnostics = read_sheet_text(path, shown)
    if text is None:
        return None, diagnostics, {}
    design, found, positions = parse_ffs_toml(text, shown)
    return design, diagnostics + found, positions
