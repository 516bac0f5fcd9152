"""The stages of reading one file, named in order: read the text, find its suppressions, tell its format
from its content, parse it (or rate the FFS design). Each stage returns values plus diagnostics; none
raises for bad input. Checking and batches are in shipyard/checking.py and shipyard/batch.py."""

from __future__ import annotations

from pathlib import Path

from shipyard.core.diagnostics import Diagnostic, Span, Severity
from shipyard.core.sheet import SheetFile
from shipyard.core.sniff import sniff
from shipyard.core.source import read_sheet_text
from shipyard.systems.mcs.parse import parse_usd
from shipyard.core.suppress import find_suppressions


#: Files read as FFS design workbooks (by extension: they are binary).
WORKBOOK_SUFFIXES = (".xlsx",)
#: Kept for callers that want the FFS design extensions (the format is told from content otherwise).
FFS_DESIGN_SUFFIXES = (".toml", ".xlsx")

__all__ = ["FFS_DESIGN_SUFFIXES", "WORKBOOK_SUFFIXES", "load_design", "load_sheet", "sniff"]


def _internal_error(shown: str, error: Exception) -> Diagnostic:
    return Diagnostic(code="SY001", severity=Severity.ERROR, span=Span(path=shown, line=1, col=1),
                      message=f"internal error while reading this file ({type(error).__name__}: {error}); "
                              "please report it")


def load_sheet(path: Path | str, display: str | None = None) -> SheetFile:
    """Read one sheet file, whatever its format (told from its content): its ships and every diagnostic,
    sorted by position. An FFS design (TOML, or the ``.xlsx`` template) is read and rated, and holds its
    MCS ship. Inline suppressions are read and kept for the check."""
    path = Path(path)
    shown = display or str(path)
    if path.suffix.lower() in WORKBOOK_SUFFIXES:
        return load_design(path, shown)
    raw, diagnostics = read_sheet_text(path, shown)
    if raw is None:
        return SheetFile(path=shown, format="unreadable", diagnostics=diagnostics)
    text, suppressions, problems = find_suppressions(raw, shown)
    diagnostics = diagnostics + problems
    sheet_format = sniff(text)
    if path.suffix.lower() == ".toml" and sheet_format not in ("ffs", "fleet", "scenario"):
        return SheetFile(path=shown, format="other", diagnostics=diagnostics + [Diagnostic(
            code="IO008", severity=Severity.ERROR, span=Span(path=shown, line=1, col=1),
            message="a TOML file that is not an FFS design ([ship]), a fleet ([[ship]]) or a scenario ([scenario])")])
    ships: list = []
    try:
        if sheet_format == "ffs":
            sheet = load_design(path, shown, text=text)
            return sheet.model_copy(update={"diagnostics": sorted(diagnostics + sheet.diagnostics,
                                                                  key=lambda d: d.sort_key),
                                            "suppressions": suppressions})
        if sheet_format in ("fleet", "scenario"):
            what = "a fleet file" if sheet_format == "fleet" else "a scenario file"
            how = "check it with 'shipyard check'" if sheet_format == "fleet" else "give it with --scenario"
            diagnostics.append(Diagnostic(code="IO007", severity=Severity.ERROR, span=Span(path=shown, line=1, col=1),
                                          message=f"{what}, not a sheet: {how}"))
        elif sheet_format == "highguard":
            from shipyard.systems.highguard.parse import parse_highguard  # High Guard's parser and models on demand
            ships, parsed = parse_highguard(text, shown)
            diagnostics += parsed
        else:
            ships, parsed = parse_usd(text, shown)
            diagnostics += parsed
    except Exception as error:  # a bug in shipyard: reported on this file, never a traceback
        diagnostics.append(_internal_error(shown, error))
    return SheetFile(path=shown, format=sheet_format, ships=ships, suppressions=suppressions,
                     diagnostics=sorted(diagnostics, key=lambda d: d.sort_key))


def load_design(path: Path, shown: str, edition: str | None = None, text: str | None = None) -> SheetFile:
    """Read an FFS design and rate it (``edition`` overrides the design's own; one is required)."""
    from shipyard.systems.mcs.ffs.read import load_ffs_design, parse_ffs_toml  # only for designs
    from shipyard.systems.mcs.convert.ffs import convert_ffs
    if text is not None:
        design, diagnostics, positions = parse_ffs_toml(text, shown)
    else:
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
