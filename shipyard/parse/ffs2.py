"""Read an FFS design (TOML, or the workbook template) into ``FfsDesign``, with located errors.

TOML: a syntax error keeps tomllib's line and column; a value that fails validation is reported at the
line of its key (found by ``toml_positions``, a scan of the ``[table]`` / ``[[table]]`` headers and
``key =`` lines), or at its table's header when the key is missing. Workbook: a value is reported at its
cell (line = row, col = column) with the cell's name ("Beams!C4") in the message.
Codes: FFS001 not TOML, FFS002 a value does not validate, FFS003 the workbook cannot be read.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from decimal import Decimal
from pathlib import Path

from pydantic import ValidationError

from shipyard.diagnostics import Diagnostic, Severity, Span
from shipyard.model.ffs2 import FfsBeam, FfsDampers, FfsDesign, FfsHull, FfsMissiles, FfsSandcasters
from shipyard.parse.source import read_sheet_text

Location = tuple  # ("beam", 0, "damage") -> a position
_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.-]+)\s*\]\]?")
_KEY = re.compile(r"^(\s*)([A-Za-z0-9_-]+)\s*=")


def toml_positions(text: str) -> dict[Location, tuple[int, int]]:
    """Where each table and key of a (flat, documented-layout) TOML file stands: 1-based line, col."""
    positions: dict[Location, tuple[int, int]] = {}
    table: Location = ()
    counts: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            name = header.group(2)
            if header.group(1) == "[[":
                counts[name] = counts.get(name, -1) + 1
                table = (name, counts[name])
            else:
                table = tuple(name.split("."))
            positions.setdefault(table, (number, line.index(name) + 1))
            continue
        key = _KEY.match(line)
        if key:
            positions.setdefault(table + (key.group(2),), (number, len(key.group(1)) + 1))
    return positions


def _known_keys() -> set[str]:
    models = (FfsDesign, FfsHull, FfsBeam, FfsMissiles, FfsSandcasters, FfsDampers)
    return {name for model in models for name in model.model_fields}


def _describe(error: dict) -> str:
    where = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in error["loc"]).lstrip(".")
    where = where or "the file"
    message = error["msg"]
    if error["type"] == "extra_forbidden":
        near = difflib.get_close_matches(str(error["loc"][-1]), sorted(_known_keys()), n=1, cutoff=0.8)
        hint = f"did you mean '{near[0]}'?" if near else "see the README for the FFS design layout"
        message = f"unknown key ({hint})"
    elif error["type"] == "missing":
        message = "required value missing"
    shown = error.get("input")
    value = "" if error["type"] in ("missing",) or isinstance(shown, dict) else f", found {shown!r}"
    return f"{where}: {message}{value}"


def validation_diagnostics(error: ValidationError, path: str, locate) -> list[Diagnostic]:
    """One FFS002 per failing value, at the position ``locate(loc)`` returns."""
    found = []
    for item in error.errors():
        line, col, label = locate(tuple(item["loc"]))
        found.append(Diagnostic(code="FFS002", severity=Severity.ERROR, span=Span(path=path, line=line, col=col),
                                message=f"{label}{_describe(item)}"))
    return found


#: Where each part of a design was read from: ("beam", 0) -> (line, col).
Positions = dict[tuple, tuple[int, int]]
Loaded = tuple[FfsDesign | None, list[Diagnostic], Positions]


def parse_ffs_toml(text: str, path: str) -> Loaded:
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
        line, col = (int(found.group(1)), int(found.group(2))) if found else (1, 1)
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        return None, [Diagnostic(code="FFS001", severity=Severity.ERROR, span=Span(path=path, line=line, col=col),
                                 message=f"not valid TOML: {message}")], {}
    positions = toml_positions(text)

    def locate(loc: Location) -> tuple[int, int, str]:
        for end in range(len(loc), 0, -1):  # the key, else its table, else the file's top
            if loc[:end] in positions:
                return (*positions[loc[:end]], "")
        return 1, 1, ""

    try:
        return FfsDesign.model_validate(data), [], positions
    except ValidationError as error:
        return None, validation_diagnostics(error, path, locate), positions


def load_ffs_design(path: Path | str, display: str | None = None) -> Loaded:
    """An FFS design file: ``.xlsx`` as the workbook template, anything else as TOML."""
    path = Path(path)
    shown = display or str(path)
    if path.suffix.lower() == ".xlsx":
        from shipyard.parse.ffs2_workbook import parse_ffs_workbook  # openpyxl only when a workbook is read
        return parse_ffs_workbook(path, shown)
    text, diagnostics = read_sheet_text(path, shown)
    if text is None:
        return None, diagnostics, {}
    design, found, positions = parse_ffs_toml(text, shown)
    return design, diagnostics + found, positions
