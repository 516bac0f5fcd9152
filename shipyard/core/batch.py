"""Checking many files: find them, check each (in a process pool when there are many), then the fleets (each
fleet system's own checks, through the registry).

The output order never depends on scheduling: files are checked in sorted order and the pool's results
are taken in that order (``Executor.map``). A file that cannot be read, a binary file, a file over the size
limit, a symlink loop: each is one finding on that file, and the rest go on. Hidden files and folders
(a name starting with ".") are skipped when a folder is searched, and so are files without a sheet
extension (SHEET_SUFFIXES), and so are the files and folders the settings' ``exclude`` patterns match
(shipyard/core/paths.py); a file named on the command line is always read, unless ``--force-exclude`` asks
for it to be taken as if found in a folder (what a pre-commit hook, which names every file, needs).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shipyard.core.collector import fewer_collections
from shipyard.core.diagnostics import Diagnostic, Severity, Span, internal_error
from shipyard.core.parts import fleet_checks
from shipyard.core.paths import Excludes
from shipyard.core.pipeline import check_sheet, load_sheet, skipped_in_folder
from shipyard.core.registry import System, format_named, systems
from shipyard.core.selection import Selection
from shipyard.core.sheet import SheetFile

#: The files a folder contributes (a file named on the command line is read whatever its name); the format
#: of each is told from its content.
SHEET_SUFFIXES = (".usd", ".txt", ".hg", ".sheet", ".toml", ".xlsx")
#: Below this many files a pool costs more to start than it saves.
POOL_THRESHOLD = 8
#: Files handed to a worker at a time.
CHUNK_SIZE = 16


@dataclass(frozen=True, slots=True)
class Found:
    """A file to check, and whether the user named it (named files are read whatever they hold). The path is
    kept as text (a ``Path`` costs some 500 bytes more, for every file of an archive held until it is checked)."""

    name: str
    named: bool

    @property
    def path(self) -> Path:
        return Path(self.name)


def _parts(name: str) -> list[str]:
    """A path's sort key, as ``Path`` sorts: folder by folder (so ``a/b`` comes before ``a-b``)."""
    return name.split(os.sep)


def _sheet_name(name: str) -> bool:
    """Whether a file found in a folder is read, by its name: not hidden, with a sheet extension (told by
    ``os.path.splitext``, which agrees with ``Path.suffix`` on every sheet extension, without a ``Path`` made of
    each name)."""
    return not name.startswith(".") and os.path.splitext(name)[1].lower() in SHEET_SUFFIXES


#: The key of the skipped counts that counts the files of a folder left out for what they hold (valid TOML that is
#: no sheet: settings, a scenario, notes), not for their names; and, before a path, each of the first
#: NO_SHEET_NAMED of them (the count holds them all, so memory does not grow with them).
NO_SHEET = "(no sheet)"
NO_SHEET_NAMED = 20


def count_no_sheet(skipped: Counter[str], path: str) -> None:
    skipped[NO_SHEET] += 1
    if skipped[NO_SHEET] <= NO_SHEET_NAMED:
        skipped[NO_SHEET + path] = 1


