"""Checking many files: find them, check each (in a process pool when there are many), then the fleets.

The output order never depends on scheduling: files are checked in sorted order and the pool's results
are taken in that order (``Executor.map``). A file that cannot be read, a binary file, a file over the size
limit, a symlink loop: each is one finding on that file, and the rest go on. Hidden files and folders
(a name starting with ".") are skipped when a folder is searched, and so are files without a sheet
extension (SHEET_SUFFIXES); a file named on the command line is always read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

from shipyard.core.checking import Selection, check_fleet, check_sheet
from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.sheet import SheetFile
from shipyard.core.pipeline import load_sheet

if TYPE_CHECKING:
    from shipyard.systems.tcs.scenario import Scenario

#: The files a folder contributes (a file named on the command line is read whatever its name); the format
#: of each is told from its content.
SHEET_SUFFIXES = (".usd", ".txt", ".hg", ".sheet", ".toml", ".xlsx")
#: Below this many files a pool costs more to start than it saves.
POOL_THRESHOLD = 8
#: Files handed to a worker at a time.
CHUNK_SIZE = 16


@dataclass(frozen=True)
class Found:
    """A file to check, and whether the user named it (named files are read whatever they hold)."""

    path: Path
    named: bool


def find_files(paths: list[Path], exclude: tuple[str, ...] = ()) -> tuple[list[Found], list[Diagnostic]]:
    """The files under ``paths``, sorted per path; symlinked folders are not followed (no loops)."""
    found: list[Found] = []
    problems: list[Diagnostic] = []
    for path in paths:
        if path.is_dir():
            inside = []
            for folder, dirs, files in os.walk(path, followlinks=False):
                dirs[:] = [d for d in dirs if not d.startswith(".")]
                for name in files:
                    if name.startswith(".") or Path(name).suffix.lower() not in SHEET_SUFFIXES:
                        continue
                    candidate = Path(folder) / name
                    if any(fnmatch(str(candidate), pattern) or fnmatch(name, pattern) for pattern in exclude):
                        continue
                    inside.append(candidate)
            found.extend(Found(p, False) for p in sorted(inside))
        elif path.exists() or path.is_symlink():
            found.append(Found(path, True))
        else:
            problems.append(Diagnostic(code="IO006", severity=Severity.ERROR, span=Span(path=str(path), line=1, col=1),
                                       message="no such file or folder"))
    return found, problems


def _check_file(job: tuple[str, Selection, Scenario | None, bool, bool]) -> SheetFile:
    path, selection, scenario, keep_ships, keep_highguard = job
    try:
        sheet = check_sheet(load_sheet(Path(path)), selection, scenario)
        if keep_ships or (keep_highguard and sheet.format == "highguard"):
            return sheet
        return sheet.model_copy(update={"ships": [], "ship_count": len(sheet.ships)})  # less to send back
    except Exception as error:  # a bug: one finding on this file, the batch goes on
        return SheetFile(path=path, format="unreadable", diagnostics=[Diagnostic(
            code="SY001", severity=Severity.ERROR, span=Span(path=path, line=1, col=1),
            message=f"internal error while checking this file ({type(error).__name__}: {error}); please report it")])


def _checked(found: list[Found], selection: Selection, scenario: Scenario | None, jobs: int, keep_ships: bool,
             keep_highguard: bool) -> Iterator[SheetFile]:
    work = [(str(f.path), selection, scenario, keep_ships, keep_highguard) for f in found]
    if jobs > 1 and len(work) >= POOL_THRESHOLD:
        from concurrent.futures import ProcessPoolExecutor  # only when there is a pool to run
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield from pool.map(_check_file, work, chunksize=CHUNK_SIZE)
    else:
        yield from map(_check_file, work)


def iter_checked(paths: list[Path], selection: Selection = Selection(), scenario: Scenario | None = None,
                 jobs: int = 1, exclude: tuple[str, ...] = (), progress: Callable[[int, int], None] | None = None,
                 keep_ships: bool = True) -> Iterator[SheetFile]:
    """Every file under ``paths`` checked, one ``SheetFile`` at a time in a stable order (paths that do not
    exist first, as IO006; then the files; then the fleets), so a caller can stream the report and memory
    does not grow with the number of files.

    A fleet file is checked as a fleet (its sheets with the scenario, then the fleet rules). With a
    ``scenario``, each folder given is a fleet too (one of each High Guard ship), unless it holds a fleet
    file. A scenario file found in a folder is a setting, not a sheet, and is skipped. With ``keep_ships``
    False the ships are dropped once checked (``ship_count`` says how many there were), except the High
    Guard ships a scenario's fleets need.
    """
    found, problems = find_files(paths, exclude)
    for problem in problems:
        yield SheetFile(path=problem.span.path, format="unreadable", diagnostics=[problem])
    fleets: list[Path] = []
    kept: dict[str, SheetFile] = {}  # High Guard sheets, kept only when folders are fleets
    for index, (item, sheet) in enumerate(zip(found, _checked(found, selection, scenario, jobs, keep_ships, scenario is not None)), start=1):
        if progress is not None:
            progress(index, len(found))
        if sheet.format == "fleet":
            fleets.append(item.path)
            continue
        if sheet.format in ("scenario", "other") and not item.named:
            continue  # settings and other TOML files in a folder are not sheets
        if scenario is not None and sheet.format == "highguard":
            kept[sheet.path] = sheet
        yield sheet
    if not fleets and scenario is None:
        return
    from shipyard.systems.tcs.fleet import fleet_from_file, fleet_from_folder
    for fleet_path in fleets:
        def load(path: Path) -> SheetFile:
            return kept.get(str(path)) or check_sheet(load_sheet(path), selection, scenario)
        fleet, _, diagnostics = fleet_from_file(fleet_path, scenario, load)
        if fleet is not None:
            diagnostics += check_fleet(fleet, selection)
        yield SheetFile(path=str(fleet_path), format="fleet", diagnostics=sorted(
            (d for d in diagnostics if selection.wants(d.code)), key=lambda d: d.sort_key))
    if scenario is not None:
        for folder in (p for p in paths if p.is_dir() and not any(f.is_relative_to(p) for f in fleets)):
            inside = [s for s in kept.values() if Path(s.path).is_relative_to(folder)]
            fleet = fleet_from_folder(folder, inside, scenario)
            if fleet.members:
                yield SheetFile(path=str(folder), format="fleet",
                                diagnostics=sorted(check_fleet(fleet, selection), key=lambda d: d.sort_key))


def check_paths(paths: list[Path], selection: Selection = Selection(), scenario: Scenario | None = None,
                jobs: int = 1, exclude: tuple[str, ...] = (),
                progress: Callable[[int, int], None] | None = None) -> tuple[list[SheetFile], list[Diagnostic]]:
    """``iter_checked`` as a list sorted by path, and the paths that do not exist (for library use and
    the audit, which tabulates every ship anyway)."""
    results, missing = [], []
    for sheet in iter_checked(paths, selection, scenario, jobs, exclude, progress):
        if sheet.format == "unreadable" and sheet.diagnostics and sheet.diagnostics[0].code == "IO006":
            missing.extend(sheet.diagnostics)
        else:
            results.append(sheet)
    results.sort(key=lambda s: s.path)
    return results, missing
