"""The stages of shipyard, named in order: find the files, read each, parse its sheet, check it.
Each stage returns values plus diagnostics; none raises for bad input."""

from __future__ import annotations

from pathlib import Path

from shipyard.checking import Selection, check_sheet
from shipyard.diagnostics import Diagnostic, Span, Severity
from shipyard.model.sheet import SheetFile
from shipyard.parse.ffs2 import load_ffs_design
from shipyard.parse.source import read_sheet_text
from shipyard.rating.ffs2 import convert_ffs
from shipyard.parse.usd import parse_usd


#: Files read as FFS designs (converted to MCS on reading); anything else is a USD sheet.
FFS_DESIGN_SUFFIXES = (".toml", ".xlsx")


def load_sheet(path: Path | str, display: str | None = None) -> SheetFile:
    """Read one sheet file: its ships and every diagnostic, sorted by position. An FFS design
    (``.toml`` or the ``.xlsx`` template) is read and rated, and holds its MCS ship."""
    path = Path(path)
    shown = display or str(path)
    if path.suffix.lower() in FFS_DESIGN_SUFFIXES:
        return load_design(path, shown)
    text, diagnostics = read_sheet_text(path, shown)
    ships = []
    if text is not None:
        try:
            ships, parsed = parse_usd(text, shown)
        except Exception as error:  # a bug in shipyard: reported on this file, never a traceback
            parsed = [Diagnostic(code="SY001", severity=Severity.ERROR, span=Span(path=shown, line=1, col=1),
                                 message=f"internal error while reading this file ({type(error).__name__}: "
                                         f"{error}); please report it")]
        diagnostics = diagnostics + parsed
    return SheetFile(path=shown, ships=ships, diagnostics=sorted(diagnostics, key=lambda d: d.sort_key))


def load_design(path: Path, shown: str, edition: str | None = None) -> SheetFile:
    """Read an FFS design and rate it (``edition`` overrides the design's own; one is required)."""
    design, diagnostics, positions = load_ffs_design(path, shown)
    ships = []
    if design is not None:
        top = Span(path=shown, line=positions.get(("edition",), (1, 1))[0], col=1)
        if edition is None and design.edition is None:
            diagnostics.append(Diagnostic(
                code="CNV200", severity=Severity.ERROR, span=top,
                message="the design does not say which FFS edition its figures are on: set edition = \"ffs1\" "
                        "(FFS1/TNE figures, x1.43) or \"ffs2\" in it, or pass --edition; the scale is never guessed"))
        else:
            if edition is not None and design.edition is not None and edition != design.edition:
                diagnostics.append(Diagnostic(code="CNV204", severity=Severity.INFO, span=top,
                                              message=f"--edition {edition} overrides the design's edition {design.edition}"))
            ship, found = convert_ffs(design, edition or design.edition, shown, positions)
            ships, diagnostics = [ship], diagnostics + found
    return SheetFile(path=shown, format="ffs", ships=ships, diagnostics=sorted(diagnostics, key=lambda d: d.sort_key))


#: What a folder contributes to a check: USD sheets by their usual extensions and FFS designs. Files
#: named on the command line are read whatever their extension.
SHEET_SUFFIXES = (".usd", ".txt") + FFS_DESIGN_SUFFIXES


def sheet_files(paths: list[Path]) -> tuple[list[Path], list[Diagnostic]]:
    """The files to read, in a stable order: each file as given, each folder searched recursively."""
    files: list[Path] = []
    problems: list[Diagnostic] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.suffix.lower() in SHEET_SUFFIXES and p.is_file()))
        elif path.exists():
            files.append(path)
        else:
            problems.append(Diagnostic(code="IO006", severity=Severity.ERROR, span=Span(path=str(path), line=1, col=1),
                                       message="no such file or folder"))
    return files, problems


def check_paths(paths: list[Path], selection: Selection = Selection()) -> tuple[list[SheetFile], list[Diagnostic]]:
    """Read and check every sheet under ``paths``; the second list is paths that do not exist."""
    files, problems = sheet_files(paths)
    return [check_sheet(load_sheet(path), selection) for path in files], problems
