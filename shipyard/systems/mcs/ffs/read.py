"""Read an FFS design (TOML, or the workbook template) into ``FfsDesign``, with located errors.

TOML: see shipyard/core/toml_input.py (syntax errors at tomllib's line and column, a failing value at
its key's line). Workbook: a value is reported at its cell (line = row, col = column) with the cell's name
("Beams!C4") in the message.
Codes: FFS001 not TOML, FFS002 a value does not validate, FFS003 the workbook cannot be read.
"""

from __future__ import annotations

from pathlib import Path

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.source import read_sheet_text
from shipyard.core.toml_input import load_toml_model
from shipyard.systems.mcs.ffs.model import Edition, FfsDesign
from shipyard.systems.mcs.model import UsdShip

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


def rate_design(
    path: Path, shown: str, edition: Edition | None = None, text: str | None = None
) -> tuple[list[UsdShip], list[Diagnostic]]:
    """Read an FFS design (``text``, else the file) and rate it in MCS: the rated ship and every diagnostic.
    ``edition`` overrides the design's own; one of the two is required (CNV200), the scale is never guessed."""
    from shipyard.systems.mcs.convert.ffs import convert_ffs

    if text is not None:
        design, diagnostics, positions = parse_ffs_toml(text, shown)
    else:
        design, diagnostics, positions = load_ffs_design(path, shown)
    if design is None:
        return [], diagnostics
    top = Span(path=shown, line=positions.get(("edition",), (1, 1))[0], col=1)
    chosen = edition or design.edition
    if chosen is None:
        return [], diagnostics + [
            Diagnostic(
                code="CNV200",
                severity=Severity.ERROR,
                span=top,
                message='the design does not say which FFS edition its figures are on: set edition = "ffs1" '
                '(FFS1/TNE figures, x1.43) or "ffs2" in it, or pass --edition; the scale is never guessed',
            )
        ]
    if edition is not None and design.edition is not None and edition != design.edition:
        diagnostics.append(
            Diagnostic(
                code="CNV204",
                severity=Severity.INFO,
                span=top,
                message=f"--edition {edition} overrides the design's edition {design.edition}",
            )
        )
    ship, found = convert_ffs(design, chosen, shown, positions)
    return [ship], diagnostics + found


def read_design(text: str | None, path: Path, shown: str) -> tuple[list[UsdShip], list[Diagnostic]]:
    """The registry's reader for FFS designs: the design rated on its own edition."""
    return rate_design(path, shown, None, text)
