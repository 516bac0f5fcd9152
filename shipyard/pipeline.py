"""The stages of shipyard, named in order: find the files, read each, parse its sheet, check it.
Each stage returns values plus diagnostics; none raises for bad input."""

from __future__ import annotations

from pathlib import Path

from shipyard.checking import Selection, check_sheet
from shipyard.diagnostics import Diagnostic, Span, Severity
from shipyard.model.sheet import SheetFile
from shipyard.parse.source import read_sheet_text
from shipyard.parse.usd import parse_usd


def load_sheet(path: Path | str, display: str | None = None) -> SheetFile:
    """Read one sheet file: its ships and every diagnostic, sorted by position."""
    path = Path(path)
    shown = display or str(path)
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


#: What a folder contributes to a check: USD sheets by their usual extensions. Files named on the
#: command line are read whatever their extension.
SHEET_SUFFIXES = (".usd", ".txt")


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