def find_files(
    paths: list[Path], exclude: Excludes = Excludes(), skipped: Counter[str] | None = None
) -> tuple[list[Found], list[Diagnostic]]:
    """The files under ``paths``, sorted per path; symlinked folders are not followed (no loops). ``skipped``
    counts, by extension, the files found in a folder and not read for their names (neither hidden nor
    excluded: a ``.doc`` or a ``.bak``), for the summary to say."""
    found: list[Found] = []
    problems: list[Diagnostic] = []
    for path in paths:
        if exclude.named_too and (path.is_dir() or path.exists()) and exclude.excluded(path, path.is_dir()):
            continue
        if path.is_dir():
            inside: list[str] = []

            def unreadable(error: OSError, top: Path = path) -> None:  # a folder os.walk cannot list: said
                where = Span(path=str(error.filename or top), line=1, col=1)
                problems.append(
                    Diagnostic(
                        code="IO001",
                        severity=Severity.ERROR,
                        span=where,
                        message=f"cannot read folder: {error.strerror or error}",
                    )
                )

            for folder, dirs, files in os.walk(path, onerror=unreadable, followlinks=False):
                dirs[:] = [
                    d for d in dirs if not d.startswith(".") and not exclude.excluded(Path(folder) / d, folder=True)
                ]
                others: list[str] = []
                for name in files:
                    if _sheet_name(name):
                        if not exclude.excluded(candidate := os.path.join(folder, name)):
                            inside.append(candidate)
                    elif not name.startswith("."):
                        others.append(name)
                if skipped is not None:
                    skipped.update(
                        Path(name).suffix.lower() or "no extension"
                        for name in others
                        if not exclude.excluded(os.path.join(folder, name))
                    )
            found.extend(Found(name, False) for name in sorted(inside, key=_parts))
        elif exclude.named_too and (path.exists() or path.is_symlink()):
            if _sheet_name(path.name):
                found.append(Found(str(path), False))  # taken as if found in a folder: settings are skipped
        elif path.exists() or path.is_symlink():
            found.append(Found(str(path), True))
        else:
            problems.append(
                Diagnostic(
                    code="IO006",
                    severity=Severity.ERROR,
                    span=Span(path=str(path), line=1, col=1),
                    message="no such file or folder",
                )
            )
    return found, problems


def _fleet_systems() -> list[System]:
    return [s for s in systems() if s.fleets]


def _kept_formats(scenario: object | None) -> frozenset[str]:
    """The sheet formats whose ships a scenario's folder fleets need, kept past the worker."""
    if scenario is None:
        return frozenset()
    return frozenset(f for s in _fleet_systems() for f in fleet_checks(s).SHEET_FORMATS)


#: What a worker makes of a checked file besides the file itself (the audit's rows: report/tables.py
#: ``tabulate``), so the ships need not travel back to the parent; a module-level function, sent by name.
Tabulate = Callable[[SheetFile], Any]


def _check_file(job: tuple[str, Selection, Any, bool, frozenset[str], Tabulate | None]) -> tuple[SheetFile, Any]:
    path, selection, scenario, keep_ships, kept_formats, tabulate = job
    with fewer_collections():  # a file's objects are freed by reference counting once it is checked
        try:
            sheet = check_sheet(load_sheet(Path(path)), selection.for_file(path), scenario)
            tables = tabulate(sheet) if tabulate is not None else None
            if keep_ships or sheet.format in kept_formats:
                return sheet, tables
            return sheet.model_copy(update={"ships": [], "ship_count": len(sheet.ships)}), tables  # less to send
        except Exception as error:  # a bug: one finding on this file, the batch goes on
            failed = SheetFile(path=path, format="unreadable", diagnostics=[internal_error(path, "checking", error)])
            return failed, tabulate(failed) if tabulate is not None else None


