"""The stages of shipyard, named in order: find the files, read each, parse its sheet, check it.
Each stage returns values plus diagnostics; none raises for bad input."""

from __future__ import annotations

from pathlib import Path

import tomllib

from shipyard.checking import Selection, check_fleet, check_sheet
from shipyard.diagnostics import Diagnostic, Span, Severity
from shipyard.fleet import fleet_from_file, fleet_from_folder, is_fleet_file
from shipyard.model.scenario import Scenario
from shipyard.model.sheet import SheetFile
from shipyard.parse.ffs2 import load_ffs_design
from shipyard.parse.highguard import looks_like_highguard, parse_highguard
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
    ships: list = []
    sheet_format = "usd"
    if text is not None:
        try:
            if looks_like_highguard(text):
                sheet_format = "highguard"
                ships, parsed = parse_highguard(text, shown)
            else:
                ships, parsed = parse_usd(text, shown)
        except Exception as error:  # a bug in shipyard: reported on this file, never a traceback
            parsed = [Diagnostic(code="SY001", severity=Severity.ERROR, span=Span(path=shown, line=1, col=1),
                                 message=f"internal error while reading this file ({type(error).__name__}: "
                                         f"{error}); please report it")]
        diagnostics = diagnostics + parsed
    return SheetFile(path=shown, format=sheet_format, ships=ships,
                     diagnostics=sorted(diagnostics, key=lambda d: d.sort_key))


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


def _toml_role(path: Path) -> str:
    """'fleet', 'scenario' or 'design' for a .toml file (by its tables), else 'sheet'."""
    if path.suffix.lower() != ".toml":
        return "sheet"
    if is_fleet_file(path):
        return "fleet"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8", errors="replace"))
    except (tomllib.TOMLDecodeError, OSError):
        return "design"
    return "scenario" if "scenario" in data and "ship" not in data else "design"


def sheet_files(paths: list[Path]) -> tuple[list[Path], list[Diagnostic]]:
    """The files to read, in a stable order: each file as given, each folder searched recursively (a
    folder's scenario files are skipped: they are settings, given with --scenario)."""
    files: list[Path] = []
    problems: list[Diagnostic] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix.lower() in SHEET_SUFFIXES and p.is_file())
            files.extend(p for p in found if _toml_role(p) != "scenario")
        elif path.exists():
            files.append(path)
        else:
            problems.append(Diagnostic(code="IO006", severity=Severity.ERROR, span=Span(path=str(path), line=1, col=1),
                                       message="no such file or folder"))
    return files, problems


def check_paths(paths: list[Path], selection: Selection = Selection(),
                scenario: Scenario | None = None) -> tuple[list[SheetFile], list[Diagnostic]]:
    """Read and check every sheet under ``paths``; the second list is paths that do not exist.

    A fleet file is checked as a fleet (its sheets, then the fleet rules). With a ``scenario``, each folder
    given is a fleet too: its High Guard sheets are checked with the scenario, then as one fleet.
    """
    chosen = scenario or Scenario()
    files, problems = sheet_files(paths)
    results: list[SheetFile] = []
    seen: set[str] = set()

    def checked(path: Path, with_scenario: Scenario) -> SheetFile:
        sheet = check_sheet(load_sheet(path), selection, with_scenario)
        if str(path) not in seen:
            seen.add(str(path))
            results.append(sheet)
        return sheet

    fleets = [f for f in files if _toml_role(f) == "fleet"]
    for fleet_path in fleets:
        fleet, _, found = fleet_from_file(fleet_path, scenario, lambda p: checked(p, scenario or Scenario()))
        if fleet is not None:
            found += check_fleet(fleet, selection)
        results.append(SheetFile(path=str(fleet_path), format="fleet",
                                 diagnostics=sorted((d for d in found if selection.wants(d.code)),
                                                    key=lambda d: d.sort_key)))
        seen.add(str(fleet_path))
    for path in files:
        if str(path) in seen:
            continue
        if _toml_role(path) == "scenario":
            results.append(SheetFile(path=str(path), format="scenario", diagnostics=[Diagnostic(
                code="IO007", severity=Severity.ERROR, span=Span(path=str(path), line=1, col=1),
                message="a scenario file, not a sheet: give it with --scenario")]))
            continue
        checked(path, chosen)
    if scenario is not None:  # a folder is a fleet of one of each ship, unless it holds a fleet file
        for folder in (p for p in paths if p.is_dir() and not any(f.is_relative_to(p) for f in fleets)):
            inside = [s for s in results if Path(s.path).is_relative_to(folder) and s.format == "highguard"]
            fleet = fleet_from_folder(folder, inside, scenario)
            if fleet.members:
                results.append(SheetFile(path=str(folder), format="fleet",
                                         diagnostics=sorted(check_fleet(fleet, selection), key=lambda d: d.sort_key)))
    results.sort(key=lambda s: s.path)
    return results, problems
