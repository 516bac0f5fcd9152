"""The stages of shipyard, named in order: read the file, parse the sheet (and, in later stages,
check and convert). Each stage returns values plus diagnostics; none raises for bad input."""

from __future__ import annotations

from pathlib import Path

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