def _checked(
    found: list[Found],
    selection: Selection,
    scenario: Any,
    jobs: int,
    keep_ships: bool,
    kept_formats: frozenset[str],
    tabulate: Tabulate | None,
) -> Iterator[tuple[SheetFile, Any]]:
    work = ((f.name, selection, scenario, keep_ships, kept_formats, tabulate) for f in found)
    if jobs > 1 and len(found) >= POOL_THRESHOLD:
        from shipyard.core.processes import bounded_map, running_pool, worker_count  # only with a pool to run

        workers = worker_count(jobs, -(-len(found) // CHUNK_SIZE))
        with running_pool(workers) as pool:  # the files read as the results are taken: memory stays flat
            yield from bounded_map(pool, _check_file, work, CHUNK_SIZE, workers)
    else:
        yield from map(_check_file, work)


def _fleet_sheet(path: Path, diagnostics: list[Diagnostic], selection: Selection) -> SheetFile:
    wanted = selection.for_file(str(path))
    kept = sorted((d for d in diagnostics if wanted.wants(d.code)), key=lambda d: d.sort_key)
    return SheetFile(path=str(path), format="fleet", diagnostics=kept)


def iter_checked(
    paths: list[Path],
    selection: Selection = Selection(),
    scenario: Any = None,
    jobs: int = 1,
    exclude: Excludes = Excludes(),
    progress: Callable[[int, int], None] | None = None,
    keep_ships: bool = True,
    skipped: Counter[str] | None = None,
) -> Iterator[SheetFile]:
    """``iter_tabulated`` without tables: each file checked."""
    for sheet, _ in iter_tabulated(paths, selection, scenario, jobs, exclude, progress, keep_ships, skipped=skipped):
        yield sheet


def iter_tabulated(
    paths: list[Path],
    selection: Selection = Selection(),
    scenario: Any = None,
    jobs: int = 1,
    exclude: Excludes = Excludes(),
    progress: Callable[[int, int], None] | None = None,
    keep_ships: bool = True,
    tabulate: Tabulate | None = None,
    skipped: Counter[str] | None = None,
) -> Iterator[tuple[SheetFile, Any]]:
    """Every file under ``paths`` checked, one ``SheetFile`` at a time in a stable order (paths that do not
    exist first, as IO006; then the files; then the fleets), so a caller can stream the report and memory
    does not grow with the number of files.

    A fleet file is checked as a fleet by its system (its sheets with the scenario, then the fleet rules).
    With a ``scenario``, each folder given is a fleet too (one of each ship the fleet system takes), unless it
    holds a fleet file. Settings and other TOML files found in a folder are not sheets, and are skipped. With
    ``keep_ships`` False the ships are dropped once checked (``ship_count`` says how many there were), except
    those a scenario's folder fleets need. Each file comes with what ``tabulate`` makes of it (in the worker
    that checked it), or None.
    """

    def tables(sheet: SheetFile) -> tuple[SheetFile, Any]:
        return sheet, tabulate(sheet) if tabulate is not None else None

    found, problems = find_files(paths, exclude, skipped)
    for problem in problems:
        yield tables(SheetFile(path=problem.span.path, format="unreadable", diagnostics=[problem]))
    kept_formats = _kept_formats(scenario)
    fleets: list[tuple[Path, System]] = []
    kept: dict[str, SheetFile] = {}  # the sheets a scenario's folder fleets need
    checked = _checked(found, selection, scenario, jobs, keep_ships, kept_formats, tabulate)
    for index, (item, (sheet, table)) in enumerate(zip(found, checked, strict=True), start=1):
        if progress is not None:
            progress(index, len(found))
        told = format_named(sheet.format)
        if told is not None and told[1].role == "fleet":
            fleets.append((item.path, told[0]))
            continue
        if skipped_in_folder(sheet, item.named):
            if skipped is not None:
                count_no_sheet(skipped, sheet.path)
            continue  # settings and other TOML files in a folder are not sheets
        if sheet.format in kept_formats:
            kept[sheet.path] = sheet
        yield sheet, table

    def load_checked(path: Path) -> SheetFile:
        return kept.get(str(path)) or check_sheet(load_sheet(path), selection.for_file(str(path)), scenario)

    for fleet_path, owner in fleets:
        found_here = fleet_checks(owner).check_fleet_file(
            fleet_path, scenario, load_checked, selection.for_file(str(fleet_path))
        )
        yield tables(_fleet_sheet(fleet_path, found_here, selection))
    if scenario is None:
        return
    folders = [p for p in paths if p.is_dir() and not any(f.is_relative_to(p) for f, _ in fleets)]
    for folder in folders:
        inside = [s for s in kept.values() if Path(s.path).is_relative_to(folder)]
        for owner in _fleet_systems():
            in_folder = fleet_checks(owner).check_folder(folder, inside, scenario, selection.for_file(str(folder)))
            if in_folder is not None:
                yield tables(_fleet_sheet(folder, in_folder, selection))


def check_paths(
    paths: list[Path],
    selection: Selection = Selection(),
    scenario: Any = None,
    jobs: int = 1,
    exclude: Excludes = Excludes(),
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[SheetFile], list[Diagnostic]]:
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
